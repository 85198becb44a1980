// T1, T2: the terminal renderer (RippleTerminal) on a 200 × 60 screen of mixed ASCII
// and CJK text. T1 repaints the whole screen (`invalidate()` then `render`); T2 changes
// one 10-column label (ASCII ↔ CJK, both directions alternately) and renders the
// difference. Ripple only: there is no baseline or OpenCombine version; the bytes each
// render writes are in the title.

import RippleTerminal

extension Workloads {
    static func terminalFullPaint(_ sizing: Sizing) -> Workload {
        let n = sizing.iterations(1_000)
        let screen = TerminalScreen()
        var renderer = Renderer()
        let bytes = renderer.render(screen.frame)
        return Workload(
            id: "T1", title: "full paint 200×60 ASCII+CJK (\(bytes) bytes)", operation: "paint",
            operations: n, expected: n * bytes,
            baseline: nil,
            ripple: { region in
                var renderer = Renderer()
                var written = 0
                region.measure {
                    for _ in 0..<n {
                        renderer.invalidate()
                        written += renderer.render(screen.frame)
                    }
                }
                return written
            },
            openCombine: nil
        )
    }

    static func terminalLabelChange(_ sizing: Sizing) -> Workload {
        let n = sizing.iterations(1_000)
        let screen = TerminalScreen()
        var renderer = Renderer()
        var frame = screen.frame
        screen.prepareLabel(in: &frame, renderer: &renderer)
        let ascii = screen.changeLabel(in: &frame, step: 0, renderer: &renderer)
        let cjk = screen.changeLabel(in: &frame, step: 1, renderer: &renderer)
        return Workload(
            id: "T2", title: "one 10-column label changed on T1's screen (\(ascii)/\(cjk) bytes)",
            operation: "change", operations: n, expected: (n + 1) / 2 * ascii + n / 2 * cjk,
            baseline: nil,
            ripple: { region in
                var renderer = Renderer()
                var frame = screen.frame
                screen.prepareLabel(in: &frame, renderer: &renderer)
                var written = 0
                region.measure {
                    for step in 0..<n {
                        written += screen.changeLabel(in: &frame, step: step, renderer: &renderer)
                    }
                }
                return written
            },
            openCombine: nil
        )
    }
}

/// The benchmark screen: 200 × 60 cells of English and Chinese text in a few styles,
/// and a label at a fixed place that alternates between ASCII and CJK text.
private struct TerminalScreen {
    let frame: ScreenBuffer
    private let labelPosition = Position(column: 90, row: 30)
    private let labels = ["Loading...", "已完成同步"]
    private let labelStyle = Style(foreground: .rgb(255, 200, 0), attributes: .bold)

    init() {
        let words = ["Ripple", "响应式", "signals", "信号", "and", "属性", "terminal", "终端视图", "views", "绑定"]
        let styles = [
            Style.plain,
            Style(foreground: .rgb(120, 200, 255)),
            Style(foreground: .green, attributes: .bold),
            Style(foreground: .indexed(244), background: .indexed(236)),
        ]
        var frame = ScreenBuffer(columns: 200, rows: 60)
        for row in 0..<60 {
            var column = 0
            var index = row
            while column < 200 {
                let style = row == 0 ? Style(attributes: .reverse) : styles[(row + index) % styles.count]
                column = frame.put(words[index % words.count] + " ", at: Position(column: column, row: row), style: style)
                index += 3
            }
        }
        self.frame = frame
    }

    /// Paints `frame` and changes the label both ways once, so that every later
    /// change starts from the same terminal state (label CJK, SGR state the label's).
    func prepareLabel(in frame: inout ScreenBuffer, renderer: inout Renderer) {
        renderer.render(frame)
        _ = changeLabel(in: &frame, step: 0, renderer: &renderer)
        _ = changeLabel(in: &frame, step: 1, renderer: &renderer)
    }

    /// Writes the label of `step` (even: ASCII, odd: CJK) into `frame`, renders it and
    /// returns the bytes written.
    func changeLabel(in frame: inout ScreenBuffer, step: Int, renderer: inout Renderer) -> Int {
        frame.put(labels[step % 2], at: labelPosition, style: labelStyle)
        return renderer.render(frame)
    }
}
