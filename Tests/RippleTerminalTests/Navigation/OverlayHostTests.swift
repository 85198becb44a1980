import RippleTerminal
import Testing

/// OverlayHost: overlays over a content view, placed by their placement, taking no
/// space from it.
@MainActor
@Suite struct OverlayHostTests {
    /// A view of a fixed fitting size that fills itself with a character.
    final class Block: View {
        let character: Character
        let size: Size

        init(_ character: Character, columns: Int, rows: Int) {
            self.character = character
            size = Size(columns: columns, rows: rows)
        }

        override func sizeThatFits(_ proposal: Size) -> Size {
            size
        }

        override func draw(in context: inout DrawingContext) {
            for row in 0..<context.size.rows {
                context.put(String(repeating: character, count: context.size.columns), at: Position(column: 0, row: row))
            }
        }
    }

    let content = Stack(.vertical, [Label("one"), Label("two"), Label("three")])

    @Test func overlaysArePlacedOverTheContentWithoutTakingItsSpace() {
        let host = OverlayHost(content)
        let centred = Block("c", columns: 4, rows: 1), bottom = Block("b", columns: 6, rows: 1)
        host.addOverlay(centred, placement: .center)
        host.addOverlay(bottom, placement: .bottom(margin: 0))
        let terminal = VirtualTerminal(columns: 10, rows: 5, root: host)
        #expect(terminal.lines == ["one", "two", "thrcccc", "", "  bbbbbb"])
        #expect(centred.frame == Rect(column: 3, row: 2, columns: 4, rows: 1))
        #expect(host.overlays.elementsEqual([centred, bottom]) { $0 === $1 })
        #expect(host.sizeThatFits(Size(columns: 10, rows: 5)) == Size(columns: 5, rows: 3))
    }

    @Test func aFillOverlayCoversTheHostAndALargeOverlayIsCutToIt() {
        let host = OverlayHost(content)
        let wide = Block("w", columns: 40, rows: 9)
        host.addOverlay(wide, placement: .bottom(margin: 1))
        let terminal = VirtualTerminal(columns: 6, rows: 3, root: host)
        #expect(wide.frame == Rect(column: 0, row: 0, columns: 6, rows: 3))
        host.addOverlay(Block("f", columns: 1, rows: 1), placement: .fill)
        #expect(terminal.lines == ["ffffff", "ffffff", "ffffff"])
    }

    @Test func aHiddenOrRemovedOverlayUncoversTheContent() {
        let host = OverlayHost(content)
        let overlay = Block("x", columns: 3, rows: 3)
        host.addOverlay(overlay, placement: .fill)
        let terminal = VirtualTerminal(columns: 5, rows: 3, root: host)
        #expect(terminal.lines == ["xxxxx", "xxxxx", "xxxxx"])
        overlay.isHidden = true
        #expect(terminal.lines == ["one", "two", "three"])
        overlay.isHidden = false
        host.removeOverlay(overlay)
        #expect(terminal.lines == ["one", "two", "three"])
        #expect(host.overlays.isEmpty)
    }

    @Test func addingAnOverlayAgainMovesItToTheTopWithItsNewPlacement() {
        let host = OverlayHost(content)
        let first = Block("1", columns: 2, rows: 1), second = Block("2", columns: 2, rows: 1)
        host.addOverlay(first, placement: .center)
        host.addOverlay(second, placement: .center)
        let terminal = VirtualTerminal(columns: 6, rows: 3, root: host)
        #expect(terminal.lines[1] == "tw22")
        host.addOverlay(first, placement: .bottom(margin: 0))
        #expect(terminal.lines[1] == "tw22")
        #expect(terminal.lines[2] == "th11e")
        #expect(host.overlays.elementsEqual([second, first]) { $0 === $1 })
    }
}
