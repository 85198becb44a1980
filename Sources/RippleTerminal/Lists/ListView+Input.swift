// ListView's keys and mouse: the selection moves with the arrows, a page at a
// time, or to the ends; Enter and a click on the selected row activate it; the
// wheel scrolls.
//
// With nothing selected, Up, Down, PageUp and PageDown first select the item at
// the top of the screen. PageUp and PageDown move the selection by as many items as
// fit on one screen and scroll by as many lines as the selection moved, so it keeps
// its place on screen (the ends of the content stop the scroll, not the
// selection). The list scrolls to keep the selection in view after every move. The
// wheel scrolls `wheelLines` lines a notch and leaves the selection where it is,
// even off screen; the next key brings it back into view. A disabled list handles
// nothing, and an empty one lets the keys bubble up.

extension ListView {
    /// How many lines one notch of the mouse wheel scrolls.
    static var wheelLines: Int { 3 }

    /// Moves the selection on Up, Down, PageUp, PageDown, Home and End, and
    /// activates the selected item on Enter; the body of `handleKey(_:)`.
    func handleListKey(_ event: KeyEvent) -> Bool {
        guard isEnabled, event.modifiers.isEmpty, itemCount > 0 else { return false }
        switch event.key {
        case .up: moveSelection(by: -1)
        case .down: moveSelection(by: 1)
        case .pageUp: moveSelectionByPage(-1)
        case .pageDown: moveSelectionByPage(1)
        case .home: userSelect(0)
        case .end: userSelect(itemCount - 1)
        case .enter: activateSelection()
        default: return false
        }
        return true
    }

    /// Selects the row under a left click, or activates it if it is already
    /// selected; scrolls on the wheel; the body of `handleMouse(_:at:)`.
    func handleListMouse(_ event: MouseEvent, at position: Position) -> Bool {
        guard isEnabled else { return false }
        switch event.kind {
        case .press(.left):
            if let index = flatIndex(at: position) {
                if index == selection { activateSelection() } else { userSelect(index) }
            }
            return true
        case .scrollDown:
            contentOffset += Self.wheelLines
            return true
        case .scrollUp:
            contentOffset -= Self.wheelLines
            return true
        default:
            return false
        }
    }

    /// The flat offset of the item whose row holds `position` (the list's
    /// coordinates), if a row does; the scroll indicator's column holds none.
    private func flatIndex(at position: Position) -> Int? {
        let width = frame.columns - (showsIndicator ? 1 : 0)
        guard position.row >= 0, position.row < frame.rows, position.column >= 0, position.column < width,
              case let .row(_, flatIndex)? = layout.element(atLine: contentOffset + position.row)?.element
        else { return nil }
        return flatIndex
    }

    private func moveSelection(by step: Int) {
        guard let current = selection else {
            if let first = firstItemInView() { userSelect(first) }
            return
        }
        userSelect(min(max(current + step, 0), itemCount - 1))
    }

    private func moveSelectionByPage(_ direction: Int) {
        guard let current = selection else {
            if let first = firstItemInView() { userSelect(first) }
            return
        }
        let page = max(frame.rows / layout.rowHeight, 1)
        let target = min(max(current + direction * page, 0), itemCount - 1)
        let line = { self.layout.line(of: self.layout.indexPath(ofFlatIndex: $0)) }
        contentOffset += line(target) - line(current)
        userSelect(target)
    }
}
