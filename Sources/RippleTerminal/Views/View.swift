import Ripple

// View: a rectangle of the window that sizes itself, draws itself, holds subviews and
// may take the keyboard focus — the terminal's UIView.
//
// Views are main-actor objects. A window lays the tree out (each view's
// `layoutSubviews` sets its subviews' frames, in window coordinates) and draws it in
// tree order, parents before children, each clipped to its frame and its
// ancestors'. A change that affects layout or looks calls `setNeedsLayout()` or
// `setNeedsDisplay()`, which only mark the window: it lays out and draws once per UI
// turn however many changes came. A hidden view, and everything under it, takes no
// space, draws nothing and cannot be focused. A visible view marked `isModal` (a
// dialog, a presented screen) confines input to itself while it shows: the window
// focuses and hit-tests only inside the topmost one. Every view carries a
// `navigationItem` (made on first use): its title and bar items in a navigation
// stack. A view's `lifetime` ends when it is deinitialised, and with it every binding
// into the view.

/// A rectangle of the window: the base class of every view and control.
///
/// Subclass it to draw (``draw(in:)``), to report a size (``sizeThatFits(_:)``), to
/// place subviews (``layoutSubviews()``), or to handle keys that bubble up from the
/// focused view (``handleKey(_:)`` — a screen that closes on Esc).
///
/// ```swift
/// let title = Label("Search")
/// title.reactive.text <~ viewModel.title   // ends when `title` is deinitialised
/// ```
@MainActor
open class View: ReactiveExtensionsProvider, LifetimeProvider {
    /// Ends when the view is deinitialised, ending the bindings into it.
    public nonisolated let lifetime: Lifetime
    private let lifetimeToken: Lifetime.Token

    /// The views this view contains, in drawing and focus order.
    public private(set) var subviews: [View] = []
    /// The view that contains this one, if any.
    public private(set) weak var superview: View?
    /// The window, when this view is its root.
    weak var host: Window?

    /// The view's rectangle in window coordinates, set by its superview's layout
    /// (the window's size, for the root).
    public var frame = Rect(column: 0, row: 0, columns: 0, rows: 0)

    /// Whether the view is hidden: it then takes no space in a stack, draws nothing,
    /// and neither it nor its subviews can be focused.
    public var isHidden = false {
        didSet { if isHidden != oldValue { setNeedsLayout() } }
    }

    /// How a stack sizes the view along its axis; `.fitting` by default.
    public var sizing: Sizing = .fitting {
        didSet { if sizing != oldValue { setNeedsLayout() } }
    }

    /// Whether the view confines input to itself while it is visible: then only the
    /// views inside it can take the focus or the mouse (see ``Window/modalView``).
    /// `false` by default; dialogs, HUDs and presented screens set it.
    public var isModal = false {
        didSet { if isModal != oldValue { setNeedsLayout() } }
    }

    /// The title and bar items a ``NavigationStack`` shows while the view is its top
    /// screen, as UIKit's `navigationItem`; made on first use.
    public private(set) lazy var navigationItem = NavigationItem()

    /// A view with no subviews and an empty frame.
    public init() {
        (lifetime, lifetimeToken) = Lifetime.make()
    }

    /// The window showing the view, if it is in one.
    public var window: Window? {
        host ?? superview?.window
    }

    /// Adds `view` as the last subview, taking it from its current superview first.
    public func addSubview(_ view: View) {
        view.removeFromSuperview()
        subviews.append(view)
        view.superview = self
        setNeedsLayout()
    }

    /// Takes the view out of its superview; if it had the focus, the next render
    /// gives the focus to the first focusable view.
    public func removeFromSuperview() {
        guard let superview else { return }
        superview.subviews.removeAll { $0 === self }
        self.superview = nil
        superview.setNeedsLayout()
    }

    /// The size the view would like, given `proposal`, the space it may get. By
    /// default, the largest fitting size among the visible subviews (they overlap).
    open func sizeThatFits(_ proposal: Size) -> Size {
        subviews.lazy.filter { !$0.isHidden }.reduce(Size.zero) { size, view in
            let fitting = view.sizeThatFits(proposal)
            return Size(columns: max(size.columns, fitting.columns), rows: max(size.rows, fitting.rows))
        }
    }

    /// Sets the frames of the subviews from this view's frame. By default each
    /// subview takes the whole frame.
    open func layoutSubviews() {
        for view in subviews {
            view.frame = frame
        }
    }

    /// Draws the view into `context`, which is clipped to its frame; subviews are
    /// drawn afterwards, over it. Draws nothing by default.
    open func draw(in context: inout DrawingContext) {}

    /// Whether the view can take the focus now (hidden ancestors aside); `false` by
    /// default. Controls can while they are enabled.
    open var canBecomeFocused: Bool {
        false
    }

    /// Whether the view has the window's focus.
    public var isFocused: Bool {
        window?.focusedView === self
    }

    /// Called on the view when the focus has just moved to it (by Tab, a click, the
    /// window's first focus or ``Window/focus(_:)``). Does nothing by default; a list
    /// selects its first row, so that the first key already acts on something.
    open func didBecomeFocused() {}

    /// Handles a key that reached this view: first the focused view, then each of
    /// its ancestors until one returns `true`. Returns `false` by default.
    open func handleKey(_ event: KeyEvent) -> Bool {
        false
    }

    /// Handles pasted text given to the focused view; returns `false` by default.
    open func handlePaste(_ text: String) -> Bool {
        false
    }

    /// Handles a mouse event over the view: first the topmost view under the
    /// pointer, then each of its ancestors until one returns `true`. `position` is
    /// the pointer's cell in this view's coordinates (it may lie outside the frame
    /// for an ancestor that is further out). Before this is called, a left press
    /// gives the focus to the innermost focusable view under the pointer. Returns
    /// `false` by default.
    open func handleMouse(_ event: MouseEvent, at position: Position) -> Bool {
        false
    }

    /// The topmost visible view in this subtree whose frame contains `position`
    /// (window coordinates): later subviews are drawn over earlier ones, so they are
    /// searched first. `nil` when the position is outside this view.
    public func hitTest(_ position: Position) -> View? {
        guard !isHidden, frame.contains(position) else { return nil }
        for subview in subviews.reversed() {
            if let hit = subview.hitTest(position) { return hit }
        }
        return self
    }

    /// Where the terminal's cursor should show while the view is focused, in the
    /// view's coordinates; `nil` (the default) hides it.
    open var cursorPosition: Position? {
        nil
    }

    /// Asks the window for a layout (and a render) in the coming UI turn.
    public func setNeedsLayout() {
        window?.setNeedsLayout()
    }

    /// Asks the window for a render in the coming UI turn.
    public func setNeedsDisplay() {
        window?.setNeedsDisplay()
    }

    /// Whether the view is `ancestor` or lies inside it.
    public func isDescendant(of ancestor: View) -> Bool {
        var view: View? = self
        while let current = view {
            if current === ancestor { return true }
            view = current.superview
        }
        return false
    }

    /// Draws over the view's subviews, after they have drawn, in the same context
    /// as ``draw(in:)``; nothing by default. A list marks its selected row here.
    func drawOverSubviews(in context: inout DrawingContext) {}

    /// Whether the window tells the view, after each render, whether the render
    /// drew it (``windowDidRender(drawing:)``); `false` by default. A list uses it
    /// to know which of its rows are on screen.
    var observesRenders: Bool {
        false
    }

    /// Called after each render that drew the view (`drawn` true), and once after
    /// the first render that did not (hidden, clipped away or out of the tree),
    /// when ``observesRenders`` holds.
    func windowDidRender(drawing drawn: Bool) {}

    /// Whether the view and all its ancestors are visible.
    var isVisibleInTree: Bool {
        var view: View? = self
        while let current = view {
            if current.isHidden { return false }
            view = current.superview
        }
        return true
    }
}
