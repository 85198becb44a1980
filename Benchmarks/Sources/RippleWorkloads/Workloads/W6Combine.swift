// W6 combine: (a) combineLatest of two hot sources, 1,000,000 alternating sends,
// ns per send; (b) flatMap(.latest) with 1,000 outer values a run, each starting an
// inner stream of 10 values, ns per outer value.

import OpenCombine
import Ripple

/// How W6a's OpenCombine version stands in for the combineLatest it lacks.
let combineLatestFootnote = """
    OpenCombine 0.14.0 has no combineLatest: its W6a version is two sinks feeding a \
    hand-kept latest pair (the baseline's pair, behind two PassthroughSubjects).
    """

extension Workloads {
    static func combineLatest(_ sizing: Sizing) -> Workload {
        let n = sizing.iterations(1_000_000)
        return Workload(
            id: "W6a", title: "combineLatest, alternating sends", operation: "send",
            operations: n, expected: expectedCombineLatest(n),
            baseline: { region in
                let tally = Tally()
                let pair = LatestPair(opaque { tally.add($0 &* 3 &+ $1) })
                let sendA: (Int) -> Void = opaque { pair.first($0) }
                let sendB: (Int) -> Void = opaque { pair.second($0) }
                region.measure {
                    for i in 0..<n {
                        if i % 2 == 0 { sendA(i) } else { sendB(i) }
                    }
                }
                return checksum(count: tally.count, sum: tally.sum)
            },
            ripple: { region in
                let tally = Tally()
                let (a, inputA) = Signal<Int, Never>.pipe()
                let (b, inputB) = Signal<Int, Never>.pipe()
                let subscription = Signal.combineLatest(a, b).observeValues { tally.add($0 &* 3 &+ $1) }
                region.measure {
                    for i in 0..<n {
                        if i % 2 == 0 { inputA.send(value: i) } else { inputB.send(value: i) }
                    }
                }
                subscription?.dispose()
                return checksum(count: tally.count, sum: tally.sum)
            },
            openCombine: { region in
                let tally = Tally()
                let a = PassthroughSubject<Int, Never>()
                let b = PassthroughSubject<Int, Never>()
                let pair = LatestPair { tally.add($0 &* 3 &+ $1) }
                let subscriptions = [a.sink { pair.first($0) }, b.sink { pair.second($0) }]
                region.measure {
                    for i in 0..<n {
                        if i % 2 == 0 { a.send(i) } else { b.send(i) }
                    }
                }
                subscriptions.forEach { $0.cancel() }
                return checksum(count: tally.count, sum: tally.sum)
            },
            footnote: combineLatestFootnote
        )
    }

    /// W6a's result, worked out without any of the implementations.
    private static func expectedCombineLatest(_ n: Int) -> Int {
        var latestA: Int?, latestB: Int?
        var count = 0, sum = 0
        for i in 0..<n {
            if i % 2 == 0 { latestA = i } else { latestB = i }
            if let a = latestA, let b = latestB {
                count += 1
                sum &+= a &* 3 &+ b
            }
        }
        return checksum(count: count, sum: sum)
    }

    static func flatMapLatest(_ sizing: Sizing) -> Workload {
        let n = sizing.iterations(1_000)
        let inner = 10
        // Outer value i starts an inner stream of i·10 ..< i·10 + 10: all of 0 ..< 10n.
        return Workload(
            id: "W6b", title: "flatMap(.latest), 10 values per inner", operation: "outer value",
            operations: n, expected: checksum(count: n * inner, sum: triangle(n * inner)),
            baseline: { region in
                let tally = Tally()
                let deliver: (Int) -> Void = opaque { tally.add($0) }
                let startInner: (Int) -> Void = opaque { i in
                    for value in i * inner ..< i * inner + inner { deliver(value) }
                }
                region.measure {
                    for i in 0..<n { startInner(i) }
                }
                return checksum(count: tally.count, sum: tally.sum)
            },
            ripple: { region in
                let tally = Tally()
                let (outer, input) = Signal<Int, Never>.pipe()
                let subscription = outer.flatMap(.latest) { i in SignalProducer(i * inner ..< i * inner + inner) }
                    .observeValues { tally.add($0) }
                region.measure {
                    for i in 0..<n { input.send(value: i) }
                }
                subscription?.dispose()
                return checksum(count: tally.count, sum: tally.sum)
            },
            openCombine: { region in
                let tally = Tally()
                let outer = PassthroughSubject<Int, Never>()
                let subscription = outer
                    .map { i in Publishers.Sequence<Range<Int>, Never>(sequence: i * inner ..< i * inner + inner) }
                    .switchToLatest()
                    .sink { tally.add($0) }
                region.measure {
                    for i in 0..<n { outer.send(i) }
                }
                subscription.cancel()
                return checksum(count: tally.count, sum: tally.sum)
            },
            footnote: """
                OpenCombine's W6b is map + switchToLatest, its spelling of flatMap(.latest).
                """
        )
    }
}

/// The hand-kept latest pair of W6a's baseline and OpenCombine versions: once both
/// sides have a value, every new value sends the pair on.
private final class LatestPair {
    private var a: Int?
    private var b: Int?
    private let send: (Int, Int) -> Void

    init(_ send: @escaping (Int, Int) -> Void) {
        self.send = send
    }

    /// A new value on the first side.
    func first(_ value: Int) {
        a = value
        if let b { send(value, b) }
    }

    /// A new value on the second side.
    func second(_ value: Int) {
        b = value
        if let a { send(a, value) }
    }
}
