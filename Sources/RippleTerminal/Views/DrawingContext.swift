// DrawingContext: where a view draws — the window's screen buffer, seen through the
// view's frame.
//
// Coordinates are the view's own: (0, 0) is the top-left cell of its frame. Every
// write is clipped to the part of the frame that its ancestors leave visible, so a
// view can never draw outside itself, and a wide character cut by the clip's edge
// becomes a space (as `ScreenBuffer.put` does).

/// The surface a view draws on in ``View/draw(in:)``: its frame on the window's
/// screen buffer, clipped to what its ancestors show.
///
/// ```swift
/// override func draw(in context: inout DrawingContext) {
///     context.fill(style: Style(background: .blue))
///     context.put("Hello, 世界", at: Position(column: 1, row: 0), style: Style(attributes: .bold))
/// }
/// ```
public struct DrawingContext {
    /// The window's buffer, drawn into by the views in turn.
    var buffer: ScreenBuffer
    /// The current view's frame, in window coordinates.
    var frame: Rect
    /// The visible part of the current view's frame, in window coordinates.
    var clip: Rect

    /// A context over all of `buffer`.
    init(buffer: ScreenBuffer) {
        self.buffer = buffer
        self.frame = buffer.bounds
        self.clip = buffer.bounds
    }

    /// The size of the view being drawn (its frame's extent).
    public var size: Size {
        Size(columns: frame.columns, rows: frame.rows)
    }

    /// The view's own rectangle: (0, 0) and its size.
    public var bounds: Rect {
        Rect(column: 0, row: 0, columns: frame.columns, rows: frame.rows)
    }

    /// Writes `text` on one line from `position` (in the view's coordinates) in
    /// `style`, clipped to the view, and returns the column after it (which may lie
    /// beyond the view's right edge when the text was cut).
    @discardableResult
    public mutating func put(_ text: some StringProtocol, at position: Position, style: Style = .plain) -> Int {
        let end = buffer.put(text, at: absolute(position), style: style, clippedTo: clip)
        return end - frame.column
    }

    /// Fills `rect` (the whole view by default; the view's coordinates) with spaces
    /// in `style`.
    public mutating func fill(_ rect: Rect? = nil, style: Style) {
        let area = absolute(rect ?? bounds).intersection(clip)
        buffer.clear(area, style: style)
    }

    /// Copies `cells` (one-column cells, `size.columns` × `size.rows`, row by row) to
    /// the view from its top-left corner, clipped to what is visible.
    mutating func copy(_ cells: [Cell], size: Size) {
        let area = absolute(Rect(column: 0, row: 0, columns: size.columns, rows: size.rows)).intersection(clip)
        guard !area.isEmpty else { return }
        buffer.copy(cells, columns: size.columns, from: Position(column: area.column - frame.column, row: area.row - frame.row),
                    into: area)
    }

    /// Shows `image` in real pixels over the cells of `rect` (the view's coordinates),
    /// on a terminal that can (kitty graphics or sixel): call it after drawing those
    /// cells, in half blocks for the other terminals. Only the part inside the view's
    /// clip shows; if a later view draws over these cells, the cells show instead.
    public mutating func placeImage(_ image: Image, in rect: Rect) {
        let frameRect = absolute(rect)
        buffer.placeImage(image, frame: frameRect, visible: frameRect.intersection(clip))
    }

    /// Adds `attributes` to the cells of `rect` (the whole view by default; the
    /// view's coordinates) as already drawn, keeping their text and colours: draws
    /// a highlight over what views drew there.
    public mutating func addAttributes(_ attributes: Style.Attributes, to rect: Rect? = nil) {
        buffer.addAttributes(attributes, to: absolute(rect ?? bounds).intersection(clip))
    }

    /// Draws a single-line box along the edges of `rect` (the whole view by default),
    /// with `title` set into its top edge after the corner and a space, cut to fit.
    public mutating func drawBorder(_ rect: Rect? = nil, title: String? = nil, style: Style = .plain) {
        let box = rect ?? bounds
        guard box.columns >= 2, box.rows >= 2 else { return }
        let inner = box.columns - 2
        let horizontal = String(repeating: "─", count: inner)
        put("┌" + horizontal + "┐", at: Position(column: box.column, row: box.row), style: style)
        for row in box.row + 1..<box.endRow - 1 {
            put("│", at: Position(column: box.column, row: row), style: style)
            put("│", at: Position(column: box.endColumn - 1, row: row), style: style)
        }
        put("└" + horizontal + "┘", at: Position(column: box.column, row: box.endRow - 1), style: style)
        if let title, !title.isEmpty, inner >= 3 {
            // " title " between the corners, within the inner width less one rule
            // cell, ended with "…" when it does not fit.
            let titleClip = clip.intersection(absolute(Rect(column: box.column + 1, row: box.row,
                                                            columns: inner - 1, rows: 1)))
            buffer.put(" " + title.truncated(toColumns: inner - 3) + " ", at: absolute(Position(column: box.column + 1, row: box.row)),
                       style: style, clippedTo: titleClip)
        }
    }

    /// `position` in window coordinates.
    private func absolute(_ position: Position) -> Position {
        Position(column: frame.column + position.column, row: frame.row + position.row)
    }

    /// `rect` in window coordinates.
    private func absolute(_ rect: Rect) -> Rect {
        Rect(column: frame.column + rect.column, row: frame.row + rect.row, columns: rect.columns, rows: rect.rows)
    }
}
