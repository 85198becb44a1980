import Ripple

// TextField: one line of editable text with a cursor.
//
// The focused field takes typed characters (inserted at the cursor), Backspace and
// Delete, Left/Right/Home/End, and pastes (line breaks dropped). Each edit sends the
// new text on `reactive.continuousTextValues`; Enter sends it on
// `reactive.textValues`. Setting `text` (or binding `reactive.text`) sends nothing and
// puts the cursor at the end. A `maximumLength` (in characters) stops typing and
// cuts pastes; it does not cut text set by code. With `isSecureTextEntry`, each
// character shows as "*". An empty field shows its placeholder, dim. The field
// scrolls sideways to keep the cursor in view, never further than the end of the
// text needs (a shortened text slides back); it is underlined, reversed while
// focused, and the window's cursor sits at its insertion point.

/// A single line of editable text.
///
/// ```swift
/// let query = TextField(placeholder: "搜索")
/// viewModel.query <~ query.reactive.continuousTextValues
/// ```
@MainActor
public final class TextField: Control {
    /// The text, without line breaks. Setting a different text puts the cursor at
    /// its end; setting the same text changes nothing (the cursor stays where the
    /// user is editing), so a field can be bound two-way.
    public var text: String {
        get { storage }
        set {
            guard newValue != storage else { return }
            storage = newValue
            cursorOffset = newValue.count
            setNeedsLayout()
        }
    }
    /// Shown dim while the text is empty.
    public var placeholder: String {
        didSet { if placeholder != oldValue { setNeedsLayout() } }
    }
    /// Whether characters show as "*".
    public var isSecureTextEntry = false {
        didSet { if isSecureTextEntry != oldValue { setNeedsDisplay() } }
    }
    /// The most characters the user may type or paste; `nil` for no limit.
    public var maximumLength: Int?
    /// The insertion point, in characters from the start of the text.
    public private(set) var cursorOffset = 0

    private var storage: String
    private var scrollColumn = 0
    private let edits = Signal<String, Never>.pipe()
    private let submissions = Signal<String, Never>.pipe()

    /// A field holding `text`, showing `placeholder` while empty.
    public init(text: String = "", placeholder: String = "") {
        self.storage = text
        self.placeholder = placeholder
        self.cursorOffset = text.count
        super.init()
        let observers = (edits.input, submissions.input)
        lifetime.observeEnded {
            observers.0.sendCompleted()
            observers.1.sendCompleted()
        }
    }

    /// Edits the text on character keys, Backspace and Delete, moves the cursor on
    /// Left, Right, Home and End, and sends the text on Enter.
    public override func handleKey(_ event: KeyEvent) -> Bool {
        guard isEnabled, event.modifiers.isSubset(of: .shift) else { return false }
        switch event.key {
        case let .character(character):
            insert(String(character))
        case .backspace:
            guard cursorOffset > 0 else { return true }
            remove(at: cursorOffset - 1)
            cursorOffset -= 1
            edited()
        case .delete:
            guard cursorOffset < storage.count else { return true }
            remove(at: cursorOffset)
            edited()
        case .left: moveCursor(to: cursorOffset - 1)
        case .right: moveCursor(to: cursorOffset + 1)
        case .home: moveCursor(to: 0)
        case .end: moveCursor(to: storage.count)
        case .enter:
            submissions.input.send(value: storage)
        default:
            return false
        }
        return true
    }

    /// Inserts pasted text at the cursor, without its line breaks.
    public override func handlePaste(_ text: String) -> Bool {
        guard isEnabled else { return false }
        insert(text.filter { $0 != "\r" && $0 != "\n" && $0 != "\r\n" })
        return true
    }

    /// Puts the cursor at the clicked character (after the text when the click is
    /// past its end) on a left click.
    public override func handleMouse(_ event: MouseEvent, at position: Position) -> Bool {
        guard case .press(.left) = event.kind else { return false }
        guard isEnabled else { return true }
        let target = position.column + scrollColumn
        var offset = 0, column = 0
        for character in shown {
            let width = character.displayWidth
            if column + width > target { break }
            column += width
            offset += 1
        }
        moveCursor(to: offset)
        return true
    }

    /// The wider of the text and the placeholder, plus a column for the cursor.
    public override func sizeThatFits(_ proposal: Size) -> Size {
        Size(columns: max(shown.displayWidth, placeholder.displayWidth) + 1, rows: 1)
    }

    /// Draws the visible part of the text (or the placeholder) over the field.
    public override func draw(in context: inout DrawingContext) {
        let style = stateStyle(Style(attributes: .underline))
        context.fill(style: style)
        let width = context.size.columns
        guard width > 0 else { return }
        if storage.isEmpty {
            scrollColumn = 0
            var placeholderStyle = style
            placeholderStyle.attributes.insert(.dim)
            context.put(placeholder, at: Position(column: 0, row: 0), style: placeholderStyle)
            return
        }
        let shown = shown
        let cursorColumn = shown.prefix(cursorOffset).displayWidth
        // Never scrolled further than needed to show the end of the text and the cursor after it.
        scrollColumn = min(scrollColumn, max(shown.displayWidth + 1 - width, 0))
        if cursorColumn < scrollColumn { scrollColumn = cursorColumn }
        if cursorColumn >= scrollColumn + width { scrollColumn = cursorColumn - width + 1 }
        context.put(shown, at: Position(column: -scrollColumn, row: 0), style: style)
    }

    /// The insertion point, in the field's coordinates.
    public override var cursorPosition: Position? {
        let column = storage.isEmpty ? 0 : shown.prefix(cursorOffset).displayWidth - scrollColumn
        return Position(column: column, row: 0)
    }

    /// The text as shown: itself, or a "*" per character when secure.
    private var shown: String {
        isSecureTextEntry ? String(repeating: "*", count: storage.count) : storage
    }

    /// The edits the user makes, each the whole new text.
    var continuousTextValues: Signal<String, Never> {
        edits.output
    }

    /// The text each time the user presses Enter.
    var textValues: Signal<String, Never> {
        submissions.output
    }

    private func insert(_ text: String) {
        let room = maximumLength.map { max($0 - storage.count, 0) } ?? text.count
        let inserted = text.prefix(room)
        guard !inserted.isEmpty else { return }
        let index = storage.index(storage.startIndex, offsetBy: cursorOffset)
        storage.insert(contentsOf: inserted, at: index)
        cursorOffset += inserted.count
        edited()
    }

    private func remove(at offset: Int) {
        storage.remove(at: storage.index(storage.startIndex, offsetBy: offset))
    }

    private func moveCursor(to offset: Int) {
        let clamped = min(max(offset, 0), storage.count)
        guard clamped != cursorOffset else { return }
        cursorOffset = clamped
        setNeedsDisplay()
    }

    private func edited() {
        setNeedsLayout()
        edits.input.send(value: storage)
    }
}

/// The binding targets and value streams of a text field.
extension Reactive where Base: TextField {
    /// Sets the field's text (without sending on `continuousTextValues`).
    public var text: BindingTarget<String> {
        makeBindingTarget(on: MainActorScheduler()) { $0.text = $1 }
    }

    /// Sets the field's placeholder.
    public var placeholder: BindingTarget<String> {
        makeBindingTarget(on: MainActorScheduler()) { $0.placeholder = $1 }
    }

    /// The text after each edit the user makes; completes when the field is
    /// deinitialised.
    @MainActor
    public var continuousTextValues: Signal<String, Never> {
        base.continuousTextValues
    }

    /// The text each time the user presses Enter in the field; completes when the
    /// field is deinitialised.
    @MainActor
    public var textValues: Signal<String, Never> {
        base.textValues
    }
}
