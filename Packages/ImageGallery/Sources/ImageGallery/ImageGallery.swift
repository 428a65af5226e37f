// The gallery model and pipeline client.
