import Ripple

// GridView: a wall of same-sized cells that scrolls vertically — the 500px photo
// gallery's view.
//
// Items are `Identifiable`. The grid builds cells only for the items in view (see
// GridLayout.swift for where they go), each by calling `makeCell` once, then
// `configure(cell, item)`; cells scrolled out are kept in a pool and configured again
// for the items that scroll in, so however many items there are, the grid holds about
// a screenful of cells (see GridCell.swift for a cell's stints, `reuseLifetime` and
// `isVisible`). Cells are managed when the window lays the grid out, once per render.
//
// The selection is one item, kept by id: new items (`items`, `reactive.items`) keep
// it on the same id wherever it moved; if that item is gone, the item now at its
// index (or the last) is selected; the first item is selected when items arrive and
// nothing is. Visible cells whose item keeps its id (and, when `Item` is `Equatable`,
// its value) keep their stint and move with it; the others end theirs. The focused
// grid takes arrows (Left and Right step through the items in order, Up and Down go
// to the same place in the line above or below, or to the last item), Page Up and
// Page Down (a screenful of lines, scrolling with it), Home and End, each scrolling
// the selection into view; Enter activates the selected item. A left click selects
// and activates the item under the pointer; the wheel scrolls `wheelScrollRows` rows
// a notch without moving the selection. Moves the user makes send the item on
// `reactive.selections`, activations on `reactive.activations`;
// selecting or scrolling by code sends nothing. While the grid has the focus a box in
// `selectionStyle` frames the selected cell, drawn in the spacing around it (give the
// grid spacing and insets of at least one cell to keep it off the neighbours). Keys
// the grid does not use, Tab among them, go on to its ancestors.

/// What `Reactive` needs to know about a ``GridView`` to declare its targets and
/// sources: its item type. `GridView` is the one conformer.
@MainActor
public protocol GridViewProtocol: AnyObject {
    /// The type of the grid's items.
    associatedtype Item: Identifiable
    /// The grid itself.
    var gridView: GridView<Item> { get }
}

/// A vertically scrolling grid of same-sized cells, one per `Identifiable` item,
/// built only while visible and reused.
///
/// ```swift
/// let gallery = GridView<PhotoViewModel>(cellSize: Size(columns: 16, rows: 8), insets: Insets(all: 1),
///                                        makeCell: { PhotoCell() }) { cell, photo in
///     cell.reuseLifetime += cell.thumbnail.reactive.image <~ photo.thumbnail
///     cell.reuseLifetime += photo.isVisible <~ cell.isVisible
/// }
/// gallery.reactive.items <~ viewModel.photos
/// gallery.reactive.activations.observeValues { photo in viewModel.open(photo) }
/// ```
@MainActor
public final class GridView<Item: Identifiable>: Control, GridViewProtocol {
    /// The items, in order; setting them sends nothing, keeps the selection on its
    /// item's id and keeps the scroll offset (within the new content).
    public var items: [Item] {
        get { storage }
        set { update(newValue) }
    }
    /// The size of every cell, at least one column by one row.
    public var cellSize: Size {
        didSet {
            precondition(cellSize.columns >= 1 && cellSize.rows >= 1, "a grid's cells take at least one cell")
            if cellSize != oldValue { setNeedsLayout() }
        }
    }
    /// Columns between neighbouring cells in a line.
    public var columnSpacing: Int {
        didSet { if columnSpacing != oldValue { setNeedsLayout() } }
    }
    /// Rows between lines of cells.
    public var rowSpacing: Int {
        didSet { if rowSpacing != oldValue { setNeedsLayout() } }
    }
    /// Cells kept free around the content, scrolled with it.
    public var insets: Insets {
        didSet { if insets != oldValue { setNeedsLayout() } }
    }
    /// The look of the box around the selected cell while the grid has the focus.
    public var selectionStyle = Style(attributes: .bold) {
        didSet {
            selectionFrame.style = selectionStyle
            if selectionStyle != oldValue { setNeedsDisplay() }
        }
    }
    /// Rows scrolled by a notch of the mouse wheel.
    public var wheelScrollRows = 3
    /// The index of the selected item; `nil` only when there are no items.
    public private(set) var selectedIndex: Int?
    /// The rows of content scrolled above the view's top edge.
    public private(set) var contentOffset = 0
    /// How many cells fit across, as of the last layout.
    public private(set) var itemsPerLine = 1

    private var storage: [Item] = []
    /// The index of each id's first item.
    private var indexByID: [Item.ID: Int] = [:]
    /// The visible cells, by the index of their item.
    private var cells: [Int: GridCell] = [:]
    /// Cells waiting to be reused.
    private var pool: [GridCell] = []
    private var pendingScroll: ScrollRequest?
    private let makeCell: @MainActor () -> GridCell
    private let configure: @MainActor (GridCell, Item) -> Void
    private let selectionFrame = SelectionFrame()
    private let selectionPipe = Signal<Item, Never>.pipe()
    private let activationPipe = Signal<Item, Never>.pipe()

    /// A scroll the next layout makes, when the view's size is known.
    private enum ScrollRequest {
        /// Bring the selected item into view.
        case selection
        /// Scroll to the item with this id.
        case item(Item.ID, GridLayout.Placement)
    }

    /// A grid of cells `cellSize` large, `columnSpacing` columns and `rowSpacing`
    /// rows apart, `insets` around them, each made by `makeCell` (only as many as
    /// the view shows at once) and given an item by `configure` every time it shows
    /// one.
    public init<Cell: GridCell>(cellSize: Size, columnSpacing: Int = 1, rowSpacing: Int = 1, insets: Insets = Insets(),
                                makeCell: @escaping @MainActor () -> Cell,
                                configure: @escaping @MainActor (Cell, Item) -> Void) {
        precondition(cellSize.columns >= 1 && cellSize.rows >= 1, "a grid's cells take at least one cell")
        self.cellSize = cellSize
        self.columnSpacing = max(columnSpacing, 0)
        self.rowSpacing = max(rowSpacing, 0)
        self.insets = insets
        self.makeCell = makeCell
        // Every cell the grid configures came from `makeCell`, so it is a `Cell`.
        self.configure = { cell, item in configure(cell as! Cell, item) }
        super.init()
        selectionFrame.owner = self
        selectionFrame.style = selectionStyle
        addSubview(selectionFrame)
        let observers = (selectionPipe.input, activationPipe.input)
        lifetime.observeEnded {
            observers.0.sendCompleted()
            observers.1.sendCompleted()
        }
    }

    /// The grid itself.
    public var gridView: GridView<Item> {
        self
    }

    /// The selected item, if any.
    public var selectedItem: Item? {
        selectedIndex.map { storage[$0] }
    }

    /// The cells in view, in the order of their items.
    public var visibleCells: [GridCell] {
        cells.sorted { $0.key < $1.key }.map(\.value)
    }

    /// The cell showing the item with `id`, if it is in view.
    public func cell(for id: Item.ID) -> GridCell? {
        indexByID[id].flatMap { cells[$0] }
    }

    /// Selects the item with `id` and scrolls it into view, as little as needed;
    /// sends nothing. Returns whether the grid has such an item.
    @discardableResult
    public func selectItem(_ id: Item.ID) -> Bool {
        guard let index = indexByID[id] else { return false }
        setSelection(index)
        return true
    }

    /// Scrolls so that the item with `id` is in view: its middle at the view's
    /// middle when `centred` (as far as the content allows), otherwise as little as
    /// needed. Done at the next layout, when the view's size is known. Returns
    /// whether the grid has such an item.
    @discardableResult
    public func scrollToItem(_ id: Item.ID, centred: Bool = true) -> Bool {
        guard indexByID[id] != nil else { return false }
        pendingScroll = .item(id, centred ? .centred : .nearest)
        setNeedsLayout()
        return true
    }

    /// Moves the selection on the arrows, Page Up, Page Down, Home and End, and
    /// activates the selected item on Enter.
    public override func handleKey(_ event: KeyEvent) -> Bool {
        guard isEnabled, event.modifiers.isEmpty, let index = selectedIndex else { return false }
        let layout = currentLayout
        let perLine = layout.itemsPerLine, last = storage.count - 1
        switch event.key {
        case .left:
            userSelect(max(index - 1, 0))
        case .right:
            userSelect(min(index + 1, last))
        case .up:
            if index >= perLine { userSelect(index - perLine) }
        case .down:
            if layout.line(of: index) < layout.line(of: last) { userSelect(min(index + perLine, last)) }
        case .pageUp:
            scroll(by: -layout.pageLines * layout.lineStride)
            userSelect(max(index - layout.pageLines * perLine, 0))
        case .pageDown:
            scroll(by: layout.pageLines * layout.lineStride)
            userSelect(min(index + layout.pageLines * perLine, last))
        case .home:
            userSelect(0)
        case .end:
            userSelect(last)
        case .enter:
            activationPipe.input.send(value: storage[index])
        default:
            return false
        }
        return true
    }

    /// A left click selects and activates the item under the pointer; the wheel
    /// scrolls.
    public override func handleMouse(_ event: MouseEvent, at position: Position) -> Bool {
        switch event.kind {
        case .press(.left):
            guard isEnabled else { return true }
            let content = Position(column: position.column, row: position.row + contentOffset)
            guard let index = currentLayout.item(at: content) else { return true }
            userSelect(index)
            activationPipe.input.send(value: storage[index])
            return true
        case .scrollDown:
            scroll(by: wheelScrollRows)
            return true
        case .scrollUp:
            scroll(by: -wheelScrollRows)
            return true
        default:
            return false
        }
    }

    /// The width offered, by the content's height at that width.
    public override func sizeThatFits(_ proposal: Size) -> Size {
        Size(columns: proposal.columns, rows: layout(width: proposal.columns, rows: proposal.rows).contentHeight)
    }

    /// Makes the pending scroll, then gives every item in view a cell — ending the
    /// stints of cells that left the view, reusing them (or making new ones) for
    /// the items that came in — and places the cells and the selection frame.
    public override func layoutSubviews() {
        let layout = currentLayout
        itemsPerLine = layout.itemsPerLine
        if let request = pendingScroll {
            pendingScroll = nil
            let target: (index: Int?, placement: GridLayout.Placement) = switch request {
            case .selection: (selectedIndex, .nearest)
            case let .item(id, placement): (indexByID[id], placement)
            }
            if let index = target.index {
                contentOffset = layout.offset(showing: index, target.placement, from: contentOffset)
            }
        }
        contentOffset = layout.clamped(contentOffset)
        let visible = layout.visibleItems(offset: contentOffset)
        for (index, cell) in cells.sorted(by: { $0.key < $1.key }) where !visible.contains(index) {
            cells[index] = nil
            recycle(cell)
        }
        var added = false
        for index in visible where cells[index] == nil {
            let cell = pool.popLast() ?? makeCell()
            cell.frame = windowRect(of: layout.rect(ofItemAt: index))
            cell.beginStint()
            configure(cell, storage[index])
            cell.setSelected(index == selectedIndex)
            addSubview(cell)
            cell.setVisible(true)
            cells[index] = cell
            added = true
        }
        if added { addSubview(selectionFrame) }  // back on top of the cells
        for (index, cell) in cells {
            cell.frame = windowRect(of: layout.rect(ofItemAt: index))
            cell.setSelected(index == selectedIndex)
        }
        if let index = selectedIndex, let cell = cells[index] {
            let around = cell.frame
            selectionFrame.frame = Rect(column: around.column - 1, row: around.row - 1,
                                        columns: around.columns + 2, rows: around.rows + 2)
        } else {
            selectionFrame.frame = Rect(column: frame.column, row: frame.row, columns: 0, rows: 0)
        }
    }

    /// The geometry at the view's current size.
    private var currentLayout: GridLayout {
        layout(width: frame.columns, rows: frame.rows)
    }

    private func layout(width: Int, rows: Int) -> GridLayout {
        GridLayout(cellSize: cellSize, columnSpacing: columnSpacing, rowSpacing: rowSpacing, insets: insets,
                   width: width, viewportRows: rows, itemCount: storage.count)
    }

    /// `rect` (content coordinates) in window coordinates.
    private func windowRect(of rect: Rect) -> Rect {
        Rect(column: frame.column + rect.column, row: frame.row + rect.row - contentOffset,
             columns: rect.columns, rows: rect.rows)
    }

    private func update(_ newItems: [Item]) {
        let oldItems = storage
        let selectedID = selectedIndex.map { oldItems[$0].id }
        storage = newItems
        indexByID = Dictionary(newItems.enumerated().map { ($1.id, $0) }, uniquingKeysWith: { first, _ in first })
        var kept: [Int: GridCell] = [:]
        for (oldIndex, cell) in cells.sorted(by: { $0.key < $1.key }) {
            let old = oldItems[oldIndex]
            if let newIndex = indexByID[old.id], kept[newIndex] == nil, isUnchanged(old, newItems[newIndex]) {
                kept[newIndex] = cell
            } else {
                recycle(cell)
            }
        }
        cells = kept
        if newItems.isEmpty {
            selectedIndex = nil
        } else if let selectedID, let index = indexByID[selectedID] {
            selectedIndex = index
        } else {
            selectedIndex = min(selectedIndex ?? 0, newItems.count - 1)
        }
        setNeedsLayout()
    }

    /// Whether `new` is `old` unchanged: equal, when items are `Equatable`.
    private func isUnchanged(_ old: Item, _ new: Item) -> Bool {
        guard let old = old as? any Equatable else { return false }
        return old.isEqual(to: new)
    }

    /// Ends the cell's stint and puts it in the pool.
    private func recycle(_ cell: GridCell) {
        cell.endStint()
        cell.removeFromSuperview()
        pool.append(cell)
    }

    /// Selects item `index` for the user: sends it if the selection moved.
    private func userSelect(_ index: Int) {
        guard index != selectedIndex else { return }
        setSelection(index)
        selectionPipe.input.send(value: storage[index])
    }

    private func setSelection(_ index: Int) {
        selectedIndex = index
        pendingScroll = .selection
        setNeedsLayout()
    }

    private func scroll(by rows: Int) {
        let offset = currentLayout.clamped(contentOffset + rows)
        guard offset != contentOffset else { return }
        contentOffset = offset
        setNeedsLayout()
    }

    /// The items the user selects.
    var selections: Signal<Item, Never> {
        selectionPipe.output
    }

    /// The items the user activates.
    var activations: Signal<Item, Never> {
        activationPipe.output
    }
}

/// The box around a grid's selected cell, drawn over the cells while the grid has
/// the focus (dim while it is disabled).
@MainActor
private final class SelectionFrame: View {
    weak var owner: Control?
    var style = Style.plain

    override func draw(in context: inout DrawingContext) {
        guard let owner, owner.isFocused else { return }
        var style = style
        if !owner.isEnabled { style.attributes.insert(.dim) }
        context.drawBorder(style: style)
    }
}

extension Equatable {
    /// Whether `other` is a value of this type equal to this one.
    fileprivate func isEqual(to other: Any) -> Bool {
        (other as? Self) == self
    }
}

/// The binding targets and value streams of a grid.
extension Reactive where Base: GridViewProtocol {
    /// Sets the grid's items, keeping the selection on its item's id.
    public var items: BindingTarget<[Base.Item]> {
        makeBindingTarget(on: MainActorScheduler()) { $0.gridView.items = $1 }
    }

    /// The item each time the user moves the selection (arrows, pages, Home, End,
    /// a click); completes when the grid is deinitialised.
    @MainActor
    public var selections: Signal<Base.Item, Never> {
        base.gridView.selections
    }

    /// The item each time the user activates it (Enter on the selection, a click);
    /// completes when the grid is deinitialised.
    @MainActor
    public var activations: Signal<Base.Item, Never> {
        base.gridView.activations
    }
}
