import Ripple

// ImageView: an image drawn with half blocks, in true colour.
//
// Each cell shows two pixels: "▀" with the top pixel as its foreground and the bottom
// one as its background. The image is fitted into the view's C × 2R pixels with its
// aspect ratio kept and centred, the rest letterboxed in `backgroundColor`; a pixel
// row that starts half way down a cell uses "▄" over the background instead.
// Resampling averages areas (see ImageScaling.swift) and lays translucent pixels over
// `backgroundColor` (black when that is the terminal's default, which a program
// cannot know); wholly transparent areas show the background itself. Colours are
// `.rgb`: a renderer for a 256- or 16-colour terminal maps them to the nearest
// palette entry. The cells of the last scaling are kept with what they were made
// from (the image, by identity: a copy of it is the same image; the view's size; the
// background), so redrawing an unchanged image only copies cells; views share recent
// scalings, and `prepare` makes one ahead of time on any thread (an image loader's
// decode queue), so that the frame that first shows an image need not scale it.
// While `image` is nil the view
// shows its placeholder: dim text, a box, or nothing. Over the half blocks the view
// places the image itself, which a window whose terminal shows pixels (kitty
// graphics, sixel) draws there instead; the half blocks are what every other
// terminal, and every test's screen, shows.

/// A view that shows an ``Image``, scaled to fit with its aspect ratio kept, or a
/// placeholder while the image is nil.
///
/// ```swift
/// let thumbnail = ImageView(placeholder: .text("loading…"))
/// thumbnail.reactive.image <~ viewModel.thumbnail     // Property<Image?>
/// ```
@MainActor
public final class ImageView: View {
    /// What the view shows while it has no image.
    public enum Placeholder: Sendable, Hashable {
        /// Only the background.
        case none
        /// The text, centred, in the placeholder style.
        case text(String)
        /// A single-line box along the view's edges, with the text centred inside,
        /// both in the placeholder style.
        case box(String)
    }

    /// The image shown; `nil` shows the placeholder.
    public var image: Image? {
        didSet {
            guard !image.isIdentical(to: oldValue) else { return }
            if image == nil { cache = nil }
            setNeedsLayout()
        }
    }
    /// What shows while `image` is nil.
    public var placeholder: Placeholder {
        didSet { if placeholder != oldValue { setNeedsLayout() } }
    }
    /// The look of the placeholder; its background, when `.default`, is
    /// `backgroundColor`.
    public var placeholderStyle: Style {
        didSet { if placeholderStyle != oldValue { setNeedsDisplay() } }
    }
    /// The colour around a letterboxed image and under its transparent pixels;
    /// translucent pixels are blended over it (over black when it is `.default`).
    public var backgroundColor: Color {
        didSet { if backgroundColor != oldValue { setNeedsDisplay() } }
    }
    /// How many times the view has scaled an image: a redraw of the same image at
    /// the same size and background reuses the last scaling, and so does a view
    /// showing an image that any image view scaled at that size and background
    /// recently (see ``sharedScalingCellBudget``).
    public private(set) var scaleCount = 0

    /// The most cells of scaled images kept for every image view to share (0 keeps
    /// none): a view given an image another view showed at the same size — a
    /// grid's or a list's reused cell, as it scrolls — copies those cells instead
    /// of scaling the image again, so a frame scales only the images that newly
    /// show. The least recently used go first. 120,000 cells by default: about 750
    /// thumbnails of 20 × 8 cells, a few megabytes.
    public static var sharedScalingCellBudget: Int {
        get { ScaledImageCache.shared.budget }
        set { ScaledImageCache.shared.budget = newValue }
    }

    /// How many cells of scaled images are kept for sharing now.
    public static var sharedScaledCellCount: Int {
        ScaledImageCache.shared.cellCount
    }

    /// Scales `image` for an image view of `size` cells over `background`, as the
    /// view would, and keeps the result with the scalings image views share, unless
    /// it is kept already. A view that then shows the image at that size over that
    /// background copies the cells instead of scaling the image in the frame.
    ///
    /// Call it where the image is made, off the main thread: an image loader that
    /// decodes thumbnails on a queue of its own prepares each for the cells that
    /// show it, so scrolling to it costs a frame no scaling. Safe from any thread.
    ///
    /// ```swift
    /// let thumbnail = try decode(bytes)                       // on the decode queue
    /// ImageView.prepare(thumbnail, forCells: Size(columns: 16, rows: 8))
    /// ```
    ///
    /// - Returns: Whether the image was scaled: `false` when the scaling was kept
    ///   already, or when `size` is empty.
    @discardableResult
    public nonisolated static func prepare(_ image: Image, forCells size: Size, background: Color = .default) -> Bool {
        guard size.columns > 0, size.rows > 0 else { return false }
        guard ScaledImageCache.shared.scaled(image, at: size, over: background) == nil else { return false }
        ScaledImageCache.shared.insert(makeScaling(of: image, size: size, background: background))
        return true
    }

    private var cache: ScaledImage?

    /// The cells an image was scaled to, with what they were made from.
    fileprivate struct ScaledImage: Sendable {
        let image: Image
        let size: Size
        let background: Color
        /// The view's cells, row by row: half blocks (or spaces) in their styles.
        let cells: [Cell]
        /// The cells the image itself covers (the rest is letterbox).
        let imageRect: Rect

        func isScaling(of image: Image, at size: Size, over background: Color) -> Bool {
            self.size == size && self.background == background && self.image.isIdentical(to: image)
        }
    }

    /// The glyphs of a scaled image's cells, made once.
    private nonisolated static let upperHalf = Character("▀"), lowerHalf = Character("▄")

    /// An image view showing `image`, or `placeholder` while it is nil.
    public init(image: Image? = nil, placeholder: Placeholder = .text("loading…"),
                placeholderStyle: Style = Style(attributes: .dim), backgroundColor: Color = .default) {
        self.image = image
        self.placeholder = placeholder
        self.placeholderStyle = placeholderStyle
        self.backgroundColor = backgroundColor
        super.init()
    }

    /// With an image: the image fitted into the proposal, never larger than one
    /// pixel a half cell (its width in columns by half its height in rows). Without:
    /// the placeholder's size.
    public override func sizeThatFits(_ proposal: Size) -> Size {
        guard let image else {
            switch placeholder {
            case .none: return .zero
            case let .text(text): return Size(columns: text.displayWidth, rows: 1)
            case let .box(text): return Size(columns: text.displayWidth + 4, rows: 3)
            }
        }
        let columns = min(proposal.columns, image.width)
        let rows = min(proposal.rows, (image.height + 1) / 2)
        let fitted = ImageScaling.fittedSize(width: image.width, height: image.height, into: columns, rows * 2)
        return Size(columns: fitted.width, rows: (fitted.height + 1) / 2)
    }

    /// Draws the image's cells, scaling it only when the image, the view's size or
    /// the background changed since the last scaling; the placeholder without one.
    public override func draw(in context: inout DrawingContext) {
        guard let image else {
            drawPlaceholder(in: &context)
            return
        }
        let size = context.size
        guard size.columns > 0, size.rows > 0 else { return }
        if cache?.isScaling(of: image, at: size, over: backgroundColor) != true {
            if let shared = ScaledImageCache.shared.scaled(image, at: size, over: backgroundColor) {
                cache = shared
            } else {
                let made = Self.makeScaling(of: image, size: size, background: backgroundColor)
                cache = made
                scaleCount += 1
                ScaledImageCache.shared.insert(made)
            }
        }
        guard let cache else { return }
        context.copy(cache.cells, size: size)
        context.placeImage(image, in: cache.imageRect)
    }

    /// `image` fitted and centred in `size` cells over `background`: the cells, row
    /// by row, and the cells the image covers.
    private nonisolated static func makeScaling(of image: Image, size: Size, background: Color) -> ScaledImage {
        let pixelRows = size.rows * 2
        let fitted = ImageScaling.fittedSize(width: image.width, height: image.height, into: size.columns, pixelRows)
        let pixels = ImageScaling.resample(image, width: fitted.width, height: fitted.height, over: matte(for: background))
        let left = (size.columns - fitted.width) / 2
        let top = (pixelRows - fitted.height) / 2
        func pixel(_ column: Int, _ row: Int) -> Color? {
            let x = column - left, y = row - top
            guard x >= 0, x < fitted.width, y >= 0, y < fitted.height, let rgb = pixels[y * fitted.width + x] else {
                return nil
            }
            return .rgb(UInt8(rgb.red), UInt8(rgb.green), UInt8(rgb.blue))
        }
        var cells: [Cell] = []
        cells.reserveCapacity(size.columns * size.rows)
        for row in 0..<size.rows {
            for column in 0..<size.columns {
                switch (pixel(column, 2 * row), pixel(column, 2 * row + 1)) {
                case let (top?, bottom):
                    let style = Style(foreground: top, background: bottom ?? background)
                    cells.append(Cell(Self.upperHalf, width: 1, style: style))
                case let (nil, bottom?):
                    cells.append(Cell(Self.lowerHalf, width: 1, style: Style(foreground: bottom, background: background)))
                case (nil, nil):
                    cells.append(.blank(Style(background: background)))
                }
            }
        }
        let firstRow = top / 2, endRow = (top + fitted.height + 1) / 2
        return ScaledImage(image: image, size: size, background: background, cells: cells,
                           imageRect: Rect(column: left, row: firstRow, columns: fitted.width, rows: endRow - firstRow))
    }

    /// The opaque colour translucent pixels are laid over: the background, black
    /// for the terminal's default.
    private nonisolated static func matte(for background: Color) -> RGB {
        switch background {
        case .default:
            return RGB(red: 0, green: 0, blue: 0)
        case let .indexed(index):
            let (red, green, blue) = Palette.rgb(ofIndex: index)
            return RGB(red: red, green: green, blue: blue)
        case let .rgb(red, green, blue):
            return RGB(red: Int(red), green: Int(green), blue: Int(blue))
        }
    }

    private func drawPlaceholder(in context: inout DrawingContext) {
        context.fill(style: Style(background: backgroundColor))
        var style = placeholderStyle
        if style.background == .default { style.background = backgroundColor }
        let text: String
        switch placeholder {
        case .none:
            return
        case let .text(placeholderText):
            text = placeholderText
        case let .box(placeholderText):
            context.drawBorder(style: style)
            text = placeholderText
        }
        let size = context.size
        let column = max(size.columns - text.displayWidth, 0) / 2
        context.put(text, at: Position(column: column, row: max(size.rows - 1, 0) / 2), style: style)
    }
}

extension Optional where Wrapped == Image {
    /// Whether both are nil, or both the very same image.
    fileprivate func isIdentical(to other: Image?) -> Bool {
        switch (self, other) {
        case (nil, nil): true
        case let (image?, other?): image.isIdentical(to: other)
        default: false
        }
    }
}

/// The binding target of an image view.
extension Reactive where Base: ImageView {
    /// Sets the image shown; `nil` shows the placeholder.
    public var image: BindingTarget<Image?> {
        makeBindingTarget(on: MainActorScheduler()) { $0.image = $1 }
    }

    /// Sets what shows while there is no image.
    public var placeholder: BindingTarget<ImageView.Placeholder> {
        makeBindingTarget(on: MainActorScheduler()) { $0.placeholder = $1 }
    }
}

/// The scaled images every image view shares (see
/// ``ImageView/sharedScalingCellBudget``): by the image's identity, the size and the
/// background. An entry keeps its image, so that the identity it is found by cannot
/// name another image while it is kept. Views use it on the main actor,
/// ``ImageView/prepare(_:forCells:background:)`` from any thread: a mutex guards it
/// (`Protected`, a pthread mutex the thread sanitizer sees),
/// and the entries it drops are released after the mutex is let go.
private final class ScaledImageCache: Sendable {
    static let shared = ScaledImageCache()

    private struct Key: Hashable {
        let image: ObjectIdentifier
        let size: Size
        let background: Color
    }

    private struct State {
        var entries: [Key: (scaled: ImageView.ScaledImage, lastUse: UInt64)] = [:]
        var clock: UInt64 = 0
        var cellCount = 0
        var budget = 120_000
    }

    private let state = Protected(State())

    /// The cells kept now.
    var cellCount: Int {
        state.withLock { $0.cellCount }
    }

    /// The most cells kept; lowering it drops entries at once.
    var budget: Int {
        get { state.withLock { $0.budget } }
        set {
            let dropped = state.withLock { state in
                state.budget = max(newValue, 0)
                return Self.trim(&state)
            }
            _ = dropped   // released here, after the lock
        }
    }

    /// The cells `image` was scaled to at `size` over `background`, if kept.
    func scaled(_ image: Image, at size: Size, over background: Color) -> ImageView.ScaledImage? {
        let key = Key(image: image.identity, size: size, background: background)
        return state.withLock { state in
            guard let entry = state.entries[key], entry.scaled.image.isIdentical(to: image) else { return nil }
            state.clock += 1
            state.entries[key]?.lastUse = state.clock
            return entry.scaled
        }
    }

    /// Keeps `scaled` (replacing a scaling of the same image, size and background),
    /// then drops the least recently used entries while the cells kept exceed the
    /// budget. A scaling larger than the whole budget is not kept.
    func insert(_ scaled: ImageView.ScaledImage) {
        let key = Key(image: scaled.image.identity, size: scaled.size, background: scaled.background)
        let dropped = state.withLock { state -> [ImageView.ScaledImage] in
            let cells = scaled.cells.count
            guard cells <= state.budget else { return [] }
            state.clock += 1
            var dropped: [ImageView.ScaledImage] = []
            if let replaced = state.entries.updateValue((scaled, state.clock), forKey: key) {
                state.cellCount -= replaced.scaled.cells.count
                dropped.append(replaced.scaled)
            }
            state.cellCount += cells
            return dropped + Self.trim(&state)
        }
        _ = dropped   // released here, after the lock
    }

    /// Drops the least recently used entries until the cells kept are within the
    /// budget; a quarter of it more when it has to drop any, so that a full cache
    /// does not sort its entries at every insertion. Returns what it dropped, for
    /// the caller to release outside the lock.
    private static func trim(_ state: inout State) -> [ImageView.ScaledImage] {
        guard state.cellCount > state.budget else { return [] }
        let target = state.budget - state.budget / 4
        var dropped: [ImageView.ScaledImage] = []
        for (key, entry) in state.entries.sorted(by: { $0.value.lastUse < $1.value.lastUse }) {
            guard state.cellCount > target else { break }
            state.entries[key] = nil
            state.cellCount -= entry.scaled.cells.count
            dropped.append(entry.scaled)
        }
        return dropped
    }
}
