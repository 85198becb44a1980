// OverlayHost: where transient views — toasts, alerts, HUDs — attach over an app's
// screens without taking space in their layout.
//
// The host shows one content view over its whole frame (an app's root
// `NavigationStack`, typically, which makes the host the window's root) and, drawn
// after it, its overlays, each placed by its `OverlayPlacement`: over the whole
// frame, centred at its fitting size, or at the bottom. The content never makes room
// for an overlay, and an overlay draws over whatever is beneath it. An overlay stays
// attached while hidden; Toast, HUD and AlertPresenter hide themselves when they have
// nothing to show. Whether an overlay blocks input is its own `isModal`: the window
// confines the focus and the mouse to the topmost visible modal view (an alert, a
// HUD), while a toast (not modal) neither takes the focus nor stops the keys; a click
// on a toast's cells does nothing. Overlays draw over the content's presented screens
// too, since those are inside the content.

/// Where an ``OverlayHost`` puts an overlay.
public enum OverlayPlacement: Sendable, Hashable {
    /// Over the whole host.
    case fill
    /// At its fitting size (at most the host's), centred.
    case center
    /// At its fitting size (at most the host's), centred across, its bottom row
    /// `margin` rows above the host's bottom edge.
    case bottom(margin: Int)

    /// The frame of `view` placed this way in `bounds`.
    @MainActor
    func frame(for view: View, in bounds: Rect) -> Rect {
        guard self != .fill else { return bounds }
        let fitting = view.sizeThatFits(Size(columns: bounds.columns, rows: bounds.rows))
        let columns = min(fitting.columns, bounds.columns), rows = min(fitting.rows, bounds.rows)
        let column = bounds.column + (bounds.columns - columns) / 2
        let row = switch self {
        case .fill, .center: bounds.row + (bounds.rows - rows) / 2
        case let .bottom(margin): max(bounds.endRow - max(margin, 0) - rows, bounds.row)
        }
        return Rect(column: column, row: row, columns: columns, rows: rows)
    }
}

/// A content view with overlays drawn over it: the attachment point of
/// ``Toast``, ``HUD`` and ``AlertPresenter``.
///
/// ```swift
/// let host = OverlayHost(navigation)                 // the window's root
/// let toast = Toast()
/// host.addOverlay(toast, placement: .bottom(margin: 1))
/// toast.reactive.show <~ viewModel.submit.errors.map(\.reason)
/// ```
@MainActor
public final class OverlayHost: View {
    /// The view under the overlays, over the whole host.
    public let content: View
    private var placements: [(overlay: View, placement: OverlayPlacement)] = []

    /// A host showing `content`, with no overlays yet.
    public init(_ content: View) {
        self.content = content
        super.init()
        addSubview(content)
    }

    /// The overlays attached, in drawing order: the last draws over the others.
    public var overlays: [View] {
        subviews.filter { $0 !== content }
    }

    /// Attaches `overlay` over the content and the overlays already attached, placed
    /// as `placement` says; attaching it again moves it to the top with the new
    /// placement.
    public func addOverlay(_ overlay: View, placement: OverlayPlacement) {
        precondition(overlay !== content, "the content cannot be its own overlay")
        placements.removeAll { $0.overlay === overlay }
        placements.append((overlay, placement))
        addSubview(overlay)
    }

    /// Detaches `overlay`, if it is attached here.
    public func removeOverlay(_ overlay: View) {
        guard overlay !== content, overlay.superview === self else { return }
        placements.removeAll { $0.overlay === overlay }
        overlay.removeFromSuperview()
    }

    /// The content's fitting size: overlays take no space.
    public override func sizeThatFits(_ proposal: Size) -> Size {
        content.sizeThatFits(proposal)
    }

    /// Gives the content the whole frame and each overlay its placement's frame (the
    /// whole frame for a subview added without ``addOverlay(_:placement:)``).
    public override func layoutSubviews() {
        placements.removeAll { $0.overlay.superview !== self }
        content.frame = frame
        for overlay in subviews where overlay !== content {
            let placement = placements.first { $0.overlay === overlay }?.placement ?? .fill
            overlay.frame = placement.frame(for: overlay, in: frame)
        }
    }
}
