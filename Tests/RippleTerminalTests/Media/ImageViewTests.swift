import Dispatch
import Ripple
import RippleTerminal
import Testing

/// ImageView and Image: half-block cells in true colour, fitted with the aspect ratio
/// kept, the placeholder, blending, and the checks on an image's bytes.
@MainActor
@Suite struct ImageViewTests {
    /// An image from its pixels, given as (red, green, blue, alpha), row by row.
    private func image(_ width: Int, _ height: Int, _ pixels: [(UInt8, UInt8, UInt8, UInt8)]) throws -> Image {
        try Image(width: width, height: height, pixels: pixels.flatMap { [$0.0, $0.1, $0.2, $0.3] })
    }

    /// An opaque image of one colour.
    private func image(_ width: Int, _ height: Int, filledWith color: (UInt8, UInt8, UInt8)) throws -> Image {
        try image(width, height, Array(repeating: (color.0, color.1, color.2, 255), count: width * height))
    }

    /// The cell at a position of the terminal's screen.
    private func cell(_ terminal: VirtualTerminal, _ column: Int, _ row: Int) -> Cell {
        terminal.screen[column, row]
    }

    @Test func eachCellShowsTwoPixelsTopAsForegroundBottomAsBackground() throws {
        let view = ImageView(image: try image(2, 4, [
            (255, 0, 0, 255), (0, 255, 0, 255),
            (0, 0, 255, 255), (255, 255, 255, 255),
            (10, 20, 30, 255), (40, 50, 60, 255),
            (70, 80, 90, 255), (100, 110, 120, 255),
        ]))
        let terminal = VirtualTerminal(columns: 2, rows: 2, root: view)
        #expect(terminal.lines == ["▀▀", "▀▀"])
        #expect(cell(terminal, 0, 0).style == Style(foreground: .rgb(255, 0, 0), background: .rgb(0, 0, 255)))
        #expect(cell(terminal, 1, 0).style == Style(foreground: .rgb(0, 255, 0), background: .rgb(255, 255, 255)))
        #expect(cell(terminal, 0, 1).style == Style(foreground: .rgb(10, 20, 30), background: .rgb(70, 80, 90)))
        #expect(cell(terminal, 1, 1).style == Style(foreground: .rgb(40, 50, 60), background: .rgb(100, 110, 120)))
    }

    @Test func shrinkingAveragesTheAreaEachPixelCovers() throws {
        // 4 × 4 pixels into 2 × 1 cells (2 × 2 pixels): each target pixel averages a
        // 2 × 2 block. Black and white average to 127.5, rounded to 128.
        typealias Pixel = (UInt8, UInt8, UInt8, UInt8)
        let black: Pixel = (0, 0, 0, 255), white: Pixel = (255, 255, 255, 255)
        let red: Pixel = (200, 0, 0, 255), blue: Pixel = (0, 0, 100, 255)
        let view = ImageView(image: try image(4, 4, [
            black, white, red, red,
            white, black, red, red,
            blue, blue, red, blue,
            blue, blue, blue, red,
        ]))
        let terminal = VirtualTerminal(columns: 2, rows: 1, root: view)
        #expect(cell(terminal, 0, 0).style == Style(foreground: .rgb(128, 128, 128), background: .rgb(0, 0, 100)))
        #expect(cell(terminal, 1, 0).style == Style(foreground: .rgb(200, 0, 0), background: .rgb(100, 0, 50)))
    }

    @Test(arguments: [(13, 15, 5, 3), (10, 12, 5, 3), (7, 8, 14, 8), (37, 25, 12, 4)])
    func everyPixelIsTheExactAreaAverageOfTheSourceUnderIt(_ sizes: (Int, Int, Int, Int)) throws {
        // Random translucent pixels scaled into a view they fill (the aspect ratios
        // agree once rounded), checked against the definition computed here pixel by
        // pixel: each target pixel averages the source area under it, every source
        // pixel weighted by the area it shares (in units of 1 / target pixel a side),
        // colours premultiplied by alpha, over the black of the default background.
        let (sourceWidth, sourceHeight, columns, rows) = sizes
        var generator = SeededRandom(seed: UInt64(sourceWidth * 1_000 + sourceHeight))
        let pixels = (0..<sourceWidth * sourceHeight).map { _ in
            (UInt8.random(in: 0...255, using: &generator), UInt8.random(in: 0...255, using: &generator),
             UInt8.random(in: 0...255, using: &generator), [UInt8(0), 128, 255][Int.random(in: 0...2, using: &generator)])
        }
        let view = ImageView(image: try image(sourceWidth, sourceHeight, pixels))
        let terminal = VirtualTerminal(columns: columns, rows: rows, root: view)
        let (width, height) = (columns, rows * 2)
        func overlap(_ target: Int, _ targetCount: Int, _ source: Int, _ sourceCount: Int) -> Int {
            let start = target * sourceCount, end = start + sourceCount
            return max(0, min(end, (source + 1) * targetCount) - max(start, source * targetCount))
        }
        func expected(_ x: Int, _ y: Int) -> Color? {
            var alpha = 0, red = 0, green = 0, blue = 0
            for sourceY in 0..<sourceHeight {
                for sourceX in 0..<sourceWidth {
                    let weight = overlap(x, width, sourceX, sourceWidth) * overlap(y, height, sourceY, sourceHeight)
                    let pixel = pixels[sourceY * sourceWidth + sourceX]
                    let weightedAlpha = Int(pixel.3) * weight
                    alpha += weightedAlpha
                    red += Int(pixel.0) * weightedAlpha
                    green += Int(pixel.1) * weightedAlpha
                    blue += Int(pixel.2) * weightedAlpha
                }
            }
            guard alpha > 0 else { return nil }
            let scale = 255 * sourceWidth * sourceHeight
            func channel(_ value: Int) -> UInt8 { UInt8((value + scale / 2) / scale) }   // over black
            return .rgb(channel(red), channel(green), channel(blue))
        }
        for row in 0..<rows {
            for column in 0..<columns {
                let shown = cell(terminal, column, row)
                switch (expected(column, 2 * row), expected(column, 2 * row + 1)) {
                case let (top?, bottom):
                    #expect(shown.grapheme == "▀" && shown.style.foreground == top && shown.style.background == bottom ?? .default,
                            "cell \(column), \(row)")
                case let (nil, bottom?):
                    #expect(shown.grapheme == "▄" && shown.style.foreground == bottom, "cell \(column), \(row)")
                case (nil, nil):
                    #expect(shown.grapheme == " ", "cell \(column), \(row)")
                }
            }
        }
    }

    @Test func aWideImageIsLetterboxedAboveAndBelowKeepingItsAspectRatio() throws {
        // 8 × 4 pixels in 4 × 4 cells (4 × 8 pixels): 4 × 2 pixels, on pixel rows 3
        // and 4 — the bottom half of cell row 1 and the top half of cell row 2.
        let view = ImageView(image: try image(8, 4, filledWith: (255, 0, 0)))
        let terminal = VirtualTerminal(columns: 4, rows: 4, root: view)
        #expect(terminal.lines == ["", "▄▄▄▄", "▀▀▀▀", ""])
        #expect(cell(terminal, 0, 1).style == Style(foreground: .rgb(255, 0, 0)))
        #expect(cell(terminal, 3, 2).style == Style(foreground: .rgb(255, 0, 0)))
        #expect(cell(terminal, 0, 0).style == .plain)
    }

    @Test func aTallImageIsLetterboxedLeftAndRightKeepingItsAspectRatio() throws {
        // 2 × 8 pixels in 6 × 2 cells (6 × 4 pixels): 1 × 4 pixels, centred in column 2.
        let view = ImageView(image: try image(2, 8, filledWith: (0, 0, 255)), backgroundColor: .rgb(9, 9, 9))
        let terminal = VirtualTerminal(columns: 6, rows: 2, root: view)
        #expect(terminal.lines == ["  ▀", "  ▀"])
        #expect(cell(terminal, 2, 0).style == Style(foreground: .rgb(0, 0, 255), background: .rgb(0, 0, 255)))
        #expect(cell(terminal, 0, 0).style == Style(background: .rgb(9, 9, 9)))
        #expect(cell(terminal, 5, 1).style == Style(background: .rgb(9, 9, 9)))
    }

    @Test func aSmallImageIsEnlargedToFillTheView() throws {
        let view = ImageView(image: try image(1, 1, filledWith: (0, 200, 0)))
        let terminal = VirtualTerminal(columns: 3, rows: 2, root: view)
        // 1 × 1 pixel into 3 × 4 pixels: 3 × 3 (the height limits), pixel rows 0–2.
        #expect(terminal.lines == ["▀▀▀", "▀▀▀"])
        #expect(cell(terminal, 1, 0).style == Style(foreground: .rgb(0, 200, 0), background: .rgb(0, 200, 0)))
        #expect(cell(terminal, 1, 1).style == Style(foreground: .rgb(0, 200, 0)))
    }

    @Test func translucentPixelsAreBlendedOverTheBackgroundAndTransparentOnesShowIt() throws {
        let pixels = try image(1, 2, [(255, 0, 0, 128), (0, 0, 255, 0)])
        let view = ImageView(image: pixels, backgroundColor: .rgb(0, 255, 0))
        let terminal = VirtualTerminal(columns: 1, rows: 1, root: view)
        // 255 × 128/255 = 128 red; 255 × (1 − 128/255) = 127 green from the background.
        #expect(cell(terminal, 0, 0).style == Style(foreground: .rgb(128, 127, 0), background: .rgb(0, 255, 0)))
        view.backgroundColor = .default
        // Over the terminal's default background: blended over black, and the
        // transparent pixel leaves the default background.
        #expect(cell(terminal, 0, 0).style == Style(foreground: .rgb(128, 0, 0)))
    }

    @Test func whileTheImageIsNilThePlaceholderShowsDimAndCentred() {
        let view = ImageView()
        let terminal = VirtualTerminal(columns: 12, rows: 3, root: view)
        #expect(terminal.lines == ["", "  loading…", ""])
        #expect(terminal.runs { $0.attributes.contains(.dim) } == ["loading…"])
        view.placeholder = .box("无图")
        view.placeholderStyle = Style(foreground: .yellow)
        terminal.resize(columns: 8, rows: 3)
        #expect(terminal.lines == ["┌──────┐", "│ 无图 │", "└──────┘"])
        #expect(terminal.runs { $0.foreground == .yellow } == ["┌──────┐", "│", "无图", "│", "└──────┘"])
        view.placeholder = .none
        #expect(terminal.lines == ["", "", ""])
    }

    @Test func aBoundImageReplacesThePlaceholderAndNilBringsItBack() async throws {
        let view = ImageView(placeholder: .text("…"))
        let terminal = VirtualTerminal(columns: 3, rows: 1, root: view)
        let thumbnail = MutableProperty<Image?>(nil)
        view.reactive.image <~ thumbnail
        await terminal.settle()
        #expect(terminal.lines == [" …"])
        thumbnail.value = try image(3, 2, filledWith: (1, 2, 3))
        await terminal.settle()
        #expect(terminal.lines == ["▀▀▀"])
        #expect(cell(terminal, 2, 0).style == Style(foreground: .rgb(1, 2, 3), background: .rgb(1, 2, 3)))
        thumbnail.value = nil
        await terminal.settle()
        #expect(terminal.lines == [" …"])
        #expect(view.image == nil)
    }

    @Test func redrawingTheSameImageAtTheSameSizeReusesTheScaledCells() throws {
        let picture = try image(64, 64, filledWith: (50, 60, 70))
        let view = ImageView(image: picture)
        view.sizing = .flexible
        let caption = Label("a")
        let terminal = VirtualTerminal(columns: 8, rows: 5, root: Stack(.vertical, [view, caption]))
        #expect(view.scaleCount == 1)
        caption.text = "b"
        view.image = picture
        #expect(terminal.lines.last == "b")
        #expect(terminal.renderCount == 2)
        #expect(view.scaleCount == 1)
        terminal.resize(columns: 10, rows: 5)
        #expect(view.scaleCount == 2)
        view.image = try image(64, 64, filledWith: (50, 60, 70))
        #expect(terminal.lines.first == " ▀▀▀▀▀▀▀▀")
        #expect(view.scaleCount == 3)
    }

    @Test func aViewGivenAnImageAnotherViewScaledAtTheSameSizeCopiesItsCells() throws {
        let picture = try image(64, 32, filledWith: (10, 200, 30))
        let first = ImageView(image: picture)
        first.sizing = .flexible
        let firstTerminal = VirtualTerminal(columns: 8, rows: 4, root: first)
        #expect(first.scaleCount == 1)
        let second = ImageView(image: picture)
        second.sizing = .flexible
        let secondTerminal = VirtualTerminal(columns: 8, rows: 4, root: second)
        #expect(second.scaleCount == 0)
        #expect(secondTerminal.lines == firstTerminal.lines)
        #expect(secondTerminal.screen[3, 1].style == firstTerminal.screen[3, 1].style)
        // Another size, another background or an image with equal pixels but of its
        // own: scaled again.
        let wider = ImageView(image: picture)
        wider.sizing = .flexible
        _ = VirtualTerminal(columns: 10, rows: 4, root: wider)
        #expect(wider.scaleCount == 1)
        let onBlue = ImageView(image: picture, backgroundColor: .rgb(0, 0, 255))
        onBlue.sizing = .flexible
        _ = VirtualTerminal(columns: 8, rows: 4, root: onBlue)
        #expect(onBlue.scaleCount == 1)
        let equal = ImageView(image: try image(64, 32, filledWith: (10, 200, 30)))
        equal.sizing = .flexible
        _ = VirtualTerminal(columns: 8, rows: 4, root: equal)
        #expect(equal.scaleCount == 1)
    }

    @Test func theSharedCellsStayWithinTheirBudgetDroppingTheLeastRecentlyUsed() throws {
        // No suspension in this test: the budget is the process's, and other tests
        // on the main actor must find it as it was.
        let saved = ImageView.sharedScalingCellBudget
        defer { ImageView.sharedScalingCellBudget = saved }
        ImageView.sharedScalingCellBudget = 0
        #expect(ImageView.sharedScaledCellCount == 0)
        ImageView.sharedScalingCellBudget = 50   // three images of 4 × 4 cells fit, not four
        let pictures = try (0..<4).map { try image(8, 8, filledWith: (UInt8($0 * 50), 0, 0)) }
        func show(_ picture: Image) -> ImageView {
            let view = ImageView(image: picture)
            view.sizing = .flexible
            _ = VirtualTerminal(columns: 4, rows: 4, root: view)
            return view
        }
        for picture in pictures.prefix(3) { _ = show(picture) }
        #expect(ImageView.sharedScaledCellCount == 48)
        #expect(show(pictures[0]).scaleCount == 0)      // kept; now the most recently used
        #expect(show(pictures[3]).scaleCount == 1)      // over budget: drops down to 37 cells
        #expect(ImageView.sharedScaledCellCount <= 50 - 50 / 4)
        #expect(show(pictures[1]).scaleCount == 1)      // the least recently used went first
        #expect(show(pictures[3]).scaleCount == 0)
    }

    @Test func anImagePreparedOffTheMainThreadIsShownWithoutScalingInTheFrame() throws {
        let picture = try image(40, 24, (0..<960).map { (UInt8($0 % 256), UInt8($0 / 4 % 256), 90, 255) })
        let prepared = DispatchQueue.global().sync {
            ImageView.prepare(picture, forCells: Size(columns: 10, rows: 6), background: .rgb(20, 20, 20))
        }
        #expect(prepared)
        #expect(!ImageView.prepare(picture, forCells: Size(columns: 10, rows: 6), background: .rgb(20, 20, 20)))
        let view = ImageView(image: picture, backgroundColor: .rgb(20, 20, 20))
        view.sizing = .flexible
        let terminal = VirtualTerminal(columns: 10, rows: 6, root: view)
        #expect(view.scaleCount == 0)
        // The same pixels in an image of their own are scaled by the view: the cells agree.
        let equal = ImageView(image: try image(40, 24, (0..<960).map { (UInt8($0 % 256), UInt8($0 / 4 % 256), 90, 255) }),
                              backgroundColor: .rgb(20, 20, 20))
        equal.sizing = .flexible
        let reference = VirtualTerminal(columns: 10, rows: 6, root: equal)
        #expect(equal.scaleCount == 1)
        for row in 0..<6 {
            for column in 0..<10 {
                #expect(cell(terminal, column, row) == cell(reference, column, row), "cell \(column), \(row)")
            }
        }
        #expect(!ImageView.prepare(picture, forCells: Size(columns: 0, rows: 6)))
    }

    @Test func anImageFitsAtMostItsOwnSizeInAStack() throws {
        let view = ImageView(image: try image(6, 4, filledWith: (7, 7, 7)))
        let below = Label("below")
        let terminal = VirtualTerminal(columns: 20, rows: 6, root: Stack(.vertical, alignment: .leading, [view, below]))
        #expect(terminal.lines == ["▀▀▀▀▀▀", "▀▀▀▀▀▀", "below", "", "", ""])
    }

    @Test func aPaletteTerminalGetsTheNearestPaletteColours() throws {
        let view = ImageView(image: try image(1, 2, [(255, 0, 0, 255), (0, 0, 255, 255)]))
        let scheduler = TestScheduler()
        let window = Window(root: view, size: TerminalSize(columns: 1, rows: 1),
                            renderer: Renderer(colorMode: .palette256), scheduler: scheduler)
        scheduler.advance()
        let output = String(decoding: window.renderer.output, as: UTF8.self)
        #expect(output.contains("38;5;196"))
        #expect(output.contains("48;5;21"))
        #expect(!output.contains("38;2;"))
        #expect(output.contains("▀"))
    }

    @Test func malformedPixelsAreRejectedWithAClearError() {
        #expect(throws: ImageError.pixelCountMismatch(width: 2, height: 4, byteCount: 30)) {
            try Image(width: 2, height: 4, pixels: Array(repeating: 0, count: 30))
        }
        #expect(throws: ImageError.invalidDimensions(width: 0, height: 3)) {
            try Image(width: 0, height: 3, pixels: [])
        }
        #expect(throws: ImageError.invalidDimensions(width: -1, height: 2)) {
            try Image(width: -1, height: 2, pixels: [])
        }
        #expect(throws: ImageError.invalidDimensions(width: Int.max, height: 2)) {
            try Image(width: Int.max, height: 2, pixels: [])
        }
        let error = ImageError.pixelCountMismatch(width: 2, height: 4, byteCount: 30)
        #expect(error.description == "an image of 2 × 4 pixels needs 32 bytes of RGBA8 pixels (4 a pixel), got 30")
    }

    @Test func imagesCompareByTheirSizeAndPixels() throws {
        let one = try image(2, 1, filledWith: (1, 2, 3))
        let copy = one
        let same = try image(2, 1, filledWith: (1, 2, 3))
        #expect(copy.isIdentical(to: one))
        #expect(!same.isIdentical(to: one))
        #expect(same == one)
        #expect(try image(1, 2, filledWith: (1, 2, 3)) != one)
        #expect(one.pixels == [1, 2, 3, 255, 1, 2, 3, 255])
    }
}
