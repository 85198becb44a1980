import Ripple

// ListRow: the view a list shows one item in — the terminal's UITableViewCell.
//
// A list builds only as many rows as fit on screen and reuses them as it scrolls:
// a row that scrolls out (or whose item is deleted, or changes) is taken back, and
// shows another item later. Taking a row back, in this order: its `isVisible`
// becomes false; `reactive.prepareForReuse` sends; its `reuseLifetime` ends, and
// with it every binding bounded by it; `prepareForReuse()` runs. Then the list
// configures the row for its next item, under a new `reuseLifetime`, and the row
// becomes visible again once a render has drawn it.
//
// So a binding made for one item is bounded by the reuse lifetime, not by the
// view's own (which lasts across items). Into the row's views, bind through
// `row.reactive.untilReuse`: a view target applies values on the main actor, a
// turn later when other main-queue work is waiting, so besides ending with the
// reuse lifetime it checks that lifetime again when it applies, and a value for
// the old item still on its way when the row is reused is dropped. Into a target
// that applies at once (a ViewModel's property), `take(during:)` is enough:
//
//     row.reactive.untilReuse(\.title.text) <~ item.title
//     item.isVisible <~ row.isVisible.producer.take(during: row.reuseLifetime)
//
// `isVisible` says whether a render drew the row for its item, for a ViewModel that
// fetches more once a cell has been on screen for a while.

/// A view that shows one item of a ``ListView``, reused for other items as the
/// list scrolls. Subclass it, add subviews, and have the list's `configure`
/// closure fill them in.
///
/// ```swift
/// final class PhotoRow: ListRow {
///     let title = Label()
///     let favourites = Label(style: Style(attributes: .dim))
///     override init() {
///         super.init()
///         addSubview(Stack(.vertical, [title, favourites]))
///     }
/// }
///
/// ListView(rowHeight: 2, makeRow: PhotoRow.init) { row, photo in
///     row.title.text = photo.title
///     row.reactive.untilReuse(\.favourites.text) <~ photo.favourites.map { $0.map { "♥ \($0)" } ?? "" }
///     photo.isVisible <~ row.isVisible.producer.take(during: row.reuseLifetime)
/// }
/// ```
@MainActor
open class ListRow: View, ReusableView {
    /// Ends when the row stops showing its current item: when it is reused, scrolled
    /// out of the list, its item is deleted or changes, or the row is
    /// deinitialised. Per-item bindings end with it: `row.reactive.untilReuse`
    /// into the row's views, `take(during: row.reuseLifetime)` elsewhere. Each
    /// item the row shows gets a new one (made when first asked for, so rows that
    /// bind nothing make none).
    public var reuseLifetime: Lifetime {
        if let reuse { return reuse.lifetime }
        let made = Lifetime.make()
        reuse = made
        return made.lifetime
    }
    private var reuse: (lifetime: Lifetime, token: Lifetime.Token)?

    /// Whether the row is on screen for its item: true after a render draws it,
    /// false as soon as it scrolls out, is taken back for reuse (before its
    /// `reuseLifetime` ends, so that a binding bounded by it still delivers the
    /// `false`), or a render no longer draws its list (hidden, clipped away, or
    /// removed from the window). A row deinitialised with its window still showing
    /// it only completes the property.
    public let isVisible: Property<Bool>
    private let visibility = MutableProperty(false)

    /// Whether the row shows the list's selected item; the list draws the
    /// highlight over it, and a subclass may draw more (a marker) when it is set.
    public internal(set) var isSelected = false {
        didSet { if isSelected != oldValue { setNeedsDisplay() } }
    }

    private let reuses = Signal<Void, Never>.pipe()

    /// A row with no subviews, not configured yet.
    public override init() {
        isVisible = Property(visibility)
        super.init()
        let observer = reuses.input
        lifetime.observeEnded { observer.sendCompleted() }
    }

    /// Resets the row's content before it shows another item; called after its
    /// per-item bindings have ended. Does nothing by default; UIKit's
    /// `prepareForReuse`.
    open func prepareForReuse() {}

    /// A value each time the row is taken back for reuse, before its
    /// `reuseLifetime` ends; ReactiveCocoa's `cell.reactive.prepareForReuse`.
    var prepareForReuseSignal: Signal<Void, Never> {
        reuses.output
    }

    /// Takes the row back from its item: not visible, the reuse signal, the end of
    /// the reuse lifetime, then `prepareForReuse()`.
    func endReuseLifetime() {
        setVisible(false)
        isSelected = false
        reuses.input.send(value: ())
        let ended = reuse
        reuse = nil
        ended?.token.dispose()
        prepareForReuse()
    }

    /// Sets `isVisible`, sending only changes.
    func setVisible(_ visible: Bool) {
        if visibility.value != visible { visibility.value = visible }
    }
}

/// The reuse signal of a list row.
extension Reactive where Base: ListRow {
    /// A value each time the row is taken back for reuse, before its per-item
    /// bindings end: ReactiveCocoa's `cell.reactive.prepareForReuse`, for
    /// `take(until: row.reactive.prepareForReuse)`. Completes when the row is
    /// deinitialised.
    @MainActor
    public var prepareForReuse: Signal<Void, Never> {
        base.prepareForReuseSignal
    }
}

/// A row showing one ``Label`` over its whole frame: UIKit's default cell with its
/// `textLabel`. The row of `ListView(text:)`.
@MainActor
public final class TextRow: ListRow {
    /// The text of the row (one line per `"\n"`, cut at the row's edges).
    public let textLabel = Label()

    /// A row with an empty label.
    public override init() {
        super.init()
        addSubview(textLabel)
    }

    /// Empties the label.
    public override func prepareForReuse() {
        textLabel.text = ""
    }
}
