// Focus bookkeeping shared by the views that cover others — a navigation stack's
// screens and presented screens, HUDs, alerts.
//
// When a screen or a modal view appears, the focus goes to the first focusable view
// inside it; the view that had the focus before is remembered, weakly, and gets the
// focus back when the cover goes away — unless it has left the window, been hidden or
// is still covered, in which case the focus goes to the first focusable view of what
// is uncovered. A container can also stand in for the focus (`FocusFallback`) when
// nothing in it can take the focus, so that keys like Esc still reach it.

extension View {
    /// The first visible view of this subtree, in tree order, that can take the
    /// focus now.
    var firstFocusableView: View? {
        guard !isHidden else { return nil }
        if canBecomeFocused { return self }
        for subview in subviews {
            if let focusable = subview.firstFocusableView { return focusable }
        }
        return nil
    }

    /// Gives the window's focus to the first focusable view inside this view, if it
    /// is in a window and input can reach it; returns whether it did.
    @discardableResult
    func focusFirstFocusableView() -> Bool {
        guard let window, let target = firstFocusableView else { return false }
        return window.focus(target)
    }
}

/// The view that had the focus before something covered it, kept weakly.
@MainActor
struct SavedFocus {
    private weak var view: View?

    /// Remembers the focused view of `window`, if any.
    init(_ window: Window?) {
        view = window?.focusedView
    }

    /// Gives the focus back to the remembered view if it can take it; returns
    /// whether it did.
    @discardableResult
    func restore() -> Bool {
        guard let view, let window = view.window else { return false }
        return window.focus(view)
    }

    /// Gives the focus back to the remembered view if it can take it; otherwise to
    /// the first focusable view inside `fallback`.
    func restore(orFocusFirstIn fallback: View?) {
        if !restore() { fallback?.focusFirstFocusableView() }
    }
}

/// A container that takes the focus itself when nothing inside it can, so that
/// keys (Esc) still bubble from it to its ancestors: a navigation stack's page and
/// its presented screens. It draws spaces over its frame when `isOpaque`, hiding
/// what it covers.
@MainActor
final class FocusFallback: View {
    /// Whether the container clears its frame before its subviews draw.
    let isOpaque: Bool

    /// A container of `content`, opaque or not.
    init(_ content: View? = nil, isOpaque: Bool) {
        self.isOpaque = isOpaque
        super.init()
        if let content { addSubview(content) }
    }

    /// Focusable while no visible view inside can take the focus.
    override var canBecomeFocused: Bool {
        subviews.allSatisfy { $0.firstFocusableView == nil }
    }

    /// Clears the frame when opaque.
    override func draw(in context: inout DrawingContext) {
        if isOpaque { context.fill(style: .plain) }
    }
}
