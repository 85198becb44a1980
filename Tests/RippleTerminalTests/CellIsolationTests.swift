@testable import RippleTerminal
import Testing

/// The cells the renderer treats as isolated (never one grapheme cluster with a
/// neighbour, so it need not check each pair) agree with Swift's own grapheme
/// breaking.
@Suite struct CellIsolationTests {
    /// The ranges `Cell` marks isolated, as written there.
    private static let isolatedRanges: [ClosedRange<UInt32>] = [
        0x20...0x7E, 0xA0...0xAC, 0xAE...0x2FF, 0x2500...0x259F, 0x2800...0x28FF,
        0x3041...0x3096, 0x30A1...0x30FA, 0x3400...0x4DBF, 0x4E00...0x9FFF, 0x20000...0x2FFFD,
        0xAC00...0xD7A3, 0xFF01...0xFF60,
    ]

    /// Every scalar of the small ranges, and every 97th of the large ones.
    private static var samples: [Unicode.Scalar] {
        isolatedRanges.flatMap { range in
            stride(from: range.lowerBound, through: range.upperBound, by: range.count > 2_000 ? 97 : 1)
                .compactMap(Unicode.Scalar.init)
        }
    }

    @Test func everyScalarOfTheIsolatedRangesIsACellMarkedIsolated() {
        for scalar in Self.samples {
            #expect(Cell(Character(scalar), width: 1, style: .plain).isIsolated, "U+\(String(scalar.value, radix: 16))")
        }
    }

    @Test func noTwoIsolatedCellsJoinIntoOneGraphemeCluster() {
        // Each sample beside the first, middle and last scalar of every range, both ways round.
        let partners = Self.isolatedRanges.flatMap { range in
            [range.lowerBound, range.lowerBound + UInt32(range.count / 2), range.upperBound].compactMap(Unicode.Scalar.init)
        }
        for scalar in Self.samples {
            for partner in partners {
                #expect("\(scalar)\(partner)".count == 2, "U+\(String(scalar.value, radix: 16)) U+\(String(partner.value, radix: 16))")
                #expect("\(partner)\(scalar)".count == 2, "U+\(String(partner.value, radix: 16)) U+\(String(scalar.value, radix: 16))")
            }
        }
    }

    @Test func clustersThatCanJoinAreNotMarkedIsolated() {
        for grapheme: Character in ["e\u{301}", "\u{1F600}", "\u{2764}", "\u{1100}", "\u{25B6}", "\u{200D}"] {
            #expect(!Cell(grapheme, width: 1, style: .plain).isIsolated, "\(grapheme.unicodeScalars.map { $0.value })")
        }
    }
}
