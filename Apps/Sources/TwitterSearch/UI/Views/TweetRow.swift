import Ripple
import RippleTerminal
import TwitterSearchCore

// TweetRow: one tweet in the results list (the original's `TweetCell`):
//
//     ▀▀▀▀▀▀▀▀ @alice                         12 s
//     ▀▀▀▀▀▀▀▀ Fix the frobnication of widgets on big-endian
//     ▀▀▀▀▀▀▀▀ machines. Closes: #1001.
//     ▀▀▀▀▀▀▀▀
//
// The avatar (8 × 4 cells: 8 × 8 pixels in half blocks, a box while it loads or
// when it cannot be read), the author in bold, the age dim at the right, the text
// wrapped over up to three lines. While a search runs, a dimming layer over the
// whole row dims it (the original set the table's alpha to 0.5); the layer takes no
// input of its own, so clicks still reach the list.

/// A row showing one tweet.
@MainActor
public final class TweetRow: ListRow {
    /// The rows' height in lines: the author line and three lines of text.
    public static let height = 4

    /// The author's avatar.
    public let avatar = ImageView(placeholder: .box(""))
    /// `@username`, bold.
    public let username = Label(style: Style(attributes: .bold))
    /// The age (`12 s`, `5 min`), dim.
    public let age = Label(style: Style(attributes: .dim))
    /// The text, wrapped.
    let status = Label(lineBreakMode: .wordWrapping(maximumLines: TweetRow.height - 1))
    private let dimmer = DimmingLayer()

    /// Whether the row is dimmed (the ViewModel's `areResultsDimmed`).
    public var isDimmed: Bool {
        get { !dimmer.isHidden }
        set { dimmer.isHidden = !newValue }
    }

    /// An empty row.
    public override init() {
        super.init()
        avatar.sizing = .fixed(8)
        username.sizing = .flexible
        status.sizing = .flexible
        dimmer.isHidden = true
        let header = Stack(.horizontal, spacing: 1, [username, age])
        let text = Stack(.vertical, [header, status])
        text.sizing = .flexible
        addSubview(Stack(.horizontal, spacing: 1, [avatar, text]))
        addSubview(dimmer)
    }

    /// Shows `tweet` and binds its age, its avatar and the dimming until the row is
    /// reused: a reused row never shows another tweet's age (the original's cells
    /// kept every binding, and showed ages from several tweets).
    func show(_ tweet: TweetViewModel, dimmed: Property<Bool>) {
        username.text = "@" + tweet.username
        status.text = tweet.status
        reactive.untilReuse(\.age.text) <~ tweet.age
        reactive.untilReuse { row, picture in row.avatar.image = picture.flatMap(Self.image) } <~ tweet.avatar
        reactive.untilReuse(\.isDimmed) <~ dimmed
    }

    /// Empties the row.
    public override func prepareForReuse() {
        username.text = ""
        age.text = ""
        status.text = ""
        avatar.image = nil
        isDimmed = false
    }

    /// The terminal's image of an avatar's pixels.
    static func image(_ picture: AvatarImage) -> Image? {
        try? Image(width: picture.width, height: picture.height, pixels: picture.rgba)
    }
}

/// A view that dims what is drawn beneath it in its frame, and takes no input.
@MainActor
final class DimmingLayer: View {
    override func draw(in context: inout DrawingContext) {
        context.addAttributes(.dim)
    }
}
