import GalleryCore
import Ripple
import RippleTerminal
import SeedApp

// PagerScreen: the full-screen pager (the original's black full-size pages). The
// image of the current page fills the screen in half blocks; under it the caption
// (author, rating, votes, position among all the photos), a spinner while the page
// fetches, "loading more photos…" while → waits for the wall's next page, the page's
// error (or the failed page of photos), the keys.
//
//     ┌ Kite ─────────────────────────────────────────────────────────┐   (the bar)
//     │▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀│
//     │…                                                              │
//     │by Ada · rating 3.00 · 3 votes · 20 of 42                    | │
//     │loading more photos…                                 (dim, waiting)│
//     │←: previous · →: next · i: details · Esc: back to the wall      │
//
// Bindings: title <~ title; image <~ the current page's image; caption <~ caption;
// spinner <~ the current page's loading; status <~ statusText; error <~ errorText;
// footer <~ keyHints; ← ─▶ previous(); → ─▶ next(); i ─▶ showInfo(); r ─▶ retry().
// Which page is active, and when the wall loads more, is the ViewModel's.

/// The full-screen pager.
@MainActor
public final class PagerScreen: View {
    /// The current photo, fitted to the screen.
    public let imageView = ImageView(placeholder: .text("loading…"), backgroundColor: .rgb(0, 0, 0))
    /// `"by Ada · rating 3.00 · 3 votes · 2 of 42"`.
    public let captionLabel = Label()
    /// Spins while the page fetches its details and picture.
    public let spinner: ActivityIndicator
    /// `"loading more photos…"` while → waits for the next page of photos.
    public let statusLabel = Label(style: Style(attributes: .dim))
    /// The page's last failure, or the failed page of photos.
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
        addSubview(Stack(.vertical, [
            imageView, Stack(.horizontal, spacing: 1, [captionLabel, spinner]), statusLabel, errorLabel, footer,
        ]))

        navigationItem.reactive.title <~ viewModel.title
        let page = viewModel.currentPage
        imageView.reactive.image <~ page.flatMap(.latest) { $0.map { Property($0.image) } ?? Property(value: nil) }
        spinner.reactive.isAnimating <~ page.flatMap(.latest) { $0.map { Property($0.loading) } ?? Property(value: false) }
        statusLabel.reactive.text <~ viewModel.statusText
        statusLabel.reactive.isHidden <~ viewModel.statusText.map(\.isEmpty)
        errorLabel.reactive.text <~ viewModel.errorText
        errorLabel.reactive.isHidden <~ viewModel.errorText.map(\.isEmpty)
        captionLabel.reactive.text <~ viewModel.caption
        footer.reactive.hints <~ viewModel.keyHints
    }

    /// The pager takes the keys while it shows.
    public override var canBecomeFocused: Bool { true }

    /// ← and → turn pages, `i` shows the details, `r` retries a failed page of
    /// photos; Esc goes on to the stack.
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
        case .character("r"):
            viewModel.retry()
            return true
        default:
            return false
        }
    }
}
