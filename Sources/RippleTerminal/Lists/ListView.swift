import Ripple

// ListView: a scrolling, selectable list of identifiable items in sections, with
// reused rows — the terminal's UITableView, bound the ReactiveCocoa way.
//
// Only what shows is built. Rows all have one height (`rowHeight` lines, so one
// item may take several lines) and a section's header takes one line, so
// `ListLayout` places everything by arithmetic over one prefix array per section,
// and layout walks only the lines on screen: it takes back the rows whose items
// left the screen and gives their views to the items that came in, building a new
// row only when none is free. The rows in use plus the free ones never outnumber
// the most that one screen of the list has needed, whether it holds ten items or
// 100,000, and a page scroll costs the rows on that page. Rows are subviews only while in use, and
// draw themselves; the list draws headers, the placeholder of an empty list and
// the scroll indicator, then the selection over the rows (reversed while the list
// is focused, underlined otherwise). A focused list with items always has a selection:
// taking the focus, or getting items while focused, selects the first item, so the
// first key acts on something.
//
// Items are matched by `id` across updates (`ListDiff`): the selected item stays
// selected wherever it moves, the item at the top of the screen stays at the top
// (unless the list was scrolled to its very top, where it stays, so items inserted
// above show), and an item that stays on screen keeps its row. A row is configured
// again only when its item's value changed (not `==` for an Equatable item, not
// the same object for a class, any update otherwise). If the selected item is
// deleted, the item that took its place (else the new last item) is selected.
//
// The keyboard drives everything: Up and Down move the selection, PageUp and
// PageDown by a screenful (the selection keeps its place on screen), Home and End
// to the ends, and the list scrolls to keep the selection in view; Enter activates
// the selected item. A left click selects the row under it (the window has
// already focused the list), a click on the selected row activates it, and the
// wheel scrolls three lines a notch without moving the selection. A row's
// `isVisible` follows what the renders drew: after each render the window tells
// the list whether it was drawn and where, and the list sets its rows' `isVisible`
// then, outside layout and drawing.

/// A vertical list of items in sections, built lazily from reusable rows, with a
/// keyboard and mouse driven selection.
///
/// ```swift
/// let list = ListView(rowHeight: 2, makeRow: PhotoRow.init) { row, photo in
///     row.reactive.untilReuse(\.title.text) <~ photo.title
///     photo.isVisible <~ row.isVisible.producer.take(during: row.reuseLifetime)
/// }
/// list.sizing = .flexible
/// list.reactive.items <~ viewModel.searchResults
/// viewModel.open <~ list.reactive.activations
/// ```
///
/// Rows hold views that show (labels); the list takes the keys. A focusable control
/// in a row would join the window's focus chain.
@MainActor
public final class ListView<Item: Identifiable, Row: ListRow>: Control, ListViewProtocol {
    /// The sections shown. Setting them applies the change by item `id`
    /// (``apply(_:)``), keeping the selection, the scroll position and the rows of
    /// the items that stay.
    public var sections: [ListSection<Item>] {
        get { content }
        set { apply(newValue) }
    }

    /// All the items, top to bottom (gathered from the sections, in O(n)). Setting
    /// them shows one section with no header, as ``sections`` does.
    public var items: [Item] {
        get { content.flatMap(\.items) }
        set { apply([ListSection(items: newValue)]) }
    }

    /// The lines each row takes (at least 1).
    public var rowHeight: Int {
        get { layout.rowHeight }
        set {
            guard max(newValue, 1) != layout.rowHeight else { return }
            layout = Self.layout(of: content, rowHeight: newValue)
            keepSelectionVisible()
            setNeedsLayout()
        }
    }

    /// The first line of the content shown at the top of the list, from 0 to the
    /// content's height less the list's.
    public var contentOffset: Int {
        get { offset }
        set {
            let clamped = clampedOffset(newValue)
            guard clamped != offset else { return }
            offset = clamped
            setNeedsLayout()
        }
    }

    /// The path of the selected item, if any.
    public var selectedIndexPath: ListIndexPath? {
        selection.map(layout.indexPath(ofFlatIndex:))
    }

    /// The selected item, if any.
    public var selectedItem: Item? {
        selectedIndexPath.map(item(at:))
    }

    /// Shown dim at the top of a list with no items; empty for nothing.
    public var placeholder: String {
        didSet { if placeholder != oldValue { setNeedsDisplay() } }
    }

    /// The look of section headers.
    public var headerStyle = Style(attributes: .bold) {
        didSet { if headerStyle != oldValue { setNeedsDisplay() } }
    }

    /// Added to the selected row's cells while the list is focused.
    public var selectionAttributes: Style.Attributes = .reverse {
        didSet { if selectionAttributes != oldValue { setNeedsDisplay() } }
    }

    /// Added to the selected row's cells while the list is not focused.
    public var inactiveSelectionAttributes: Style.Attributes = .underline {
        didSet { if inactiveSelectionAttributes != oldValue { setNeedsDisplay() } }
    }

    /// Whether a one-column scroll indicator shows at the right edge while the
    /// content is taller than the list; rows then are one column narrower.
    public var showsScrollIndicator = true {
        didSet { if showsScrollIndicator != oldValue { setNeedsLayout() } }
    }

    /// The number of items in all sections.
    public var itemCount: Int {
        layout.itemCount
    }

    /// The number of lines of all sections.
    public var contentHeight: Int {
        layout.contentHeight
    }

    // MARK: State

    private let makeRow: @MainActor () -> Row
    private let configure: @MainActor (Row, Item) -> Void
    /// Whether an item's new value shows like its old one (no need to configure
    /// its row again).
    private let showsSame: (Item, Item) -> Bool

    private var content: [ListSection<Item>] = []
    var layout = ListLayout.empty
    /// The key of each item, by flat offset, and each key's flat offset.
    private var keys: [ItemKey<Item.ID>] = []
    private var offsetsByKey: [ItemKey<Item.ID>: Int] = [:]
    /// Counts updates, so that a row compares its item only once per update.
    private var generation = 0
    private var offset = 0
    /// The selected item's flat offset.
    var selection: Int?
    /// Whether the next layout scrolls to the selection (asked for before the
    /// list had a height).
    private var showsSelectionAtLayout = false

    /// A row in use: the row, the item it shows and the update it was last
    /// compared with.
    private struct Slot {
        let row: Row
        var item: Item
        var generation: Int
    }

    /// What the rows were last placed for: a layout pass with the same needs
    /// nothing (a window lays out the whole tree whenever any view asks).
    private struct LayoutState: Equatable {
        let frame: Rect
        let offset: Int
        let generation: Int
        let selection: Int?
        let rowHeight: Int
        let showsIndicator: Bool
    }

    private var laidOut: LayoutState?
    private var slots: [ItemKey<Item.ID>: Slot] = [:]
    private var freeRows: [Row] = []
    /// The headers on screen: title and line.
    private var visibleHeaders: [(title: String, line: Int)] = []
    /// The part of the list the last render drew, in window coordinates.
    private var drawnClip: Rect?

    private let selectionPipe = Signal<Item, Never>.pipe()
    private let activationPipe = Signal<Item, Never>.pipe()

    // MARK: Making a list

    /// A list whose rows `makeRow` builds (only as many as fit on screen) and
    /// `configure` fills in for an item; each row takes `rowHeight` lines.
    ///
    /// `configure` runs when a row starts showing an item, and again when the
    /// item's value changes; bind per-item streams so that they end on reuse, with
    /// `row.reactive.untilReuse` or `take(during: row.reuseLifetime)` (see
    /// ``ListRow``).
    public init(rowHeight: Int = 1, placeholder: String = "",
                makeRow: @escaping @MainActor () -> Row,
                configure: @escaping @MainActor (Row, Item) -> Void) {
        self.makeRow = makeRow
        self.configure = configure
        self.placeholder = placeholder
        self.showsSame = Self.sameness()
        super.init()
        layout = ListLayout(rowHeight: rowHeight, sections: [])
        let observers = (selectionPipe.input, activationPipe.input)
        lifetime.observeEnded {
            observers.0.sendCompleted()
            observers.1.sendCompleted()
        }
    }

    /// A list of one-line text rows showing `text(item)`.
    ///
    /// ```swift
    /// let history = ListView(placeholder: "No searches yet") { (search: PreviousSearch) in
    ///     "\(search.text) (\(search.totalResults))"
    /// }
    /// ```
    public convenience init(rowHeight: Int = 1, placeholder: String = "",
                            text: @escaping @MainActor (Item) -> String) where Row == TextRow {
        self.init(rowHeight: rowHeight, placeholder: placeholder, makeRow: TextRow.init) { row, item in
            row.textLabel.text = text(item)
        }
    }

    /// The list itself, for the `reactive` extensions.
    public var listView: ListView<Item, Row> {
        self
    }

    // MARK: Items

    /// The item at `indexPath`, which must name one.
    public func item(at indexPath: ListIndexPath) -> Item {
        precondition(layout.contains(indexPath), "index path \(indexPath) outside the list")
        return content[indexPath.section].items[indexPath.row]
    }

    /// The path of the item with `id`, if the list holds it (its first occurrence).
    public func indexPath(of id: Item.ID) -> ListIndexPath? {
        offsetsByKey[ItemKey(id: id, ordinal: 0)].map(layout.indexPath(ofFlatIndex:))
    }

    /// The row showing the item at `indexPath`, if it is on screen: UIKit's
    /// `cellForRow(at:)`.
    public func row(at indexPath: ListIndexPath) -> Row? {
        guard layout.contains(indexPath) else { return nil }
        return slots[keys[layout.flatIndex(of: indexPath)]]?.row
    }

    /// The paths of the items whose rows are in use, top to bottom: UIKit's
    /// `indexPathsForVisibleRows`.
    public var indexPathsForVisibleRows: [ListIndexPath] {
        slots.keys.compactMap { offsetsByKey[$0] }.sorted().map(layout.indexPath(ofFlatIndex:))
    }

    /// Shows `sections`, matching their items to the ones shown by `id`: the
    /// selection follows its item, the top item stays at the top, and rows stay
    /// with their items. Returns the changes, UIKit's batch-update vocabulary
    /// over the items of all sections in order.
    @discardableResult
    public func apply(_ sections: [ListSection<Item>]) -> ListDiff {
        let anchor = topAnchor()
        let selectedKey = selection.map { keys[$0] }
        let oldKeys = keys, oldOffsets = offsetsByKey
        content = sections
        layout = Self.layout(of: sections, rowHeight: layout.rowHeight)
        keys = ItemKey.keys(of: sections.lazy.flatMap(\.items).map(\.id))
        offsetsByKey = ItemKey.index(of: keys)
        generation += 1
        let diff = ListDiff(from: oldKeys, indexed: oldOffsets, to: keys, indexed: offsetsByKey)

        if let selectedKey, let old = selection {
            selection = offsetsByKey[selectedKey] ?? (itemCount > 0 ? min(old, itemCount - 1) : nil)
        }
        if let anchor {
            offset = clampedOffset(restoredOffset(anchor, oldKeys: oldKeys))
        } else {
            offset = clampedOffset(offset)
        }
        setNeedsLayout()
        selectFirstItemIfFocused()
        return diff
    }

    /// Selects the item at `indexPath` (`nil` to select nothing) and, with
    /// `scrollToVisible`, scrolls to show it; sends nothing on
    /// `reactive.selections`, as selections made by code never do.
    public func selectItem(at indexPath: ListIndexPath?, scrollToVisible: Bool = true) {
        if let indexPath { precondition(layout.contains(indexPath), "index path \(indexPath) outside the list") }
        setSelection(indexPath.map(layout.flatIndex(of:)), scrollToVisible: scrollToVisible)
    }

    /// Selects the item with `id` and scrolls to show it, or selects nothing when
    /// the list does not hold it; sends nothing on `reactive.selections`.
    public func selectItem(withID id: Item.ID?) {
        setSelection(id.flatMap { offsetsByKey[ItemKey(id: $0, ordinal: 0)] }, scrollToVisible: true)
    }

    /// Scrolls as little as needed to show the whole row at `indexPath` (and its
    /// section's header, for a first row).
    public func scrollToItem(at indexPath: ListIndexPath) {
        precondition(layout.contains(indexPath), "index path \(indexPath) outside the list")
        scrollToShow(layout.flatIndex(of: indexPath))
    }

    /// The items the user selects (moving with the keys, clicking); see
    /// `reactive.selections`.
    var selections: Signal<Item, Never> {
        selectionPipe.output
    }

    /// The items the user activates; see `reactive.activations`.
    var activations: Signal<Item, Never> {
        activationPipe.output
    }

    // MARK: Selection and scrolling, for the input handlers

    /// Selects the item at flat offset `index` for the user: sends it on
    /// `selections` if the selection changed, and scrolls to show it.
    func userSelect(_ index: Int) {
        let changed = index != selection
        setSelection(index, scrollToVisible: true)
        if changed { selectionPipe.input.send(value: item(atFlatIndex: index)) }
    }

    /// Taking the focus with nothing selected selects the first item (sent on
    /// `reactive.selections`, as the user's move), so that the first key acts on it.
    public override func didBecomeFocused() {
        selectFirstItemIfFocused()
    }

    /// A focused list with items always has a selection: the first item when it
    /// gets the focus, or its first items, with none selected.
    private func selectFirstItemIfFocused() {
        if isFocused, selection == nil, itemCount > 0 { userSelect(0) }
    }

    /// Sends the selected item on `activations`.
    func activateSelection() {
        guard let selection else { return }
        activationPipe.input.send(value: item(atFlatIndex: selection))
    }

    /// The item at flat offset `index`.
    func item(atFlatIndex index: Int) -> Item {
        item(at: layout.indexPath(ofFlatIndex: index))
    }

    private func setSelection(_ index: Int?, scrollToVisible: Bool) {
        if index != selection {
            selection = index
            setNeedsLayout()
        }
        if scrollToVisible, let index { scrollToShow(index) }
    }

    /// Scrolls as little as needed to show the whole row at flat offset `index`,
    /// with its section's header when it is the section's first row (the row's top
    /// when it is taller than the list). Before the list has a height, the
    /// selection is shown at the next layout instead.
    func scrollToShow(_ index: Int) {
        guard frame.rows > 0 else {
            showsSelectionAtLayout = index == selection
            return
        }
        let indexPath = layout.indexPath(ofFlatIndex: index)
        let line = layout.line(of: indexPath)
        let top = indexPath.row == 0 ? line - layout.headerHeight(ofSection: indexPath.section) : line
        let bottom = line + layout.rowHeight
        if top < offset {
            contentOffset = top
        } else if bottom > offset + frame.rows {
            contentOffset = layout.rowHeight > frame.rows ? line : bottom - frame.rows
        }
    }

    /// Keeps the selection in view after a change of geometry.
    private func keepSelectionVisible() {
        offset = clampedOffset(offset)
        if let selection { scrollToShow(selection) }
    }

    /// The flat offset of the first item whose row starts on screen (or of the
    /// row cut by the top edge, if none does); `nil` when the list is empty.
    func firstItemInView() -> Int? {
        let rows = layout.elements(in: offset..<offset + max(frame.rows, 1)).compactMap { entry -> (Int, Int)? in
            guard case let .row(_, flatIndex) = entry.element else { return nil }
            return (flatIndex, entry.firstLine)
        }
        return rows.first { $0.1 >= offset }?.0 ?? rows.first?.0 ?? (itemCount > 0 ? 0 : nil)
    }

    /// The content offset clamped to what the list's current height allows.
    func clampedOffset(_ value: Int) -> Int {
        min(max(value, 0), max(layout.contentHeight - frame.rows, 0))
    }

    // MARK: Keeping the top item at the top

    /// The item shown at the top and how many lines of the content lie above its
    /// first line at the top of the screen (negative when its section's header
    /// shows above it); `nil` at the very top, or with no item there.
    private func topAnchor() -> (key: ItemKey<Item.ID>, flatIndex: Int, shift: Int)? {
        guard offset > 0, let (element, firstLine) = layout.element(atLine: offset) else { return nil }
        switch element {
        case let .row(_, flatIndex):
            return (keys[flatIndex], flatIndex, offset - firstLine)
        case let .header(section):
            guard layout.itemCount(inSection: section) > 0 else { return nil }
            let first = layout.flatIndex(of: ListIndexPath(row: 0, section: section))
            return (keys[first], first, -layout.headerHeight(ofSection: section))
        }
    }

    /// The offset that puts the anchor item back at the top, or the first item
    /// after it that is still there; the old offset if none is.
    private func restoredOffset(_ anchor: (key: ItemKey<Item.ID>, flatIndex: Int, shift: Int),
                                oldKeys: [ItemKey<Item.ID>]) -> Int {
        if let index = offsetsByKey[anchor.key] {
            return layout.line(of: layout.indexPath(ofFlatIndex: index)) + anchor.shift
        }
        for key in oldKeys[(anchor.flatIndex + 1)...] {
            if let index = offsetsByKey[key] { return layout.line(of: layout.indexPath(ofFlatIndex: index)) }
        }
        return offset
    }

    // MARK: Layout and drawing

    /// The content's height, clamped to `proposal`'s rows, by `proposal`'s
    /// columns; a line for the placeholder of an empty list.
    public override func sizeThatFits(_ proposal: Size) -> Size {
        let placeholderLines = itemCount == 0 && !placeholder.isEmpty ? 1 : 0
        return Size(columns: proposal.columns, rows: min(layout.contentHeight + placeholderLines, proposal.rows))
    }

    /// Places a row over each item on screen, taking back the rows of the items
    /// that left it and building rows only when none is free.
    public override func layoutSubviews() {
        offset = clampedOffset(offset)
        if showsSelectionAtLayout, frame.rows > 0 {
            showsSelectionAtLayout = false
            if let selection { scrollToShow(selection) }
        }
        let state = LayoutState(frame: frame, offset: offset, generation: generation, selection: selection,
                                rowHeight: layout.rowHeight, showsIndicator: showsIndicator)
        guard state != laidOut else { return }
        laidOut = state
        let width = frame.columns - (showsIndicator ? 1 : 0)
        var shown: [(key: ItemKey<Item.ID>, flatIndex: Int, item: Item, line: Int)] = []
        visibleHeaders = []
        for (element, line) in layout.elements(in: offset..<offset + frame.rows) {
            switch element {
            case let .header(section):
                visibleHeaders.append((content[section].title ?? "", line))
            case let .row(indexPath, flatIndex):
                shown.append((keys[flatIndex], flatIndex, content[indexPath.section].items[indexPath.row], line))
            }
        }
        let shownKeys = Set(shown.lazy.map(\.key))
        for key in slots.keys.filter({ !shownKeys.contains($0) }) {
            guard let slot = slots.removeValue(forKey: key) else { continue }
            slot.row.endReuseLifetime()
            slot.row.removeFromSuperview()
            freeRows.append(slot.row)
        }
        for entry in shown {
            let row: Row
            if var slot = slots[entry.key] {
                row = slot.row
                if slot.generation != generation {
                    if !showsSame(slot.item, entry.item) {
                        row.endReuseLifetime()
                        configure(row, entry.item)
                    }
                    slot.item = entry.item
                    slot.generation = generation
                    slots[entry.key] = slot
                }
            } else {
                row = freeRows.popLast() ?? makeRow()
                slots[entry.key] = Slot(row: row, item: entry.item, generation: generation)
                addSubview(row)
                configure(row, entry.item)
            }
            row.frame = Rect(column: frame.column, row: frame.row + entry.line - offset,
                             columns: width, rows: layout.rowHeight)
            row.isSelected = entry.flatIndex == selection
        }
    }

    /// Whether the scroll indicator shows: enabled, content taller than the
    /// list, and room for a row beside it.
    var showsIndicator: Bool {
        showsScrollIndicator && layout.contentHeight > frame.rows && frame.columns > 1
    }

    /// Draws the headers on screen, the placeholder of an empty list, and the
    /// scroll indicator; rows draw themselves.
    public override func draw(in context: inout DrawingContext) {
        drawnClip = context.clip
        let width = context.size.columns - (showsIndicator ? 1 : 0)
        for header in visibleHeaders {
            context.fill(Rect(column: 0, row: header.line - offset, columns: width, rows: 1), style: headerStyle)
            context.put(header.title.truncated(toColumns: width), at: Position(column: 0, row: header.line - offset),
                        style: headerStyle)
        }
        if itemCount == 0, !placeholder.isEmpty {
            context.put(placeholder.truncated(toColumns: width), at: Position(column: 0, row: layout.contentHeight - offset),
                        style: Style(attributes: .dim))
        }
        if showsIndicator { drawScrollIndicator(in: &context) }
    }

    /// A track of "│" with a thumb of "█" whose length and place are the screen's
    /// share and place in the content.
    private func drawScrollIndicator(in context: inout DrawingContext) {
        let height = frame.rows, column = frame.columns - 1
        let thumb = max(height * height / max(layout.contentHeight, 1), 1)
        let range = max(layout.contentHeight - height, 1)
        let thumbTop = (height - thumb) * offset / range
        for line in 0..<height {
            let inThumb = line >= thumbTop && line < thumbTop + thumb
            context.put(inThumb ? "█" : "│", at: Position(column: column, row: line),
                        style: inThumb ? .plain : Style(attributes: .dim))
        }
    }

    /// Marks the selected row over what it drew — `selectionAttributes` while the
    /// list is focused, `inactiveSelectionAttributes` otherwise — and dims the list
    /// while it is disabled.
    override func drawOverSubviews(in context: inout DrawingContext) {
        if let selection, let row = slots[keys[selection]]?.row {
            let local = Rect(column: row.frame.column - frame.column, row: row.frame.row - frame.row,
                             columns: row.frame.columns, rows: row.frame.rows)
            context.addAttributes(isFocused ? selectionAttributes : inactiveSelectionAttributes, to: local)
        }
        if !isEnabled { context.addAttributes(.dim) }
    }

    /// Moves the selection on Up, Down, PageUp, PageDown, Home and End, and
    /// activates the selected item on Enter.
    public override func handleKey(_ event: KeyEvent) -> Bool {
        handleListKey(event)
    }

    /// Selects the row under a left click, or activates it if it is already
    /// selected; scrolls three lines a notch of the wheel.
    public override func handleMouse(_ event: MouseEvent, at position: Position) -> Bool {
        handleListMouse(event, at: position)
    }

    override var observesRenders: Bool {
        true
    }

    /// Sets each row's `isVisible`: whether this render drew the list and the
    /// part of it it drew holds the row.
    override func windowDidRender(drawing drawn: Bool) {
        let clip = drawn ? drawnClip : nil
        for slot in slots.values {
            slot.row.setVisible(clip.map { !$0.intersection(slot.row.frame).isEmpty } ?? false)
        }
    }

    // MARK: Helpers

    private static func layout(of sections: [ListSection<Item>], rowHeight: Int) -> ListLayout {
        ListLayout(rowHeight: rowHeight, sections: sections.map { ($0.title != nil, $0.items.count) })
    }

    /// How to tell that an item's new value needs no new configuration: `==` for
    /// an Equatable item, the same object for a class, never otherwise.
    private static func sameness() -> (Item, Item) -> Bool {
        if let equatable = Item.self as? any Equatable.Type {
            return equality(of: equatable)
        }
        if Item.self is AnyObject.Type {
            return { ($0 as AnyObject) === ($1 as AnyObject) }
        }
        return { _, _ in false }
    }

    private static func equality<Value: Equatable>(of type: Value.Type) -> (Item, Item) -> Bool {
        { old, new in (old as? Value) == (new as? Value) }
    }
}
