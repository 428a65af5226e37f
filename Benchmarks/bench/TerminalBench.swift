// Rows for the terminal scenarios; filled in by the issue that builds them.
let terminalScenarios: [Scenario] = []
