// Placeholder until its own issue lands.
print("usage: flickr (this task is not built yet; see README.md)")
