// LengthDistribution: how a stack divides its length among its children, in whole
// cells, deterministically.
//
//     length 10, spacing 1, [fixed(3), flexible(1), flexible(2)]   →   [3, 2, 3]
//
// Spacing comes first (one gap between neighbours). Fixed and fitting demands are
// met in order while space lasts, so with too little space the first children keep
// their size and the last get less or nothing. Flexible children share what is
// left in proportion to their weights, rounded down; the cells rounding leaves go
// one each to the flexible children in order. Lengths always add up to at most
// `length`, and to exactly `length` minus the gaps when any child is flexible.

/// The length division of a stack.
enum LengthDistribution {
    /// What one child asks for along the axis.
    enum Demand: Equatable {
        /// A set number of cells (a fixed size, or a fitting size).
        case exactly(Int)
        /// A share of the rest, by weight.
        case share(Int)
    }

    /// The lengths of children asking for `demands`, laid out in `length` cells with
    /// `spacing` cells between neighbours.
    static func lengths(for demands: [Demand], in length: Int, spacing: Int) -> [Int] {
        let gaps = max(spacing, 0) * max(demands.count - 1, 0)
        var remaining = max(length - gaps, 0)
        var lengths = Array(repeating: 0, count: demands.count)
        var totalWeight = 0
        for (index, demand) in demands.enumerated() {
            switch demand {
            case let .exactly(cells):
                lengths[index] = min(max(cells, 0), remaining)
                remaining -= lengths[index]
            case let .share(weight):
                totalWeight += max(weight, 0)
            }
        }
        guard totalWeight > 0 else { return lengths }
        var given = 0
        for (index, demand) in demands.enumerated() {
            if case let .share(weight) = demand {
                lengths[index] = remaining * max(weight, 0) / totalWeight
                given += lengths[index]
            }
        }
        var leftover = remaining - given
        for (index, demand) in demands.enumerated() where leftover > 0 {
            if case let .share(weight) = demand, weight > 0 {
                lengths[index] += 1
                leftover -= 1
            }
        }
        return lengths
    }
}
