// Placeholder until its own issue lands.
print("usage: gallery (this task is not built yet; see README.md)")
