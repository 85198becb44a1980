// W3 churn: attach an observer to a hot source that already has one resident
// observer, and dispose it; 1,000,000 a run; ns per attach + dispose. The check sends
// one value afterwards: only the resident may receive it.

import OpenCombine
import Ripple

extension Workloads {
    static func churn(_ sizing: Sizing) -> Workload {
        let n = sizing.iterations(1_000_000)
        // n attach/dispose pairs, then one value (7) that reaches the resident only.
        return Workload(
            id: "W3", title: "churn: attach + dispose beside 1 resident", operation: "attach+dispose",
            operations: n, expected: checksum(count: 1, sum: 7) &+ n,
            baseline: { region in
                let tally = Tally()
                let resident: (Int) -> Void = opaque { tally.add($0) }
                let churner: (Int) -> Void = opaque { tally.add($0 * 1000) }
                var closures: [(Int) -> Void] = [resident]
                var attached = 0
                region.measure {
                    for _ in 0..<n {
                        closures.append(churner)
                        attached &+= 1
                        closures.remove(at: closures.count - 1)
                    }
                }
                for closure in closures { closure(7) }
                return checksum(count: tally.count, sum: tally.sum) &+ attached
            },
            ripple: { region in
                let tally = Tally()
                let (signal, input) = Signal<Int, Never>.pipe()
                let resident = signal.observeValues { tally.add($0) }
                var attached = 0
                region.measure {
                    for _ in 0..<n {
                        if let subscription = signal.observeValues({ tally.add($0 * 1000) }) {
                            attached &+= 1
                            subscription.dispose()
                        }
                    }
                }
                input.send(value: 7)
                resident?.dispose()
                return checksum(count: tally.count, sum: tally.sum) &+ attached
            },
            openCombine: { region in
                let tally = Tally()
                let subject = PassthroughSubject<Int, Never>()
                let resident = subject.sink { tally.add($0) }
                var attached = 0
                region.measure {
                    for _ in 0..<n {
                        let subscription = subject.sink { tally.add($0 * 1000) }
                        attached &+= 1
                        subscription.cancel()
                    }
                }
                subject.send(7)
                resident.cancel()
                return checksum(count: tally.count, sum: tally.sum) &+ attached
            }
        )
    }
}
