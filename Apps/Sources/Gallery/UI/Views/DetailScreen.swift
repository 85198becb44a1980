import GalleryCore
import Ripple
import RippleTerminal
import SeedApp

// DetailScreen: a photo's detail (the original's modal on black), presented as a
// sheet: its bar has the photo's name and "Done"; then the rating, bold, the name,
// the photographer dim, the votes, the Vote button, the error of the last vote, the
// keys.
//
//     Done                  Kite
//     ────────────────────────────
//     Rating 3.00               (bold)
//     Kite
//     by Ada                    (dim)
//     3 votes
//     [ Vote ]
//     Sorry, you have already voted for this Photo   (red, only after a failure)
//     v: vote · Esc: done
//
// Bindings: the bar's title <~ photoName, its close title = closeTitle; labels <~
// the ViewModel; the button's title <~ votePrompt, enabled <~ voteAction.isEnabled,
// pressed ─▶ vote(); v ─▶ vote(); footer <~ keyHints.

/// A photo's detail screen.
@MainActor
public final class DetailScreen: View {
    /// The rating, `"%0.2f"`.
    public let ratingLabel = Label(style: Style(attributes: .bold))
    /// The name.
    public let nameLabel = Label(lineBreakMode: .wordWrapping(maximumLines: 2))
    /// The photographer.
    public let photographerLabel = Label(style: Style(attributes: .dim))
    /// `"3 votes"`.
    public let votesLabel = Label()
    /// Votes.
    public let voteButton = Button(title: "Vote")
    /// The last vote's failure.
    public let errorLabel = Label(style: Style(foreground: .red, attributes: .bold), lineBreakMode: .wordWrapping(maximumLines: 3))
    /// The keys.
    public let footer = KeyHintFooter()
    /// The ViewModel (kept alive by the screen).
    public let viewModel: PhotoDetailViewModel

    /// The detail of `viewModel`.
    public init(viewModel: PhotoDetailViewModel) {
        self.viewModel = viewModel
        super.init()
        let spacer = View()
        spacer.sizing = .flexible
        addSubview(Stack(.vertical, [
            ratingLabel, nameLabel, photographerLabel, votesLabel, voteButton, errorLabel, spacer, footer,
        ]))
        navigationItem.reactive.title <~ viewModel.photoName
        navigationItem.closeTitle = PhotoDetailViewModel.closeTitle
        ratingLabel.reactive.text <~ viewModel.ratingText.map { "Rating \($0)" }
        nameLabel.reactive.text <~ viewModel.photoName
        photographerLabel.reactive.text <~ viewModel.photographerName.map { "by \($0)" }
        votesLabel.reactive.text <~ viewModel.votesText
        voteButton.reactive.title <~ viewModel.votePrompt
        voteButton.reactive.isEnabled <~ viewModel.voteAction.isEnabled
        voteButton.reactive.pressedValues.observeValues { [viewModel] in viewModel.vote() }
        errorLabel.reactive.text <~ viewModel.errorText
        errorLabel.reactive.isHidden <~ viewModel.errorText.map(\.isEmpty)
        footer.reactive.hints <~ viewModel.keyHints
    }

    /// `v` votes; Esc goes on to the stack (Done).
    public override func handleKey(_ event: KeyEvent) -> Bool {
        guard event.modifiers.isEmpty, event.key == .character("v") else { return false }
        viewModel.vote()
        return true
    }
}
