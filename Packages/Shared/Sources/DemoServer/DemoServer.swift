// The DemoServer module: see ARCHITECTURE in README.md.
