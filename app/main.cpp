// scanscope: entry point. Everything happens in cli_main (command line) or run_window (the window).
#include "cli.h"

int main(int argc, char** argv) { return scanscope::cli_main(argc, argv); }
