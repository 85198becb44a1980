import RippleTerminal
import Testing

/// `View.isModal`: while a modal view shows, the window confines the focus, the keys
/// and the mouse to the topmost one.
@MainActor
@Suite struct ModalViewTests {
    let covered = Button(title: "A"), inside = Button(title: "B"), alsoInside = Button(title: "C")
    let dialog = Stack(.horizontal, spacing: 1)

    /// "[ A ]" on the first row, the dialog with "[ B ] [ C ]" on the second.
    private func terminal() -> VirtualTerminal {
        dialog.addSubview(inside)
        dialog.addSubview(alsoInside)
        return VirtualTerminal(columns: 20, rows: 2, root: Stack(.vertical, [covered, dialog]))
    }

    @Test func aModalViewThatAppearsTakesTheFocusAndTabStaysInsideIt() {
        let terminal = terminal()
        #expect(covered.isFocused)
        dialog.isModal = true
        #expect(terminal.window.modalView === dialog)
        #expect(terminal.reversedText == ["[ B ]"])
        terminal.press(.tab)
        #expect(alsoInside.isFocused)
        terminal.press(.tab)
        #expect(inside.isFocused)
        terminal.press(.tab, modifiers: .shift)
        #expect(alsoInside.isFocused)
        #expect(terminal.window.focusableViews.map { ($0 as? Button)?.title } == ["B", "C"])
    }

    @Test func viewsOutsideTheModalViewCannotBeFocused() {
        let terminal = terminal()
        dialog.isModal = true
        #expect(!terminal.window.focus(covered))
        #expect(terminal.window.focus(alsoInside))
    }

    @Test func clicksOutsideTheModalViewReachNothing() {
        var presses = 0
        covered.reactive.pressedValues.observeValues { presses += 1 }
        let terminal = terminal()
        dialog.isModal = true
        #expect(!terminal.click(column: 1, row: 0))
        #expect(presses == 0)
        #expect(inside.isFocused)
        #expect(terminal.click(column: 7, row: 1))
        #expect(alsoInside.isFocused)
    }

    @Test func aKeyPressedBeforeTheNextRenderGoesInsideTheModalView() {
        var presses = 0
        covered.reactive.pressedValues.observeValues { presses += 1 }
        let terminal = terminal()
        var insidePresses = 0
        inside.reactive.pressedValues.observeValues { insidePresses += 1 }
        dialog.isModal = true
        terminal.window.send(.key(KeyEvent(.enter)))
        #expect(presses == 0)
        #expect(insidePresses == 1)
    }

    @Test func aHiddenModalViewConfinesNothing() {
        let terminal = terminal()
        dialog.isModal = true
        dialog.isHidden = true
        #expect(terminal.window.modalView == nil)
        #expect(terminal.reversedText == ["[ A ]"])
        #expect(covered.isFocused)
        #expect(terminal.window.focus(alsoInside) == false)
    }

    @Test func theTopmostModalViewIsTheLastInTreeOrder() {
        let terminal = terminal()
        let inner = Stack(.horizontal, [alsoInside])
        dialog.addSubview(inner)
        dialog.isModal = true
        inner.isModal = true
        #expect(terminal.window.modalView === inner)
        #expect(terminal.reversedText == ["[ C ]"])
        inner.isModal = false
        terminal.press(.tab)
        #expect(inside.isFocused)
    }

    @Test func aModalViewWithNothingFocusableLeavesNothingFocused() {
        let terminal = terminal()
        let label = Label("Loading")
        label.isModal = true
        dialog.addSubview(label)
        #expect(terminal.lines == ["[ A ]", "[ B ] [ C ] Loading"])
        #expect(terminal.window.focusedView == nil)
        #expect(terminal.reversedText.isEmpty)
        #expect(!terminal.press(.enter))
    }
}
