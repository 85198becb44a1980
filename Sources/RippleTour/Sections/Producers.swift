import Ripple

extension Tour {
    static let producerStartHandler = TourSection(
        title: "Cold signals: a SignalProducer and its lifetime",
        summary: """
        A `SignalProducer` does nothing until started; each start runs its handler \
        with a fresh observer and a lifetime that ends when the run does.
        """
    ) { out in
        let producer = SignalProducer<Int, Never> { innerObserver, lifetime in
            lifetime.observeEnded {
                out.print("信号无效了 你可以在这里进行一些清理工作")
            }
            innerObserver.send(value: 1)
            innerObserver.send(value: 2)
            innerObserver.sendCompleted()
        }

        let outerObserver = Signal<Int, Never>.Observer(value: { value in
            out.print("did received value: \(value)")
        })
        producer.start(outerObserver)
    }

    static let producerRunsPerStart = TourSection(
        title: "Cold signals: every start runs the work again",
        summary: """
        Two `startWithValues` calls mean two runs, so the pretend network request \
        (发起网络请求, "sending the request") happens twice. That is a feature.
        """
    ) { out in
        func fetchData(completionHandler: (Int, Swift.Error?) -> Void) {
            out.print("发起网络请求")
            completionHandler(1, nil)
        }

        let producer = SignalProducer<Int, Never> { innerObserver, _ in
            fetchData { data, _ in
                innerObserver.send(value: data)
                innerObserver.sendCompleted()
            }
        }
        producer.startWithValues { value in out.print("did received value: \(value)") }
        producer.startWithValues { value in out.print("did received value: \(value)") }
    }

    static let sharedRequestThroughASignal = TourSection(
        title: "Hot signals: one request, two observers",
        summary: """
        To share one run of the work, send its result through a `Signal` that both \
        observers watch: the request happens once.
        """
    ) { out in
        func fetchData(completionHandler: (Int, Swift.Error?) -> Void) {
            out.print("发起网络请求")
            completionHandler(1, nil)
        }

        let signalTuple = Signal<Int, Never>.pipe()
        signalTuple.output.observeValues { value in out.print("did received value: \(value)") }
        signalTuple.output.observeValues { value in out.print("did received value: \(value)") }

        fetchData { data, _ in
            signalTuple.input.send(value: data)
            signalTuple.input.sendCompleted()
        }
    }

    static let typedErrors = TourSection(
        title: "Cold signals: typed errors",
        summary: """
        Streams that can fail carry their error type, here an `APIError`. \
        `startWithResult` (or `start`) sees values and the failure alike.
        """
    ) { out in
        struct APIError: Swift.Error {
            let code: Int
            var reason = ""
        }
        func fetchUser(id: Int) -> SignalProducer<String, APIError> {
            SignalProducer { () throws(APIError) -> String in
                guard id > 0 else { throw APIError(code: 404, reason: "no such user") }
                return "user \(id)"
            }
        }
        for id in [7, 0] {
            fetchUser(id: id).startWithResult { result in
                switch result {
                case let .success(user): out.print("loaded \(user)")
                case let .failure(error): out.print("failed with \(error.code): \(error.reason)")
                }
            }
        }
    }
}
