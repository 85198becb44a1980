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

extension Tour {
    static let mergeOperator = TourSection(
        title: "Operators: merge",
        summary: "`merge` forwards the events of every input as they come."
    ) { out in
        let (signal1, innerObserver1) = Signal<Int, Never>.pipe()
        let (signal2, innerObserver2) = Signal<Int, Never>.pipe()
        let (signal3, innerObserver3) = Signal<Int, Never>.pipe()

        Signal.merge(signal1, signal2, signal3).observeValues { value in
            out.print("received value: \(value)")
        }

        innerObserver1.send(value: 1)
        innerObserver1.sendCompleted()

        innerObserver2.send(value: 2)
        innerObserver2.sendCompleted()

        innerObserver3.send(value: 3)
        innerObserver3.sendCompleted()
    }

    static let combineLatestOperator = TourSection(
        title: "Operators: combineLatest",
        summary: """
        `combineLatest` waits until every input has sent a value, then sends the \
        latest of each whenever any of them changes.
        """
    ) { out in
        let (signal1, innerObserver1) = Signal<Int, Never>.pipe()
        let (signal2, innerObserver2) = Signal<Int, Never>.pipe()
        let (signal3, innerObserver3) = Signal<Int, Never>.pipe()

        Signal.combineLatest(signal1, signal2, signal3).observeValues { tuple in
            out.print("received value: \(tuple)")
        }

        innerObserver1.send(value: 1)
        innerObserver2.send(value: 2)
        innerObserver3.send(value: 3)

        innerObserver1.send(value: 11)
        innerObserver2.send(value: 22)
        innerObserver3.send(value: 33)

        innerObserver1.sendCompleted()
        innerObserver2.sendCompleted()
        innerObserver3.sendCompleted()
    }

    static let zipOperator = TourSection(
        title: "Operators: zip",
        summary: """
        `zip` pairs the n-th values of its inputs, like the teeth of a zipper: a \
        tuple goes out only once every input has sent its n-th value.
        """
    ) { out in
        let (signal1, innerObserver1) = Signal<Int, Never>.pipe()
        let (signal2, innerObserver2) = Signal<Int, Never>.pipe()
        let (signal3, innerObserver3) = Signal<Int, Never>.pipe()

        Signal.zip(signal1, signal2, signal3).observeValues { tuple in
            out.print("received value: \(tuple)")
        }

        innerObserver1.send(value: 1)
        innerObserver2.send(value: 2)
        innerObserver3.send(value: 3)

        innerObserver1.send(value: 11)
        innerObserver2.send(value: 22)
        innerObserver3.send(value: 33)

        innerObserver1.send(value: 111)
        innerObserver2.send(value: 222)

        innerObserver1.sendCompleted()
        innerObserver2.sendCompleted()
        innerObserver3.sendCompleted()
    }

    static let flatMapLatestOperator = TourSection(
        title: "Operators: flatMap(.latest)",
        summary: """
        Each query starts a request; `flatMap(.latest)` cancels the request in \
        flight when a newer query arrives, so only the last answer is shown.
        """
    ) { out in
        var pending: [String: Signal<String, Never>.Observer] = [:]
        func search(_ query: String) -> SignalProducer<String, Never> {
            SignalProducer { observer, lifetime in
                out.print("request \"\(query)\"")
                pending[query] = observer
                lifetime.observeEnded { out.print("request \"\(query)\" ended") }
            }
        }
        let (queries, typing) = Signal<String, Never>.pipe()
        queries.flatMap(.latest, search).observeValues { out.print("show \($0)") }

        typing.send(value: "swi")
        typing.send(value: "swift")
        pending["swi"]?.send(value: "results for swi")
        pending["swift"]?.send(value: "results for swift")
        pending["swift"]?.sendCompleted()
    }
}
