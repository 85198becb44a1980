import Ripple

// Window: the host of a view tree — its size, its screen buffer, its renderer, its
// focus — and the one place where layout and drawing happen.
//
// Views never draw on their own: `setNeedsLayout()` and `setNeedsDisplay()` mark the
// window and schedule one render on its scheduler, and further requests before that
// render runs are folded into it. So a burst of changes in one UI turn — 1,000
// property sets — lays out and paints once. The default scheduler is
// `QueueScheduler.main`, which always runs work in a later turn of the main queue
// (`UIScheduler` would run it at once on the main thread, painting on the first
// change); tests inject a `TestScheduler`, or use `VirtualTerminal`. A render lays out
// if needed, draws the tree into the buffer, has the renderer turn it into bytes, and
// hands them to `onRender` (the terminal run loop writes them).
//
// Input goes to the focused view (keys, pastes) or the view under the pointer (mouse).
// While a visible view is marked `isModal`, the topmost such view — the last in tree
// order, so the one drawn over the others — is the `modalView`, and input is confined
// to it: the focus stays inside it, clicks outside it do nothing. Before routing an
// event the window moves a focus that has left the tree, been hidden or been covered by
// a modal view, so that no key reaches a view the user can no longer see or use.
//
// Layout runs in passes until no view asks for another: a view whose
// `layoutSubviews` builds or configures subviews (a list's rows) makes requests
// that the next pass of the same render serves, without scheduling a render of their
// own. A view draws before its subviews and may draw again over them (a list marks
// its selected row). After the renderer, views that observe renders hear whether
// this render drew them, so a list knows which rows the user can see.

/// The host of a view tree: lays it out at its size, draws it into a screen buffer,
/// renders the changes, and routes input to the focused view.
///
/// ```swift
/// let window = Window(root: screen, size: TerminalSize(columns: 80, rows: 24))
/// window.onRender = { bytes in session.write(bytes) }
/// window.send(.key(KeyEvent(.tab)))
/// ```
@MainActor
public final class Window {
    /// The view the window shows; its frame is the whole window.
    public let root: View
    /// The window's size in cells.
    public private(set) var size: TerminalSize
    /// The last frame drawn.
    public private(set) var screen: ScreenBuffer
    /// The renderer that turns frames into terminal bytes; its `output` holds the
    /// last render's.
    public private(set) var renderer: Renderer
    /// How many renders have run.
    public private(set) var renderCount = 0
    /// Called after each render with the bytes that bring the terminal up to date.
    public var onRender: (@MainActor (_ output: [UInt8]) -> Void)?
    /// The view that receives keys first, if any.
    public internal(set) weak var focusedView: View?
    /// While a left press moves the focus: the focused view is told after the press
    /// is handled instead of at once.
    var isRoutingPress = false

    private let scheduler: any Scheduler
    private var needsLayout = true
    private var needsDisplay = false
    private var isRenderScheduled = false
    private var isLayingOut = false
    /// The views observing renders that the render being drawn has drawn.
    private var drawnObservers: [View] = []
    /// The views observing renders that the last render drew, held weakly.
    private var observersDrawnLastTime: [WeakView] = []

    /// How many layout passes one render runs at most; a layout still asking for
    /// another after that is left to the next render.
    private static let maximumLayoutPasses = 4

    /// A window showing `root` at `size`, rendering with `renderer` once per turn of
    /// `scheduler` (by default the main queue). The scheduler must run its work on
    /// the main actor (each render checks) and after the request returns, so that
    /// changes made together paint together. The first render is scheduled at once.
    public init(root: View, size: TerminalSize, renderer: Renderer = Renderer(),
                scheduler: any Scheduler = QueueScheduler.main) {
        precondition(root.superview == nil && root.window == nil, "a window's root cannot be in another tree")
        self.root = root
        self.size = size
        self.screen = ScreenBuffer(columns: max(size.columns, 0), rows: max(size.rows, 0))
        self.renderer = renderer
        self.scheduler = scheduler
        root.host = self
        setNeedsLayout()
    }

    /// Changes the window's size; the next render lays out again and repaints all.
    public func resize(to newSize: TerminalSize) {
        guard newSize != size else { return }
        size = newSize
        screen.resize(columns: max(newSize.columns, 0), rows: max(newSize.rows, 0))
        renderer.invalidate()
        setNeedsLayout()
    }

    /// Forgets what the terminal shows, so that the next render (asked for here)
    /// repaints every cell: for when something else has drawn on the terminal, or
    /// the app comes back from a suspension.
    public func redrawAll() {
        renderer.invalidate()
        setNeedsDisplay()
    }

    /// Asks for a layout and a render in the coming turn of the scheduler.
    public func setNeedsLayout() {
        needsLayout = true
        setNeedsDisplay()
    }

    /// Asks for a render in the coming turn of the scheduler; requests made before
    /// it runs, or while it lays out, add nothing.
    public func setNeedsDisplay() {
        needsDisplay = true
        guard !isRenderScheduled, !isLayingOut else { return }
        isRenderScheduled = true
        scheduler.schedule { [weak self] in
            MainActor.assumeIsolated {
                guard let self else { return }
                self.isRenderScheduled = false
                self.renderIfNeeded()
            }
        }
    }

    /// Lays out and renders now if something asked for it since the last render.
    public func renderIfNeeded() {
        guard needsDisplay else { return }
        layoutIfNeeded()
        keepFocusValid()
        needsDisplay = false
        var context = DrawingContext(buffer: screen)
        screen = ScreenBuffer(columns: 0, rows: 0)
        context.buffer.clear()
        context.buffer.removeImagePlacements()
        context.buffer.collectsImagePlacements = renderer.graphics != .halfBlocks
        draw(root, clippedTo: context.buffer.bounds, into: &context)
        screen = context.buffer
        renderCount += 1
        renderer.render(screen, cursor: cursor)
        onRender?(renderer.output)
        notifyRenderObservers()
        if needsLayout { setNeedsDisplay() }
    }

    /// Lays the tree out, pass after pass while views ask for more (at most
    /// `maximumLayoutPasses`).
    private func layoutIfNeeded() {
        isLayingOut = true
        defer { isLayingOut = false }
        for _ in 0..<Self.maximumLayoutPasses where needsLayout {
            needsLayout = false
            root.frame = screen.bounds
            layout(root)
        }
    }

    /// Tells the views observing renders whether this render drew them: those it
    /// drew, and those the last render drew and this one did not.
    private func notifyRenderObservers() {
        let drawn = drawnObservers
        let previous = observersDrawnLastTime
        drawnObservers = []
        observersDrawnLastTime = drawn.map(WeakView.init)
        for entry in previous {
            guard let view = entry.view, !drawn.contains(where: { $0 === view }) else { continue }
            view.windowDidRender(drawing: false)
        }
        for view in drawn {
            view.windowDidRender(drawing: true)
        }
    }

    /// Where the terminal's cursor shows: the focused view's cursor position, in
    /// window coordinates, when it lies inside the view's frame; otherwise `nil`.
    public var cursor: Position? {
        guard let view = focusedView, let local = view.cursorPosition else { return nil }
        let position = Position(column: view.frame.column + local.column, row: view.frame.row + local.row)
        return view.frame.intersection(screen.bounds).contains(position) ? position : nil
    }

    /// Routes `event`: a key goes to the focused view, then bubbles up its
    /// ancestors; unhandled, Tab and Shift-Tab move the focus. A paste goes to the
    /// focused view. A mouse event goes to the topmost view under the pointer, then
    /// bubbles up its ancestors; a left press first focuses the innermost focusable
    /// view under the pointer. While there is a ``modalView``, only views inside it
    /// get the focus or the mouse. Returns whether a view (or the focus chain)
    /// handled the event.
    @discardableResult
    public func send(_ event: InputEvent) -> Bool {
        keepFocusValid()
        switch event {
        case let .key(key):
            var view = focusedView
            while let current = view {
                if current.handleKey(key) { return true }
                view = current.superview
            }
            guard key.key == .tab, key.modifiers.isSubset(of: .shift) else { return false }
            if key.modifiers.contains(.shift) { focusPrevious() } else { focusNext() }
            return true
        case let .paste(text):
            return focusedView?.handlePaste(text) ?? false
        case let .mouse(mouse):
            return route(mouse)
        }
    }

    private func route(_ mouse: MouseEvent) -> Bool {
        let point = Position(column: mouse.column, row: mouse.row)
        guard let hit = (modalView ?? root).hitTest(point) else { return false }
        var focusedByPress = false
        if case .press(.left) = mouse.kind {
            var candidate: View? = hit
            while let current = candidate, !current.canBecomeFocused {
                candidate = current.superview
            }
            if let candidate {
                // The view hears that it became focused after the click is handled,
                // so that a list selects the clicked row, not its first one first.
                let before = focusedView
                isRoutingPress = true
                focusedByPress = focus(candidate)
                isRoutingPress = false
                if focusedView !== before, let focused = focusedView {
                    defer { focused.didBecomeFocused() }
                    return handleMouse(mouse, at: point, from: hit) || focusedByPress
                }
            }
        }
        return handleMouse(mouse, at: point, from: hit) || focusedByPress
    }

    /// Offers `mouse` to `hit`, then to each of its ancestors until one handles it.
    private func handleMouse(_ mouse: MouseEvent, at point: Position, from hit: View) -> Bool {
        var view: View? = hit
        while let current = view {
            let local = Position(column: point.column - current.frame.column, row: point.row - current.frame.row)
            if current.handleMouse(mouse, at: local) { return true }
            view = current.superview
        }
        return false
    }

    private func layout(_ view: View) {
        view.layoutSubviews()
        for subview in view.subviews where !subview.isHidden {
            layout(subview)
        }
    }

    private func draw(_ view: View, clippedTo clip: Rect, into context: inout DrawingContext) {
        guard !view.isHidden else { return }
        let visible = clip.intersection(view.frame)
        guard !visible.isEmpty else { return }
        context.frame = view.frame
        context.clip = visible
        view.draw(in: &context)
        if view.observesRenders { drawnObservers.append(view) }
        for subview in view.subviews {
            draw(subview, clippedTo: visible, into: &context)
        }
        context.frame = view.frame
        context.clip = visible
        view.drawOverSubviews(in: &context)
    }
}

/// A view held weakly.
private struct WeakView {
    weak var view: View?
}
