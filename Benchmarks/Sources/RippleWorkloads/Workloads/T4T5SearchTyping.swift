// T4, T5: a search screen (RippleTerminal and Ripple together) in a 120 × 40 window:
// a TextField whose text drives a filtered ListView of 1,000 items of mixed ASCII and
// CJK text and a match count, wired as an app wires them:
//
//     query <~ field.reactive.continuousTextValues
//     results = query.map(filter over the 1,000 items)
//     list.reactive.items <~ results;  count.reactive.text <~ results.map(…)
//
// T4 is one key press to the finished frame: the key goes to the window (the field
// edits its text and sends it), the bindings run (the filter, the list's diff by id,
// the label), then the render (layout, rows configured, drawing, the renderer's
// diff). Keys alternate between typing "响" (about a third of the items match) and
// Backspace (all match again), so every frame changes a third of the list's rows.
// T5 is 1,000 sets of a property bound into a label within one UI turn, then the
// turn's render: the checksum counts renders, one per turn. Building the screen and
// its first render are outside the measured region; the checksums are the bytes the
// renders wrote (T4) and the renders (T5), worked out by a first run.

import Ripple
import RippleTerminal

extension Workloads {
    static func searchTyping(_ sizing: Sizing) -> Workload {
        let n = sizing.iterations(1_000)
        return Workload(
            id: "T4", title: "key press to frame: search field → 1,000-row filtered list",
            operation: "key", operations: n, expected: MainActor.assumeIsolated { SearchTyping().type(keys: n) },
            baseline: nil,
            ripple: { region in
                // The harness runs on the main thread (main.swift's top-level code).
                let screen = MainActor.assumeIsolated { SearchTyping() }
                var written = 0
                region.measure { written = MainActor.assumeIsolated { screen.type(keys: n) } }
                return written
            },
            openCombine: nil
        )
    }

    static func burstOfSets(_ sizing: Sizing) -> Workload {
        let turns = sizing.iterations(1_000)
        return Workload(
            id: "T5", title: "1,000 property sets bound into a label in one UI turn, then its render",
            operation: "turn", operations: turns, expected: turns,
            baseline: nil,
            ripple: { region in
                let burst = MainActor.assumeIsolated { SetBurst() }
                var renders = 0
                region.measure { renders = MainActor.assumeIsolated { burst.run(turns: turns, setsPerTurn: 1_000) } }
                return renders
            },
            openCombine: nil
        )
    }
}

/// The search screen of T4, rendered once.
@MainActor
private final class SearchTyping {
    private struct Entry: Identifiable, Equatable {
        let id: Int
        let title: String
    }

    private let window: Window
    private let field = TextField(placeholder: "search")
    private let query = MutableProperty("")
    private var step = 0

    init(rows: Int = 1_000) {
        let words = ["Ripple", "响应式", "signals", "信号", "and", "属性", "terminal", "终端视图", "views", "绑定"]
        let all = (0..<rows).map { index in
            Entry(id: index, title: "\(index) " + (0..<4).map { words[(index * 7 + $0 * 3) % words.count] }.joined(separator: " "))
        }
        let results = query.map { query in query.isEmpty ? all : all.filter { $0.title.contains(query) } }
        let list = ListView { (entry: Entry) in entry.title }
        let count = Label()
        list.sizing = .flexible
        query <~ field.reactive.continuousTextValues
        list.reactive.items <~ results
        count.reactive.text <~ results.map { "\($0.count) of \(rows)" }
        window = Window(root: Stack(.vertical, [field, count, list]), size: TerminalSize(columns: 120, rows: 40),
                        scheduler: TestScheduler())
        window.renderIfNeeded()
    }

    /// Presses `keys` keys, rendering after each; returns the bytes the renders wrote.
    func type(keys: Int) -> Int {
        var written = 0
        for _ in 0..<keys {
            let key: Key = step % 2 == 0 ? .character("响") : .backspace
            step += 1
            window.send(.key(KeyEvent(key)))
            window.renderIfNeeded()
            written += window.renderer.output.count
        }
        precondition(query.value == field.text, "the bindings applied synchronously")
        return written
    }
}

/// A label bound to a property, in a window rendered once: T5.
@MainActor
private final class SetBurst {
    private let window: Window
    private let value = MutableProperty(0)

    init() {
        let label = Label()
        label.reactive.text <~ value.map { "value \($0)" }
        window = Window(root: label, size: TerminalSize(columns: 40, rows: 2), scheduler: TestScheduler())
        window.renderIfNeeded()
    }

    /// Runs `turns` UI turns of `setsPerTurn` sets each, then the turn's render;
    /// returns how many renders ran.
    func run(turns: Int, setsPerTurn: Int) -> Int {
        let before = window.renderCount
        for _ in 0..<turns {
            for _ in 0..<setsPerTurn { value.value += 1 }
            window.renderIfNeeded()
        }
        return window.renderCount - before
    }
}
