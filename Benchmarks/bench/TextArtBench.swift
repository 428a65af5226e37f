// Rows for pictures drawn in text: how close to the photographs, and how fast, beside chafa.
import Foundation
import Imaging
import TerminalUI

/// `textart`: the eight photographs of Tests/TerminalUITests/Photos drawn 60 columns wide (rows
/// by their aspect, cells of 1:2), each rasterised exactly at 6x12 pixels a cell and compared
/// with the photograph scaled (box) to the same pixels: mean PSNR, mean SSIM, milliseconds per
/// picture. Ours is the draw of the picture as the gallery decodes it for those cells, in this
/// process (the median of 15 draws); chafa's is a whole `chafa` process on the JPEG (its decode
/// included), the median of 5 runs.
let textArtScenarios: [Scenario] = [
    Scenario(name: "textart") { try textArtRows() },
]

private let textArtColumns = 60
private let textArtCell = PixelSize(width: 6, height: 12)

/// A photograph, what is compared with its rendering, and the grid it is drawn at.
private struct TextArtPhoto {
    let file: URL
    let original: Bitmap
    let reference: Bitmap
    let size: TerminalSize
}

/// Mean PSNR, mean SSIM and milliseconds per picture of one way of drawing.
private struct TextArtScore {
    var psnr = 0.0, ssim = 0.0, milliseconds = 0.0

    var figure: String {
        String(format: "%.2f dB, SSIM %.3f, %.2f ms", psnr, ssim, milliseconds)
    }
}

private func textArtPhotos() throws -> [TextArtPhoto] {
    let folder = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().appendingPathComponent("Tests/TerminalUITests/Photos")
    let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
        .filter { $0.pathExtension == "jpg" }.sorted { $0.lastPathComponent < $1.lastPathComponent }
    return try files.map { file in
        let original = try ImageDecoder.decode(try Data(contentsOf: file))
        let rows = max(1, Int((Double(textArtColumns * original.height) / Double(original.width * 2)).rounded()))
        let size = TerminalSize(columns: textArtColumns, rows: rows)
        let reference = original.resized(
            to: PixelSize(width: textArtColumns * textArtCell.width, height: rows * textArtCell.height), filter: .box)
        return TextArtPhoto(file: file, original: original, reference: reference, size: size)
    }
}

private func milliseconds(_ body: () throws -> Void) rethrows -> Double {
    let start = DispatchTime.now().uptimeNanoseconds
    try body()
    return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
}

/// Our rendering in `mode`, scored.
private func ours(_ photos: [TextArtPhoto], mode: ImageCells.Mode) -> TextArtScore {
    var score = TextArtScore()
    for photo in photos {
        let decoded = photo.original.resized(to: ImageCells.pixelSize(forCells: photo.size, mode: mode), filter: .box)
        var frame = Frame(size: photo.size)
        var times: [Double] = []
        for _ in 0..<15 {
            times.append(milliseconds {
                frame = Frame(size: photo.size)
                ImageCells.draw(decoded, into: &frame, in: frame.bounds, mode: mode)
            })
        }
        let drawn = TextArtRaster.draw(frame.cells, columns: photo.size.columns, cell: textArtCell)
        score.psnr += ImageQuality.psnr(drawn, photo.reference)
        score.ssim += ImageQuality.ssim(drawn, photo.reference)
        score.milliseconds += times.sorted()[times.count / 2]
    }
    return score.averaged(over: photos.count)
}

/// chafa's rendering with `arguments`, scored; nil when chafa is not installed.
private func chafa(_ photos: [TextArtPhoto], _ arguments: [String]) throws -> TextArtScore? {
    guard let path = ["/usr/bin/chafa", "/usr/local/bin/chafa"].first(where: { FileManager.default.isExecutableFile(atPath: $0) })
    else { return nil }
    var score = TextArtScore()
    for photo in photos {
        var output = Data()
        var times: [Double] = []
        for _ in 0..<5 {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: path)
            process.arguments = ["-f", "symbols", "-s", "\(photo.size.columns)x\(photo.size.rows)", "--stretch",
                                 "--animate", "off", "--polite", "on"] + arguments + [photo.file.path]
            let pipe = Pipe()
            process.standardOutput = pipe
            process.standardError = FileHandle.nullDevice
            times.append(try milliseconds {
                try process.run()
                output = pipe.fileHandleForReading.readDataToEndOfFile()
                process.waitUntilExit()
            })
        }
        let cells = ANSICells.parse(String(decoding: output, as: UTF8.self), size: photo.size)
        let drawn = TextArtRaster.draw(cells, columns: photo.size.columns, cell: textArtCell)
        score.psnr += ImageQuality.psnr(drawn, photo.reference)
        score.ssim += ImageQuality.ssim(drawn, photo.reference)
        score.milliseconds += times.sorted()[times.count / 2]
    }
    return score.averaged(over: photos.count)
}

extension TextArtScore {
    fileprivate func averaged(over count: Int) -> TextArtScore {
        let n = Double(max(1, count))
        return TextArtScore(psnr: psnr / n, ssim: ssim / n, milliseconds: milliseconds / n)
    }
}

private func textArtRows() throws -> [Row] {
    let photos = try textArtPhotos()
    let grid = "\(photos.count) photos, \(textArtColumns) columns"
    let sextants = ours(photos, mode: .symbols(.sextant, .trueColor))
    let quadrants = ours(photos, mode: .symbols(.quadrant, .trueColor))
    let octants = ours(photos, mode: .symbols(.octant, .trueColor))
    let half = ours(photos, mode: .trueColor)
    let sextants256 = ours(photos, mode: .symbols(.sextant, .palette256))
    let half256 = ours(photos, mode: .palette256)
    let blockQuadSextant = ["--symbols", "block+quad+sextant"]
    let chafaDefault = try chafa(photos, blockQuadSextant + ["-c", "full"])
    let chafaBest = try chafa(photos, blockQuadSextant + ["-c", "full", "-w", "9"])
    let chafa240 = try chafa(photos, blockQuadSextant + ["-c", "240"])
    let missing = "chafa not installed (apt-get install chafa): its rows skipped"

    var rows = [
        Row(scenario: "textart", figure: "half " + half.figure, reference: "24-bit, \(grid)", target: "-", met: nil),
        Row(scenario: "textart", figure: "quadrant " + quadrants.figure, reference: "24-bit, \(grid)", target: "-", met: nil),
        Row(scenario: "textart", figure: "octant " + octants.figure, reference: "24-bit, \(grid)", target: "-", met: nil),
    ]
    if let chafaDefault, let chafaBest, let chafa240 {
        rows += [
            Row(scenario: "textart", figure: "chafa " + chafaDefault.figure, reference: "block+quad+sextant, 24-bit",
                target: "-", met: nil),
            Row(scenario: "textart", figure: "chafa -w 9 " + chafaBest.figure, reference: "block+quad+sextant, 24-bit",
                target: "-", met: nil),
            Row(scenario: "textart", figure: "sextant " + sextants.figure,
                reference: String(format: "chafa -w 9: %.2f dB, SSIM %.3f", chafaBest.psnr, chafaBest.ssim),
                target: ">= chafa -w 9", met: sextants.psnr >= chafaBest.psnr && sextants.ssim >= chafaBest.ssim),
            Row(scenario: "textart", figure: String(format: "sextant %.2f ms/picture", sextants.milliseconds),
                reference: String(format: "chafa %.1f ms/picture", chafaDefault.milliseconds),
                target: "<= 1/5 of chafa's", met: sextants.milliseconds * 5 <= chafaDefault.milliseconds),
            Row(scenario: "textart", figure: "half 256 " + half256.figure, reference: "256 colours, \(grid)",
                target: "-", met: nil),
            Row(scenario: "textart", figure: "chafa 240 " + chafa240.figure, reference: "block+quad+sextant, -c 240",
                target: "-", met: nil),
            Row(scenario: "textart", figure: "sextant 256 " + sextants256.figure,
                reference: String(format: "chafa 240 colours: %.2f dB", chafa240.psnr),
                target: ">= 22.5 dB and chafa's", met: sextants256.psnr >= 22.5 && sextants256.psnr >= chafa240.psnr),
        ]
    } else {
        rows += [
            Row(scenario: "textart", figure: "sextant " + sextants.figure, reference: missing, target: ">= chafa -w 9",
                met: nil),
            Row(scenario: "textart", figure: "half 256 " + half256.figure, reference: "256 colours, \(grid)",
                target: "-", met: nil),
            Row(scenario: "textart", figure: "sextant 256 " + sextants256.figure, reference: missing,
                target: ">= 22.5 dB", met: sextants256.psnr >= 22.5),
        ]
    }
    return rows
}

/// Cells read back from what a program like chafa prints: characters and SGR colours, one line a row.
enum ANSICells {
    /// The cells of `text`, `size` of them; a short line is padded with blanks.
    static func parse(_ text: String, size: TerminalSize) -> [Cell] {
        var cells: [Cell] = [], line: [Cell] = []
        var foreground = Color.default, background = Color.default, reversed = false
        let scalars = Array(text.unicodeScalars)
        var index = 0
        func endLine() {
            line += Array(repeating: Cell(" ", style: Style(background: background)), count: max(0, size.columns - line.count))
            cells += line.prefix(size.columns)
            line = []
        }
        while index < scalars.count {
            let scalar = scalars[index]
            if scalar == "\u{1b}", index + 1 < scalars.count, scalars[index + 1] == "[" {
                var end = index + 2
                while end < scalars.count, !(0x40...0x7E).contains(scalars[end].value) { end += 1 }
                guard end < scalars.count else { break }
                if scalars[end] == "m" {
                    let parameters = String(String.UnicodeScalarView(scalars[(index + 2)..<end]))
                        .split(separator: ";", omittingEmptySubsequences: false).map { Int($0) ?? 0 }
                    applySGR(parameters, foreground: &foreground, background: &background, reversed: &reversed)
                }
                index = end + 1
                continue
            }
            if scalar == "\n" {
                endLine()
            } else if scalar.value >= 0x20 {
                let style = reversed ? Style(foreground: background, background: foreground)
                    : Style(foreground: foreground, background: background)
                line.append(Cell(String(Character(scalar)), style: style))
            }
            index += 1
        }
        if !line.isEmpty { endLine() }
        while cells.count < size.columns * size.rows { cells.append(Cell()) }
        return Array(cells.prefix(size.columns * size.rows))
    }

    private static func applySGR(_ parameters: [Int], foreground: inout Color, background: inout Color, reversed: inout Bool) {
        var index = 0
        while index < parameters.count {
            let code = parameters[index]
            switch code {
            case 0:
                foreground = .default
                background = .default
                reversed = false
            case 7: reversed = true
            case 27: reversed = false
            case 30...37: foreground = .palette(UInt8(code - 30))
            case 39: foreground = .default
            case 40...47: background = .palette(UInt8(code - 40))
            case 49: background = .default
            case 90...97: foreground = .palette(UInt8(code - 82))
            case 100...107: background = .palette(UInt8(code - 92))
            case 38, 48:
                var color = Color.default
                if index + 2 < parameters.count, parameters[index + 1] == 5 {
                    color = .palette(UInt8(clamping: parameters[index + 2]))
                    index += 2
                } else if index + 4 < parameters.count, parameters[index + 1] == 2 {
                    color = .rgb(UInt8(clamping: parameters[index + 2]), UInt8(clamping: parameters[index + 3]),
                                 UInt8(clamping: parameters[index + 4]))
                    index += 4
                }
                if code == 38 { foreground = color } else { background = color }
            default: break
            }
            index += 1
        }
    }
}
