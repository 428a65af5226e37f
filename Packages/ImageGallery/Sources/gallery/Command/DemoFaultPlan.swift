import Foundation

/// What `--demo-faults` asks the demo server to do, per cell: `2=404,4=slow,5=drop,6=notimage`,
/// or `all=down` for a server that is not there at all.
struct DemoFaultPlan: Sendable, Hashable {
    /// One scripted failure.
    enum Fault: String, Sendable, Hashable, CaseIterable {
        /// The picture answers 404 Not Found.
        case notFound = "404"
        /// Any other HTTP error the user named, kept in `status`.
        case serverError = "500"
        /// Headers never come in time: the load hits its deadline.
        case slow
        /// The connection closes halfway through the picture.
        case drop
        /// The body is HTML although it says it is a JPEG.
        case notImage = "notimage"
        /// The body is a JPEG cut short: a corrupt picture.
        case corrupt
    }

    /// Faults by one-based cell number.
    var faults: [Int: Fault] = [:]
    /// True for `all=down`: the server is not started, every load finds nobody listening.
    var serverDown = false

    init(faults: [Int: Fault] = [:], serverDown: Bool = false) {
        self.faults = faults
        self.serverDown = serverDown
    }

    /// Errors say exactly which part of the text is wrong.
    enum ParseError: Error, CustomStringConvertible, Equatable {
        case malformed(String)
        case unknownFault(String)
        case badCell(String)

        var description: String {
            switch self {
            case .malformed(let part): "'\(part)' is not CELL=FAULT (for example 2=404)"
            case .unknownFault(let fault):
                "unknown fault '\(fault)'; use 404, 500, slow, drop, notimage, corrupt, or all=down"
            case .badCell(let cell): "'\(cell)' is not a cell number from 1 to 6, nor 'all'"
            }
        }
    }

    /// Parses the option's text.
    init(parsing text: String) throws(ParseError) {
        for part in text.split(separator: ",").map({ $0.trimmingCharacters(in: .whitespaces) }) where !part.isEmpty {
            let pieces = part.split(separator: "=", maxSplits: 1).map(String.init)
            guard pieces.count == 2 else { throw .malformed(part) }
            let (cell, name) = (pieces[0].lowercased(), pieces[1].lowercased())
            if cell == "all" {
                guard name == "down" else { throw .unknownFault(name) }
                serverDown = true
                continue
            }
            guard let number = Int(cell), (1...DemoGallery.pictureCount).contains(number) else { throw .badCell(cell) }
            guard let fault = Fault(rawValue: name) ?? (name == "notfound" ? .notFound : nil) else {
                throw .unknownFault(name)
            }
            faults[number] = fault
        }
    }
}
