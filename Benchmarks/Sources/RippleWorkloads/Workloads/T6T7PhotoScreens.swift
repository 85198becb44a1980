// T6 and T7: the two photo screens of the seed apps, scrolled one page per key.
//
// T6, a photo wall: a GridView of 1,000 photos in a 120 × 40 window, cells of 16 × 9
// (a 16 × 8 thumbnail in half blocks over a one-line title), as the 500px Gallery's
// wall. T7, search results: a ListView of 1,000 rows of 4 lines (an 8 × 4 thumbnail,
// the title, the favourites and comments counts), as the Flickr Search's results.
// Each photo has its own thumbnail, a 100 × 100 pixel image already decoded, as an
// image cache holds them. In T6, T6b, T7 and T7b each thumbnail was also prepared for
// its cells where it was decoded (`ImageView.prepare`, as the apps' image loaders do
// on their decode queue), so a reused cell that shows another photo copies cells:
// the rows measure the frame itself, at 1,000 and at 10,000 items. T6c and T7c
// prepare nothing: every page the keys reach for the first time has its thumbnails
// scaled in the frame (on the way back, pages still among the scalings image views
// share are copied) — what a frame costs when images come from a loader that does
// not prepare them. Each operation is one PageDown (PageUp on the way back from an
// end) sent to the window, then the render: the reused cells configured for their
// new items, the thumbnails' cells, the drawing and the renderer's diff. Building
// the screen, preparing the thumbnails and the first render are outside the
// measured region. Ripple only; the checksum is the bytes the renders wrote, worked
// out by a first run.

import Ripple
import RippleTerminal

extension Workloads {
    /// T6 at 1,000 photos, T6b at 10,000: the same keys, so that the two rows show
    /// whether a frame's cost depends on the item count; T6c as T6b with thumbnails
    /// not prepared (scaled in the frames).
    static func photoWallScroll(_ sizing: Sizing, photos: Int = 1_000, id: String = "T6", prepared: Bool = true) -> Workload {
        let keys = sizing.iterations(1_000)
        let how = prepared ? "thumbnails prepared" : "thumbnails scaled in the frame"
        return photoScreenScroll(sizing, id: id, title: "photo wall: GridView of \(grouped(photos)), \(how), one page per key") {
            PhotoScreen.wall(photos: photos, preparedFor: prepared ? keys : nil)
        }
    }

    /// T7 at 1,000 rows, T7b at 10,000, T7c as T7b with thumbnails not prepared.
    static func photoResultsScroll(_ sizing: Sizing, photos: Int = 1_000, id: String = "T7", prepared: Bool = true) -> Workload {
        let keys = sizing.iterations(1_000)
        let how = prepared ? "thumbnails prepared" : "thumbnails scaled in the frame"
        return photoScreenScroll(sizing, id: id, title: "search results: ListView of \(grouped(photos)) rows, \(how), one page per key") {
            PhotoScreen.results(photos: photos, preparedFor: prepared ? keys : nil)
        }
    }

    /// `n` with a comma between thousands: "10,000".
    private static func grouped(_ n: Int) -> String {
        guard n >= 1_000 else { return String(n) }
        let last = String(n % 1_000)
        return grouped(n / 1_000) + "," + String(repeating: "0", count: 3 - last.count) + last
    }

    /// The workload of paging through the screen `make` builds, one key at a time.
    private static func photoScreenScroll(_ sizing: Sizing, id: String, title: String,
                                          make: @escaping @MainActor () -> PhotoScreen) -> Workload {
        let n = sizing.iterations(1_000)
        return Workload(
            id: id, title: title, operation: "key", operations: n,
            expected: MainActor.assumeIsolated {
                let screen = make()
                defer { screen.finish() }
                return screen.scroll(pages: n)
            },
            baseline: nil,
            ripple: { region in
                // The harness runs on the main thread (main.swift's top-level code).
                let screen = MainActor.assumeIsolated { make() }
                defer { MainActor.assumeIsolated { screen.finish() } }
                var written = 0
                region.measure { written = MainActor.assumeIsolated { screen.scroll(pages: n) } }
                return written
            },
            openCombine: nil
        )
    }
}

/// A photo: its thumbnail, title and counts.
private struct Photo: Identifiable {
    let id: Int
    let title: String
    let thumbnail: Image
    let counts: String
}

/// A wall cell: the thumbnail over the title.
@MainActor
private final class WallCell: GridCell {
    let thumbnail = ImageView(placeholder: .box(""))
    let title = Label()

    override init() {
        super.init()
        addSubview(thumbnail)
        addSubview(title)
    }

    override func layoutSubviews() {
        thumbnail.frame = Rect(column: frame.column, row: frame.row, columns: frame.columns, rows: frame.rows - 1)
        title.frame = Rect(column: frame.column, row: frame.endRow - 1, columns: frame.columns, rows: 1)
    }
}

/// A results row: the thumbnail on the left, the title and the counts beside it.
@MainActor
private final class ResultRow: ListRow {
    let thumbnail = ImageView(placeholder: .box(""))
    let title = Label()
    let counts = Label(style: Style(attributes: .dim))

    override init() {
        super.init()
        addSubview(thumbnail)
        addSubview(title)
        addSubview(counts)
    }

    override func layoutSubviews() {
        thumbnail.frame = Rect(column: frame.column, row: frame.row, columns: 8, rows: frame.rows)
        let text = Rect(column: frame.column + 9, row: frame.row, columns: max(frame.columns - 9, 0), rows: 1)
        title.frame = text
        counts.frame = Rect(column: text.column, row: text.row + 1, columns: text.columns, rows: 1)
    }
}

/// A window showing one of the two screens, rendered once, with the first photo
/// selected; `scroll` pages through it.
@MainActor
private final class PhotoScreen {
    private let window: Window
    private let isAtEnd: (_ forward: Bool) -> Bool
    private var direction = Key.pageDown
    /// The shared scalings' budget before the screen raised it, to restore.
    private let savedBudget: Int

    /// The screen of `root`; with `prepared`, each of those thumbnails prepared for
    /// `cells` first, the shared scalings' budget raised to hold them all.
    private init(root: View, prepared: [Image] = [], cells: Size = .zero, isAtEnd: @escaping (_ forward: Bool) -> Bool) {
        self.isAtEnd = isAtEnd
        savedBudget = ImageView.sharedScalingCellBudget
        if !prepared.isEmpty {
            ImageView.sharedScalingCellBudget = max(savedBudget, 2 * prepared.count * cells.columns * cells.rows)
            for thumbnail in prepared { ImageView.prepare(thumbnail, forCells: cells) }
        }
        window = Window(root: root, size: TerminalSize(columns: 120, rows: 40), scheduler: TestScheduler())
        window.renderIfNeeded()
        window.send(.key(KeyEvent(.down)))
        window.send(.key(KeyEvent(.up)))
        window.renderIfNeeded()
    }

    /// `count` photos, each with its own 100 × 100 thumbnail: an image of its own (a
    /// view scales an image it has not scaled before), over eight patterns of pixels
    /// (what a pixel holds does not change what scaling it costs).
    private static func photos(_ count: Int) -> [Photo] {
        let patterns = (0..<8).map { variant in
            var pixels: [UInt8] = []
            pixels.reserveCapacity(100 * 100 * 4)
            for y in 0..<100 {
                for x in 0..<100 {
                    pixels += [UInt8(truncatingIfNeeded: x * 2 + variant * 30), UInt8(truncatingIfNeeded: y * 2 + variant * 50),
                               UInt8(truncatingIfNeeded: x + y + variant * 70), 255]
                }
            }
            return pixels
        }
        // 100 × 100 pixels, four bytes each.
        let thumbnails = (0..<count).map { index in try! Image(width: 100, height: 100, pixels: patterns[index % 8]) }
        let words = ["Sunset", "夕阳", "over", "海面", "the", "城市", "hills", "山丘"]
        return (0..<count).map { index in
            Photo(id: index,
                  title: "\(index) " + (0..<4).map { words[(index + $0 * 3) % words.count] }.joined(separator: " "),
                  thumbnail: thumbnails[index],
                  counts: "★ \(index % 97)  ✎ \(index % 13)")
        }
    }

    /// The thumbnails `keys` pages from the top can show (all of them once the
    /// keys reach the end): the first pages' worth, with a margin.
    private static func reachable(_ photos: [Photo], keys: Int, perPage: Int) -> [Image] {
        photos.prefix((keys + 2) * perPage).map(\.thumbnail)
    }

    /// Gives the shared scalings their budget back (dropping what this screen's
    /// preparation added beyond it).
    func finish() {
        ImageView.sharedScalingCellBudget = savedBudget
    }

    /// The wall; with `keys`, the thumbnails that many keys can reach prepared first.
    static func wall(photos count: Int, preparedFor keys: Int?) -> PhotoScreen {
        let grid = GridView<Photo>(cellSize: Size(columns: 16, rows: 9), insets: Insets(all: 1),
                                   makeCell: WallCell.init,
                                   configure: { cell, photo in
                                       cell.thumbnail.image = photo.thumbnail
                                       cell.title.text = photo.title
                                   })
        let items = photos(count)
        grid.items = items
        // A cell's thumbnail: 16 × 8 of its 16 × 9 cells; 7 × 4 cells a page.
        let prepared = keys.map { reachable(items, keys: $0, perPage: 28) } ?? []
        return PhotoScreen(root: grid, prepared: prepared, cells: Size(columns: 16, rows: 8)) { forward in
            forward ? grid.selectedIndex == count - 1 : grid.selectedIndex == 0
        }
    }

    /// The results; with `keys`, the thumbnails that many keys can reach prepared first.
    static func results(photos count: Int, preparedFor keys: Int?) -> PhotoScreen {
        let list = ListView<Photo, ResultRow>(rowHeight: 4, makeRow: ResultRow.init) { row, photo in
            row.thumbnail.image = photo.thumbnail
            row.title.text = photo.title
            row.counts.text = photo.counts
        }
        let items = photos(count)
        list.items = items
        // A row's thumbnail: 8 × 4 cells; 10 rows a page.
        let prepared = keys.map { reachable(items, keys: $0, perPage: 10) } ?? []
        return PhotoScreen(root: list, prepared: prepared, cells: Size(columns: 8, rows: 4)) { forward in
            forward ? list.selectedIndexPath?.row == count - 1 : list.selectedIndexPath?.row == 0
        }
    }

    /// Scrolls `pages` pages, turning back at the ends, rendering after each;
    /// returns the bytes the renders wrote.
    func scroll(pages: Int) -> Int {
        var written = 0
        for _ in 0..<pages {
            if direction == .pageDown, isAtEnd(true) { direction = .pageUp }
            if direction == .pageUp, isAtEnd(false) { direction = .pageDown }
            window.send(.key(KeyEvent(direction)))
            window.renderIfNeeded()
            written += window.renderer.output.count
        }
        return written
    }
}
