// The Caching module: see ARCHITECTURE in README.md.
