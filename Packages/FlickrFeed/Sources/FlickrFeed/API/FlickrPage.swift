import Foundation

/// One page of `flickr.photos.getRecent`: its place in the stream and its photos, newest first.
public struct FlickrPage: Sendable, Hashable {
    /// The page number, from 1.
    public var page: Int
    /// How many pages the stream has now (it grows as people upload).
    public var pages: Int
    /// Photos per page as the server counted them.
    public var perPage: Int
    /// Photos in the whole stream now.
    public var total: Int
    /// The photos of this page, newest first.
    public var photos: [FlickrPhoto]

    public init(page: Int, pages: Int, perPage: Int, total: Int, photos: [FlickrPhoto]) {
        self.page = page
        self.pages = pages
        self.perPage = perPage
        self.total = total
        self.photos = photos
    }

    /// True when no page follows this one: the server says so, or this page came back empty.
    public var isLast: Bool { photos.isEmpty || page >= pages }
}
