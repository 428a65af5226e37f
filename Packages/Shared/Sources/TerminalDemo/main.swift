print("tui-demo: the TerminalUI demo screen arrives with its issue")
