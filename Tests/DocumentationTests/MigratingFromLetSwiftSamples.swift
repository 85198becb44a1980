import Foundation
import Ripple
import Testing

// The Swift samples of the Migrating from let.swift article, each run with the
// behaviour the article describes.

/// The article's label: any class with a `text` property to bind.
final class LetSwiftDateLabel: ReactiveExtensionsProvider {
    var text = ""
}

@Suite("Migrating from let.swift: samples")
struct MigratingFromLetSwiftSamples {
    @Test("a mutable property does what a let.swift signal does")
    func propertyForSignal() {
        let title = MutableProperty("Today")                           // Signal(value:)
        var shown: [String] = []
        let subscription = title.producer.startWithValues { shown.append($0) }  // subscribeNext(hasInitialValue: true)
        title.value = "Tomorrow"                                       // update(_:)
        #expect(title.value == "Tomorrow")                             // peek()
        subscription.dispose()                                         // unscrible(token:)
        title.value = "Later"
        #expect(shown == ["Today", "Tomorrow"])

        let dateLabel = LetSwiftDateLabel()
        dateLabel.reactive[\.text] <~ title                            // bind(to:keyPath:)
        #expect(dateLabel.text == "Later")
    }

    @Test("a signal's changes bound into another property, without the current value")
    func bindSignal() {
        let source = MutableProperty(1)
        let other = MutableProperty(0)
        let binding = other <~ source.signal
        #expect(other.value == 0)
        source.value = 2
        #expect(other.value == 2)
        binding?.dispose()
        source.value = 3
        #expect(other.value == 2)
    }

    @Test("map, combine and filter follow their sources")
    func mapCombineFilter() {
        let count = MutableProperty(1)
        let summary = count.map { "\($0) todos" }
        count.value = 2
        #expect(summary.value == "2 todos")

        let done = MutableProperty(false)
        let status = Property.combineLatest(count, done).map { count, done in done ? "done" : "\(count) left" }
        #expect(status.value == "2 left")
        done.value = true
        #expect(status.value == "done")

        let even = count.filter(initial: 0) { $0.isMultiple(of: 2) }
        count.value = 3
        #expect(even.value == 2)
    }

    @Test("a command is an action whose isExecuting is the indicator")
    func commandAsAction() {
        let scheduler = TestScheduler()
        let addTodo = Action<String, String, Never> { title in
            SignalProducer(value: title).delay(1, on: scheduler)      // the request
        }
        let showIndicator = addTodo.isExecuting
        addTodo.apply("Buy milk").start()
        #expect(showIndicator.value)
        scheduler.advance(by: 1)
        #expect(!showIndicator.value)
    }

    @Test("an update from a subscriber is delivered after the current one")
    func updateFromSubscriberIsQueued() {
        let count = MutableProperty(0)
        var seen: [Int] = []
        count.signal.observeValues { [unowned count] value in
            seen.append(value)
            if value == 1 { count.value = 2 }
        }
        count.value = 1
        #expect(seen == [1, 2])
        #expect(count.value == 2)
    }
}
