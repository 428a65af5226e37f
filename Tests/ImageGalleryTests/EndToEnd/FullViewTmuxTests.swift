import DemoServer
import Foundation
import Imaging
import TestSupport
import Testing

extension ServerAndProcessTests {
    /// The full view driven in tmux, in half blocks: each cell of the picture rows is two pixels
    /// (foreground above, background below), read back from the pane's colours and compared with
    /// the demo's large picture.
    @Suite("gallery full view in tmux", .serialized)
    struct FullViewTmuxTests {
        static let columns = 100, rows = 40
        /// The picture rows: all but the title and the status row.
        static let pictureRows = 1..<(rows - 1)

        @Test("+ shows finer detail of the centre, l moves right, 0 is the fitted view again, 1 is one pixel per half cell")
        func zoomAndPan() async throws {
            let port = try await GalleryProcess.freePort()
            let cache = GalleryProcess.temporaryDirectory()
            let tmux = try await TmuxSession(columns: Self.columns, rows: Self.rows)
            defer {
                tmux.stop()
                try? FileManager.default.removeItem(at: cache)
            }
            try await tmux.start([GalleryProcess.executable, "--demo", "--demo-port", "\(port)", "--cache-dir", cache.path])
            try await tmux.waitFor("cell 1 loaded") { $0.contains("━ 1 ━") && !$0.contains("Loading") }
            try await tmux.send("G")
            try await tmux.waitFor("the large picture loaded") { $0.contains("━ 7 ━") && !$0.contains("Loading") }
            try await tmux.send("v")
            try await tmux.waitFor("the full view, fitted") { $0.contains("(fit)") && $0.contains("picture 7/7") }
            let original = try ImageDecoder.decode(DemoPictures.largeJPEG())
            #expect(original.size == PixelSize(width: 4000, height: 3000))
            let fitted = try await Self.picture(tmux)
            let view = PixelSize(width: Self.columns, height: Self.pictureRows.count * 2)
            var viewport = ZoomViewport(imageSize: original.size, screen: view)
            #expect(Self.psnr(fitted, Self.expected(original, viewport)) >= 20, "the fitted view is the picture")

            // Three steps in: the middle, √8 times larger.
            for _ in 0..<3 {
                try await tmux.send("+")
                viewport.apply(.zoomIn(anchor: nil))
            }
            try await tmux.waitFor("three steps in") { $0.contains("zoom \(viewport.percent)% · centre 2000,1500") }
            let zoomed = try await Self.picture(tmux)
            #expect(zoomed != fitted)
            let region = viewport.layout.region
            let reference = original.cropped(to: region).resized(to: view, filter: .box)
            // What the fitted view had of that region, enlarged: the detail it could not show.
            let fit = ZoomViewport(imageSize: original.size, screen: view)
            let drawn = fit.layout.drawn
            let inFitted = PixelRect(x: drawn.x + Int(Double(region.x) * fit.scale), y: drawn.y + Int(Double(region.y) * fit.scale),
                                     width: Int((Double(region.width) * fit.scale).rounded()),
                                     height: Int((Double(region.height) * fit.scale).rounded()))
            let enlarged = fitted.cropped(to: inFitted).resized(to: view, filter: .bilinear)
            let zoomedPSNR = Self.psnr(zoomed, reference), enlargedPSNR = Self.psnr(enlarged, reference)
            print(String(format: "full view: centre at %d%% %.1f dB zoomed, %.1f dB fitted and enlarged", viewport.percent,
                         zoomedPSNR, enlargedPSNR))
            #expect(zoomedPSNR > enlargedPSNR + 1, "zoomed \(zoomedPSNR) dB, fitted and enlarged \(enlargedPSNR) dB")

            // l: the view moves right by an eighth of the screen, the picture left under it.
            try await tmux.send("l")
            viewport.apply(.pan(dx: Self.columns / 8, dy: 0))
            try await tmux.waitFor("moved right") { $0.contains("centre \(Int(viewport.centre.x)),1500") }
            let moved = try await Self.picture(tmux)
            let step = Self.columns / 8
            let shifted = moved.cropped(to: PixelRect(x: 0, y: 0, width: view.width - step, height: view.height))
                == zoomed.cropped(to: PixelRect(x: step, y: 0, width: view.width - step, height: view.height))
            #expect(shifted, "the picture moved left by \(step) columns under the view")

            // 0: the fitted view again, exactly.
            try await tmux.send("0")
            try await tmux.waitFor("fitted again") { $0.contains("(fit)") }
            #expect(try await Self.picture(tmux) == fitted)

            // 1: one picture pixel per half cell, the picture's middle.
            try await tmux.send("1")
            try await tmux.waitFor("one to one") { $0.contains("zoom 100% · centre 2000,1500") }
            var actual = ZoomViewport(imageSize: original.size, screen: view)
            actual.apply(.actualSize)
            let oneToOne = try await Self.picture(tmux)
            let middle = original.cropped(to: actual.layout.region)
            #expect(middle.size == view)
            #expect(Self.psnr(oneToOne, middle) >= 40, "\(Self.psnr(oneToOne, middle)) dB")

            try await tmux.send("Escape")
            try await tmux.waitFor("back to the list") { $0.contains("━ 7 ━") && $0.contains("Gallery") }
            try await tmux.send("q")
            try await tmux.expectRestored()
        }

        /// The fitted view's expectation: the picture fitted, on black.
        static func expected(_ original: Bitmap, _ viewport: ZoomViewport) -> Bitmap {
            let drawn = viewport.layout.drawn
            var canvas = Bitmap(width: viewport.screen.width, height: viewport.screen.height, filledWith: RGBA(r: 0, g: 0, b: 0))
            let fitted = original.resized(to: PixelSize(width: drawn.width, height: drawn.height), filter: .box)
            for y in 0..<drawn.height {
                for x in 0..<drawn.width { canvas[drawn.x + x, drawn.y + y] = fitted[x, y] }
            }
            return canvas
        }

        /// The picture rows of the pane once they stop changing, as pixels (`-N` keeps the blanks at
        /// the end of a line, which are pixels of their colour).
        static func picture(_ tmux: TmuxSession) async throws -> Bitmap {
            var last = try await tmux.tmux(["capture-pane", "-p", "-e", "-N", "-t", "0"])
            var same = 0
            // A frame reaches tmux in several writes: read until three captures in a row agree.
            while same < 2 {
                let now = try await tmux.tmux(["capture-pane", "-p", "-e", "-N", "-t", "0"])
                same = now == last ? same + 1 : 0
                last = now
            }
            let lines = last.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
            return halfBlocks(Array(lines[pictureRows]), columns: columns)
        }

        /// Reads half-block cells (`▀`, foreground above, background below) from captured lines
        /// with their SGR colours; a blank is two pixels of its background.
        static func halfBlocks(_ lines: [String], columns: Int) -> Bitmap {
            var bitmap = Bitmap(width: columns, height: lines.count * 2, filledWith: RGBA(r: 0, g: 0, b: 0))
            // tmux carries the colours from one line to the next: a line may start with none.
            var foreground = RGBA(r: 0, g: 0, b: 0), background = RGBA(r: 0, g: 0, b: 0)
            for (row, line) in lines.enumerated() {
                var column = 0
                var scalars = line.unicodeScalars.makeIterator()
                while let scalar = scalars.next() {
                    if scalar == "\u{1b}" {
                        var sequence = ""
                        while let next = scalars.next() {
                            if next == "m" { break }
                            sequence.unicodeScalars.append(next)
                        }
                        apply(sequence.dropFirst().split(separator: ";").compactMap { Int($0) },
                              foreground: &foreground, background: &background)
                        continue
                    }
                    guard column < columns else { break }
                    // Two pixels of one colour are drawn as a blank on it, or a full block.
                    let (upper, lower): (RGBA, RGBA) = switch scalar {
                    case "▀": (foreground, background)
                    case "█": (foreground, foreground)
                    default: (background, background)
                    }
                    bitmap[column, row * 2] = upper
                    bitmap[column, row * 2 + 1] = lower
                    column += 1
                }
            }
            return bitmap
        }

        private static func apply(_ codes: [Int], foreground: inout RGBA, background: inout RGBA) {
            var index = 0
            while index < codes.count {
                switch codes[index] {
                case 0:
                    foreground = RGBA(r: 0, g: 0, b: 0)
                    background = RGBA(r: 0, g: 0, b: 0)
                case let code where (code == 38 || code == 48) && index + 4 < codes.count && codes[index + 1] == 2:
                    let colour = RGBA(r: UInt8(clamping: codes[index + 2]), g: UInt8(clamping: codes[index + 3]),
                                      b: UInt8(clamping: codes[index + 4]))
                    if codes[index] == 38 { foreground = colour } else { background = colour }
                    index += 4
                default:
                    break
                }
                index += 1
            }
        }

        /// PSNR in dB over the colour channels.
        static func psnr(_ a: Bitmap, _ b: Bitmap) -> Double {
            guard a.size == b.size else { return 0 }
            var squared = 0.0
            for offset in stride(from: 0, to: a.pixels.count, by: 4) {
                for channel in 0..<3 {
                    let difference = Double(a.pixels[offset + channel]) - Double(b.pixels[offset + channel])
                    squared += difference * difference
                }
            }
            guard squared > 0 else { return .infinity }
            return 10 * log10(255 * 255 / (squared / Double(a.pixels.count / 4 * 3)))
        }
    }
}
