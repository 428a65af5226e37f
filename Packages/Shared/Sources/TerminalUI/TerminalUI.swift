// The TerminalUI module: see ARCHITECTURE in README.md.
