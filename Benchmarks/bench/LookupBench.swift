// Rows for the lookup scenarios; filled in by the issue that builds them.
let lookupScenarios: [Scenario] = []
