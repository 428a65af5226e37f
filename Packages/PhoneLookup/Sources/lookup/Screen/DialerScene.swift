import ErrorReporting
import PhoneLookup
import TerminalUI

/// The dialer: title, country-code button, number field, Search button; the spinner, the reason
/// a number was refused and the error alert.
enum DialerScene {
    enum Focus: CaseIterable { case code, field, search }

    /// Where things are, shared by drawing and mouse hit-testing.
    struct Layout {
        let code: Rect, field: Rect, message: Int, search: Rect
        init(_ size: TerminalSize, codeLabel: String) {
            let codeWidth = displayWidth(of: codeLabel) + 4
            code = Rect(column: 1, row: 2, width: codeWidth, height: 1)
            field = Rect(column: codeWidth + 2, row: 2, width: max(1, size.columns - codeWidth - 3), height: 1)
            message = 4
            let searchWidth = 14
            search = Rect(column: max(0, (size.columns - searchWidth) / 2), row: max(6, size.rows - 3),
                          width: searchWidth, height: 1)
        }
    }

    /// What the country button says: the code the typed number names (`typed`, from
    /// `NumberingPlan.dialLabel(forTyped:region:)`), else the selected country's.
    static func codeLabel(_ state: LookupState, typed: String?) -> String {
        typed ?? state.dialLabel ?? state.selectedCountry.dialCode.description
    }

    static func render(_ state: LookupState, field: TextField, focus: Focus, spinner: Spinner,
                       language: Language, size: TerminalSize, typedLabel: String? = nil) -> Frame {
        var frame = Frame(size: size)
        let codeLabel = codeLabel(state, typed: typedLabel)
        let layout = Layout(size, codeLabel: codeLabel)
        TitleBar(Strings.search.text(in: language), style: Style(bold: true)).draw(into: &frame)
        frame.put("[ \(codeLabel) ]", column: layout.code.column, row: 2, style: focus == .code ? .init(reverse: true) : .plain)
        field.draw(into: &frame, in: layout.field, focused: focus == .field)
        frame.fill(Rect(column: layout.field.column, row: 3, width: layout.field.width, height: 1), with: "─",
                   style: Style(dim: true))
        drawMessage(state, spinner: spinner, language: language, row: layout.message, into: &frame)
        frame.putCentered("[ \(Strings.search.text(in: language)) ]", in: layout.search, row: layout.search.row,
                          style: focus == .search ? .init(reverse: true) : .init(bold: true))
        StatusBar(left: Strings.dialerHelp.text(in: language)).draw(into: &frame)
        if let alert = state.alert {
            Alert(title: Strings.errorTitle.text(in: language), message: LookupAdvice.shown(alert).line(in: language),
                  button: Strings.ok.text(in: language)).draw(into: &frame)
        }
        return frame
    }

    /// One line under the field: what is happening, or what is wrong.
    private static func drawMessage(_ state: LookupState, spinner: Spinner, language: Language, row: Int,
                                    into frame: inout Frame) {
        let width = frame.size.columns - 2
        if state.lookup != nil {
            spinner.draw(into: &frame, column: 1, row: row, label: Strings.lookingUp.text(in: language))
        } else if state.isBusy {
            spinner.draw(into: &frame, column: 1, row: row, label: Strings.loadingCountries.text(in: language))
        } else if let problem = state.inputProblem {
            frame.put(problem.text.text(in: language), column: 1, row: row, style: Style(foreground: .red),
                      maxWidth: width, truncation: .ellipsis)
        } else if case .failed(let error) = state.countries {
            frame.put(error.message(in: language), column: 1, row: row, style: Style(foreground: .red),
                      maxWidth: width, truncation: .ellipsis)
            frame.put(error.recovery(in: language) ?? Strings.retryCountries.text(in: language), column: 1, row: row + 1,
                      style: Style(dim: true),
                      maxWidth: width, truncation: .ellipsis)
        }
    }

    /// The action for `event`, after updating the screen-local `field` and `focus`.
    static func action(for event: Event, state: LookupState, field: inout TextField, focus: inout Focus,
                       size: TerminalSize, typedLabel: String? = nil) -> LookupAction? {
        if state.alert != nil {
            let alert = Alert(title: "", message: state.alert.map { LookupAdvice.shown($0).line(in: .english) } ?? "")
            return alert.dismisses(event, size: size) || event == .key(.escape) ? .alertDismissed : nil
        }
        switch event {
        case .key(.escape):
            return .cancelPressed
        case .key(.tab), .key(.down):
            focus = Focus.allCases[(Focus.allCases.firstIndex(of: focus)! + 1) % 3]
        case .key(.backTab), .key(.up):
            focus = Focus.allCases[(Focus.allCases.firstIndex(of: focus)! + 2) % 3]
        case .key(.enter):
            return focus == .code ? .countryButtonPressed : .searchPressed
        case .paste(let text):
            focus = .field
            field.insert(text)
            return .numberEdited(field.text)
        // As on a phone: digits, + and Backspace edit the number wherever the focus is.
        case .key(let key) where focus == .field || key.editsNumber:
            focus = .field
            let before = field.text
            guard field.handle(key) else { return nil }
            return field.text == before ? nil : .numberEdited(field.text)
        case .mouse(let mouse) where mouse.kind == .press(.left):
            let layout = Layout(size, codeLabel: codeLabel(state, typed: typedLabel))
            if layout.code.contains(column: mouse.column, row: mouse.row) { focus = .code; return .countryButtonPressed }
            if layout.search.contains(column: mouse.column, row: mouse.row) { focus = .search; return .searchPressed }
            if layout.field.contains(column: mouse.column, row: mouse.row) { focus = .field }
        default:
            break
        }
        return nil
    }
}

private extension Key {
    /// Typing a digit or +, or Backspace or Delete, anywhere on the dialer goes to the field.
    var editsNumber: Bool {
        switch self {
        case .backspace, .delete: return true
        case .character(let character): return character.isNumber || character == "+"
        default: return false
        }
    }
}
