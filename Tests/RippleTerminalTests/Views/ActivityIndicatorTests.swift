import Ripple
import RippleTerminal
import Testing

/// ActivityIndicator: frames stepped on an injected scheduler while animating.
@MainActor
@Suite struct ActivityIndicatorTests {
    let scheduler = TestScheduler()

    @Test func anAnimatingIndicatorStepsThroughItsFramesOnTheScheduler() async {
        let spinner = ActivityIndicator(scheduler: scheduler)
        let terminal = VirtualTerminal(columns: 3, rows: 1, root: spinner)
        #expect(terminal.lines == [""])
        spinner.isAnimating = true
        var frames = terminal.lines
        for _ in 0..<4 {
            await scheduler.advance(by: .milliseconds(100))
            frames += terminal.lines
        }
        #expect(frames == ["|", "/", "-", "\\", "|"])
        spinner.isAnimating = false
        await scheduler.advance(by: .milliseconds(100))
        #expect(terminal.lines == [""])
        #expect(!scheduler.hasPendingWork)
    }

    @Test func aStoppedIndicatorThatDoesNotHideShowsItsFirstFrame() {
        let spinner = ActivityIndicator(frames: ["⠋", "⠙"], scheduler: scheduler)
        spinner.hidesWhenStopped = false
        let terminal = VirtualTerminal(columns: 3, rows: 1, root: spinner)
        #expect(terminal.lines == ["⠋"])
    }

    @Test func isAnimatingFollowsABoundProperty() async {
        let busy = MutableProperty(false)
        let spinner = ActivityIndicator(scheduler: scheduler)
        spinner.reactive.isAnimating <~ busy
        let terminal = VirtualTerminal(columns: 3, rows: 1, root: spinner)
        busy.value = true
        await terminal.settle()
        #expect(terminal.lines == ["|"])
        busy.value = false
        await terminal.settle()
        #expect(terminal.lines == [""])
    }
}
