import GalleryCore
import Ripple
import RippleTerminal
import SeedApp

// PagerScreen: the full-screen pager (the original's black full-size pages). The
// image of the current page fills the screen in half blocks; under it the caption
// (author, rating, votes, position), a spinner while the page fetches, the page's
// error, the keys.
//
//     ┌ Kite ─────────────────────────────────────────────────────────┐   (the bar)
//     │▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀│
//     │…                                                              │
//     │by Ada · rating 3.00 · 3 votes · 2 of 42                     | │
//     │←: previous · →: next · i: details · Esc: back to the wall      │
//
// Bindings: title <~ title; image <~ the current page's image; caption <~ caption;
// spinner <~ the current page's loading; error <~ its errorText; footer <~ keyHints;
// ← ─▶ previous(); → ─▶ next(); i ─▶ showInfo(). Which page is active is the
// ViewModel's (it fetches again each time the pager comes back).

/// The full-screen pager.
@MainActor
public final class PagerScreen: View {
    /// The current photo, fitted to the screen.
    public let imageView = ImageView(placeholder: .text("loading…"), backgroundColor: .rgb(0, 0, 0))
    /// `"by Ada · rating 3.00 · 3 votes · 2 of 42"`.
    public let captionLabel = Label()
    /// Spins while the page fetches its details and picture.
    public let spinner: ActivityIndicator
    /// The page's last failure.
    public let errorLabel = Label(style: Style(foreground: .red, attributes: .bold), lineBreakMode: .wordWrapping(maximumLines: 2))
    /// The keys.
    public let footer = KeyHintFooter()
    /// The ViewModel (kept alive by the screen).
    public let viewModel: FullSizePhotoViewModel<Image>

    /// The pager of `viewModel`; the spinner turns on `scheduler`.
    public init(viewModel: FullSizePhotoViewModel<Image>, scheduler: some DateScheduler) {
        self.viewModel = viewModel
        spinner = ActivityIndicator(scheduler: scheduler)
        super.init()
        imageView.sizing = .flexible
        captionLabel.sizing = .flexible
        addSubview(Stack(.vertical, [imageView, Stack(.horizontal, spacing: 1, [captionLabel, spinner]), errorLabel, footer]))

        navigationItem.reactive.title <~ viewModel.title
        let page = viewModel.currentPage
        imageView.reactive.image <~ page.flatMap(.latest) { $0.map { Property($0.image) } ?? Property(value: nil) }
        spinner.reactive.isAnimating <~ page.flatMap(.latest) { $0.map { Property($0.loading) } ?? Property(value: false) }
        let error = page.flatMap(.latest) { $0.map { Property($0.errorText) } ?? Property(value: "") }
        errorLabel.reactive.text <~ error
        errorLabel.reactive.isHidden <~ error.map(\.isEmpty)
        captionLabel.reactive.text <~ viewModel.caption
        footer.reactive.hints <~ viewModel.keyHints
    }

    /// The pager takes the keys while it shows.
    public override var canBecomeFocused: Bool { true }

    /// ← and → turn pages, `i` shows the details; Esc goes on to the stack.
    public override func handleKey(_ event: KeyEvent) -> Bool {
        guard event.modifiers.isEmpty else { return false }
        switch event.key {
        case .left:
            viewModel.previous()
            return true
        case .right:
            viewModel.next()
            return true
        case .character("i"):
            viewModel.showInfo()
            return true
        default:
            return false
        }
    }
}
