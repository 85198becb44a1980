import Ripple
import RippleTerminal
import TodosCore

// TodoCell: one todo in the list (the original's cell: a BEMCheckBox and a title).
// The row's text and the kind of its look are the ViewModel's (`TodoRow`); the cell
// shows the text and maps the kind to a style: a row syncing is dim.
//
//     [ ] Buy milk
//     [x] Write the README
//     [x] Call mum …          dim: a change to it waits for the server
//
// The row is a label, not a `Checkbox`: a control in a row would join the focus
// chain; the list has the focus and Space toggles its selected row.

/// A row showing one todo with its checkbox.
@MainActor
public final class TodoCell: ListRow {
    /// The row's text: `[ ] title`, `[x] title`, `[x] title …`.
    public let label = Label()

    /// An empty row.
    public override init() {
        super.init()
        label.sizing = .flexible
        addSubview(label)
    }

    /// Shows `row`.
    func show(_ row: TodoRow) {
        label.text = row.text
        label.style = Self.style(row.style)
    }

    /// The terminal style of a row's look.
    static func style(_ look: TodoRowStyle) -> Style {
        switch look {
        case .plain: Style()
        case .syncing: Style(attributes: .dim)
        }
    }

    /// Empties the row.
    public override func prepareForReuse() {
        label.text = ""
        label.style = Style()
    }
}
