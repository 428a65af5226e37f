import TestSupport
import Testing
@testable import TerminalUI

@Suite("GridView and HelpOverlay")
struct GridViewTests {
    @Test("a grid row the area cuts is drawn clipped, with its own row and column spacing")
    func clippedRow() {
        // Cells 3 rows tall, two columns apart, one blank row between rows; the area shows 6 rows,
        // so the second row is cut after two of its three rows.
        let grid = GridView(columns: 2, cellHeight: 3, columnSpacing: 2, rowSpacing: 1)
        var frame = Frame(size: TerminalSize(columns: 10, rows: 7))
        let area = Rect(column: 0, row: 0, width: 10, height: 6)
        grid.draw(itemCount: 4, into: &frame, in: area) { index, cell, _, frame in
            for row in cell.row..<cell.maxRow {
                frame.put(String(repeating: "\(index)", count: cell.width), column: cell.column, row: row)
            }
        }
        #expect(frame.plainText() == "0000  1111\n0000  1111\n0000  1111\n\n2222  3333\n2222  3333\n")
        #expect(grid.visibleRows(height: 6) == 1 && grid.partlyVisibleRows(height: 6) == 2)
        #expect(grid.cellRect(for: 2, in: area, itemCount: 4) == Rect(column: 0, row: 4, width: 4, height: 2))
        #expect(grid.fullCellRect(for: 2, in: area, itemCount: 4) == Rect(column: 0, row: 4, width: 4, height: 3))
    }

    @Test("selecting into the cut row scrolls it whole into view")
    func selectingScrolls() {
        var grid = GridView(columns: 2, cellHeight: 3, columnSpacing: 2, rowSpacing: 1)
        grid.select(3, itemCount: 6, height: 6)
        #expect(grid.offsetRow == 1)
        #expect(grid.maximumOffsetRow(itemCount: 6, height: 6) == 2)
    }

    @Test("the help overlay aligns the keys, notes under them, and leaves parts out rather than spill")
    func helpOverlay() {
        let help = HelpOverlay(title: "Keys", entries: [.init("↑ ↓", "move"), .init("Enter, click", "open")],
                               notes: ["graphics: none"], closeHint: "any key closes")
        #expect(help.lines == ["↑ ↓           move", "Enter, click  open", "", "graphics: none"])
        var frame = Frame(size: TerminalSize(columns: 30, rows: 10))
        help.draw(into: &frame)
        let text = frame.plainText()
        #expect(text.contains("Keys") && text.contains("Enter, click  open") && text.contains("any key closes"))
        #expect(HelpOverlay.toggles(.key(.character("?")), showing: false))
        #expect(!HelpOverlay.toggles(.tick, showing: true))
        #expect(TextLayout.fit(["↑↓ move", "Enter open", "r refresh", "q quit"], toWidth: 20) == "↑↓ move · q quit")
    }
}

@Suite("The screen audit the size tests use")
struct ScreenAuditTests {
    @Test("it finds a word cut mid-word and a run of blank rows, and lets words that end in … by design pass")
    func findsWhatIsBroken() {
        let lines = [" Gallery   loaded 2/6", "", "┏━ 1 ━┓", "", "", "┗━━━━━┛", " ↑↓ move  Enter remo…  Loading…"]
        #expect(ScreenAudit.midWordCuts(in: lines, rows: [0, 6]) == ["row 6:  ↑↓ move  Enter remo…  Loading…"])
        #expect(ScreenAudit.midWordCuts(in: [" Loading… page…"], rows: [0]).isEmpty)
        #expect(ScreenAudit.blankRuns(in: lines, rows: 2..<6, longest: 1) == ["rows 3..<5"])
        #expect(ScreenAudit.blankRuns(in: lines, rows: 2..<6, longest: 2).isEmpty)
    }
}
