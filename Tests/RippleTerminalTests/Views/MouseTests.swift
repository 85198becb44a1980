import Ripple
import RippleTerminal
import Testing

/// Mouse events: a left press focuses the control under the pointer and acts on
/// it; events bubble from the topmost view under the pointer to its ancestors.
@MainActor
@Suite struct MouseTests {
    /// Records the mouse events that reach it and handles them when `handles`.
    final class Pad: View {
        var received: [String] = []
        var handles = true

        override func sizeThatFits(_ proposal: Size) -> Size {
            Size(columns: 4, rows: 1)
        }

        override func handleMouse(_ event: MouseEvent, at position: Position) -> Bool {
            received.append("\(event.kind) \(position.column),\(position.row)")
            return handles
        }
    }

    @Test func clickingAButtonFocusesAndPressesIt() {
        let first = Button(title: "A"), second = Button(title: "B")
        var presses = 0
        second.reactive.pressedValues.observeValues { presses += 1 }
        let terminal = VirtualTerminal(columns: 20, rows: 1, root: Stack(.horizontal, spacing: 1, [first, second]))
        #expect(first.isFocused)
        #expect(terminal.click(column: 7, row: 0))
        #expect(second.isFocused)
        #expect(presses == 1)
        #expect(terminal.reversedText == ["[ B ]"])
    }

    @Test func clickingADisabledButtonNeitherFocusesNorPressesIt() {
        let first = Button(title: "A"), second = Button(title: "B")
        second.isEnabled = false
        var presses = 0
        second.reactive.pressedValues.observeValues { presses += 1 }
        let terminal = VirtualTerminal(columns: 20, rows: 1, root: Stack(.horizontal, spacing: 1, [first, second]))
        terminal.click(column: 7, row: 0)
        #expect(first.isFocused)
        #expect(presses == 0)
    }

    @Test func clickingACheckboxTogglesIt() {
        let box = Checkbox(title: "完成")
        var toggles: [Bool] = []
        box.reactive.isOnValues.observeValues { toggles.append($0) }
        let terminal = VirtualTerminal(columns: 12, rows: 1, root: box)
        terminal.click(column: 5, row: 0)
        terminal.click(column: 0, row: 0)
        #expect(toggles == [true, false])
        #expect(terminal.lines == ["[ ] 完成"])
    }

    @Test func clickingInATextFieldFocusesItAndMovesTheCursorToTheClickedCharacter() {
        let button = Button(title: "Go")
        let field = TextField(text: "搜索swift")
        let terminal = VirtualTerminal(columns: 20, rows: 2, root: Stack(.vertical, [button, field]))
        #expect(terminal.click(column: 3, row: 1))   // the second half of "索"
        #expect(field.isFocused)
        #expect(field.cursorOffset == 1)
        #expect(terminal.cursor == Position(column: 2, row: 1))
        terminal.click(column: 15, row: 1)           // past the end
        #expect(field.cursorOffset == 7)
        terminal.type("!")
        #expect(field.text == "搜索swift!")
    }

    @Test func eventsGoToTheTopmostViewUnderThePointerInItsOwnCoordinates() {
        let left = Pad(), right = Pad()
        let terminal = VirtualTerminal(columns: 10, rows: 1, root: Stack(.horizontal, spacing: 2, [left, right]))
        terminal.scroll(1, column: 7, row: 0)
        #expect(left.received.isEmpty)
        #expect(right.received == ["scroll-down 1,0"])
    }

    @Test func unhandledEventsBubbleToTheAncestors() {
        let inner = Pad(), outer = Pad()
        inner.handles = false
        outer.addSubview(inner)
        let terminal = VirtualTerminal(columns: 10, rows: 2, root: Stack(.vertical, [Label("title"), outer]))
        #expect(terminal.scroll(-1, column: 2, row: 1))
        #expect(inner.received == ["scroll-up 2,0"])
        #expect(outer.received == ["scroll-up 2,0"])
    }

    @Test func eventsOutsideEveryViewOrOverHiddenViewsAreNotHandled() {
        let pad = Pad()
        pad.sizing = .fixed(4)
        let hidden = Pad()
        hidden.isHidden = true
        let terminal = VirtualTerminal(columns: 10, rows: 1, root: Stack(.horizontal, [pad, hidden]))
        #expect(!terminal.click(column: 30, row: 5))
        #expect(terminal.click(column: 1, row: 0))
        #expect(hidden.received.isEmpty)
        #expect(pad.received == ["left-press 1,0", "left-release 1,0"])
    }
}
