// T3: a ListView (RippleTerminal) of N rows scrolled one page at a time in a 120 × 40
// window: each operation is one PageDown (PageUp on the way back, after reaching an
// end) sent to the window, then the render — layout, the 40 reused rows configured
// for their new items, drawing and the renderer's diff. Measured at 1,000 (T3a) and
// 100,000 rows (T3b): the cost must not depend on N. Building the list and the first
// render are outside the measured region. Ripple only; the checksum is the bytes the
// renders wrote, worked out by a first run.

import Ripple
import RippleTerminal

extension Workloads {
    static func listPageScroll(_ sizing: Sizing, rows count: Int, id: String) -> Workload {
        let n = sizing.iterations(1_000)
        return Workload(
            id: id, title: "ListView of \(count) rows: one page scrolled and rendered",
            operation: "page", operations: n, expected: MainActor.assumeIsolated { ListScroll(rows: count).scroll(pages: n) },
            baseline: nil,
            ripple: { region in
                // The harness runs on the main thread (main.swift's top-level code).
                let list = MainActor.assumeIsolated { ListScroll(rows: count) }
                var written = 0
                region.measure { written = MainActor.assumeIsolated { list.scroll(pages: n) } }
                return written
            },
            openCombine: nil
        )
    }
}

/// A window showing a list of `rows` items of mixed ASCII and CJK text, rendered
/// once, with the first item selected.
@MainActor
private final class ListScroll {
    private struct Entry: Identifiable {
        let id: Int
        let title: String
    }

    private let window: Window
    private let list: ListView<Entry, TextRow>
    private var direction = Key.pageDown

    init(rows: Int) {
        let words = ["Ripple", "响应式", "signals", "信号", "and", "属性", "terminal", "终端视图", "views", "绑定"]
        list = ListView { (entry: Entry) in entry.title }
        list.items = (0..<rows).map { index in
            Entry(id: index, title: "\(index) " + (0..<8).map { words[(index + $0 * 3) % words.count] }.joined(separator: " "))
        }
        window = Window(root: list, size: TerminalSize(columns: 120, rows: 40), scheduler: TestScheduler())
        window.renderIfNeeded()
        window.send(.key(KeyEvent(.down)))
        window.renderIfNeeded()
    }

    /// Scrolls `pages` pages, turning back at the ends, rendering after each;
    /// returns the bytes the renders wrote.
    func scroll(pages: Int) -> Int {
        var written = 0
        for _ in 0..<pages {
            if direction == .pageDown, list.selectedIndexPath?.row == list.itemCount - 1 { direction = .pageUp }
            if direction == .pageUp, list.selectedIndexPath?.row == 0 { direction = .pageDown }
            window.send(.key(KeyEvent(direction)))
            window.renderIfNeeded()
            written += window.renderer.output.count
        }
        return written
    }
}
