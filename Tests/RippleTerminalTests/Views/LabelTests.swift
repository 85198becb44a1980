import Ripple
import RippleTerminal
import Testing

/// Label: text in its frame, aligned, cut, and bound.
@MainActor
@Suite struct LabelTests {
    @Test func aLabelShowsItsLinesAlignedInItsFrame() {
        let labels = [Label("left"), Label("mid", alignment: .center), Label("右边", alignment: .trailing)]
        let terminal = VirtualTerminal(columns: 10, rows: 4, root: Stack(.vertical, labels + [Label("two\nlines")]))
        #expect(terminal.lines == ["left", "   mid", "      右边", "two"])
    }

    @Test func aLabelBoundToAPropertyShowsEveryValue() async {
        let title = MutableProperty("Inbox")
        let label = Label()
        label.reactive.text <~ title
        let terminal = VirtualTerminal(columns: 10, rows: 1, root: label)
        await terminal.settle()
        #expect(terminal.lines == ["Inbox"])
        title.value = "收件箱"
        await terminal.settle()
        #expect(terminal.lines == ["收件箱"])
    }

    @Test func theStyleTargetRestylesTheText() async {
        let label = Label("bold")
        label.reactive.style <~ SignalProducer(value: Style(attributes: .bold))
        let terminal = VirtualTerminal(columns: 10, rows: 1, root: label)
        await terminal.settle()
        #expect(terminal.runs { $0.attributes == .bold } == ["bold"])
    }

    @Test func aBindingIntoALabelEndsWhenTheLabelIsDeinitialised() {
        let title = MutableProperty("a")
        var label: Label? = Label()
        let binding = label!.reactive.text <~ title
        label = nil
        #expect(binding?.isDisposed == true)
    }
}
