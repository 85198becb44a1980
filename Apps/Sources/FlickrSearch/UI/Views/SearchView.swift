import AppImages
import FlickrSearchCore
import Ripple
import RippleTerminal
import SeedApp

// SearchView: the search screen, the root of the app's navigation stack (the
// original's `RWTFlickrSearchViewController`). It builds views and binds them to
// the ViewModel; every text and decision is the ViewModel's.
//
//                               Flickr Search                       the stack's bar
//     ──────────────────────────────────────────────────────────────
//     ┌────────────────────────────────────────────────────────────┐
//     │Search: flower                                 [ Search ]  |│   the spinner while searching
//     │The recent searches could not be read (…): starting with …  │   only when the store says so
//     │Recent searches                                             │
//     │┌────┐ flower                                              │
//     ││    │ 57 photos                                           │
//     │└────┘                                                      │
//     │Enter: search · Tab: next · ↑↓ Enter: search again · Esc: …│   the keys
//     └────────────────────────────────────────────────────────────┘
//
// Bindings: searchText <~ the field's text on each edit; the button and Enter in
// the field run executeSearch (CocoaAction: the button is disabled while the action
// is); spinner <~ isSearching; note <~ storeNote, hidden <~ isStoreNoteHidden;
// rows <~ recentSearches; Enter on a row ─▶ rerun(row); footer <~ keyHints.

/// The search screen: the field, the Search button, the spinner, the recent
/// searches and the keys.
@MainActor
public final class SearchView: View {
    /// The search field; the first to take the focus.
    public let field = TextField(placeholder: "type more than 3 characters")
    /// Runs the search.
    public let searchButton = Button(title: "Search")
    /// Spins while a search runs.
    public let spinner: ActivityIndicator
    /// Why the recent searches could not be read or kept; hidden while all is well.
    let noteLabel = Label(style: Style(foreground: .yellow), lineBreakMode: .wordWrapping(maximumLines: 3))
    /// The recent searches' heading.
    let recentTitle = Label(style: Style(attributes: .bold))
    /// The recent searches.
    public let recentList: ListView<RecentSearchViewModel, RecentSearchRow>
    /// The keys.
    public let footer = KeyHintFooter()
    /// The ViewModel shown (kept alive by the view).
    public let viewModel: FlickrSearchViewModel

    /// The screen of `viewModel`, its thumbnails from `thumbnails` (placeholders
    /// when `nil`); the spinner turns on `scheduler`.
    public init(viewModel: FlickrSearchViewModel, thumbnails: ImageLoader?, scheduler: some DateScheduler) {
        self.viewModel = viewModel
        spinner = ActivityIndicator(scheduler: scheduler)
        recentList = ListView(rowHeight: RecentSearchRow.height, placeholder: viewModel.recentSearchesPlaceholder,
                              makeRow: RecentSearchRow.init) { row, search in row.show(search, thumbnails: thumbnails) }
        super.init()
        navigationItem.title = viewModel.title
        recentTitle.text = viewModel.recentSearchesTitle

        field.sizing = .flexible
        recentList.sizing = .flexible
        let searchBar = Stack(.horizontal, spacing: 1, [Label("Search:"), field, searchButton, spinner])
        addSubview(Border(Stack(.vertical, [searchBar, noteLabel, recentTitle, recentList, footer])))

        viewModel.searchText <~ field.reactive.continuousTextValues
        searchButton.reactive.pressed = CocoaAction<Button>(viewModel.executeSearch)
        viewModel.executeSearch <~ field.reactive.textValues.map { _ in () }
        spinner.reactive.isAnimating <~ viewModel.isSearching
        noteLabel.reactive.text <~ viewModel.storeNote
        noteLabel.reactive.isHidden <~ viewModel.isStoreNoteHidden
        recentList.reactive.items <~ viewModel.recentSearches
        recentList.reactive.activations.observeValues { [viewModel] search in viewModel.rerun(search) }
        footer.reactive.hints <~ viewModel.keyHints
    }
}
