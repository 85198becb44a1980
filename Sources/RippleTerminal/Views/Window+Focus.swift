// The focus chain: the views that can take the focus, in tree order (a view before
// its subviews, subviews in order), skipping hidden subtrees.
//
// Tab moves to the next such view after the focused one and Shift-Tab to the
// previous, both wrapping around. Each render, before drawing, focuses the first
// focusable view when nothing has the focus, or when the focused view has left the
// tree or been hidden. A focused control that becomes disabled keeps the focus (a button
// running its action stays put) but Tab skips disabled controls.
//
// While a modal view shows (`modalView`), the chain is the part of it inside that view:
// nothing outside can be focused, and a focus left outside when it appeared moves to
// the first focusable view inside it (or nowhere, when it has none: a progress HUD).

extension Window {
    /// The views that can take the focus now, in tree order: inside the
    /// ``modalView`` while there is one.
    public var focusableViews: [View] {
        visibleViews.filter(\.canBecomeFocused)
    }

    /// The topmost visible view whose `isModal` is set — the last in tree order,
    /// which draws over the others — or `nil`. While there is one, input is confined
    /// to it: only views inside it can be focused or receive the mouse.
    public var modalView: View? {
        var modal: View?
        func visit(_ view: View) {
            guard !view.isHidden else { return }
            if view.isModal { modal = view }
            view.subviews.forEach(visit)
        }
        visit(root)
        return modal
    }

    /// Gives the focus to `view` if it is in this window, visible, focusable and
    /// inside the ``modalView`` if there is one; returns whether it now has the focus.
    @discardableResult
    public func focus(_ view: View) -> Bool {
        guard view.window === self, view.isVisibleInTree, view.canBecomeFocused, isReachable(view) else {
            return false
        }
        moveFocus(to: view)
        return true
    }

    /// Moves the focus to the next focusable view in tree order, wrapping around.
    public func focusNext() {
        moveFocus(by: 1)
    }

    /// Moves the focus to the previous focusable view in tree order, wrapping around.
    public func focusPrevious() {
        moveFocus(by: -1)
    }

    /// Every visible view that input can reach, in tree order: those inside the
    /// modal view while there is one, otherwise all.
    private var visibleViews: [View] {
        var views: [View] = []
        func visit(_ view: View) {
            guard !view.isHidden else { return }
            views.append(view)
            view.subviews.forEach(visit)
        }
        visit(modalView ?? root)
        return views
    }

    /// Whether input can reach `view`: there is no modal view, or `view` is inside it.
    private func isReachable(_ view: View) -> Bool {
        guard let modal = modalView else { return true }
        return view.isDescendant(of: modal)
    }

    /// Steps from the focused view through the visible views in tree order (the
    /// focused view need not be focusable itself) to the next focusable one.
    private func moveFocus(by step: Int) {
        let views = visibleViews
        guard !views.isEmpty else { return }
        let start = focusedView.flatMap { focused in views.firstIndex { $0 === focused } }
            ?? (step > 0 ? views.count - 1 : 0)
        var index = start
        for _ in 0..<views.count {
            index = (index + step + views.count) % views.count
            if views[index].canBecomeFocused {
                moveFocus(to: views[index])
                return
            }
        }
    }

    private func moveFocus(to view: View?) {
        guard view !== focusedView else { return }
        focusedView = view
        setNeedsDisplay()
        if !isRoutingPress { view?.didBecomeFocused() }
    }

    /// Before a render and before routing input: focuses the first focusable view
    /// (inside the modal view, if any) when nothing is focused or the focused view
    /// has left the window, been hidden or been left outside a modal view.
    func keepFocusValid() {
        if let focused = focusedView, focused.window === self, focused.isVisibleInTree, isReachable(focused) {
            return
        }
        moveFocus(to: focusableViews.first)
    }
}
