import CommandOptions
import CommandOutput
import ErrorReporting
import Foundation
import PhoneLookup

/// The non-interactive path: one number in, its answer out (used by `search` and by `lookup`
/// when its input is not a terminal).
struct PlainLookup {
    enum Answer {
        case invalid(InvalidNumber)
        case failed(LookupFailure)
        case answered(LookupState.Results)
    }

    let services: LookupServices
    let flow: LookupFlow
    /// `lookup --from ISO`: each answer also says how the number is dialled from there.
    var dialFrom: String? = nil

    /// Validates `input` as typed in the flow's region, then asks the backend.
    func answer(_ input: String) async throws -> Answer {
        try await answer(input, from: flow.initialState())
    }

    /// ``answer(_:)`` from an initial state made once (a batch reuses it for every line).
    func answer(_ input: String, from initial: LookupState) async throws -> Answer {
        var state = initial
        guard let (id, number) = submit(input, in: &state) else { return .invalid(state.inputProblem ?? .empty) }
        do {
            let rows = try await ExactlyOnceLookup(services.backend, deadline: services.timeout + .seconds(1))
                .lookUp(number)
            return received(rows, id: id, in: &state)
        } catch {
            return .failed(LookupFailure(error))
        }
    }

    /// The in-process engine's answer without the asynchronous API around it: a batch of numbers
    /// piped through `lookup` costs what the engine costs, not a task and a deadline per line.
    func answer(_ input: String, from initial: LookupState, engine offline: OfflineLookup) -> Answer {
        var state = initial
        guard let (id, number) = submit(input, in: &state) else { return .invalid(state.inputProblem ?? .empty) }
        return received(offline.engine.results(for: number, language: offline.language), id: id, in: &state)
    }

    private func submit(_ input: String, in state: inout LookupState) -> (Int, PhoneNumber)? {
        _ = flow.reduce(into: &state, action: .numberEdited(input))
        guard case .lookUp(let id, let number)? = flow.reduce(into: &state, action: .searchPressed).first else { return nil }
        return (id, number)
    }

    private func received(_ rows: [String], id: Int, in state: inout LookupState) -> Answer {
        _ = flow.reduce(into: &state, action: .lookupAnswered(id: id, .success(rows)))
        return state.results.map(Answer.answered) ?? .failed(LookupFailure(LookupError.emptyAnswer))
    }

    /// Reads numbers from standard input, one per line, and prints each answer.
    func run() async throws {
        let initial = flow.initialState()
        let offline = services.backend as? OfflineLookup
        var output = ""
        output.reserveCapacity(1 << 16)
        while let line = readLine() {
            let input = InputText.trimmed(line)
            guard !input.isEmpty else { continue }
            let answer = if let offline { self.answer(input, from: initial, engine: offline) }
                         else { try await self.answer(input, from: initial) }
            switch answer {
            case .invalid(let reason): output += "\(TerminalSafeText.line(input)): \(reason.text.text(in: services.language))\n"
            case .failed(let failure):
                let error = LookupAdvice.shown(failure)
                output += "\(TerminalSafeText.line(input)): \(TerminalSafeText.line(error.line(in: services.language)))\n"
            case .answered(var results):
                if let dialFrom { results = results.addingDialFrom(dialFrom, plan: services.plan, language: services.language) }
                output += "\(results.number.displayed) \(TerminalSafeText.line(results.countryName))\n"
                for row in results.rows { output += "  \(TerminalSafeText.line(row))\n" }
            }
            if output.utf8.count > 1 << 15 || offline == nil {
                StandardOutput.write(output)
                output.removeAll(keepingCapacity: true)
            }
        }
        StandardOutput.write(output)
    }
}

extension LookupState.Results {
    /// `{"country":"Russia","number":"+7…","results":["…"]}`: keys sorted, every string escaped as
    /// ``JSONLine`` escapes it, so a service's C1 or bidi controls are never printed raw.
    var json: String { json(details: nil) }

    /// ``json`` with the machine-readable `details` object beside the rows.
    func json(details: NumberDetails?) -> String {
        let results = rows.map(JSONLine.quoted).joined(separator: ",")
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        let detailsJSON = details.flatMap { try? encoder.encode($0) }.map { String(decoding: $0, as: UTF8.self) }
        return "{\"country\":\(JSONLine.quoted(countryName)),"
            + (detailsJSON.map { "\"details\":\($0)," } ?? "")
            + "\"number\":\(JSONLine.quoted(number.displayed)),\"results\":[\(results)]}"
    }
}
