import GalleryCore
import Ripple
import RippleTerminal
import SeedApp

// WallScreen: the photo wall ("Popular on 500px"). It builds views and binds them to
// the GalleryViewModel; pages, errors, the position and where Enter goes are the
// ViewModel's.
//
//     ┌ Popular on 500px ─────────────────────────────────────────────┐
//     │42 photos                                                      │
//     │ ▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀  ▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀  ▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀▀           │
//     │ Kite              Grey Stone         Flow                     │
//     │arrows: move · Enter: open · l: log in · Esc: menu             │
//     └───────────────────────────────────────────────────────────────┘
//
// Bindings: status <~ statusText; error <~ errorText; grid items <~ cells; each cell
// shows its ViewModel while visible (thumbnail loaded, cancelled on reuse) and
// reports itemShown(at:), which pages; selections ─▶ selectedIndex; activations ─▶
// open(at:); selectedIndex and cells ─▶ the grid's selection and scroll (the pager
// moves the position, and has the wall load pages as it goes);
// footer <~ keyHints; l ─▶ logIn(); r ─▶ retry().

/// The photo wall.
@MainActor
public final class WallScreen: View {
    /// The grid of photos.
    public let grid: GridView<PhotoCellViewModel<Image>>
    /// `"42 photos"`.
    public let statusLabel = Label(style: Style(attributes: .dim))
    /// The last failure; empty when there is none.
    public let errorLabel = Label(style: Style(foreground: .red, attributes: .bold), lineBreakMode: .wordWrapping(maximumLines: 3))
    /// The keys.
    public let footer = KeyHintFooter()
    /// The ViewModel (kept alive by the screen).
    public let viewModel: GalleryViewModel<Image>

    /// The wall of `viewModel`.
    public init(viewModel: GalleryViewModel<Image>) {
        self.viewModel = viewModel
        grid = GridView(
            cellSize: PhotoCell.size, columnSpacing: 2, rowSpacing: 1, insets: Insets(all: 1),
            makeCell: { PhotoCell() }
        ) { cell, item in
            cell.show(item)
            viewModel.itemShown(at: item.index)
        }
        super.init()
        navigationItem.title = GalleryViewModel<Image>.title
        grid.sizing = .flexible
        addSubview(Stack(.vertical, [statusLabel, errorLabel, grid, footer]))

        statusLabel.reactive.text <~ viewModel.statusText
        errorLabel.reactive.text <~ viewModel.errorText
        errorLabel.reactive.isHidden <~ viewModel.errorText.map(\.isEmpty)
        grid.reactive.items <~ viewModel.cells
        footer.reactive.hints <~ viewModel.keyHints
        grid.reactive.selections.observeValues { [viewModel] cell in
            viewModel.selectedIndex.value = cell.index
            viewModel.itemShown(at: cell.index)
        }
        grid.reactive.activations.observeValues { [viewModel] cell in viewModel.open(at: cell.index) }
        // The pager moves the position, also onto photos of pages it had loaded.
        grid.reactive.followedPosition <~ Property.combineLatest(viewModel.selectedIndex, viewModel.cells).producer
            .map { index, cells in cells.indices.contains(index) ? cells[index].id : nil }
    }

    /// `l` logs in, `r` retries a failed page; the rest goes to the grid's ancestors.
    public override func handleKey(_ event: KeyEvent) -> Bool {
        guard event.modifiers.isEmpty else { return super.handleKey(event) }
        switch event.key {
        case .character("l"):
            viewModel.logIn()
            return true
        case .character("r"):
            viewModel.retry()
            return true
        default:
            return super.handleKey(event)
        }
    }
}

extension Reactive where Base: GridView<PhotoCellViewModel<Image>> {
    /// Selects the photo of this id and scrolls it into the middle of the view (the
    /// pager's position, so that "back" lands on the last photo viewed).
    var followedPosition: BindingTarget<Int?> {
        makeBindingTarget(on: MainActorScheduler()) { grid, id in
            guard let id, grid.selectedItem?.id != id else { return }
            _ = grid.selectItem(id)
            _ = grid.scrollToItem(id, centred: true)
        }
    }
}
