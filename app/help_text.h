// The command line's help as people read it: `--help` wrapped to kHelpWidth columns, `--version`,
// and the man page, which the build makes from the same options (scanscope --man).
#pragma once

#include <cstddef>
#include <string>

namespace CLI {
class App;
}

namespace scanscope {

constexpr size_t kHelpWidth = 100;

// "scanscope 0.1.0" and the build's GPU support, from CMake's project VERSION.
std::string version_text();

// Breaks every line of `text` longer than `width` columns (UTF-8 characters) at spaces. A
// continuation starts under the line's text after a name and its padding of two spaces or more
// (an option's description, a list item's title), else under the line's first word.
// A word longer than the width stays whole.
std::string wrap_help(const std::string& text, size_t width = kHelpWidth);

// Makes `app` and every subcommand added to it afterwards print wrapped help.
void use_wrapped_help(CLI::App& app);

// The man page (roff): NAME, SYNOPSIS, DESCRIPTION, the window's options, every command with its
// options, FILES, ENVIRONMENT, EXIT STATUS; written from the options' own descriptions.
std::string man_page(const CLI::App& app);

}  // namespace scanscope
