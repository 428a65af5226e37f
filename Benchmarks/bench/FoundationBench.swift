// Rows for the foundation scenarios; filled in by the issue that builds them.
let foundationScenarios: [Scenario] = diskScenarios
