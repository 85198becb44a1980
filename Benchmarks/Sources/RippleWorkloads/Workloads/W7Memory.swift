// W7 memory: bytes per live subscription (net bytes allocated while N observers
// subscribe to one hot source, over N: requested, and real heap growth), and ns per
// subscribe with N observers already resident, at N = 10, 1,000 and 100,000: the
// cost of a subscribe must not grow with N. Each observer is what a user's closure
// is in practice: a closure over two values (the tally and a per-subscription
// offset), whose context is a heap box of its own — not a closure over one object,
// whose context is that object and costs nothing.

import OpenCombine
import Ripple

extension Workloads {
    static func bytesPerSubscription(residents: Int, metric: Metric) -> Workload {
        let heap = metric == .heapBytes
        return Workload(
            id: "W7 \(heap ? "heap" : "bytes") @\(residents)",
            title: heap ? "live subscriptions, real heap" : "live subscriptions on one source",
            operation: "subscription",
            operations: residents, metric: metric, expected: checksum(count: residents, sum: 7 * residents),
            baseline: { region in
                let tally = Tally()
                let offset = opaqueZero()
                var closures: [(Int) -> Void] = []
                region.measure {
                    for _ in 0..<residents { closures.append { tally.add($0 &+ offset) } }
                }
                for closure in closures { closure(7) }
                return checksum(count: tally.count, sum: tally.sum)
            },
            ripple: { region in
                let tally = Tally()
                let offset = opaqueZero()
                let (signal, input) = Signal<Int, Never>.pipe()
                var subscriptions: [(any Disposable)?] = []
                subscriptions.reserveCapacity(residents)
                region.measure {
                    for _ in 0..<residents { subscriptions.append(signal.observeValues { tally.add($0 &+ offset) }) }
                }
                input.send(value: 7)
                subscriptions.forEach { $0?.dispose() }
                return checksum(count: tally.count, sum: tally.sum)
            },
            openCombine: { region in
                let tally = Tally()
                let offset = opaqueZero()
                let subject = PassthroughSubject<Int, Never>()
                var subscriptions: [AnyCancellable] = []
                subscriptions.reserveCapacity(residents)
                region.measure {
                    for _ in 0..<residents { subscriptions.append(subject.sink { tally.add($0 &+ offset) }) }
                }
                subject.send(7)
                subscriptions.forEach { $0.cancel() }
                return checksum(count: tally.count, sum: tally.sum)
            },
            footnote: heap
                ? """
                    W7 heap: the growth of glibc's in-use heap (mallinfo2's uordblks: blocks at their real, \
                    rounded-up size) while the observers subscribe, per subscription.
                    """
                : """
                    W7 bytes: bytes requested from malloc minus bytes freed while the observers subscribe, per \
                    subscription (the baseline's closure array grows by doubling, so its share varies with N).
                    """
        )
    }

    static func subscribeCost(_ sizing: Sizing, residents: Int) -> Workload {
        let extra = sizing.iterations(1_000)
        let total = residents + extra
        return Workload(
            id: "W7 subscribe @\(residents)", title: "subscribe beside N residents", operation: "subscribe",
            operations: extra, expected: checksum(count: total, sum: 7 * total),
            baseline: { region in
                let tally = Tally()
                var closures: [(Int) -> Void] = []
                for _ in 0..<residents { closures.append { tally.add($0) } }
                region.measure {
                    for _ in 0..<extra { closures.append { tally.add($0) } }
                }
                for closure in closures { closure(7) }
                return checksum(count: tally.count, sum: tally.sum)
            },
            ripple: { region in
                let tally = Tally()
                let (signal, input) = Signal<Int, Never>.pipe()
                var subscriptions: [(any Disposable)?] = []
                subscriptions.reserveCapacity(total)
                for _ in 0..<residents { subscriptions.append(signal.observeValues { tally.add($0) }) }
                region.measure {
                    for _ in 0..<extra { subscriptions.append(signal.observeValues { tally.add($0) }) }
                }
                input.send(value: 7)
                subscriptions.forEach { $0?.dispose() }
                return checksum(count: tally.count, sum: tally.sum)
            },
            openCombine: { region in
                let tally = Tally()
                let subject = PassthroughSubject<Int, Never>()
                var subscriptions: [AnyCancellable] = []
                subscriptions.reserveCapacity(total)
                for _ in 0..<residents { subscriptions.append(subject.sink { tally.add($0) }) }
                region.measure {
                    for _ in 0..<extra { subscriptions.append(subject.sink { tally.add($0) }) }
                }
                subject.send(7)
                subscriptions.forEach { $0.cancel() }
                return checksum(count: tally.count, sum: tally.sum)
            }
        )
    }
}
