import RippleTerminal

// PackageRowView: one package in the list — its name, its version (dim) and its summary,
// in columns that keep their widths as the list scrolls.

/// A list row showing a package's name, version and summary.
@MainActor
public final class PackageRowView: ListRow {
    /// The package's name.
    public let name = Label()
    /// The installed version, dim.
    public let version = Label(style: Style(attributes: .dim))
    /// The one-line description.
    public let summary = Label()

    /// A row with empty labels.
    public override init() {
        super.init()
        name.sizing = .fixed(24)
        version.sizing = .fixed(18)
        summary.sizing = .flexible
        addSubview(Stack(.horizontal, spacing: 1, [name, version, summary]))
    }

    /// Shows `package`.
    public func show(_ package: Package) {
        name.text = package.name
        version.text = package.version
        summary.text = package.summary
    }

    /// Empties the labels.
    public override func prepareForReuse() {
        name.text = ""
        version.text = ""
        summary.text = ""
    }
}
