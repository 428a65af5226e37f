// show-picture URL: loads the picture through ImagePipeline and shows it until a key is pressed,
// with real pixels where the terminal can show them; piped, it prints the picture as text.
import Foundation
import ImagePipeline
import Networking
import TerminalUI

@MainActor final class PictureScreen: TerminalScreen {
    let picture: ImageResponse
    var mode = ImageCells.Mode.text
    init(_ picture: ImageResponse) { self.picture = picture }
    func start(context: ScreenContext) { mode = context.imageMode }
    func handle(_ event: Event, context: ScreenContext) { if case .key = event { context.quit() } }
    func render(size: TerminalSize) -> Frame {
        var frame = Frame(size: size)
        ImageCells.draw(picture.bitmap, into: &frame, in: frame.bounds, mode: mode)
        return frame
    }
}

guard let url = CommandLine.arguments.dropFirst().first.flatMap(URL.init(string:)) else {
    FileHandle.standardError.write(Data("usage: show-picture URL\n".utf8))
    exit(64)
}
let pipeline = ImagePipeline(loader: HTTPClient(), diskCache: nil)
let picture = try await pipeline.image(for: ImageRequest(url: url, targetSize: .init(width: 1600, height: 1200)))
guard TerminalApp.isInteractive else {
    var frame = Frame(size: TerminalSize(columns: 60, rows: 20))
    ImageCells.draw(picture.bitmap, into: &frame, in: frame.bounds, mode: .text)
    print(frame.plainText(), "\n\(picture.originalSize.width)x\(picture.originalSize.height) from \(url)")
    exit(0)
}
try await TerminalApp.run(PictureScreen(picture))
