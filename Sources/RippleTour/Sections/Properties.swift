import Ripple

extension Tour {
    static let constantProperty = TourSection(
        title: "Properties: a constant",
        summary: """
        `Property(value:)` never changes: its producer sends the value and completes, \
        its signal has no changes to send.
        """
    ) { out in
        let constant = Property(value: 1)
        out.print("initial value is: \(constant.value)")
        constant.producer.startWithValues { out.print("producer received: \($0)") }
        constant.signal.observeValues { out.print("signal received: \($0)") }
    }

    static let mutableProperty = TourSection(
        title: "Properties: MutableProperty",
        summary: """
        Setting `value` sends it. `producer` starts with the current value, then \
        follows every change; `signal` sends only the changes.
        """
    ) { out in
        let mutableProperty = MutableProperty(1)
        out.print("initial value is: \(mutableProperty.value)")
        mutableProperty.producer.startWithValues { out.print("producer received: \($0)") }
        mutableProperty.signal.observeValues { out.print("signal received: \($0)") }
        mutableProperty.value = 2
        mutableProperty.value = 3
    }

    static let derivedProperties = TourSection(
        title: "Properties: derived state",
        summary: """
        A ViewModel derives read-only state from its mutable state: `map` and \
        `combineLatest` make properties that follow their sources, hold a value at \
        all times, and own none of their sources.
        """
    ) { out in
        let todos = MutableProperty(["buy milk"])
        let finished = MutableProperty([String]())
        let summary = todos.map { "\($0.count) to do" }
        summary.producer.startWithValues { out.print("summary: \($0)") }
        todos.modify { $0.append("write tests") }
        finished.value = todos.swap([])
        out.print("finished: \(finished.value.joined(separator: ", "))")
        out.print("summary now: \(summary.value)")
    }
}
