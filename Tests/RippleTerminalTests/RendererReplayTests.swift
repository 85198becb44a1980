// The renderer checked against an independent reading of its output: random sequences
// of frame updates (seeded, so every run is the same) are rendered, the bytes replayed
// through `ReplayTerminal`, and the replayed screen must equal the intended frame
// exactly after every frame, with no anomaly (no wrap, scroll, unknown sequence or
// joined clusters).

import RippleTerminal
import Testing

@Suite struct RendererReplayTests {
    /// Text the random updates draw from: ASCII, CJK, kana, Hangul, emoji (presentation,
    /// text default with and without VS16, flags, keycaps, skin tones, ZWJ sequences),
    /// combining marks, and clusters that join their neighbours (lone regional
    /// indicators, a lone skin-tone modifier, Hangul jamo, a spacing mark, an Indic
    /// conjunct, a prepended mark).
    private static let pieces = [
        "a", "b", "z", "Q", "0", " ", "  ", "-", "hello", "Ripple", "|",
        "中", "文", "字", "你好", "世界", "あ", "カタ", "한국", "가",
        "😀", "🚀", "👍🏽", "☝\u{1F3FD}", "🇯🇵", "🇫🇷", "1\u{FE0F}\u{20E3}", "❤", "❤\u{FE0F}",
        "👨\u{200D}👩\u{200D}👧\u{200D}👦", "e\u{301}", "n\u{303}", "\u{301}", "\u{200D}",
        "🇯", "🇵", "🏽", "ᄀ", "ᅡ", "\u{903}", "क्", "ष", "\u{600}", "é", "Ж", "±", "ｱ", "Ａ", "\t",
    ]

    private static let colors: [Color] = [
        .default, .red, .blue, .indexed(9), .indexed(14), .indexed(100), .indexed(250),
        .rgb(255, 0, 0), .rgb(12, 200, 34), .rgb(0, 0, 0),
    ]

    private func randomStyle(_ random: inout SeededRandom) -> Style {
        if Int.random(in: 0..<3, using: &random) == 0 { return .plain }
        return Style(
            foreground: Self.colors.randomElement(using: &random)!,
            background: Int.random(in: 0..<3, using: &random) == 0 ? Self.colors.randomElement(using: &random)! : .default,
            attributes: Style.Attributes(rawValue: UInt8.random(in: 0..<32, using: &random)))
    }

    private func randomText(_ random: inout SeededRandom) -> String {
        (0..<Int.random(in: 1...6, using: &random)).map { _ in Self.pieces.randomElement(using: &random)! }.joined()
    }

    private func randomRect(in buffer: ScreenBuffer, _ random: inout SeededRandom) -> Rect {
        Rect(column: Int.random(in: -2...buffer.columns, using: &random),
             row: Int.random(in: -1...buffer.rows, using: &random),
             columns: Int.random(in: 0...buffer.columns, using: &random),
             rows: Int.random(in: 0...3, using: &random))
    }

    /// Applies one random change to `buffer`.
    private func update(_ buffer: inout ScreenBuffer, _ random: inout SeededRandom) {
        switch Int.random(in: 0..<10, using: &random) {
        case 0..<6:
            let position = Position(column: Int.random(in: -2..<buffer.columns, using: &random),
                                    row: Int.random(in: 0..<buffer.rows, using: &random))
            let clip = Bool.random(using: &random) ? randomRect(in: buffer, &random) : nil
            buffer.put(randomText(&random), at: position, style: randomStyle(&random), clippedTo: clip)
        case 6:
            buffer.fill(randomRect(in: buffer, &random), with: Cell(Self.pieces.randomElement(using: &random)!.first!)
                .flatMap { $0.width == 1 ? $0 : nil } ?? .blank(randomStyle(&random)))
        case 7:
            let style = Bool.random(using: &random) ? Style.plain : Style(background: Self.colors.randomElement(using: &random)!)
            buffer.clear(randomRect(in: buffer, &random), style: style)
        case 8:
            let row = Int.random(in: 0..<buffer.rows, using: &random)
            let column = Int.random(in: 0..<buffer.columns, using: &random)
            buffer.clear(Rect(column: column, row: row, columns: buffer.columns, rows: 1))
        default:
            for _ in 0..<Int.random(in: 2...8, using: &random) {
                let position = Position(column: Int.random(in: 0..<buffer.columns, using: &random),
                                        row: Int.random(in: 0..<buffer.rows, using: &random))
                buffer.put(Self.pieces.randomElement(using: &random)!, at: position, style: randomStyle(&random))
            }
        }
    }

    /// Renders `steps` random frames and replays each; returns the first failure.
    private func replayRandomFrames(seed: UInt64, steps: Int, colorMode: ColorMode = .trueColor,
                                    synchronizedOutput: Bool = false, resizes: Bool = false) -> String? {
        var random = SeededRandom(seed: seed)
        var buffer = ScreenBuffer(columns: 13, rows: 5)
        var renderer = Renderer(colorMode: colorMode, synchronizedOutput: synchronizedOutput)
        var terminal = ReplayTerminal(columns: buffer.columns, rows: buffer.rows)
        for step in 0..<steps {
            for _ in 0..<Int.random(in: 1...3, using: &random) { update(&buffer, &random) }
            if resizes && Int.random(in: 0..<40, using: &random) == 0 {
                let columns = Int.random(in: 3...16, using: &random), rows = Int.random(in: 1...6, using: &random)
                if columns != buffer.columns || rows != buffer.rows {
                    buffer.resize(columns: columns, rows: rows)
                    terminal.resize(columns: columns, rows: rows)
                }
            }
            if Int.random(in: 0..<200, using: &random) == 0 {
                renderer.invalidate()
                terminal.disturb()
            }
            let cursor = Bool.random(using: &random)
                ? Position(column: Int.random(in: 0..<buffer.columns, using: &random), row: Int.random(in: 0..<buffer.rows, using: &random))
                : nil
            renderer.render(buffer, cursor: cursor)
            terminal.feed(renderer.output)
            let differences = terminal.differences(from: buffer, colorMode: colorMode)
            if !terminal.anomalies.isEmpty || !differences.isEmpty {
                return """
                    seed \(seed), step \(step): anomalies \(terminal.anomalies), \
                    differences \(differences.prefix(3)); frame \(buffer.lines()), screen \(terminal.lines)
                    """
            }
            if let cursor, terminal.cursorColumn != cursor.column || terminal.cursorRow != cursor.row || !terminal.cursorVisible {
                return "seed \(seed), step \(step): cursor at \(terminal.cursorColumn), \(terminal.cursorRow), asked \(cursor)"
            }
            if cursor == nil && terminal.cursorVisible {
                return "seed \(seed), step \(step): cursor visible"
            }
        }
        return nil
    }

    @Test(arguments: [1, 2, 3] as [UInt64])
    func randomFramesReplayExactly(seed: UInt64) {
        #expect(replayRandomFrames(seed: seed, steps: 2_000) == nil)
    }

    @Test func randomFramesReplayExactlyIn256Colors() {
        #expect(replayRandomFrames(seed: 11, steps: 1_000, colorMode: .palette256) == nil)
    }

    @Test func randomFramesReplayExactlyIn16Colors() {
        #expect(replayRandomFrames(seed: 12, steps: 1_000, colorMode: .palette16) == nil)
    }

    @Test func randomFramesReplayExactlyAcrossResizesWithSynchronizedOutput() {
        #expect(replayRandomFrames(seed: 13, steps: 2_000, synchronizedOutput: true, resizes: true) == nil)
    }

    @Test func aChangedFrameOnAWideScreenReplaysExactly() {
        var buffer = ScreenBuffer(columns: 200, rows: 60)
        var random = SeededRandom(seed: 99)
        var renderer = Renderer()
        var terminal = ReplayTerminal(columns: 200, rows: 60)
        for _ in 0..<50 {
            for _ in 0..<20 { update(&buffer, &random) }
            renderer.render(buffer)
            terminal.feed(renderer.output)
        }
        #expect(terminal.anomalies.isEmpty)
        #expect(terminal.differences(from: buffer).isEmpty)
    }
}
