import Foundation

/// Fetches pages of Flickr's recent photos. One production type (``FlickrClient``); tests inject a mock.
public protocol RecentPhotosFetching: Sendable {
    /// Page `page` (from 1) of the recent-photos stream. Cancel the calling task to cancel.
    func recentPhotos(page: Int) async throws(FlickrError) -> FlickrPage
}
