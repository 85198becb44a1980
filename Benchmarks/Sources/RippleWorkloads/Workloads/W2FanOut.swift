// W2 fan-out: one hot source, 100 observers, 10,000 sends a run (1,000,000 deliveries); ns per delivered event.

import OpenCombine
import Ripple

extension Workloads {
    static func fanOut(_ sizing: Sizing) -> Workload {
        let n = sizing.iterations(10_000)
        let observers = 100
        return Workload(
            id: "W2", title: "fan-out to 100 observers", operation: "delivery",
            operations: n * observers, expected: checksum(count: n * observers, sum: observers * triangle(n)),
            baseline: { region in
                let tally = Tally()
                let list = ObserverList((0..<observers).map { _ in { tally.add($0) } })
                region.measure {
                    for i in 0..<n { list.send(i) }
                }
                return checksum(count: tally.count, sum: tally.sum)
            },
            ripple: { region in
                let tally = Tally()
                let (signal, input) = Signal<Int, Never>.pipe()
                let subscriptions = (0..<observers).map { _ in signal.observeValues { tally.add($0) } }
                region.measure {
                    for i in 0..<n { input.send(value: i) }
                }
                subscriptions.forEach { $0?.dispose() }
                return checksum(count: tally.count, sum: tally.sum)
            },
            openCombine: { region in
                let tally = Tally()
                let subject = PassthroughSubject<Int, Never>()
                let subscriptions = (0..<observers).map { _ in subject.sink { tally.add($0) } }
                region.measure {
                    for i in 0..<n { subject.send(i) }
                }
                subscriptions.forEach { $0.cancel() }
                return checksum(count: tally.count, sum: tally.sum)
            }
        )
    }
}
