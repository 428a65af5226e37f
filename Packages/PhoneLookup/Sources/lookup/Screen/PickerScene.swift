import ErrorReporting
import PhoneLookup
import TerminalUI

/// The country picker: a filter line and one row per country, the dial code never cut off.
enum PickerScene {
    static let listTop = 2

    static func render(_ state: LookupState, list: ListView, language: Language, size: TerminalSize) -> Frame {
        var frame = Frame(size: size)
        TitleBar(Strings.selectCountry.text(in: language), leading: "‹ " + Strings.search.text(in: language),
                 style: Style(bold: true)).draw(into: &frame)
        let filterLine = "\(Strings.filter.text(in: language)): \(state.picker.filter)▏"
        frame.put(filterLine, column: 1, row: 1, style: Style(dim: true))
        if let problem = state.refreshProblem {
            // The saved list stays usable; why it is not the newest is a quiet note beside the filter.
            let note = "\(Strings.savedCopy.text(in: language)): \(problem.message(in: language))"
            let column = max(displayWidth(of: filterLine) + 3, size.columns - displayWidth(of: note) - 1)
            if column < size.columns - 4 {
                frame.put(note, column: column, row: 1, style: Style().foreground(.yellow),
                          maxWidth: size.columns - column - 1, truncation: .ellipsis)
            }
        }
        let countries = state.catalog?.countries ?? []
        let matches = state.picker.matches
        let rect = listRect(size)
        if matches.isEmpty { frame.put(Strings.noMatches.text(in: language), column: 2, row: rect.row, style: Style(dim: true)) }
        list.draw(itemCount: matches.count, into: &frame, in: rect) { index, cell, selected, frame in
            let country = countries[matches[index]]
            let style = selected ? Style(reverse: true) : Style.plain
            let code = state.catalog?.dialLabel(at: matches[index]) ?? country.dialCode.description
            frame.fill(cell, style: style)
            let codeColumn = cell.column + cell.width - displayWidth(of: code) - 1
            let name = state.catalog?.name(at: matches[index], in: language) ?? country.name
            frame.put(name, column: cell.column + 1, row: cell.row, style: style,
                      maxWidth: max(1, codeColumn - cell.column - 2), truncation: .ellipsis)
            frame.put(code, column: codeColumn, row: cell.row, style: style)
        }
        StatusBar(left: Strings.pickerHelp.text(in: language)).draw(into: &frame)
        return frame
    }

    static func listRect(_ size: TerminalSize) -> Rect {
        Rect(column: 0, row: listTop, width: size.columns, height: max(1, size.rows - listTop - 1))
    }

    static func action(for event: Event, state: LookupState, list: ListView, size: TerminalSize) -> LookupAction? {
        let page = max(1, listRect(size).height - 1)
        switch event {
        case .key(.escape): return .pickerDismissed
        case .key(.enter): return .pickerConfirmed
        case .key(.up): return .pickerMoved(by: -1)
        case .key(.down): return .pickerMoved(by: 1)
        case .key(.pageUp): return .pickerMoved(by: -page)
        case .key(.pageDown): return .pickerMoved(by: page)
        case .key(.home): return .pickerMoved(by: -state.picker.matches.count)
        case .key(.end): return .pickerMoved(by: state.picker.matches.count)
        case .key(.backspace): return .pickerFilterChanged(String(state.picker.filter.dropLast()))
        case .key(.control("u")): return .pickerFilterChanged("")
        case .key(.character(let character)): return .pickerFilterChanged(state.picker.filter + String(character))
        case .paste(let text): return .pickerFilterChanged(state.picker.filter + text)
        case .mouse(let mouse):
            if mouse.kind == .wheelDown { return .pickerMoved(by: 1) }
            if mouse.kind == .wheelUp { return .pickerMoved(by: -1) }
            guard mouse.kind == .press(.left),
                  let row = list.index(atColumn: mouse.column, row: mouse.row, in: listRect(size),
                                       itemCount: state.picker.matches.count) else { return nil }
            return .pickerChoseRow(row)
        default: return nil
        }
    }
}
