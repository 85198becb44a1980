import Ripple

// TextView: multi-line editable text with a cursor, soft-wrapped at the view's width —
// a TextField of many lines.
//
// The text's lines are wrapped into rows as TextLayout.swift describes: at the view's
// width less one column (the cursor's room at a row's end while editable, the scroll
// indicator's while read-only). The focused, editable view takes typed characters at the
// cursor, Enter (a line break), Backspace and Delete (which join lines at a line's
// edge), Left and Right (through line breaks), Up and Down (a row up or down, keeping
// the column — in display columns, so a cursor after "ab" lands after "中" — through
// a run of Up and Down presses), Page Up and Page Down (a screenful of rows),
// Home and End (the start and end of the line), Ctrl-Home and Ctrl-End (of the text),
// and pastes, which keep their line breaks. Line breaks are stored as "\n" ("\r\n"
// and "\r", as terminals send pastes, become "\n"), a tab as four spaces; other
// control characters are dropped, from typed, pasted and set text alike. The view
// scrolls vertically to keep the cursor in view, never further than the text needs
// (a shortened text slides back); the wheel scrolls it without moving the cursor. A
// left click puts the cursor at the clicked character. Tab is left to the focus chain.
//
// Each user edit sends the whole text on `reactive.continuousTextValues`; setting
// `text` (or binding `reactive.text`) sends nothing and puts the cursor at the end. A
// `maximumLength` (in characters, a line break counting one) stops typing and cuts
// pastes, but does not cut text set by code. With `isEditable` false the view is
// read-only scrollable text: no cursor, and the arrows, pages, Home and End scroll
// it. A read-only view takes the focus only while its text is longer than its
// height (there is something to scroll), and shows a scroll indicator in its last
// column then, bright while focused, instead of turning reversed. An empty view shows
// its placeholder, dim. It is drawn in `style`, by default underlined like a
// TextField, and, while editable, reversed while focused. The last column is kept for
// the cursor (editable) or the scroll indicator (read-only): text wraps before it.

/// Multi-line text, editable or read-only, soft-wrapped at the view's width.
///
/// ```swift
/// let notes = TextView(placeholder: "Notes")
/// notes.sizing = .flexible
/// notes.reactive.text <~ viewModel.savedNotes
/// viewModel.notes <~ notes.reactive.continuousTextValues
/// ```
@MainActor
public final class TextView: Control {
    /// The text; line breaks are "\n". Setting it normalises line breaks, tabs and
    /// control characters (see the type's description), sends nothing and puts
    /// the cursor at the end (a read-only view scrolls back to the top).
    public var text: String {
        get { String(characters) }
        set {
            characters = TextView.normalised(newValue)
            cursorOffset = characters.count
            goalColumn = nil
            if isEditable {
                keepsCursorInView = true
            } else {
                contentOffset = 0
            }
            textChanged()
        }
    }
    /// Shown dim while the text is empty; one row per "\n".
    public var placeholder: String {
        didSet { if placeholder != oldValue { setNeedsLayout() } }
    }
    /// Whether the user may edit the text; when false the view is read-only
    /// scrollable text without a cursor.
    public var isEditable = true {
        didSet {
            guard isEditable != oldValue else { return }
            keepsCursorInView = isEditable
            setNeedsLayout()
        }
    }
    /// The most characters (a line break counting one) the user may type or paste;
    /// `nil` for no limit.
    public var maximumLength: Int?
    /// The look of the text and the view's background; reversed while focused (when
    /// editable) and dim while disabled.
    public var style: Style {
        didSet { if style != oldValue { setNeedsDisplay() } }
    }
    /// Rows scrolled by a notch of the mouse wheel.
    public var wheelScrollRows = 3
    /// The insertion point, in characters from the start of the text.
    public private(set) var cursorOffset: Int
    /// The wrapped rows scrolled above the view's top edge.
    public private(set) var contentOffset = 0

    private var characters: [Character]
    /// The wrapped text, with the width it was wrapped at.
    private var cachedLayout: (width: Int, layout: TextLayout)?
    /// The column Up and Down keep, from the first of a run of them.
    private var goalColumn: Int?
    /// Whether the next draw scrolls the cursor into view.
    private var keepsCursorInView = true
    private let edits = Signal<String, Never>.pipe()

    /// A view holding `text`, showing `placeholder` while empty, in `style`.
    public init(text: String = "", placeholder: String = "", style: Style = Style(attributes: .underline)) {
        self.characters = TextView.normalised(text)
        self.placeholder = placeholder
        self.style = style
        self.cursorOffset = characters.count
        super.init()
        let observer = edits.input
        lifetime.observeEnded { observer.sendCompleted() }
    }

    /// Editable: while enabled. Read-only: while enabled and the text is longer than
    /// the view's height, so that the focus lands only where keys do something.
    public override var canBecomeFocused: Bool {
        guard isEnabled else { return false }
        return isEditable || overflows
    }

    /// Whether the wrapped text has more rows than the view shows.
    private var overflows: Bool {
        frame.rows > 0 && !characters.isEmpty && layout().rows.count > frame.rows
    }

    /// Edits and moves the cursor while editable, scrolls while read-only (see the
    /// type's description); leaves Tab and other keys to the ancestors.
    public override func handleKey(_ event: KeyEvent) -> Bool {
        guard isEnabled else { return false }
        if event.modifiers == .control {
            guard event.key == .home || event.key == .end else { return false }
            if isEditable {
                moveCursor(to: event.key == .home ? 0 : characters.count)
            } else {
                scroll(to: event.key == .home ? 0 : Int.max)
            }
            return true
        }
        guard event.modifiers.isSubset(of: .shift) else { return false }
        return isEditable ? handleEditingKey(event.key) : handleReadingKey(event.key)
    }

    /// Inserts pasted text at the cursor, line breaks kept, as one edit.
    public override func handlePaste(_ text: String) -> Bool {
        guard isEnabled, isEditable else { return false }
        insert(TextView.normalised(text))
        return true
    }

    /// A left click puts the cursor at the clicked character (at the end of the
    /// row when past it, at the end of the text when below it); the wheel scrolls.
    public override func handleMouse(_ event: MouseEvent, at position: Position) -> Bool {
        switch event.kind {
        case .press(.left):
            guard isEnabled, isEditable else { return true }
            let layout = layout()
            let row = contentOffset + max(position.row, 0)
            if row >= layout.rows.count {
                moveCursor(to: characters.count)
            } else {
                moveCursor(to: layout.offset(inRow: row, atColumn: max(position.column, 0)))
            }
            return true
        case .scrollDown:
            scroll(to: contentOffset + wheelScrollRows)
            return true
        case .scrollUp:
            scroll(to: contentOffset - wheelScrollRows)
            return true
        default:
            return false
        }
    }

    private func handleEditingKey(_ key: Key) -> Bool {
        switch key {
        case let .character(character):
            insert(TextView.normalised(String(character)))
        case .enter:
            insert(["\n"])
        case .backspace:
            guard cursorOffset > 0 else { return true }
            characters.remove(at: cursorOffset - 1)
            cursorOffset -= 1
            edited()
        case .delete:
            guard cursorOffset < characters.count else { return true }
            characters.remove(at: cursorOffset)
            edited()
        case .left: moveCursor(to: cursorOffset - 1)
        case .right: moveCursor(to: cursorOffset + 1)
        case .up: moveVertically(by: -1)
        case .down: moveVertically(by: 1)
        case .pageUp:
            scroll(to: contentOffset - pageRows)
            moveVertically(by: -pageRows)
        case .pageDown:
            scroll(to: contentOffset + pageRows)
            moveVertically(by: pageRows)
        case .home:
            moveCursor(to: (characters[..<cursorOffset].lastIndex(of: "\n") ?? -1) + 1)
        case .end:
            moveCursor(to: characters[cursorOffset...].firstIndex(of: "\n") ?? characters.count)
        default:
            return false
        }
        return true
    }

    private func handleReadingKey(_ key: Key) -> Bool {
        switch key {
        case .up: scroll(to: contentOffset - 1)
        case .down: scroll(to: contentOffset + 1)
        case .pageUp: scroll(to: contentOffset - pageRows)
        case .pageDown: scroll(to: contentOffset + pageRows)
        case .home: scroll(to: 0)
        case .end: scroll(to: Int.max)
        default: return false
        }
        return true
    }

    /// The widest line plus a column for the cursor or the scroll indicator, no
    /// wider than the proposal when it offers any width, by the rows the text wraps
    /// into at that width; the placeholder's size while empty.
    public override func sizeThatFits(_ proposal: Size) -> Size {
        let shown = characters.isEmpty ? TextView.normalised(placeholder) : characters
        let cursorRoom = 1
        let widest = shown.split(separator: "\n", omittingEmptySubsequences: false)
            .map { $0.reduce(0) { $0 + $1.displayWidth } }.max() ?? 0
        var columns = widest + cursorRoom
        if proposal.columns > 0 { columns = min(columns, proposal.columns) }
        let rows = TextLayout(shown, width: columns - cursorRoom).rows.count
        return Size(columns: columns, rows: rows)
    }

    /// Draws the rows in view (or the placeholder), first scrolling to keep the
    /// cursor in view after a move or an edit.
    public override func draw(in context: inout DrawingContext) {
        var style = self.style
        if isEditable {
            style = stateStyle(style)
        } else if !isEnabled {
            style.attributes.insert(.dim)
        }
        context.fill(style: style)
        let height = context.size.rows
        guard context.size.columns > 0, height > 0 else { return }
        if characters.isEmpty {
            contentOffset = 0
            var placeholderStyle = style
            placeholderStyle.attributes.insert(.dim)
            let lines = placeholder.split(separator: "\n", omittingEmptySubsequences: false)
            for (row, line) in lines.prefix(height).enumerated() {
                context.put(line, at: Position(column: 0, row: row), style: placeholderStyle)
            }
            return
        }
        let layout = layout()
        if keepsCursorInView && isEditable {
            let row = layout.row(containing: cursorOffset)
            if row < contentOffset { contentOffset = row }
            if row >= contentOffset + height { contentOffset = row - height + 1 }
        }
        keepsCursorInView = false
        contentOffset = min(max(contentOffset, 0), max(layout.rows.count - height, 0))
        for (index, row) in layout.rows[contentOffset..<min(contentOffset + height, layout.rows.count)].enumerated() {
            context.put(String(characters[row.start..<row.end]), at: Position(column: 0, row: index), style: style)
        }
        if !isEditable, layout.rows.count > height {
            drawScrollIndicator(in: &context, contentRows: layout.rows.count)
        }
    }

    /// A track of "│" in the last column with a thumb of "█" whose length and place
    /// are the view's share and place in the text: dim, and bold while focused.
    private func drawScrollIndicator(in context: inout DrawingContext, contentRows: Int) {
        let height = context.size.rows, column = context.size.columns - 1
        let thumb = max(height * height / contentRows, 1)
        let thumbTop = (height - thumb) * contentOffset / max(contentRows - height, 1)
        var track = Style(attributes: .dim), thumbStyle = Style(attributes: .dim)
        if isFocused {
            track = .plain
            thumbStyle = Style(attributes: .bold)
        }
        for line in 0..<height {
            let inThumb = line >= thumbTop && line < thumbTop + thumb
            context.put(inThumb ? "█" : "│", at: Position(column: column, row: line), style: inThumb ? thumbStyle : track)
        }
    }

    /// The insertion point, in the view's coordinates, while editable; `nil`
    /// (no cursor) while read-only.
    public override var cursorPosition: Position? {
        guard isEditable else { return nil }
        guard !characters.isEmpty else { return Position(column: 0, row: 0) }
        let layout = layout()
        let row = layout.row(containing: cursorOffset)
        let column = min(layout.column(of: cursorOffset, inRow: row), max(frame.columns - 1, 0))
        return Position(column: column, row: row - contentOffset)
    }

    /// The edits the user makes, each the whole new text.
    var continuousTextValues: Signal<String, Never> {
        edits.output
    }

    /// The text wrapped at the view's width less the cursor's or the scroll
    /// indicator's column; unwrapped before the view has a width.
    private func layout() -> TextLayout {
        let width = frame.columns == 0 ? Int.max : max(frame.columns - 1, 1)
        if let cachedLayout, cachedLayout.width == width { return cachedLayout.layout }
        let layout = TextLayout(characters, width: width)
        cachedLayout = (width, layout)
        return layout
    }

    /// The rows a page moves: the view's height, at least one.
    private var pageRows: Int {
        max(frame.rows, 1)
    }

    private func insert(_ inserted: [Character]) {
        let room = maximumLength.map { max($0 - characters.count, 0) } ?? inserted.count
        let kept = inserted.prefix(room)
        guard !kept.isEmpty else { return }
        characters.insert(contentsOf: kept, at: cursorOffset)
        cursorOffset += kept.count
        edited()
    }

    private func edited() {
        goalColumn = nil
        keepsCursorInView = true
        textChanged()
        edits.input.send(value: String(characters))
    }

    private func textChanged() {
        cachedLayout = nil
        setNeedsLayout()
    }

    private func moveCursor(to offset: Int) {
        goalColumn = nil
        placeCursor(at: offset)
    }

    private func placeCursor(at offset: Int) {
        cursorOffset = min(max(offset, 0), characters.count)
        keepsCursorInView = true
        setNeedsDisplay()
    }

    /// Moves the cursor `rows` rows up (negative) or down, keeping the goal column;
    /// past the first row it goes to the start of the text, past the last to the
    /// end.
    private func moveVertically(by rows: Int) {
        let layout = layout()
        let row = layout.row(containing: cursorOffset)
        let goal = goalColumn ?? layout.column(of: cursorOffset, inRow: row)
        let target = row + rows
        if target < 0 {
            placeCursor(at: 0)
        } else if target >= layout.rows.count {
            placeCursor(at: characters.count)
        } else {
            placeCursor(at: layout.offset(inRow: target, atColumn: goal))
        }
        goalColumn = goal
    }

    /// Scrolls so that row `row` is the top one, within what the text needs.
    private func scroll(to row: Int) {
        let rows = layout().rows.count
        let offset = min(max(row, 0), max(rows - frame.rows, 0))
        guard offset != contentOffset else { return }
        contentOffset = offset
        setNeedsDisplay()
    }

    /// `text` with "\n" for every line break, four spaces for a tab, and no other
    /// control characters.
    private static func normalised(_ text: some StringProtocol) -> [Character] {
        var characters: [Character] = []
        characters.reserveCapacity(text.utf8.count)
        for character in text {
            switch character {
            case "\n", "\r\n", "\r":
                characters.append("\n")
            case "\t":
                characters.append(contentsOf: "    ")
            default:
                let first = character.unicodeScalars.first!.value
                if first < 0x20 || (0x7F...0x9F).contains(first) { continue }
                characters.append(character)
            }
        }
        return characters
    }
}

/// The binding targets and value streams of a multi-line text view.
extension Reactive where Base: TextView {
    /// Sets the text (without sending on `continuousTextValues`).
    public var text: BindingTarget<String> {
        makeBindingTarget(on: MainActorScheduler()) { $0.text = $1 }
    }

    /// Sets the placeholder.
    public var placeholder: BindingTarget<String> {
        makeBindingTarget(on: MainActorScheduler()) { $0.placeholder = $1 }
    }

    /// Sets whether the user may edit the text.
    public var isEditable: BindingTarget<Bool> {
        makeBindingTarget(on: MainActorScheduler()) { $0.isEditable = $1 }
    }

    /// The text after each edit the user makes; completes when the view is
    /// deinitialised.
    @MainActor
    public var continuousTextValues: Signal<String, Never> {
        base.continuousTextValues
    }
}
