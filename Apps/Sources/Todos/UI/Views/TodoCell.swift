import Ripple
import RippleTerminal
import TodosCore

// TodoCell: one todo in the list (the original's cell: a BEMCheckBox and a title):
//
//     [ ] Buy milk
//     [x] Write the README
//     [x] Call mum …          a toggle syncing: the tick asked for, dim, until the
//                             service confirms (the row then moves) or refuses (the
//                             tick goes back)
//
// The row is a label, not a `Checkbox`: a control in a row would join the focus
// chain; the list has the focus and Space toggles its selected row.

/// A row showing one todo with its checkbox.
@MainActor
public final class TodoCell: ListRow {
    /// `[ ] title`, `[x] title`; dim with `…` while syncing.
    public let label = Label()

    /// An empty row.
    public override init() {
        super.init()
        label.sizing = .flexible
        addSubview(label)
    }

    /// Shows `row`.
    func show(_ row: TodoRow) {
        label.text = (row.isChecked ? "[x] " : "[ ] ") + row.title + (row.isSyncing ? " …" : "")
        label.style = row.isSyncing ? Style(attributes: .dim) : Style()
    }

    /// Empties the row.
    public override func prepareForReuse() {
        label.text = ""
        label.style = Style()
    }
}
