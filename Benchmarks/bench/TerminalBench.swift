// Rows for the terminal scenarios: how fast frames of pictures render, and how little one change costs.
import Foundation
import Imaging
import TerminalUI

let terminalScenarios: [Scenario] = [
    Scenario(name: "render") { try await renderRows() },
]

/// Renders a full 200x60 screen of half-block pictures that change every frame into memory
/// (no terminal), then measures the bytes one changed cell costs.
private func renderRows() async throws -> [Row] {
    let size = TerminalSize(columns: 200, rows: 60)
    let (width, height) = ImageCells.pixelSize(forCells: size)
    // Eight shifted gradients: every cell changes from one frame to the next.
    let pictures = (0..<8).map { shift in
        var pixels = [UInt8](repeating: 255, count: width * height * 4)
        for y in 0..<height {
            for x in 0..<width {
                let offset = (y * width + x) * 4
                pixels[offset] = UInt8((x * 255 / width + shift * 31) & 0xFF)
                pixels[offset + 1] = UInt8((y * 255 / height + shift * 17) & 0xFF)
                pixels[offset + 2] = UInt8(((x + y) + shift * 53) & 0xFF)
            }
        }
        return Bitmap(width: width, height: height, pixels: pixels)
    }
    var renderer = Renderer(colorMode: .trueColor)
    var sink: [UInt8] = []
    sink.reserveCapacity(1 << 20)
    let frameCount = 240
    var totalBytes = 0
    let (seconds, _) = await measure {
        for index in 0..<frameCount {
            var frame = Frame(size: size)
            ImageCells.draw(pictures[index % pictures.count], into: &frame, in: frame.bounds, mode: .trueColor)
            sink.removeAll(keepingCapacity: true)
            renderer.render(frame, into: &sink)
            totalBytes += sink.count
        }
    }
    let fps = Double(frameCount) / seconds

    var frame = Frame(size: size)
    ImageCells.draw(pictures[0], into: &frame, in: frame.bounds, mode: .trueColor)
    var single = Renderer(colorMode: .trueColor)
    _ = single.render(frame)
    frame[137, 41] = Cell("▀", style: Style(foreground: .rgb(255, 255, 255), background: .rgb(128, 128, 128)))
    let oneCell = single.render(frame).count

    return [
        Row(scenario: "render", figure: String(format: "%.0f fps, %.0f KB/frame", fps, Double(totalBytes) / Double(frameCount) / 1024),
            reference: "200x60 half-blocks, all cells change", target: ">= 60 fps", met: fps >= 60),
        Row(scenario: "render", figure: "\(oneCell) bytes/frame", reference: "one cell changed of 200x60",
            target: "< 64 bytes", met: oneCell < 64),
    ]
}
