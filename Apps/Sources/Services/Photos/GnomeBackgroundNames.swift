// GNOME's names for its backgrounds: `gnome-backgrounds` lists each picture in
// `/usr/share/gnome-background-properties/<name>.xml`:
//
//     <wallpaper deleted="false">
//       <name>Blobs</name>
//       <filename>/usr/share/backgrounds/gnome/blobs-l.svg</filename>
//       <filename-dark>/usr/share/backgrounds/gnome/blobs-d.svg</filename-dark>
//
// The light file is named "Blobs", the dark one "Blobs (dark)". A file that cannot
// be read, or a `<wallpaper>` without a name or a file, names nothing.
import Foundation

/// The names `gnome-background-properties` gives the machine's backgrounds.
public enum GnomeBackgroundNames {
    /// Where `gnome-backgrounds` installs its lists.
    public static let directory = "/usr/share/gnome-background-properties"

    /// Each listed file's canonical path and its name.
    public static func read(directory: String = directory) -> [String: String] {
        guard let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return [:] }
        var found: [String: String] = [:]
        for name in names.sorted() where name.hasSuffix(".xml") {
            guard let data = FileManager.default.contents(atPath: directory + "/" + name), data.count < 1 << 20 else { continue }
            let text = ByteText(Array(data))
            guard let wallpapers = try? text.elements("wallpaper", in: 0..<data.count) else { continue }
            for wallpaper in wallpapers {
                guard let title = (try? text.element("name", in: wallpaper.inner)).flatMap({ $0 }).flatMap({ try? text.content($0.inner) }) else {
                    continue
                }
                for (element, suffix) in [("filename", ""), ("filename-dark", " (dark)")] {
                    guard let file = (try? text.element(element, in: wallpaper.inner)).flatMap({ $0 }),
                        let path = try? text.content(file.inner), let canonical = PhotoScanner.realPath(path),
                        found[canonical] == nil
                    else { continue }
                    found[canonical] = title + suffix
                }
            }
        }
        return found
    }
}
