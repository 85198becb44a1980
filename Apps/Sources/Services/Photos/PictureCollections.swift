// Which pictures each photo API serves, and which of Debian's packages would
// complete them: what `GET /photos/collections` answers, what `ripple-services`
// prints at start, and what the launcher's status line turns into a one-line hint.
//
// | Package | Gives | Missing when |
// |---|---|---|
// | `openclipart-svg` | the drawings of the Flickr search | the corpus uses Debian's clipart folder and it does not exist |
// | `librsvg2-bin` | the drawings' thumbnails (`rsvg-convert`) | the corpus has drawings and no `rsvg-convert` is found |
// | `plasma-workspace-wallpapers` | the 500px wall's photographs | the corpus is the machine's and `/usr/share/wallpapers` does not exist |
// | `gnome-backgrounds` | more wallpapers | the corpus is the machine's and `/usr/share/backgrounds/gnome` does not exist |
// | `webp` | reading WebP files (most of `gnome-backgrounds`) | the scan chose WebP files and no `dwebp` is found |
//
// `librsvg2-bin` is also missing when the scan chose SVG files and no
// `rsvg-convert` is found.
import Foundation
import ImageFormats

/// What the photo APIs serve, and what is missing for the full collections.
public struct PictureCollections: Sendable, Equatable {
    /// What the 500px routes list: `"photographs from /usr/share/wallpapers, …"`,
    /// `"the bundled images"`.
    public var wall: String
    /// What the Flickr search finds: the wall's pictures, and the drawings if any.
    public var search: String
    /// Debian's packages that would complete the collections, most useful first.
    public var missingPackages: [String]

    /// Makes a report.
    public init(wall: String, search: String, missingPackages: [String]) {
        self.wall = wall
        self.search = search
        self.missingPackages = missingPackages
    }

    /// The command that installs the missing packages, or `nil` when none is missing.
    public var installCommand: String? {
        missingPackages.isEmpty ? nil : "apt-get install " + missingPackages.joined(separator: " ")
    }

    /// Every package the full collections need, most useful first.
    public static let packages = ["openclipart-svg", "librsvg2-bin", "plasma-workspace-wallpapers", "gnome-backgrounds", "webp"]

    /// The packages `corpus` lacks on a machine where `exists` tells which paths
    /// exist and `rendererFound` whether `rsvg-convert` was found; the scan chose
    /// files of `formatsNeedingTools` (WebP, SVG), which `conversion` may lack the
    /// tools for.
    public static func missingPackages(
        corpus: PhotoCorpus, exists: (String) -> Bool, rendererFound: Bool,
        formatsNeedingTools: Set<ImageFormat> = [], conversion: PictureConversion = PictureConversion()
    ) -> [String] {
        var missing: [String] = []
        if let clipart = corpus.clipart {
            if clipart.isMachine, !exists(clipart.directory.path) { missing.append("openclipart-svg") }
            if !rendererFound { missing.append("librsvg2-bin") }
        }
        if formatsNeedingTools.contains(.svg), !conversion.canRead(.svg), !missing.contains("librsvg2-bin") {
            missing.append("librsvg2-bin")
        }
        if case .machine(let roots) = corpus.kind {
            let paths = Set(roots.map(\.path))
            if paths.contains("/usr/share/wallpapers"), !exists("/usr/share/wallpapers") {
                missing.append("plasma-workspace-wallpapers")
            }
            if paths.contains("/usr/share/backgrounds"), !exists("/usr/share/backgrounds/gnome") {
                missing.append("gnome-backgrounds")
            }
        }
        // GNOME's backgrounds are mostly WebP: installing them asks for the tool too.
        let readsWebP = formatsNeedingTools.contains(.webp) || missing.contains("gnome-backgrounds")
        if readsWebP, !conversion.canRead(.webp) { missing.append("webp") }
        return missing
    }

    /// WebP or SVG for a path named so (what the import converts), else `nil`.
    public static func convertedFormat(ofPath path: String) -> ImageFormat? {
        switch (path as NSString).pathExtension.lowercased() {
        case "webp": .webp
        case "svg": .svg
        default: nil
        }
    }

    /// The JSON of `GET /photos/collections`.
    var object: [String: Any] {
        [
            "500px": wall,
            "flickr": search,
            "missing_packages": missingPackages,
            "install": installCommand.map { $0 as Any } ?? NSNull(),
        ]
    }
}
