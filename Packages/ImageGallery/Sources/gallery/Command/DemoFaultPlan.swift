import Foundation

/// What `--demo-faults` asks the demo server to do, per cell: `2=404,4=slow,5=drop,6=notimage`;
/// or `all=down` for a server that is not there at all, `all=offline` for no network at all.
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

    /// What is missing for every cell; no server is started for either.
    enum Outage: String, Sendable, Hashable, CaseIterable {
        /// `all=down`: the server is gone; every load is refused, as by a stopped server, and the
        /// connectivity probe, which meets the same refusal, says the network is up.
        case serverDown = "down"
        /// `all=offline`: the network is gone; the probe and every load are told so, as on a
        /// machine with no route to any network (which a demo on 127.0.0.1 cannot make for real).
        case networkDown = "offline"
    }

    /// Faults by one-based cell number.
    var faults: [Int: Fault] = [:]
    /// Set by `all=down` or `all=offline`.
    var outage: Outage?

    init(faults: [Int: Fault] = [:], outage: Outage? = nil) {
        self.faults = faults
        self.outage = outage
    }

    /// False for an outage: there is no server to start.
    var startsServer: Bool { outage == nil }

    /// Errors say exactly which part of the text is wrong.
    enum ParseError: Error, CustomStringConvertible, Equatable {
        case malformed(String)
        case unknownFault(String)
        case badCell(String)

        var description: String {
            switch self {
            case .malformed(let part): "'\(part)' is not CELL=FAULT (for example 2=404)"
            case .unknownFault(let fault):
                "unknown fault '\(fault)'; use 404, 500, slow, drop, notimage, corrupt, all=down or all=offline"
            case .badCell(let cell): "'\(cell)' is not a cell number from 1 to \(DemoGallery.pictureCount), nor 'all'"
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
                guard let outage = Outage(rawValue: name) else { throw .unknownFault(name) }
                self.outage = outage
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
