import Ripple

// GridCell: one reusable cell of a GridView, showing one item at a time.
//
// A grid builds cells only for the items in view and reuses the cells that scroll out
// for the items that scroll in, so a cell's life is a series of stints, one item
// each. `reuseLifetime` is the current stint: the grid makes a new one just before it
// configures the cell for an item, and ends it when the cell stops showing that item
// (it scrolled out of view, the item left the grid, or a new value of the item came),
// so bindings formed in `configure` with `cell.reuseLifetime += target <~ source` or
// `source.take(during: cell.reuseLifetime)` end there and never write a late value
// into a cell that has moved on. `isVisible` is true while the cell is in view
// showing its item: every stint runs `configure`, then turns it true, and turns it
// false again just before the reuse lifetime ends. `isSelected` follows the grid's
// selection. A cell draws its `backgroundColor` (when not the terminal's default)
// under its subviews, which share its whole frame unless a subclass lays them out
// otherwise. The grid takes the focus, not its cells: keep focusable controls out of
// them.

/// A reusable cell of a ``GridView``: subclass it with the views an item needs and
/// fill them in the grid's `configure` closure.
///
/// ```swift
/// final class PhotoCell: GridCell {
///     let thumbnail = ImageView()
///     override init() {
///         super.init()
///         backgroundColor = .rgb(48, 48, 48)
///         addSubview(thumbnail)
///     }
///     override func prepareForReuse() {
///         thumbnail.image = nil
///     }
/// }
/// ```
@MainActor
open class GridCell: View, ReusableView {
    /// Whether the cell is in the grid's visible area showing an item; false while
    /// it waits to be reused.
    public let isVisible: Property<Bool>
    /// Whether the cell's item is the grid's selected item.
    public let isSelected: Property<Bool>
    /// The cell's current stint with one item: ends when the cell stops showing it
    /// (scrolled out, the item removed or changed, the cell deinitialised).
    public private(set) var reuseLifetime: Lifetime
    /// The colour filled under the cell's subviews; `.default` draws nothing.
    public var backgroundColor: Color = .default {
        didSet { if backgroundColor != oldValue { setNeedsDisplay() } }
    }

    private let visibility = MutableProperty(false)
    private let selection = MutableProperty(false)
    private var reuseToken: Lifetime.Token

    /// A cell waiting for its first item.
    public override init() {
        isVisible = Property(visibility)
        isSelected = Property(selection)
        (reuseLifetime, reuseToken) = Lifetime.make()
        super.init()
    }

    /// Called before the cell is configured for another item, after the previous
    /// stint's bindings have ended: reset what `configure` sets (an image to nil).
    /// Does nothing by default.
    open func prepareForReuse() {}

    /// Fills the frame with the background colour, unless it is the default.
    open override func draw(in context: inout DrawingContext) {
        guard backgroundColor != .default else { return }
        context.fill(style: Style(background: backgroundColor))
    }

    /// Starts a stint for a new item: after an ended stint, a new reuse lifetime,
    /// then `prepareForReuse()`.
    func beginStint() {
        guard reuseToken.isDisposed else { return }
        (reuseLifetime, reuseToken) = Lifetime.make()
        prepareForReuse()
    }

    /// Ends the stint: the cell leaves the view and is deselected, then its
    /// bindings end.
    func endStint() {
        setVisible(false)
        setSelected(false)
        reuseToken.dispose()
    }

    func setVisible(_ visible: Bool) {
        if visibility.value != visible { visibility.value = visible }
    }

    func setSelected(_ selected: Bool) {
        if selection.value != selected {
            selection.value = selected
            setNeedsDisplay()
        }
    }
}
