import AppImages
import FlickrSearchCore
import Ripple
import RippleTerminal
import SeedApp

// ResultsView: the results of one search, pushed on the app's navigation stack when
// the ViewModel shows them (the original's `RWTSearchResultsViewController`):
//
//     ‹ Back                         flower                        the stack's bar
//     ─────────────────────────────────────────────────────────────
//     ┌───────────────────────────────────────────────────────────┐
//     │57 photos                                                  │
//     │▀▀▀▀▀▀▀▀▀▀ A red flower                                    │
//     │▀▀▀▀▀▀▀▀▀▀ ♥ 3  ✉ 1                                        │
//     │▀▀▀▀▀▀▀▀▀▀                                                 │
//     │▀▀▀▀▀▀▀▀▀▀                                                 │
//     │↑↓ PgUp PgDn: scroll · Esc: back to the search             │
//     └───────────────────────────────────────────────────────────┘
//
// Bindings: the title, the summary and the keys from the ViewModel; rows <~ items,
// each row reporting its visibility to its item's ViewModel.

/// The results screen: how many photos matched, a row per photo, and the keys.
@MainActor
public final class ResultsView: View {
    /// How many photos matched.
    let summary = Label(style: Style(attributes: .dim))
    /// The photos; it takes the focus, to scroll.
    public let list: ListView<SearchResultsItemViewModel, PhotoRow>
    /// The keys.
    public let footer = KeyHintFooter()
    /// The ViewModel shown (kept alive by the view).
    public let viewModel: SearchResultsViewModel

    /// The screen of `viewModel`, its thumbnails from `thumbnails` (placeholders
    /// when `nil`).
    public init(viewModel: SearchResultsViewModel, thumbnails: ImageLoader?) {
        self.viewModel = viewModel
        list = ListView(rowHeight: PhotoRow.height, placeholder: viewModel.placeholder, makeRow: PhotoRow.init) { row, photo in
            row.show(photo, thumbnails: thumbnails)
        }
        super.init()
        navigationItem.title = viewModel.title
        summary.text = viewModel.summary
        footer.hints = viewModel.keyHints
        list.sizing = .flexible
        list.items = viewModel.items
        addSubview(Border(Stack(.vertical, [summary, list, footer])))
    }
}
