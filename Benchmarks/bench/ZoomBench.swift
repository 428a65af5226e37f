// Rows for the full view: how soon a zoom key shows its frame, and what one pan step writes in kitty.
import DemoServer
import Foundation
import Imaging
import TerminalUI

let zoomScenarios: [Scenario] = [
    Scenario(name: "zoom") { try zoomRows() },
]

/// The demo's 4000x3000 picture in a 200x60 full view: the time from a zoom key (the viewport's
/// step, the part decoded or found in the cache, the frame drawn and rendered) to the frame's
/// bytes, for a step seen before (cached) beside a first one; and the bytes one pan step writes
/// in kitty beside the bytes of sending the view's picture again.
private func zoomRows() throws -> [Row] {
    let size = TerminalSize(columns: 200, rows: 60)
    let jpeg = try DemoPictures.largeJPEG()
    let area = FullView.pictureArea(in: size)

    func frame(_ source: ZoomSource, _ viewport: ZoomViewport, mode: ImageCells.Mode) -> Frame {
        var frame = Frame(size: size)
        FullView(title: "picture 7/7", language: .english, mode: mode).draw(source: source, viewport: viewport, into: &frame)
        return frame
    }
    func milliseconds(_ body: () -> Void) -> Double {
        let start = DispatchTime.now().uptimeNanoseconds
        body()
        return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
    }

    // Text: each step in and out once (first visits), then the same steps again (cached).
    let text = ImageCells.Mode.trueColor
    let source = try ZoomSource(data: jpeg)
    var viewport = ZoomViewport(imageSize: source.size, screen: FullView.screenPixels(of: area, mode: text))
    var renderer = Renderer(colorMode: .trueColor)
    _ = renderer.render(frame(source, viewport, mode: text))
    var first: [Double] = [], cached: [Double] = []
    for round in 0..<4 {
        for command in Array(repeating: ZoomCommand.zoomIn(anchor: nil), count: 6) + Array(repeating: .zoomOut(anchor: nil), count: 6) {
            let time = milliseconds {
                viewport.apply(command)
                _ = renderer.render(frame(source, viewport, mode: text))
            }
            if round == 0 && command == .zoomIn(anchor: nil) { first.append(time) } else if round > 0 { cached.append(time) }
        }
    }
    let cachedMedian = cached.sorted()[cached.count / 2], firstMedian = first.sorted()[first.count / 2]

    // kitty: 1:1, then one step right (the `l` key's eighth of the view, in whole cells).
    let cell = PixelSize(width: 10, height: 20)
    let pixels = ImageCells.Mode.pixels(.kitty, cell: cell)
    let kittySource = try ZoomSource(data: jpeg)
    var kittyView = ZoomViewport(imageSize: kittySource.size, screen: FullView.screenPixels(of: area, mode: pixels))
    kittyView.apply(.actualSize)
    var kitty = Renderer(colorMode: .trueColor, graphics: .kitty, cellSizeKnown: true, synchronizedOutput: true)
    let opened = kitty.render(frame(kittySource, kittyView, mode: pixels)).count
    guard case .zoom(let step) = FullView.interpret(.key(.character("l")), size: size, mode: pixels, dragFrom: nil) else {
        return []
    }
    kittyView.apply(step)
    let panned = kitty.render(frame(kittySource, kittyView, mode: pixels)).count
    // Sending the view's picture again: its RGBA pixels, base64 (what `a=t` carries).
    let resend = FullView.screenPixels(of: area, mode: pixels).area * 4 * 4 / 3
    return [
        Row(scenario: "zoom", figure: String(format: "%.1f ms cached step", cachedMedian),
            reference: String(format: "200x60 text, 4000x3000 JPEG; first visit %.1f ms", firstMedian),
            target: "< 50 ms", met: cachedMedian < 50),
        Row(scenario: "zoom", figure: "\(panned) bytes per pan step",
            reference: "kitty 200x60 at 1:1; full re-send \(resend / 1024) KB, opening \(opened / 1024) KB",
            target: "< 1 KB", met: panned < 1024),
    ]
}
