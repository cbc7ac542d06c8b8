// The command line: list, trace, validate, ..., and with no subcommand
// the window, whose options (window/window_options.h) it fills and hands to run_window.
#pragma once

namespace scanscope {

int cli_main(int argc, char** argv);

}  // namespace scanscope
