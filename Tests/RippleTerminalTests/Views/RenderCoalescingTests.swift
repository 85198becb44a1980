import Dispatch
import Ripple
import RippleTerminal
import Testing

/// Changes in one UI turn are laid out and painted once.
@MainActor
@Suite struct RenderCoalescingTests {
    /// Sets a label above it from its own layout, as a list configures its rows.
    final class Captioning: View {
        let caption: Label

        init(_ caption: Label) {
            self.caption = caption
            super.init()
            sizing = .flexible
        }

        override func layoutSubviews() {
            caption.text = "laid out\nat \(frame.columns)"
        }

        override func draw(in context: inout DrawingContext) {
            context.put("content", at: Position(column: 0, row: 0))
        }
    }

    @Test func aLayoutThatChangesAnotherViewIsServedByAnotherPassOfTheSameRender() {
        let caption = Label("?")
        let scheduler = TestScheduler()
        let window = Window(root: Stack(.vertical, [caption, Captioning(caption)]),
                            size: TerminalSize(columns: 12, rows: 4), scheduler: scheduler)
        scheduler.advance()
        #expect(window.renderCount == 1)
        #expect(window.screen.lines() == ["laid out", "at 12", "content", ""])
        #expect(!scheduler.hasPendingWork)
    }

    @Test func aBurstOfAThousandPropertySetsPaintsOnce() {
        let label = Label("0")
        let terminal = VirtualTerminal(columns: 10, rows: 1, root: label)
        #expect(terminal.renderCount == 1)
        for value in 1...1_000 {
            label.text = "\(value)"
        }
        #expect(terminal.renderCount == 1)
        #expect(terminal.lines == ["1000"])
        #expect(terminal.renderCount == 2)
    }

    @Test func aThousandBoundValuesPaintOnce() async {
        let count = MutableProperty(0)
        let label = Label()
        label.reactive.text <~ count.map { "\($0)" }
        let terminal = VirtualTerminal(columns: 10, rows: 1, root: label)
        await terminal.settle()
        let before = terminal.renderCount
        for value in 1...1_000 {
            count.value = value
        }
        await terminal.settle()
        #expect(terminal.lines == ["1000"])
        #expect(terminal.renderCount == before + 1)
    }

    @Test func onTheMainQueueAWindowPaintsOncePerTurnAndHandsOverTheBytes() async {
        let label = Label("start")
        let window = Window(root: label, size: TerminalSize(columns: 8, rows: 1))
        var frames: [[UInt8]] = []
        window.onRender = { frames.append($0) }
        for value in 1...1_000 {
            label.text = "\(value)"
        }
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            DispatchQueue.main.async { continuation.resume() }
        }
        #expect(window.renderCount == 1)
        #expect(frames.count == 1)
        #expect(window.screen.lines() == ["1000"])
        #expect(String(decoding: frames[0], as: UTF8.self).contains("1000"))
    }
}
