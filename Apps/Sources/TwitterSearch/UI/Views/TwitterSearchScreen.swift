import Ripple
import RippleTerminal
import SeedApp
import TwitterSearchCore

// TwitterSearchScreen: seed 000's one screen (the original's
// `TwitterSearchViewController`). It builds views and binds them to the ViewModel;
// every behaviour, every text and every choice of what shows is the ViewModel's.
//
//     ┌ Twitter Search ─────────────────────────────────────────┐
//     │Search: segfault                                        |│   the spinner while searching
//     │Execution time: 0.002572                                 │
//     │Building the tweet index: 40 %. Your search runs when it │   only while a search waits
//     │is ready.                                                │
//     │The tweet service could not answer: Rate limit exceeded  │   only after a failure
//     │(HTTP 429).                                              │
//     │▀▀▀▀▀▀▀▀ @gcs                                       12 s │
//     │▀▀▀▀▀▀▀▀ Fix segmentation fault due to field_name=NULL.  │   rows dim while searching
//     │…                                                        │
//     │Tab: results and back · ↑↓: scroll · Esc: back to the menu│   the keys
//     └─────────────────────────────────────────────────────────┘
//
// Bindings: searchText <~ field's text on each edit; spinner <~ isSearching;
// label <~ queryExecutionTime; notice <~ noticeText, hidden <~ isNoticeHidden;
// error <~ errorText, hidden <~ isErrorHidden; rows <~ tweets (each row dimmed <~
// areResultsDimmed); footer <~ keyHints. Row selection does nothing.

/// The Twitter search screen: a search field with a spinner, the last search's
/// execution time, what happens while the service cannot answer yet, the last
/// error, the tweets found, and the keys.
@MainActor
public final class TwitterSearchScreen: View {
    /// The screen's title, in its border and its navigation item.
    public static let title = "Twitter Search"
    /// The most lines a notice or an error takes.
    static let messageLines = 3

    /// The search field; the first to take the focus.
    public let field = TextField(placeholder: "type more than 3 characters")
    /// Spins while a search runs.
    public let spinner: ActivityIndicator
    /// `Execution time: …` of the last search.
    public let executionTime = Label()
    /// What happens to a search that waits for the service; hidden while none does.
    let noticeLabel = Label(
        style: Style(foreground: .yellow), lineBreakMode: .wordWrapping(maximumLines: TwitterSearchScreen.messageLines))
    /// The last failure's sentence; hidden while there is none.
    let errorLabel = Label(
        style: Style(foreground: .red, attributes: .bold),
        lineBreakMode: .wordWrapping(maximumLines: TwitterSearchScreen.messageLines))
    /// The tweets.
    public let list: ListView<TweetViewModel, TweetRow>
    /// The keys.
    public let footer = KeyHintFooter()

    /// The ViewModel the screen shows (kept alive by the screen).
    public let viewModel: TwitterSearchViewModel

    /// The screen of `viewModel`; the spinner animates on `scheduler` (the main
    /// queue in the app, the test's `TestScheduler` in tests).
    public init(viewModel: TwitterSearchViewModel, scheduler: some DateScheduler) {
        self.viewModel = viewModel
        spinner = ActivityIndicator(scheduler: scheduler)
        let dimmed = viewModel.areResultsDimmed
        list = ListView(rowHeight: TweetRow.height, placeholder: "No tweets", makeRow: TweetRow.init) { row, tweet in
            row.show(tweet, dimmed: dimmed)
        }
        super.init()
        navigationItem.title = Self.title

        field.sizing = .flexible
        list.sizing = .flexible
        let searchBar = Stack(.horizontal, spacing: 1, [Label("Search:"), field, spinner])
        addSubview(Border(title: Self.title, Stack(.vertical, [searchBar, executionTime, noticeLabel, errorLabel, list, footer])))

        viewModel.searchText <~ field.reactive.continuousTextValues
        spinner.reactive.isAnimating <~ viewModel.isSearching
        executionTime.reactive.text <~ viewModel.queryExecutionTime
        noticeLabel.reactive[\.text] <~ viewModel.noticeText
        noticeLabel.reactive.isHidden <~ viewModel.isNoticeHidden
        errorLabel.reactive[\.text] <~ viewModel.errorText
        errorLabel.reactive.isHidden <~ viewModel.isErrorHidden
        list.reactive.items <~ viewModel.tweets
        footer.reactive.hints <~ viewModel.keyHints
    }
}
