import RippleTerminal
import Testing

/// Tab and Shift-Tab through the focusable views in tree order, and keys bubbling up
/// from the focused view.
@MainActor
@Suite struct FocusChainTests {
    /// A screen that closes on Esc, as an app's screen would.
    final class Screen: View {
        var escapes = 0

        override func handleKey(_ event: KeyEvent) -> Bool {
            guard event.key == .escape else { return false }
            escapes += 1
            return true
        }
    }

    let first = Button(title: "A"), second = Button(title: "B"), third = Button(title: "C")

    private func terminal(root: View? = nil) -> VirtualTerminal {
        let row = Stack(.horizontal, spacing: 1, [second, third])
        return VirtualTerminal(columns: 20, rows: 3,
                               root: root ?? Stack(.vertical, [first, Label("not focusable"), row]))
    }

    @Test func theFirstFocusableViewHasTheFocusAndShowsReversed() {
        let terminal = terminal()
        #expect(first.isFocused)
        #expect(terminal.reversedText == ["[ A ]"])
    }

    @Test func tabMovesTheFocusInTreeOrderAndWraps() {
        let terminal = terminal()
        var focused: [String] = []
        for _ in 0..<3 {
            terminal.press(.tab)
            focused += terminal.reversedText
        }
        #expect(focused == ["[ B ]", "[ C ]", "[ A ]"])
    }

    @Test func shiftTabMovesTheFocusBackwardsAndWraps() {
        let terminal = terminal()
        terminal.press(.tab, modifiers: .shift)
        #expect(terminal.reversedText == ["[ C ]"])
        terminal.press(.tab, modifiers: .shift)
        #expect(terminal.reversedText == ["[ B ]"])
    }

    @Test func tabSkipsHiddenAndDisabledViews() {
        let terminal = terminal()
        second.isHidden = true
        terminal.press(.tab)
        #expect(third.isFocused)
        third.isEnabled = false
        terminal.press(.tab)
        #expect(first.isFocused)
        terminal.press(.tab)
        #expect(first.isFocused)
    }

    @Test func aFocusedViewThatIsHiddenGivesTheFocusToTheFirstFocusableView() {
        let terminal = terminal()
        terminal.press(.tab)
        second.isHidden = true
        #expect(terminal.lines.count == 3)
        #expect(first.isFocused)
    }

    @Test func aFocusedViewRemovedFromTheTreeGivesTheFocusToTheFirstFocusableView() {
        let terminal = terminal()
        terminal.window.focus(third)
        third.removeFromSuperview()
        #expect(terminal.reversedText == ["[ A ]"])
        #expect(!third.isFocused)
    }

    @Test func aFocusedButtonThatBecomesDisabledKeepsTheFocusAndTabMovesOn() {
        let terminal = terminal()
        first.isEnabled = false
        #expect(terminal.runs { $0.attributes == [.reverse, .dim] } == ["[ A ]"])
        terminal.press(.tab)
        #expect(second.isFocused)
    }

    @Test func keysTheFocusedViewDoesNotHandleBubbleUpToItsAncestors() {
        let screen = Screen()
        screen.addSubview(Stack(.vertical, [first]))
        let terminal = terminal(root: screen)
        #expect(terminal.press(.escape))
        #expect(screen.escapes == 1)
        #expect(!terminal.press(.character("q"), modifiers: .control))
    }

    @Test func focusGoesOnlyToVisibleFocusableViewsOfTheWindow() {
        let terminal = terminal()
        #expect(!terminal.window.focus(Button(title: "elsewhere")))
        #expect(!terminal.window.focus(Label("label")))
        #expect(terminal.window.focus(third))
        #expect(terminal.reversedText == ["[ C ]"])
        #expect(terminal.window.focusableViews.count == 3)
    }
}
