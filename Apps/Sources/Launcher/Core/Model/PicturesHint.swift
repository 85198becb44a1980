// The status line's hint on a machine without Debian's picture packages: the
// photo services then serve their bundled images (and no drawings), and one line
// says what to install for the full collections.

/// What the status line says about the picture collections.
public enum PicturesHint {
    /// The widest the hint is, so that it fits an 80-column status line whole.
    public static let maximumWidth = 78

    /// `"more pictures: apt-get install openclipart-svg librsvg2-bin"`: the missing
    /// packages, most useful first, as many as fit in ``maximumWidth`` columns (the
    /// others are named on a later start, once these are installed); empty when
    /// none is missing.
    public static func text(missingPackages: [String]) -> String {
        guard !missingPackages.isEmpty else { return "" }
        var line = "more pictures: apt-get install"
        for package in missingPackages where line.count + 1 + package.count <= maximumWidth {
            line += " " + package
        }
        return line
    }
}
