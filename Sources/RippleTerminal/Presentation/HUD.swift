import Ripple

// HUD: a modal progress box — a spinning ActivityIndicator and an optional text —
// shown while something loads ("a modal progress HUD while `loading`").
//
// A HUD is an overlay (attach it to an `OverlayHost`, typically `.center`) that stays
// attached and hidden until `isShowing`. While it shows it is modal: the window keeps
// the focus and the mouse inside it, and since nothing in it can take the focus, keys
// and clicks reach nothing (Esc does not pop the screen beneath). It remembers the
// view that had the focus and gives it back when it hides. The spinner animates on
// the injected `DateScheduler` only while the HUD shows.

/// A modal progress overlay: a spinner and an optional text in a box.
///
/// ```swift
/// let hud = HUD(text: "Loading…")
/// host.addOverlay(hud, placement: .center)
/// hud.reactive.isShowing <~ viewModel.loading
/// ```
@MainActor
public final class HUD: View {
    /// The spinner in the box, animating while the HUD shows.
    public let activityIndicator: ActivityIndicator
    private let label: Label
    private var coveredFocus: SavedFocus?

    /// Whether the HUD shows (and blocks input); `false` at first.
    public var isShowing = false {
        didSet {
            guard isShowing != oldValue else { return }
            if isShowing {
                coveredFocus = SavedFocus(window)
                isHidden = false
                activityIndicator.isAnimating = true
                window?.keepFocusValid()
            } else {
                isHidden = true
                activityIndicator.isAnimating = false
                coveredFocus?.restore(orFocusFirstIn: nil)
                coveredFocus = nil
            }
        }
    }

    /// The text beside the spinner; `nil` or empty for none.
    public var text: String? {
        didSet {
            guard text != oldValue else { return }
            label.text = text ?? ""
            label.isHidden = (text ?? "").isEmpty
        }
    }

    /// A hidden HUD with `text` beside a spinner animated on `scheduler`.
    public init(text: String? = nil, scheduler: any DateScheduler = QueueScheduler.main) {
        self.text = text
        activityIndicator = ActivityIndicator(scheduler: scheduler)
        label = Label(text ?? "")
        label.isHidden = (text ?? "").isEmpty
        super.init()
        isModal = true
        isHidden = true
        let row = Stack(.horizontal, spacing: 1, [activityIndicator, label])
        addSubview(Border(Padding(Insets(horizontal: 1), row)))
    }

    /// Clears the box's cells, hiding what it covers.
    public override func draw(in context: inout DrawingContext) {
        context.fill(style: .plain)
    }
}

/// The binding target of a HUD.
extension Reactive where Base: HUD {
    /// Shows the HUD while the values are `true`: `hud.reactive.isShowing <~
    /// viewModel.loading`.
    public var isShowing: BindingTarget<Bool> {
        makeBindingTarget(on: MainActorScheduler()) { $0.isShowing = $1 }
    }

    /// Sets the text beside the spinner.
    public var text: BindingTarget<String?> {
        makeBindingTarget(on: MainActorScheduler()) { $0.text = $1 }
    }
}
