// Placeholder until its own issue lands.
print("usage: lookup (this task is not built yet; see README.md)")
