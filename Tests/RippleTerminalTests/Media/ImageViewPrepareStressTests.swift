import Dispatch
import Ripple
import RippleTerminal
import Testing

/// `ImageView.prepare` from several threads at once, beside views drawing on the
/// main thread: the scalings image views share stay within their budget and every
/// view shows its own image (run under the thread sanitizer in CI).
@MainActor
@Suite struct ImageViewPrepareStressTests {
    /// The colour of the `index`th image.
    private func colour(_ index: Int) -> (red: UInt8, green: UInt8, blue: UInt8) {
        (UInt8(index), UInt8(255 - index), UInt8(index / 2))
    }

    @Test func preparingOnManyThreadsWhileViewsDrawKeepsTheBudgetAndEveryScaling() throws {
        // No suspension in this test: the budget is the process's, and other tests
        // on the main actor must find it as it was. Four threads prepare 200 images
        // of 8 × 4 cells (32 each) into a budget of 1,000 cells while the main thread
        // shows some of them and of its own; every view shows its image's cells.
        let saved = ImageView.sharedScalingCellBudget
        defer { ImageView.sharedScalingCellBudget = saved }
        ImageView.sharedScalingCellBudget = 1_000
        let pictures = try (0..<200).map { index -> Image in
            let pixel: [UInt8] = [colour(index).red, colour(index).green, colour(index).blue, 255]
            return try Image(width: 16, height: 8, pixels: Array([[UInt8]](repeating: pixel, count: 128).joined()))
        }
        let group = DispatchGroup()
        for thread in 0..<4 {
            DispatchQueue.global().async(group: group) {
                for index in stride(from: thread, to: pictures.count, by: 4) {
                    ImageView.prepare(pictures[index], forCells: Size(columns: 8, rows: 4))
                }
            }
        }
        for index in stride(from: 0, to: pictures.count, by: 10) {
            let view = ImageView(image: pictures[index])
            view.sizing = .flexible
            let terminal = VirtualTerminal(columns: 8, rows: 4, root: view)
            let shown = terminal.screen[3, 2]
            #expect(shown.grapheme == "▀", "image \(index)")
            let expected = colour(index)
            #expect(shown.style.foreground == Color.rgb(expected.red, expected.green, expected.blue), "image \(index)")
            #expect(ImageView.sharedScaledCellCount <= 1_000)
        }
        group.wait()
        #expect(ImageView.sharedScaledCellCount <= 1_000)
        #expect(ImageView.sharedScaledCellCount > 0)
    }
}
