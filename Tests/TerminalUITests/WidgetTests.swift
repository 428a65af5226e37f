import Testing
@testable import TerminalUI

@Suite("Widgets render to the expected text")
struct WidgetTests {
    private let names = ["Apple", "Banana", "Cherry", "Date", "Elderberry", "Fig", "Grape"]

    @Test("a list shows the items that fit and marks the selection")
    func list() {
        var list = ListView()
        var frame = Frame(size: TerminalSize(columns: 12, rows: 3))
        list.draw(names, into: &frame, in: frame.bounds)
        #expect(frame.plainText() == " Apple\n Banana\n Cherry")
        #expect(frame[0, 0].style.reverse)
        #expect(!frame[0, 1].style.reverse)
        _ = list.handle(.down, itemCount: names.count, height: 3)
        #expect(list.selection == 1)
        #expect(frame[11, 0].style.reverse)
    }

    @Test("moving the selection past the bottom scrolls it into view, and back up")
    func listScrolls() {
        var list = ListView()
        for _ in 0..<4 { _ = list.handle(.character("j"), itemCount: names.count, height: 3) }
        var frame = Frame(size: TerminalSize(columns: 12, rows: 3))
        list.draw(names, into: &frame, in: frame.bounds)
        #expect(frame.plainText() == " Cherry\n Date\n Elderberry")
        #expect(frame[0, 2].style.reverse)
        _ = list.handle(.end, itemCount: names.count, height: 3)
        _ = list.handle(.pageUp, itemCount: names.count, height: 3)
        #expect(list.selection == 3)
        frame = Frame(size: TerminalSize(columns: 12, rows: 3))
        list.draw(names, into: &frame, in: frame.bounds)
        #expect(frame.plainText() == " Date\n Elderberry\n Fig")
        _ = list.handle(.home, itemCount: names.count, height: 3)
        #expect(list.visibleRange(itemCount: names.count, height: 3) == 0..<3)
        let handled = list.handle(.character("x"), itemCount: names.count, height: 3)
        #expect(!handled)
    }

    @Test("clicks select the item under the mouse; the wheel moves the selection")
    func listMouse() {
        var list = ListView()
        let rect = Rect(column: 0, row: 2, width: 10, height: 3)
        #expect(list.handle(MouseEvent(kind: .press(.left), column: 3, row: 4), itemCount: names.count, in: rect) == 2)
        #expect(list.selection == 2)
        list.handle(MouseEvent(kind: .wheelDown, column: 3, row: 4), itemCount: names.count, in: rect)
        #expect(list.selection == 5)
        #expect(list.handle(MouseEvent(kind: .press(.left), column: 3, row: 9), itemCount: names.count, in: rect) == nil)
    }

    @Test("a grid lays cells out row by row and scrolls by rows")
    func grid() {
        var grid = GridView(columns: 3, cellHeight: 1, columnSpacing: 1, rowSpacing: 1)
        var frame = Frame(size: TerminalSize(columns: 11, rows: 3))
        let draw: (Int, Rect, Bool, inout Frame) -> Void = { index, cell, selected, frame in
            frame.put(selected ? "[\(index)]" : " \(index)", column: cell.column, row: cell.row)
        }
        grid.draw(itemCount: 8, into: &frame, in: frame.bounds, drawCell: draw)
        #expect(frame.plainText() == "[0]  1   2\n\n 3   4   5")
        _ = grid.handle(.down, itemCount: 8, height: 3)
        _ = grid.handle(.down, itemCount: 8, height: 3)
        _ = grid.handle(.right, itemCount: 8, height: 3)
        #expect(grid.selection == 7)
        frame = Frame(size: TerminalSize(columns: 11, rows: 3))
        grid.draw(itemCount: 8, into: &frame, in: frame.bounds, drawCell: draw)
        #expect(frame.plainText() == " 3   4   5\n\n 6  [7]")
        #expect(grid.index(atColumn: 1, row: 2, in: frame.bounds, itemCount: 8) == 6)
        #expect(grid.index(atColumn: 3, row: 2, in: frame.bounds, itemCount: 8) == nil)
    }

    @Test("a text field edits like a shell line")
    func textFieldEditing() {
        var field = TextField()
        for character in "hello world" { _ = field.handle(.character(character)) }
        #expect(field.text == "hello world" && field.cursor == 11)
        _ = field.handle(.control("w"))
        #expect(field.text == "hello " && field.cursor == 6)
        _ = field.handle(.backspace)
        _ = field.handle(.home)
        _ = field.handle(.character(">"))
        #expect(field.text == ">hello" && field.cursor == 1)
        _ = field.handle(.delete)
        #expect(field.text == ">ello")
        _ = field.handle(.right)
        _ = field.handle(.control("k"))
        #expect(field.text == ">e" && field.cursor == 2)
        _ = field.handle(.left)
        _ = field.handle(.control("u"))
        #expect(field.text == "e" && field.cursor == 0)
        _ = field.handle(.control("e"))
        #expect(field.cursor == 1)
        _ = field.handle(.control("a"))
        #expect(field.cursor == 0)
        _ = field.handle(.end)
        _ = field.handle(.left)
        _ = field.handle(.backspace)
        #expect(field.text == "e" && field.cursor == 0)
        let handledEnter = field.handle(.enter)
        #expect(!handledEnter)
        field.insert("a\nb")
        #expect(field.text == "a be" && field.cursor == 3)
    }

    @Test("a text field draws its placeholder, its cursor and scrolls to keep the cursor visible")
    func textFieldDrawing() {
        var frame = Frame(size: TerminalSize(columns: 8, rows: 1))
        var field = TextField(placeholder: "Search")
        field.draw(into: &frame, in: frame.bounds)
        #expect(frame.plainText() == "Search")
        #expect(frame[0, 0].style.reverse && frame[1, 0].style.dim)
        for character in "abcdefghij" { _ = field.handle(.character(character)) }
        frame = Frame(size: TerminalSize(columns: 8, rows: 1))
        field.draw(into: &frame, in: frame.bounds)
        #expect(frame.plainText() == "defghij")
        #expect(frame[7, 0].style.reverse)
        _ = field.handle(.home)
        frame = Frame(size: TerminalSize(columns: 8, rows: 1))
        field.draw(into: &frame, in: frame.bounds)
        #expect(frame.plainText() == "abcdefgh")
        #expect(frame[0, 0].style.reverse && !frame[1, 0].style.reverse)
    }

    @Test("title bar, status bar and banner")
    func bars() {
        var frame = Frame(size: TerminalSize(columns: 20, rows: 3))
        TitleBar("Gallery", trailing: "6").draw(into: &frame)
        Banner("Offline", kind: .warning).draw(into: &frame, row: 1)
        StatusBar(left: "q quit  r refresh", right: "3/6").draw(into: &frame)
        #expect(frame.plainText() == "      Gallery     6\n      Offline\n q quit  r re…  3/6")
        #expect(frame[0, 0].style.reverse && frame[0, 2].style.reverse)
        #expect(frame[0, 1].style.background == .yellow)
    }

    @Test("spinner cycles through its frames")
    func spinner() {
        var spinner = Spinner()
        var frame = Frame(size: TerminalSize(columns: 12, rows: 1))
        spinner.draw(into: &frame, column: 0, row: 0, label: "Loading")
        #expect(frame.plainText() == "⠋ Loading")
        spinner.advance()
        #expect(spinner.symbol == "⠙")
        #expect(Spinner(elapsed: .milliseconds(800)).symbol == "⠋")
        #expect(Spinner(elapsed: .milliseconds(170)).symbol == "⠹")
    }

    @Test("progress bar fills by eighths", arguments: [
        (0.0, "░░░░░░░░░░"), (0.5, "█████░░░░░"), (1.0, "██████████"), (0.33, "███▎░░░░░░"), (2.0, "██████████"),
    ])
    func progress(fraction: Double, expected: String) {
        var frame = Frame(size: TerminalSize(columns: 10, rows: 1))
        ProgressBar(fraction: fraction).draw(into: &frame, in: frame.bounds)
        #expect(frame.plainText() == expected)
    }

    @Test("an alert is a centred box with the message and its button; Enter and a click dismiss it")
    func alert() {
        let size = TerminalSize(columns: 30, rows: 9)
        var frame = Frame(size: size)
        let alert = Alert(title: "Oops", message: "No internet connection", button: "OK")
        alert.draw(into: &frame)
        let expected = [
            "",
            "  ┌───────── Oops ─────────┐",
            "  │                        │",
            "  │ No internet connection │",
            "  │                        │",
            "  │         [ OK ]         │",
            "  └────────────────────────┘",
        ].joined(separator: "\n")
        #expect(frame.plainText() == expected + "\n\n")
        let button = alert.buttonRect(in: size)
        #expect(frame[button.column, button.row].grapheme == "[")
        #expect(alert.dismisses(.key(.enter), size: size))
        #expect(alert.dismisses(.mouse(MouseEvent(kind: .press(.left), column: button.column + 1, row: button.row)), size: size))
        #expect(!alert.dismisses(.mouse(MouseEvent(kind: .press(.left), column: 0, row: 0)), size: size))
        #expect(!alert.dismisses(.key(.character("x")), size: size))
    }
}
