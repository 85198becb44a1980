// W5 property: a MutableProperty (OpenCombine: CurrentValueSubject) with 10
// observers of its changes; 1,000,000 sets; ns per set.

import OpenCombine
import Ripple

extension Workloads {
    static func property(_ sizing: Sizing) -> Workload {
        let n = sizing.iterations(1_000_000)
        let observers = 10
        // Sets 1…n, each seen by every observer.
        return Workload(
            id: "W5", title: "property with 10 observers", operation: "set",
            operations: n, expected: checksum(count: n * observers, sum: observers * triangle(n + 1)),
            baseline: { region in
                let tally = Tally()
                let store = Store(value: 0, observers: ObserverList((0..<observers).map { _ in { tally.add($0) } }))
                region.measure {
                    for i in 1...n { store.set(i) }
                }
                return checksum(count: tally.count, sum: tally.sum) &+ (store.value == n ? 0 : 1)
            },
            ripple: { region in
                let tally = Tally()
                let property = MutableProperty(0)
                let subscriptions = (0..<observers).map { _ in property.signal.observeValues { tally.add($0) } }
                region.measure {
                    for i in 1...n { property.value = i }
                }
                subscriptions.forEach { $0?.dispose() }
                return checksum(count: tally.count, sum: tally.sum) &+ (property.value == n ? 0 : 1)
            },
            openCombine: { region in
                let tally = Tally()
                let subject = CurrentValueSubject<Int, Never>(0)
                // A sink gets the current value (0) when it subscribes: it adds 0 to the
                // sum, and the count is reset below.
                let subscriptions = (0..<observers).map { _ in subject.sink { tally.add($0) } }
                tally.count = 0
                region.measure {
                    for i in 1...n { subject.value = i }
                }
                subscriptions.forEach { $0.cancel() }
                return checksum(count: tally.count, sum: tally.sum) &+ (subject.value == n ? 0 : 1)
            }
        )
    }
}

extension Workloads {
    /// W5′: W5 with the observers attached through `property.producer`, as a view
    /// binding does (`label.reactive.text <~ viewModel.title`): each gets the current
    /// value at once, then every change.
    static func propertyProducer(_ sizing: Sizing) -> Workload {
        let n = sizing.iterations(1_000_000)
        let observers = 10
        // Each observer gets the current value 0 when it attaches (outside the
        // measured region, counted in the sum as 0 and in the count as 1), then 1…n.
        return Workload(
            id: "W5′", title: "property with 10 observers via .producer", operation: "set",
            operations: n,
            expected: checksum(count: (n + 1) * observers, sum: observers * triangle(n + 1)),
            baseline: { region in
                let tally = Tally()
                let store = Store(value: 0, observers: ObserverList((0..<observers).map { _ in { tally.add($0) } }))
                for _ in 0..<observers { tally.add(store.value) }
                region.measure {
                    for i in 1...n { store.set(i) }
                }
                return checksum(count: tally.count, sum: tally.sum) &+ (store.value == n ? 0 : 1)
            },
            ripple: { region in
                let tally = Tally()
                let property = MutableProperty(0)
                let subscriptions = (0..<observers).map { _ in property.producer.startWithValues { tally.add($0) } }
                region.measure {
                    for i in 1...n { property.value = i }
                }
                subscriptions.forEach { $0.dispose() }
                return checksum(count: tally.count, sum: tally.sum) &+ (property.value == n ? 0 : 1)
            },
            openCombine: { region in
                let tally = Tally()
                let subject = CurrentValueSubject<Int, Never>(0)
                let subscriptions = (0..<observers).map { _ in subject.sink { tally.add($0) } }
                region.measure {
                    for i in 1...n { subject.value = i }
                }
                subscriptions.forEach { $0.cancel() }
                return checksum(count: tally.count, sum: tally.sum) &+ (subject.value == n ? 0 : 1)
            },
            footnote: "W5′: OpenCombine's version is W5's CurrentValueSubject, which sends the current value on subscribe."
        )
    }
}

/// The hand-written property: a stored value and the observers to call on a set.
private final class Store {
    private(set) var value: Int
    private let observers: ObserverList

    init(value: Int, observers: ObserverList) {
        self.value = value
        self.observers = observers
    }

    /// Stores `newValue` and calls every observer with it.
    @inline(never)
    func set(_ newValue: Int) {
        value = newValue
        observers.send(newValue)
    }
}
