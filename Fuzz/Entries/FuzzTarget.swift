import FlickrFeed
import Foundation
import Imaging
import PhoneLookup
import TerminalUI

/// The parsers that read bytes from outside, one fuzz target each.
///
/// `swift build` builds this module always, so the regression suite can replay every kept input;
/// the libFuzzer executables over it (`Fuzz/<target>/main.swift`) exist only when the manifest is
/// evaluated with `WORKBENCH_FUZZ=1` (see the README's "Fuzzing").
package enum FuzzTarget: String, CaseIterable, Sendable {
    case countries = "fuzz-countries"
    case phoneNumber = "fuzz-phone-number"
    case flickrResponse = "fuzz-flickr-response"
    case terminalInput = "fuzz-terminal-input"
    case jpeg = "fuzz-jpeg"
    case png = "fuzz-png"
    case webp = "fuzz-webp"
    case gif = "fuzz-gif"
    case avif = "fuzz-avif"
    case heic = "fuzz-heic"

    /// Runs one input through the parser; true when it was accepted, false when it was refused with
    /// an error. A crash, a trap or a sanitizer report is the only way to fail.
    @discardableResult
    package func run(_ input: Data) -> Bool {
        switch self {
        case .countries:
            return (try? CountryDataset.parse(input)) != nil
        case .phoneNumber:
            return Self.phoneNumber(input)
        case .flickrResponse:
            return (try? FlickrResponseDecoder.page(from: input)) != nil
        case .terminalInput:
            return Self.terminalInput(input)
        case .jpeg, .png, .heic:
            return Self.image(input)
        case .webp, .gif, .avif:
            return Self.animation(input)
        }
    }

    /// The shipped numbering plan, read once per process.
    private static let plan = try? NumberingPlan.bundled()

    /// The regions an input is read in: its first byte picks one, so the national rules are fuzzed too.
    private static let regions: [String?] = [nil, "RU", "US", "KY", "AT", "GB", "DE", "IT", "BR", "AR", "MX", "JP"]

    private static func phoneNumber(_ input: Data) -> Bool {
        guard let plan, let first = input.first else { return false }
        let parser = PhoneNumberParser(plan: plan)
        let text = String(decoding: input.dropFirst(), as: UTF8.self)
        let region = regions[Int(first) % regions.count]
        let read = try? parser.read(text, region: region)
        let accepted = (try? parser.parse(text, country: nil)) != nil
        return read != nil || accepted
    }

    /// Feeds the bytes in two pieces, split where the first byte says: escape sequences cut across
    /// reads are the decoder's hard case.
    private static func terminalInput(_ input: Data) -> Bool {
        guard let first = input.first else { return false }
        let bytes = Array(input.dropFirst())
        let cut = bytes.isEmpty ? 0 : Int(first) % (bytes.count + 1)
        var decoder = InputDecoder()
        var events = decoder.decode(bytes[..<cut])
        events += decoder.decode(bytes[cut...])
        events += decoder.flush()
        return !events.isEmpty
    }

    /// A probe and a decode to a thumbnail, with a pixel limit that keeps one input under a second.
    private static func image(_ input: Data) -> Bool {
        _ = try? ImageDecoder.probe(input)
        let bitmap = try? ImageDecoder.decode(input, maxSize: PixelSize(width: 64, height: 64), pixelLimit: 4_000_000)
        return bitmap != nil
    }

    /// The still path, then every frame (composition, disposal, timing), under a frame budget that
    /// keeps one input quick: the pixel limit makes the animation budget 20 such pictures.
    private static func animation(_ input: Data) -> Bool {
        let still = image(input)
        _ = try? ImageDecoder.frames(input, pixelLimit: 250_000)
        return still
    }
}
