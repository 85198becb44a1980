import Ripple
import RippleTerminal
import SeedAppCore

// KeyHintFooter: the one line at the bottom of every seed app's screen that says
// which keys do what there. The ViewModel decides the hints; the footer shows them
// dim, cut with "…" when the line is narrower than the text.
//
//     Enter: search · ↑↓: scroll · Esc: back to the menu

/// The footer of key hints every seed app screen shows, bound to its ViewModel's
/// hints.
///
/// ```swift
/// let footer = KeyHintFooter()
/// footer.reactive.hints <~ viewModel.keyHints
/// ```
@MainActor
public final class KeyHintFooter: View {
    /// The line drawn.
    public let label = Label(style: Style(attributes: .dim))

    /// The hints shown.
    public var hints: [KeyHint] = [] {
        didSet { label.text = hints.footerText }
    }

    /// A footer showing `hints`.
    public init(_ hints: [KeyHint] = []) {
        super.init()
        addSubview(label)
        self.hints = hints
        label.text = hints.footerText
    }
}

extension Reactive where Base: KeyHintFooter {
    /// Sets the hints shown.
    public var hints: BindingTarget<[KeyHint]> {
        makeBindingTarget(on: MainActorScheduler()) { $0.hints = $1 }
    }
}
