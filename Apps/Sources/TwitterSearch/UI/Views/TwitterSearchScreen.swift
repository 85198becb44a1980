import Ripple
import RippleTerminal
import TwitterSearchCore

// TwitterSearchScreen: seed 000's one screen (the original's
// `TwitterSearchViewController`, APPS.md §1.1, §1.4). It builds views and binds
// them to the ViewModel; every behaviour is the ViewModel's.
//
//     ┌ Twitter Search ─────────────────────────────────────────┐
//     │Search: segfault                                        |│   the spinner while searching
//     │Execution time: 0.002572                                 │
//     │Invalid response: HTTP 503: Over capacity … (code 130)   │   only after a failure
//     │▀▀▀▀▀▀▀▀ @gcs                                    12 secs │
//     │▀▀▀▀▀▀▀▀ Fix segmentation fault due to field_name=NULL.  │   rows dim while searching
//     │…                                                        │
//     └─────────────────────────────────────────────────────────┘
//
// Bindings, as the original's:
//   searchText <~ field's text on each edit; spinner <~ isSearching;
//   label <~ queryExecutionTime; rows <~ tweets (each row dimmed <~ loadingAlpha < 1);
//   plus the error label <~ error (hidden while nil). Row selection does nothing.

/// The Twitter search screen: a search field with a spinner, the last search's
/// execution time and error, and the tweets found.
@MainActor
public final class TwitterSearchScreen: View {
    /// The screen's title, in its border and its navigation item.
    public static let title = "Twitter Search"

    /// The search field; the first to take the focus.
    public let field = TextField(placeholder: "type more than 3 characters")
    /// Spins while a search runs.
    public let spinner: ActivityIndicator
    /// `Execution time: …` of the last search.
    public let executionTime = Label()
    /// The last failure's message; hidden while there is none.
    public let errorLabel = Label(style: Style(foreground: .red, attributes: .bold))
    /// The tweets.
    public let list: ListView<TweetViewModel, TweetRow>

    /// The ViewModel the screen shows (kept alive by the screen).
    public let viewModel: TwitterSearchViewModel

    /// The screen of `viewModel`; the spinner animates on `scheduler` (the main
    /// queue in the app, the test's `TestScheduler` in tests).
    public init(viewModel: TwitterSearchViewModel, scheduler: some DateScheduler) {
        self.viewModel = viewModel
        spinner = ActivityIndicator(scheduler: scheduler)
        let dimmed = viewModel.loadingAlpha.map { $0 < TwitterSearchViewModel.enabledTableAlpha }
        list = ListView(rowHeight: TweetRow.height, placeholder: "No tweets", makeRow: TweetRow.init) { row, tweet in
            row.show(tweet, dimmed: dimmed)
        }
        super.init()
        navigationItem.title = Self.title

        field.sizing = .flexible
        list.sizing = .flexible
        let searchBar = Stack(.horizontal, spacing: 1, [Label("Search:"), field, spinner])
        addSubview(Border(title: Self.title, Stack(.vertical, [searchBar, executionTime, errorLabel, list])))

        viewModel.searchText <~ field.reactive.continuousTextValues
        spinner.reactive.isAnimating <~ viewModel.isSearching
        executionTime.reactive.text <~ viewModel.queryExecutionTime
        errorLabel.reactive.text <~ viewModel.error.map { $0 ?? "" }
        errorLabel.reactive.isHidden <~ viewModel.error.map { $0 == nil }
        list.reactive.items <~ viewModel.tweets
    }
}
