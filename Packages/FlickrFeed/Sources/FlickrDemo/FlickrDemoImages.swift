import DemoServer
import FlickrFeed
import Foundation
import Imaging

/// The pictures of the demo stream: one JPEG per photo and size, with detail, gradients and fine text
/// and its number written on it, in the photo's shape (landscape, portrait, square or panorama).
public enum FlickrDemoImages {
    /// The JPEG of photo `number` at `size`: DemoServer's detailed demo picture in the photo's shape,
    /// encoded once and then read from the demo picture cache.
    public static func jpeg(number: Int, size: PhotoSize) throws(ImagingError) -> Data {
        let (width, height) = FlickrDemoStream.pixelSize(of: number, at: size)
        if FlickrDemoStream.isLarge(number), !size.isSquareCrop {
            // The sizes of a large photo are its original made smaller, as Flickr's are.
            let smaller = try ImageDecoder.decode(try DemoPictures.largeJPEG(), maxSize: PixelSize(width: width, height: height))
            return try ImageEncoder.jpeg(smaller, quality: 80)
        }
        return try DemoPictures.jpeg(number: number, size: PixelSize(width: width, height: height), quality: 80)
    }
}
