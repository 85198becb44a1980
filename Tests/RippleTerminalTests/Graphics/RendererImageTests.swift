import Ripple
@testable import RippleTerminal
import Testing

/// The renderer's images: on a kitty or sixel terminal, an image view's image is sent
/// as pixels over its half blocks once, taken away when it goes, covered or moved, and
/// sent again after a full repaint; on any other terminal nothing but cells is written.
@MainActor
@Suite struct RendererImageTests {
    /// A 4 × 4 image, each pixel a different colour.
    private static let image: Image = {
        var pixels: [UInt8] = []
        for index in 0..<16 { pixels += [UInt8(index * 16), UInt8(255 - index * 16), 128, 255] }
        return try! Image(width: 4, height: 4, pixels: pixels)
    }()

    /// A view that keeps the frames its subviews were given (window coordinates).
    final class Canvas: View {
        override func layoutSubviews() {}
    }

    /// A window of 20 × 10 showing an image view of 8 × 4 cells at (2, 1).
    private func window(_ graphics: TerminalGraphics, image: Image? = image,
                        cell: CellPixelSize = CellPixelSize(width: 2, height: 4)) -> (Window, ImageView) {
        let root = Canvas()
        let view = ImageView(image: image)
        view.frame = Rect(column: 2, row: 1, columns: 8, rows: 4)
        root.addSubview(view)
        let renderer = Renderer(graphics: graphics, cellPixelSize: cell)
        return (Window(root: root, size: TerminalSize(columns: 20, rows: 10), renderer: renderer), view)
    }

    private func text(_ window: Window) -> String {
        String(decoding: window.renderer.output, as: UTF8.self)
    }

    private func count(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    @Test func aHalfBlockTerminalGetsCellsOnlyAndTheFrameKeepsNoPlacements() {
        let (window, _) = window(.halfBlocks)
        window.renderIfNeeded()
        #expect(!text(window).contains("\u{1B}_G"))
        #expect(!text(window).contains("\u{1B}P"))
        #expect(text(window).contains("▀"))
        #expect(window.screen.imagePlacements.isEmpty)
    }

    /// Where the cursor is when the first command starting with `prefix` begins, on a
    /// terminal that replays `bytes` (cursor moves only).
    private func cursor(before prefix: String, in text: String) -> (column: Int, row: Int)? {
        var terminal = ReplayTerminal(columns: 20, rows: 10)
        guard let range = text.range(of: prefix) else { return nil }
        terminal.feed(Array(text[..<range.lowerBound].utf8))
        return (terminal.cursorColumn, terminal.cursorRow)
    }

    @Test func aKittyTerminalGetsTheImageOnceOverItsCellsAtTheImagesFirstCell() {
        let (window, view) = window(.kitty)
        window.renderIfNeeded()
        let first = text(window)
        // The square image fills the 8 × 4 cells (a cell is one pixel wide, two high);
        // 16 × 16 pixels of cells, but the image has only 4 × 4: those are sent.
        #expect(first.contains("\u{1B}_Ga=T,f=32,s=4,v=4,i=1,c=8,r=4,C=1,q=2,m=0;"))
        #expect(count("\u{1B}_G", in: first) == 1)
        #expect(cursor(before: "\u{1B}_G", in: first)! == (2, 1))
        #expect(first.contains("▀"), "the half blocks are still written under the image")
        view.setNeedsDisplay()
        window.renderIfNeeded()
        #expect(window.renderer.output.isEmpty, "an unchanged frame sends nothing")
    }

    @Test func aNewImageReplacesTheOldOneAndNoImageDeletesIt() throws {
        let (window, view) = window(.kitty)
        window.renderIfNeeded()
        view.image = try Image(width: 2, height: 2, pixels: [UInt8](repeating: 200, count: 16))
        window.renderIfNeeded()
        #expect(text(window).contains("\u{1B}_Ga=d,d=I,i=1,q=2\u{1B}\\"))
        #expect(text(window).contains("i=2,"))
        view.image = nil
        window.renderIfNeeded()
        #expect(text(window).contains("\u{1B}_Ga=d,d=I,i=2,q=2\u{1B}\\"))
        #expect(!text(window).contains("a=T"))
    }

    @Test func aFullRepaintDeletesEveryImageAndSendsItAgain() {
        let (window, _) = window(.kitty)
        window.renderIfNeeded()
        window.redrawAll()
        window.renderIfNeeded()
        let output = text(window)
        #expect(output.contains("\u{1B}_Ga=d,d=A,q=2\u{1B}\\"))
        #expect(output.contains("a=T,f=32,s=4,v=4,i=2,"))
    }

    @Test func anImageCoveredByAViewDrawnOverItShowsAsCellsOnly() {
        let (window, _) = window(.kitty)
        let cover = Label("alert")
        cover.frame = Rect(column: 3, row: 2, columns: 5, rows: 1)
        window.root.addSubview(cover)
        window.renderIfNeeded()
        #expect(!text(window).contains("\u{1B}_G"))
        #expect(window.screen.lines()[2].contains("alert"))
    }

    @Test func aClippedImageShowsItsVisiblePartOnlyStretchedOverTheVisibleCells() throws {
        let root = Canvas()
        let clip = Canvas()
        clip.frame = Rect(column: 0, row: 0, columns: 20, rows: 2)
        let view = ImageView(image: Self.image)
        view.frame = Rect(column: 0, row: 0, columns: 4, rows: 4)
        clip.addSubview(view)
        root.addSubview(clip)
        let window = Window(root: root, size: TerminalSize(columns: 20, rows: 10),
                            renderer: Renderer(graphics: .kitty, cellPixelSize: CellPixelSize(width: 2, height: 4)))
        window.renderIfNeeded()
        // The square image fills 4 columns × 8 half rows: rows 1 and 2, centred in the
        // view; the clip shows rows 0 and 1, so only the image's top half, on row 1.
        let placement = try #require(window.screen.imagePlacements.first)
        #expect(placement.frame == Rect(column: 0, row: 1, columns: 4, rows: 2))
        #expect(placement.visible == Rect(column: 0, row: 1, columns: 4, rows: 1))
        #expect(text(window).contains("a=T,f=32,s=4,v=2,i=1,c=4,r=1,"))
    }

    @Test func aLargeImageIsSentInChunksOfAtMost4096Bytes() throws {
        let big = try Image(width: 80, height: 80, pixels: [UInt8](repeating: 90, count: 80 * 80 * 4))
        let (window, _) = window(.kitty, image: big, cell: CellPixelSize(width: 10, height: 20))
        window.renderIfNeeded()
        let commands = text(window).components(separatedBy: "\u{1B}_G").dropFirst()
        #expect(commands.count > 1)
        for (index, command) in commands.enumerated() {
            let body = command.prefix { $0 != "\u{1B}" }
            let payload = body.split(separator: ";", maxSplits: 1).last ?? ""
            #expect(payload.utf8.count <= 4096)
            #expect(body.contains(index == commands.count - 1 ? "m=0;" : "m=1;"))
        }
    }

    @Test func aSixelTerminalGetsTheImageAtTheCellSizeAndCellsRepaintedWhenItGoes() {
        let (window, view) = window(.sixel)
        window.renderIfNeeded()
        // 8 × 4 cells of 2 × 4 pixels.
        #expect(text(window).contains("\u{1B}P0;1;0q\"1;1;16;16"))
        #expect(cursor(before: "\u{1B}P", in: text(window))! == (2, 1))
        view.image = nil
        window.renderIfNeeded()
        let output = text(window)
        #expect(!output.contains("\u{1B}P"))
        #expect(output.contains("loading…"), "the placeholder is written where the image was")
    }

    @Test func whenASixelImageIsCoveredTheUnchangedCellsUnderItAreWrittenAgain() {
        let (window, _) = window(.sixel)
        window.renderIfNeeded()
        let cover = Label("alert")
        cover.frame = Rect(column: 3, row: 2, columns: 5, rows: 1)
        window.root.addSubview(cover)
        window.renderIfNeeded()
        let output = text(window)
        #expect(!output.contains("\u{1B}P"))
        // 8 × 4 half blocks, 5 of them now under the label: the other 27 did not
        // change, but the sixel pixels over them must go.
        #expect(count("▀", in: output) == 27)
    }

    @Test func aSixelImageReachingTheLastRowStaysInCells() {
        let root = Canvas()
        let view = ImageView(image: Self.image)
        view.frame = Rect(column: 0, row: 8, columns: 4, rows: 2)
        root.addSubview(view)
        let window = Window(root: root, size: TerminalSize(columns: 20, rows: 10), renderer: Renderer(graphics: .sixel))
        window.renderIfNeeded()
        #expect(!text(window).contains("\u{1B}P"))
        #expect(text(window).contains("▀"))
    }
}
