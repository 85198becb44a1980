import Ripple

// NavigationBar: the two rows at the top of a navigation stack — the top screen's
// title, what leads back, its bar items — and a rule under them.
//
// The first row holds, from the left, the item's left bar item or else what leads
// back: "‹ Back" while the stack can pop, or, over a screen presented as a sheet, the
// item's `closeTitle` ("Done", "Cancel"); the title, bold, centred on the row (pushed aside, then cut at a
// whole character, when the items leave too little room); and the right bar item
// against the right edge. The bar items are subviews, so they take the focus and the
// mouse like any control. The bar observes the shown item's changes and redraws; a
// click on "‹ Back" (or on the close title) asks the stack to go back.

/// The bar of a ``NavigationStack``: title, back hint and bar items, over a rule.
@MainActor
final class NavigationBar: View {
    /// The rows the bar takes: the title row and the rule.
    static let height = 2
    /// What shows while the stack can pop and the item has no left bar item.
    static let backHint = "‹ Back"

    /// What the bar offers at its left to go back, when the item has no left bar item.
    enum Leading {
        /// Nothing: the root of a stack.
        case none
        /// "‹ Back": a pushed screen.
        case back
        /// The item's `closeTitle`: a screen presented as a sheet.
        case close
    }

    /// Called when the user clicks the back hint (or the close title).
    var onBack: (@MainActor () -> Void)?

    private var item: NavigationItem?
    private var leading = Leading.none
    private var itemObservation: (any Disposable)?

    /// Shows `item`, with `leading` at the left unless the item has a left bar item.
    func show(_ item: NavigationItem, leading: Leading) {
        self.leading = leading
        if item !== self.item {
            self.item = item
            itemObservation?.dispose()
            itemObservation = item.changed.take(during: lifetime).observeValues { [weak self] in
                MainActor.assumeIsolated { self?.itemDidChange() }
            }
        }
        itemDidChange()
    }

    /// The shown item's title.
    var title: String {
        item?.title ?? ""
    }

    /// The text at the left that goes back when clicked, if any.
    private var leadingHint: String? {
        guard let item, item.leftBarItem == nil else { return nil }
        switch leading {
        case .none: return nil
        case .back: return Self.backHint
        case .close: return item.closeTitle.isEmpty ? nil : item.closeTitle
        }
    }

    private func itemDidChange() {
        let items = [item?.leftBarItem, item?.rightBarItem].compactMap { $0 }
        for view in subviews where !items.contains(where: { $0 === view }) {
            view.removeFromSuperview()
        }
        for view in items where view.superview !== self {
            addSubview(view)
        }
        setNeedsLayout()
    }

    /// The full width offered, by two rows.
    override func sizeThatFits(_ proposal: Size) -> Size {
        Size(columns: proposal.columns, rows: Self.height)
    }

    /// Puts the left bar item at the left and the right one at the right of the
    /// first row, each at its fitting width (cut to the bar).
    override func layoutSubviews() {
        let row = Size(columns: frame.columns, rows: 1)
        if let left = item?.leftBarItem {
            let width = min(left.sizeThatFits(row).columns, frame.columns)
            left.frame = Rect(column: frame.column, row: frame.row, columns: width, rows: 1)
        }
        if let right = item?.rightBarItem {
            let width = min(right.sizeThatFits(row).columns, frame.columns)
            right.frame = Rect(column: frame.endColumn - width, row: frame.row, columns: width, rows: 1)
        }
    }

    /// Draws the back hint, the title and the rule.
    override func draw(in context: inout DrawingContext) {
        let width = context.size.columns
        let leftEnd = if let left = item?.leftBarItem {
            left.frame.columns
        } else if let hint = leadingHint {
            context.put(hint, at: Position(column: 0, row: 0))
        } else {
            0
        }
        let rightStart = width - (item?.rightBarItem?.frame.columns ?? 0)
        let low = leftEnd > 0 ? leftEnd + 1 : 0
        let high = rightStart < width ? rightStart - 1 : width
        let title = self.title.truncated(toColumns: max(high - low, 0))
        let titleWidth = title.displayWidth
        let column = min(max((width - titleWidth) / 2, low), max(high - titleWidth, low))
        context.put(title, at: Position(column: column, row: 0), style: Style(attributes: .bold))
        context.put(String(repeating: "─", count: width), at: Position(column: 0, row: 1))
    }

    /// A left click on the back hint (or the close title) goes back.
    override func handleMouse(_ event: MouseEvent, at position: Position) -> Bool {
        guard case .press(.left) = event.kind, let hint = leadingHint, position.row == 0,
              position.column >= 0, position.column < hint.displayWidth else { return false }
        onBack?()
        return true
    }
}
