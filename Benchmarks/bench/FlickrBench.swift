// Rows for the flickr scenarios; filled in by the issue that builds them.
let flickrScenarios: [Scenario] = []
