// The Networking module: see ARCHITECTURE in README.md.
