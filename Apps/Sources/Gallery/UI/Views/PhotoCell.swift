import GalleryCore
import Ripple
import RippleTerminal

// PhotoCell: one cell of the wall — the thumbnail in half blocks over the photo's
// name, on dark grey (the original's cells). It only binds: the thumbnail's state and
// the name come from the cell's ViewModel, for as long as the cell shows that photo.

/// A cell of the photo wall.
@MainActor
public final class PhotoCell: GridCell {
    /// The wall's cell size: 16 columns by 8 rows (7 of thumbnail, 1 of name).
    public nonisolated static let size = Size(columns: 16, rows: 8)
    /// The thumbnail's size: the cell but its last row.
    public nonisolated static let thumbnailSize = Size(columns: size.columns, rows: size.rows - 1)
    /// The cell's dark grey, behind the thumbnail too.
    public nonisolated static let background = Color.rgb(48, 48, 48)

    /// The thumbnail.
    public let thumbnail = ImageView(placeholder: .text("loading…"), backgroundColor: PhotoCell.background)
    /// The photo's name, cut with "…".
    public let nameLabel = Label()

    /// An empty cell.
    public override init() {
        super.init()
        backgroundColor = Self.background
        thumbnail.sizing = .flexible
        addSubview(Stack(.vertical, [thumbnail, nameLabel]))
    }

    /// Shows `viewModel` until the cell is reused: the thumbnail loads now and its
    /// load is cancelled when the stint ends.
    public func show(_ viewModel: PhotoCellViewModel<Image>) {
        thumbnail.image = nil
        thumbnail.placeholder = .text("loading…")
        reuseLifetime += nameLabel.reactive.text <~ viewModel.name
        reuseLifetime += thumbnail.reactive.thumbnailState <~ viewModel.thumbnail
    }
}

extension Reactive where Base: ImageView {
    /// Shows a thumbnail's state: the picture, or the placeholder's text.
    var thumbnailState: BindingTarget<ThumbnailState<Image>> {
        makeBindingTarget(on: MainActorScheduler()) { view, state in
            view.image = state.picture
            view.placeholder = .text(state.placeholderText)
        }
    }
}
