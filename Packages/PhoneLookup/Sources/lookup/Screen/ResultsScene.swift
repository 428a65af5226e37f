import ErrorReporting
import PhoneLookup
import TerminalUI

/// The results: the number in E.164 (a short number as dialled), its country, then the API's strings one-to-one, and Continue.
enum ResultsScene {
    /// - Parameter countryName: The country as the reader's language names it, when it differs
    ///   from the flow's (the dataset's English name).
    static func render(_ results: LookupState.Results, scroll: Int, language: Language, size: TerminalSize,
                       countryName: String? = nil) -> Frame {
        var frame = Frame(size: size)
        let whole = Rect(size: size)
        frame.putCentered(Strings.resultsFor.text(in: language), in: whole, row: 0)
        frame.putCentered(results.number.displayed, in: whole, row: 1, style: Style(bold: true))
        frame.putCentered(countryName ?? results.countryName, in: whole, row: 2, style: Style(dim: true))
        let box = Rect(column: 1, row: 3, width: max(4, size.columns - 2), height: max(3, size.rows - 7))
        frame.drawBox(box, style: Style(dim: true))
        var row = box.row + 1
        if results.rows.isEmpty {
            frame.put(Strings.noResults.text(in: language), column: box.column + 2, row: row, style: Style(dim: true))
        }
        for result in results.rows.dropFirst(scroll) {
            for line in wrap(result, width: box.width - 4) where row < box.row + box.height - 1 {
                frame.put(line, column: box.column + 2, row: row)
                row += 1
            }
        }
        frame.putCentered("[ \(Strings.continueButton.text(in: language)) ]", in: whole, row: box.row + box.height + 1,
                          style: Style(reverse: true))
        StatusBar(left: Strings.resultsHelp.text(in: language)).draw(into: &frame)
        return frame
    }

    static func action(for event: Event, results: LookupState.Results, scroll: inout Int) -> LookupAction? {
        let step: Int? = switch event {
        case .key(.enter), .key(.escape), .key(.character(" ")): nil
        case .key(.up): -1
        case .key(.down): 1
        case .mouse(let mouse) where mouse.kind == .wheelUp: -1
        case .mouse(let mouse) where mouse.kind == .wheelDown: 1
        case .mouse(let mouse) where mouse.kind == .press(.left): nil
        default: 0
        }
        guard let step else {
            scroll = 0
            return .continuePressed
        }
        scroll = min(max(0, results.rows.count - 1), max(0, scroll + step))
        return nil
    }

    /// Word-wraps one result so a long string stays one row of the list, over several lines.
    static func wrap(_ text: String, width: Int) -> [String] {
        guard width > 1, displayWidth(of: text) > width else { return [text] }
        var lines: [String] = [], line = ""
        for word in text.split(separator: " ", omittingEmptySubsequences: false).map(String.init) {
            let candidate = line.isEmpty ? word : line + " " + word
            if displayWidth(of: candidate) <= width || line.isEmpty {
                line = candidate
            } else {
                lines.append(line)
                line = "  " + word
            }
        }
        lines.append(line)
        return lines
    }
}
