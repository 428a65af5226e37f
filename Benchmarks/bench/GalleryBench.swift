// Rows for the gallery scenarios; filled in by the issue that builds them.
let galleryScenarios: [Scenario] = []
