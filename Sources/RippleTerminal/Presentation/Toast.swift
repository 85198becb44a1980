import Ripple

// Toast: a one-line message over the bottom of the screen that goes away by itself —
// "注册成功", or an error's reason.
//
// A toast is an overlay (attach it to an `OverlayHost`, typically at
// `.bottom(margin: 1)`): it takes no space in the layout and is hidden while it has
// nothing to say. `show(_:)` shows a message, reversed with a space on each side,
// for `duration` on the injected `DateScheduler` (the main queue by default; a
// `TestScheduler` in tests, which must be advanced on the main actor). A newer
// message replaces the one showing and starts the duration afresh. The toast never
// takes the focus and is not modal, so keys go on to the screens beneath it.

/// A transient one-line message, shown over the screen for a while.
///
/// ```swift
/// let toast = Toast()
/// host.addOverlay(toast, placement: .bottom(margin: 1))
/// toast.reactive.show <~ viewModel.submit.errors.map(\.reason)
/// toast.reactive.show <~ viewModel.submit.values.map { _ in "注册成功" }
/// ```
@MainActor
public final class Toast: View {
    /// How long each message shows.
    public let duration: Duration
    /// The look of the message and its margin.
    public var style: Style {
        didSet { if style != oldValue { setNeedsDisplay() } }
    }
    /// The message showing, or `nil` while the toast is hidden.
    public private(set) var message: String?

    private let scheduler: any DateScheduler
    private var expiry: (any Disposable)?

    /// A hidden toast that shows each message for `duration` of `scheduler`'s time.
    public init(duration: Duration = .seconds(2), style: Style = Style(attributes: .reverse),
                scheduler: any DateScheduler = QueueScheduler.main) {
        self.duration = duration
        self.style = style
        self.scheduler = scheduler
        super.init()
        isHidden = true
    }

    /// Shows `message` on one line (line breaks become spaces) in place of any
    /// message showing, and hides it after ``duration``.
    public func show(_ message: String) {
        expiry?.dispose()
        self.message = message.replacingLineBreaks()
        isHidden = false
        setNeedsLayout()
        expiry = SignalProducer<Void, Never>(value: ())
            .delay(duration, on: scheduler)
            .take(during: lifetime)
            .startWithValues { [weak self] in
                MainActor.assumeIsolated { self?.hide() }
            }
    }

    /// Hides the message now.
    public func hide() {
        expiry?.dispose()
        expiry = nil
        message = nil
        isHidden = true
    }

    /// The message's width plus a space on each side, by one row.
    public override func sizeThatFits(_ proposal: Size) -> Size {
        guard let message else { return .zero }
        return Size(columns: message.displayWidth + 2, rows: 1)
    }

    /// Draws " message " in the toast's style, ended with "…" where the frame cuts it.
    public override func draw(in context: inout DrawingContext) {
        guard let message else { return }
        context.fill(style: style)
        context.put(message.truncated(toColumns: context.size.columns - 2), at: Position(column: 1, row: 0), style: style)
    }
}

extension String {
    /// The text with each line break turned into a space.
    fileprivate func replacingLineBreaks() -> String {
        String(map { $0.isNewline ? " " : $0 })
    }
}

/// The binding target of a toast.
extension Reactive where Base: Toast {
    /// Shows each message: `toast.reactive.show <~ action.errors.map(\.reason)`.
    public var show: BindingTarget<String> {
        makeBindingTarget(on: MainActorScheduler()) { $0.show($1) }
    }
}
