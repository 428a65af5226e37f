// The ImagePipeline module: see ARCHITECTURE in README.md.
