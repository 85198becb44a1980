import Ripple
import RippleTerminal
import Testing

/// Label: text in its frame, aligned, cut, and bound.
@MainActor
@Suite struct LabelTests {
    @Test func aLabelShowsItsLinesAlignedInItsFrame() {
        let labels = [Label("left"), Label("mid", alignment: .center), Label("右边", alignment: .trailing)]
        let terminal = VirtualTerminal(columns: 10, rows: 4, root: Stack(.vertical, labels + [Label("two\nlines")]))
        #expect(terminal.lines == ["left", "   mid", "      右边", "two…"])
    }

    @Test func aLineWiderThanTheFrameEndsWithAnEllipsis() {
        let label = Label("importing 528 of 658 tweets\nready")
        let terminal = VirtualTerminal(columns: 16, rows: 2, root: label)
        #expect(terminal.lines == ["importing 528 o…", "ready"])
        terminal.resize(columns: 30, rows: 2)
        #expect(terminal.lines == ["importing 528 of 658 tweets", "ready"])
    }

    @Test func aWrappingLabelBreaksAtSpacesAndTakesTheRowsItNeeds() {
        let label = Label("Could not reach the server after 3 tries", lineBreakMode: .wordWrapping())
        let terminal = VirtualTerminal(columns: 20, rows: 4, root: Stack(.vertical, [label, Label("below")]))
        #expect(terminal.lines == ["Could not reach the", "server after 3 tries", "below", ""])
        terminal.resize(columns: 12, rows: 5)
        #expect(terminal.lines == ["Could not", "reach the", "server after", "3 tries", "below"])
    }

    @Test func aWrappingLabelEndsItsLastAllowedLineWithAnEllipsis() {
        let label = Label("Could not reach the server after 3 tries", lineBreakMode: .wordWrapping(maximumLines: 2))
        let terminal = VirtualTerminal(columns: 12, rows: 4, root: label)
        #expect(terminal.lines == ["Could not", "reach the…", "", ""])
    }

    @Test func theLineBreakModeTargetSwitchesBetweenCuttingAndWrapping() async {
        let label = Label("one two three")
        label.reactive.lineBreakMode <~ SignalProducer(value: .wordWrapping())
        let terminal = VirtualTerminal(columns: 8, rows: 2, root: label)
        await terminal.settle()
        #expect(terminal.lines == ["one two", "three"])
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
