// W4 cold start: start a one-value producer through one map and see it complete;
// 1,000,000 a run; ns per start.

import OpenCombine
import Ripple

extension Workloads {
    /// W4 and W4b's hand-written version: a start calls the mapped value's observer,
    /// then the completion's.
    private static func coldStartBaseline(_ n: Int, completion: Int) -> Body {
        { region in
            let tally = Tally()
            let value: (Int) -> Void = opaque { tally.add($0) }
            let completed: () -> Void = opaque { tally.add(completion) }
            let mapped: (Int) -> Void = opaque { value($0 + 1) }
            let start: (Int) -> Void = opaque { i in
                mapped(i)
                completed()
            }
            region.measure {
                for i in 0..<n { start(i) }
            }
            return checksum(count: tally.count, sum: tally.sum)
        }
    }

    /// W4b: the same cold start, the producer built from a closure, as user code
    /// builds most of its producers (a request, a query).
    static func closureColdStart(_ sizing: Sizing) -> Workload {
        let n = sizing.iterations(1_000_000)
        let completion = 1_000_000_000
        return Workload(
            id: "W4b", title: "cold start, closure-built producer", operation: "start",
            operations: n, expected: checksum(count: 2 * n, sum: triangle(n) &+ n &+ n &* completion),
            baseline: coldStartBaseline(n, completion: completion),
            ripple: { region in
                let tally = Tally()
                region.measure {
                    for i in 0..<n {
                        SignalProducer<Int, Never> { observer, _ in
                            observer.send(value: i)
                            observer.sendCompleted()
                        }
                        .map { $0 + 1 }
                        .start(.init(value: { tally.add($0) }, completed: { tally.add(completion) }))
                    }
                }
                return checksum(count: tally.count, sum: tally.sum)
            },
            openCombine: { region in
                let tally = Tally()
                region.measure {
                    for i in 0..<n {
                        _ = Deferred { Just(i) }.map { $0 + 1 }
                            .sink(receiveCompletion: { _ in tally.add(completion) }, receiveValue: { tally.add($0) })
                    }
                }
                return checksum(count: tally.count, sum: tally.sum)
            },
            footnote: "W4b: OpenCombine's version is Deferred { Just(i) }, its closure-built one-value publisher."
        )
    }

    static func coldStart(_ sizing: Sizing) -> Workload {
        let n = sizing.iterations(1_000_000)
        // Values i + 1 for i in 0..<n, and n completions (counted as 1_000_000_000 each).
        let completion = 1_000_000_000
        return Workload(
            id: "W4", title: "cold start: one value → map → complete", operation: "start",
            operations: n, expected: checksum(count: 2 * n, sum: triangle(n) &+ n &+ n &* completion),
            baseline: coldStartBaseline(n, completion: completion),
            ripple: { region in
                let tally = Tally()
                region.measure {
                    for i in 0..<n {
                        SignalProducer<Int, Never>(value: i).map { $0 + 1 }
                            .start(.init(value: { tally.add($0) }, completed: { tally.add(completion) }))
                    }
                }
                return checksum(count: tally.count, sum: tally.sum)
            },
            openCombine: { region in
                let tally = Tally()
                region.measure {
                    for i in 0..<n {
                        _ = Just(i).map { $0 + 1 }
                            .sink(receiveCompletion: { _ in tally.add(completion) }, receiveValue: { tally.add($0) })
                    }
                }
                return checksum(count: tally.count, sum: tally.sum)
            }
        )
    }
}
