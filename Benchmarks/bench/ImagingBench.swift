// Rows for the imaging scenarios; filled in by the issue that builds them.
let imagingScenarios: [Scenario] = []
