import Ripple

// PackageSearchViewModel: the sample app's one screen, as state and commands — a
// search over the machine's packages with a live count, a selection with its
// details, and a reload command.
//
//     query ──────────────┐
//     reload ─▶ packages ─┴─▶ results ─▶ summary ("12 of 707 packages")
//     selection ─────────────────────▶ details
//     reload.isExecuting ────────────▶ the spinner
//     reload.errors ─────────────────▶ message
//
// It imports Ripple only: the catalogue comes in through a protocol, so every
// behaviour is tested without a terminal and in virtual time. The filter runs
// synchronously on each query change: on a few thousand packages it costs well under
// a millisecond, so the list follows each key press in the same frame.

/// The search screen's state and commands.
///
/// ```swift
/// let viewModel = PackageSearchViewModel(catalog: DpkgCatalog())
/// viewModel.query.value = "swift"
/// viewModel.summary.value   // "3 of 707 packages"
/// ```
public final class PackageSearchViewModel: Sendable {
    /// What the user typed; each word must appear in a result's name or summary
    /// (ignoring case).
    public let query = MutableProperty("")
    /// The package the user selected in the list, if any.
    public let selection = MutableProperty<Package?>(nil)

    /// Every package of the last successful load, by name.
    public let packages: Property<[Package]>
    /// The packages matching the query: those whose name starts with the first word
    /// first, then the others, each group by name.
    public let results: Property<[Package]>
    /// "Loading…", "No packages", "707 packages", or "12 of 707 packages".
    public let summary: Property<String>
    /// The selected package's name, version, size and summary, or a hint.
    public let details: Property<String>
    /// The last load's error, shown until the next load succeeds; nil otherwise.
    public let message: Property<String?>

    /// Loads the packages again; disabled while it runs. Started once at creation.
    public let reload: Action<Void, [Package], CatalogError>

    private let loaded = MutableProperty<[Package]>([])
    private let hasLoaded = MutableProperty(false)
    private let lastError = MutableProperty<String?>(nil)

    /// A ViewModel reading `catalog`; it starts the first load at once.
    public init(catalog: some PackageCatalog) {
        reload = Action { catalog.packages() }
        packages = Property(loaded)
        message = Property(lastError)
        loaded <~ reload.values
        hasLoaded <~ reload.values.map { _ in true }
        lastError <~ Signal.merge(reload.values.map { _ in String?.none },
                                  reload.errors.map { "Could not load the packages: \($0)" })
        results = Property.combineLatest(loaded, query).map { packages, query in
            Self.filter(packages, query: query)
        }
        summary = Property.combineLatest(results, loaded, hasLoaded, reload.isExecuting).map { results, all, hasLoaded, loading in
            if !hasLoaded { return loading ? "Loading…" : "No packages" }
            if all.isEmpty { return "No packages" }
            let total = "\(all.count) package\(all.count == 1 ? "" : "s")"
            return results.count == all.count ? total : "\(results.count) of \(total)"
        }
        details = selection.map { package in
            guard let package else { return "Select a package to see its details." }
            let size = package.installedKibibytes.map { " · \(Self.formatSize(kibibytes: $0))" } ?? ""
            return "\(package.name) \(package.version)\(size) — \(package.summary)"
        }
        reload.apply().start()
    }

    /// The packages matching `query`: every word in the name or the summary, ignoring
    /// case; names starting with the first word come first.
    public static func filter(_ packages: [Package], query: String) -> [Package] {
        let words = query.lowercased().split(whereSeparator: \.isWhitespace)
        guard let first = words.first else { return packages }
        var leading: [Package] = [], others: [Package] = []
        for package in packages {
            let name = package.name.lowercased()
            let summary = package.summary.lowercased()
            guard words.allSatisfy({ name.contains($0) || summary.contains($0) }) else { continue }
            if name.hasPrefix(first) { leading.append(package) } else { others.append(package) }
        }
        return leading + others
    }

    /// "512 KiB", "3.4 MiB".
    static func formatSize(kibibytes: Int) -> String {
        guard kibibytes >= 1024 else { return "\(kibibytes) KiB" }
        let tenths = (kibibytes * 10 + 512) / 1024
        return "\(tenths / 10).\(tenths % 10) MiB"
    }
}
