import Ripple

extension Tour {
    static let mapOperator = TourSection(
        title: "Operators: map",
        summary: "`map` transforms every value on its way to the observer."
    ) { out in
        let (signal, innerObserver) = Signal<Int, Never>.pipe()
        signal.map { "xxx" + String($0) }
            .observeValues { value in out.print(value) }

        innerObserver.send(value: 1)
        innerObserver.sendCompleted()
    }

    static let onOperator = TourSection(
        title: "Operators: on",
        summary: """
        `on` runs a side effect between the sender and the observer, without \
        changing the events; pass only the closures you need.
        """
    ) { out in
        let (signal, innerObserver) = Signal<Int, Never>.pipe()
        signal.on(value: { value in
            out.print("on value: \(value)")
        }).observeValues { value in
            out.print("did received value: \(value)")
        }

        innerObserver.send(value: 1)
        innerObserver.sendCompleted()
    }

    static let takeUntilOperator = TourSection(
        title: "Operators: take(until:)",
        summary: "Values pass until the trigger fires; then the result completes."
    ) { out in
        let (signal, innerObserver) = Signal<Int, Never>.pipe()
        let (takeSignal, takeObserver) = Signal<(), Never>.pipe()

        signal.take(until: takeSignal).observeValues { value in
            out.print("received value: \(value)")
        }

        innerObserver.send(value: 1)
        innerObserver.send(value: 2)

        takeObserver.send(value: ())
        innerObserver.send(value: 3)

        takeObserver.sendCompleted()
        innerObserver.sendCompleted()
    }

    static let takeFirstOperator = TourSection(
        title: "Operators: take(first:)",
        summary: "Only the first n values pass; then the result completes."
    ) { out in
        let (signal, innerObserver) = Signal<Int, Never>.pipe()
        signal.take(first: 2).observeValues { value in
            out.print("received value: \(value)")
        }

        innerObserver.send(value: 1)
        innerObserver.send(value: 2)
        innerObserver.send(value: 3)
        innerObserver.send(value: 4)

        innerObserver.sendCompleted()
    }
}
