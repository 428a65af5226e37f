// Flickr API client, feed, store.
