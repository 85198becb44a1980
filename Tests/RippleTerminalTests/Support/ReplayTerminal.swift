// A small VT terminal for the tests: it reads the bytes the renderer writes, on its own
// terms (ECMA-48 / xterm behaviour, not the renderer's code), and keeps the grid they
// draw, so that a test can compare what a terminal would show with the intended frame.
//
// It understands CUP, CUU/CUD/CUF/CUB, CHA, CR, LF, SGR (0–4, 7, 22–24, 27, 30–49 with
// 38/48;5;n and 38/48;2;r;g;b, 90–97, 100–107), EL and ED (erased cells take the SGR
// background), DEC private modes 25 (cursor visibility) and 2026 (ignored). Text is
// placed one grapheme cluster at a time with the library's display width, autowrap
// pending after the last column. It is a grapheme-aware terminal: text that follows the
// last printed cluster with no cursor movement in between extends that cluster when
// Unicode joins them. Anything a careful renderer should never cause — an unknown
// sequence, wrapping, scrolling, a zero-width cluster, joining clusters, a relative move
// while a wrap is pending — is recorded in `anomalies`; half of a wide character left
// alone becomes an `orphan` cell that matches no intended cell.

import RippleTerminal

/// One cell of the replayed grid.
struct ReplayedCell: Equatable {
    enum Kind: Equatable {
        /// A character of `width` columns starts here.
        case character(width: Int)
        /// The right half of the wide character to the left.
        case continuation
        /// Half of a wide character whose other half was overwritten.
        case orphan
    }

    var text: String
    var style: Style
    var kind: Kind

    /// A blank left by an erase with `background`.
    static func erased(_ background: Color) -> ReplayedCell {
        ReplayedCell(text: " ", style: Style(background: background), kind: .character(width: 1))
    }
}

struct ReplayTerminal {
    private(set) var columns: Int
    private(set) var rows: Int
    private(set) var grid: [ReplayedCell]
    private(set) var cursorColumn = 0
    private(set) var cursorRow = 0
    private(set) var cursorVisible = true
    private(set) var anomalies: [String] = []
    private var pendingWrap = false
    private var pen = Style()
    /// The last printed cluster and its cell, while the cursor has not been moved since.
    private var lastPrinted: (text: String, column: Int, row: Int)?
    private var state = ParserState.ground
    private var text: [UInt8] = []

    private enum ParserState {
        case ground
        case escape
        case controlSequence(parameters: [UInt8])
    }

    /// A terminal whose screen starts full of orphan cells, so that only what the
    /// renderer paints can match a frame.
    init(columns: Int, rows: Int) {
        self.columns = columns
        self.rows = rows
        grid = Array(repeating: ReplayedCell(text: "?", style: Style(), kind: .orphan), count: columns * rows)
    }

    /// Changes the size as a terminal window does (the SGR state and cursor visibility
    /// stay); the old content becomes orphans, which only a repaint can clear.
    mutating func resize(columns: Int, rows: Int) {
        var resized = ReplayTerminal(columns: columns, rows: rows)
        resized.pen = pen
        resized.cursorVisible = cursorVisible
        self = resized
    }

    /// Acts as if another program had written to the terminal: the screen becomes
    /// orphans, the SGR state bold red, the cursor visible at the bottom right.
    mutating func disturb() {
        self = ReplayTerminal(columns: columns, rows: rows)
        pen = Style(foreground: .red, attributes: .bold)
        cursorColumn = columns - 1
        cursorRow = rows - 1
    }

    mutating func feed(_ bytes: [UInt8]) {
        for byte in bytes { consume(byte) }
        flushText()
    }

    /// The rows as text (continuations add nothing, orphans show as `?`), trailing
    /// spaces dropped.
    var lines: [String] {
        (0..<rows).map { row in
            var line = ""
            for cell in grid[row * columns..<(row + 1) * columns] where cell.kind != .continuation {
                line += cell.text
            }
            while line.last == " " { line.removeLast() }
            return line
        }
    }

    /// Where the replayed grid differs from `frame` (colours as `colorMode` shows
    /// them), one line per cell; empty when the terminal shows exactly the frame.
    func differences(from frame: ScreenBuffer, colorMode: ColorMode = .trueColor) -> [String] {
        guard frame.columns == columns, frame.rows == rows else {
            return ["size \(columns)×\(rows), frame \(frame.columns)×\(frame.rows)"]
        }
        var differences: [String] = []
        for row in 0..<rows {
            for column in 0..<columns {
                let cell = frame[column, row]
                let expected = ReplayedCell(
                    text: String(cell.grapheme),
                    style: colorMode.resolve(cell.style),
                    kind: cell.isContinuation ? .continuation : .character(width: cell.width))
                let actual = grid[row * columns + column]
                let textMatches = cell.isContinuation || actual.text == expected.text
                if !textMatches || actual.style != expected.style || actual.kind != expected.kind {
                    differences.append("(\(column), \(row)): shows \(actual), frame has \(expected)")
                }
            }
        }
        return differences
    }

    // MARK: Parsing

    private mutating func consume(_ byte: UInt8) {
        switch state {
        case .ground:
            if byte >= 0x20 && byte != 0x7F {
                text.append(byte)
                return
            }
            flushText()
            switch byte {
            case 0x1B: state = .escape
            case 0x0D: carriageReturn()
            case 0x0A: lineFeed()
            default: anomalies.append("control character \(byte)")
            }
        case .escape:
            if byte == 0x5B {
                state = .controlSequence(parameters: [])
            } else {
                anomalies.append("escape sequence ESC \(byte)")
                state = .ground
            }
        case .controlSequence(var parameters):
            if byte >= 0x20 && byte <= 0x3F {
                parameters.append(byte)
                state = .controlSequence(parameters: parameters)
            } else {
                state = .ground
                controlSequence(parameters, final: byte)
            }
        }
    }

    private mutating func controlSequence(_ raw: [UInt8], final: UInt8) {
        let isPrivate = raw.first == UInt8(ascii: "?")
        let parameters = String(decoding: isPrivate ? raw.dropFirst() : raw[...], as: UTF8.self)
            .split(separator: ";", omittingEmptySubsequences: false)
            .map { Int($0) }
        let first = parameters.first.flatMap { $0 } ?? 0
        let count = max(first, 1)
        if isPrivate {
            privateMode(first, set: final == UInt8(ascii: "h"), final: final)
            return
        }
        switch final {
        case UInt8(ascii: "H"), UInt8(ascii: "f"):
            let row = parameters.first.flatMap { $0 } ?? 1
            let column = parameters.count > 1 ? parameters[1] ?? 1 : 1
            moveCursor(column: max(column, 1) - 1, row: max(row, 1) - 1)
        case UInt8(ascii: "A"): relativeMove(columns: 0, rows: -count)
        case UInt8(ascii: "B"): relativeMove(columns: 0, rows: count)
        case UInt8(ascii: "C"): relativeMove(columns: count, rows: 0)
        case UInt8(ascii: "D"): relativeMove(columns: -count, rows: 0)
        case UInt8(ascii: "G"): moveCursor(column: count - 1, row: cursorRow)
        case UInt8(ascii: "J"): eraseInDisplay(first)
        case UInt8(ascii: "K"): eraseInLine(first)
        case UInt8(ascii: "m"): selectGraphicRendition(parameters.map { $0 ?? 0 })
        default: anomalies.append("control sequence \(parameters) \(Character(Unicode.Scalar(final)))")
        }
    }

    private mutating func privateMode(_ mode: Int, set: Bool, final: UInt8) {
        guard final == UInt8(ascii: "h") || final == UInt8(ascii: "l") else {
            anomalies.append("private sequence \(mode) \(final)")
            return
        }
        switch mode {
        case 25: cursorVisible = set
        case 2026: break
        default: anomalies.append("private mode \(mode)")
        }
    }

    // MARK: SGR

    private mutating func selectGraphicRendition(_ parameters: [Int]) {
        var rest = parameters[...]
        while let parameter = rest.popFirst() {
            switch parameter {
            case 0: pen = Style()
            case 1: pen.attributes.insert(.bold)
            case 2: pen.attributes.insert(.dim)
            case 3: pen.attributes.insert(.italic)
            case 4: pen.attributes.insert(.underline)
            case 7: pen.attributes.insert(.reverse)
            case 22: pen.attributes.subtract([.bold, .dim])
            case 23: pen.attributes.remove(.italic)
            case 24: pen.attributes.remove(.underline)
            case 27: pen.attributes.remove(.reverse)
            case 30...37: pen.foreground = .indexed(UInt8(parameter - 30))
            case 38: pen.foreground = extendedColor(&rest)
            case 39: pen.foreground = .default
            case 40...47: pen.background = .indexed(UInt8(parameter - 40))
            case 48: pen.background = extendedColor(&rest)
            case 49: pen.background = .default
            case 90...97: pen.foreground = .indexed(UInt8(parameter - 90 + 8))
            case 100...107: pen.background = .indexed(UInt8(parameter - 100 + 8))
            default: anomalies.append("SGR \(parameter)")
            }
        }
    }

    private mutating func extendedColor(_ rest: inout ArraySlice<Int>) -> Color {
        switch rest.popFirst() {
        case 5:
            if let index = rest.popFirst(), (0...255).contains(index) { return .indexed(UInt8(index)) }
        case 2:
            let channels = rest.prefix(3)
            rest = rest.dropFirst(3)
            if channels.count == 3, channels.allSatisfy({ (0...255).contains($0) }) {
                let values = channels.map(UInt8.init)
                return .rgb(values[0], values[1], values[2])
            }
        default:
            break
        }
        anomalies.append("malformed extended colour")
        return .default
    }

    // MARK: Cursor

    private mutating func moveCursor(column: Int, row: Int) {
        cursorColumn = min(max(column, 0), columns - 1)
        cursorRow = min(max(row, 0), rows - 1)
        pendingWrap = false
        lastPrinted = nil
    }

    private mutating func relativeMove(columns deltaColumns: Int, rows deltaRows: Int) {
        if pendingWrap { anomalies.append("relative move while a wrap is pending") }
        moveCursor(column: cursorColumn + deltaColumns, row: cursorRow + deltaRows)
    }

    private mutating func carriageReturn() {
        moveCursor(column: 0, row: cursorRow)
    }

    private mutating func lineFeed() {
        if pendingWrap { anomalies.append("line feed while a wrap is pending") }
        if cursorRow == rows - 1 {
            anomalies.append("scrolled")
            scrollUp()
            moveCursor(column: cursorColumn, row: cursorRow)
        } else {
            moveCursor(column: cursorColumn, row: cursorRow + 1)
        }
    }

    private mutating func scrollUp() {
        grid.removeFirst(columns)
        grid.append(contentsOf: Array(repeating: .erased(pen.background), count: columns))
    }

    // MARK: Erasing

    private mutating func eraseInDisplay(_ mode: Int) {
        let here = cursorRow * columns + cursorColumn
        switch mode {
        case 0: erase(here..<grid.count)
        case 1: erase(0..<here + 1)
        case 2: erase(0..<grid.count)
        default: anomalies.append("ED \(mode)")
        }
    }

    private mutating func eraseInLine(_ mode: Int) {
        let start = cursorRow * columns
        switch mode {
        case 0: erase(start + cursorColumn..<start + columns)
        case 1: erase(start..<start + cursorColumn + 1)
        case 2: erase(start..<start + columns)
        default: anomalies.append("EL \(mode)")
        }
    }

    private mutating func erase(_ range: Range<Int>) {
        orphanHalves(outside: range)
        for index in range { grid[index] = .erased(pen.background) }
    }

    /// Turns the halves of wide characters that `range` (within one row, or whole
    /// rows) cuts but does not cover into orphans.
    private mutating func orphanHalves(outside range: Range<Int>) {
        guard !range.isEmpty else { return }
        if grid[range.lowerBound].kind == .continuation, range.lowerBound % columns > 0 {
            grid[range.lowerBound - 1].kind = .orphan
        }
        let last = range.upperBound - 1
        if grid[last].kind == .character(width: 2), last % columns < columns - 1 {
            grid[last + 1].kind = .orphan
        }
    }

    // MARK: Text

    private mutating func flushText() {
        guard !text.isEmpty else { return }
        let chunk = String(decoding: text, as: UTF8.self)
        text.removeAll()
        var clusters = Array(chunk)[...]
        if let last = lastPrinted {
            let joined = Array(last.text + chunk)
            if String(joined[0]) != last.text {
                anomalies.append("\(last.text.unicodeScalars.map(\.value)) joined the text after it")
                moveCursor(column: last.column, row: last.row)
                clusters = joined[...]
            } else {
                clusters = joined.dropFirst()
            }
        }
        for cluster in clusters { place(cluster) }
    }

    private mutating func place(_ cluster: Character) {
        let width = cluster.displayWidth
        guard width > 0 else {
            anomalies.append("zero-width cluster \(cluster.unicodeScalars.map(\.value))")
            return
        }
        if pendingWrap {
            anomalies.append("text wrapped past the last column")
            wrap()
        }
        if cursorColumn + width > columns {
            anomalies.append("a wide character wrapped at the right edge")
            erase(cursorRow * columns + cursorColumn..<(cursorRow + 1) * columns)
            wrap()
        }
        let index = cursorRow * columns + cursorColumn
        orphanHalves(outside: index..<index + width)
        grid[index] = ReplayedCell(text: String(cluster), style: pen, kind: .character(width: width))
        if width == 2 { grid[index + 1] = ReplayedCell(text: " ", style: pen, kind: .continuation) }
        lastPrinted = (String(cluster), cursorColumn, cursorRow)
        if cursorColumn + width == columns {
            cursorColumn = columns - 1
            pendingWrap = true
        } else {
            cursorColumn += width
        }
    }

    private mutating func wrap() {
        pendingWrap = false
        cursorColumn = 0
        if cursorRow == rows - 1 {
            anomalies.append("scrolled")
            scrollUp()
        } else {
            cursorRow += 1
        }
    }
}
