import Ripple

extension Tour {
    static let pipeAndObservers = TourSection(
        title: "Hot signals: a pipe and its observers",
        summary: """
        `Signal.pipe()` returns the signal to observe and the input to send through. \
        Each observe attaches one more observer; both see the value.
        """
    ) { out in
        let (signal, innerObserver) = Signal<Int, Never>.pipe()

        let outerObserver1 = Signal<Int, Never>.Observer(value: { value in
            out.print("did received value: \(value)")
        })
        let outerObserver2 = Signal<Int, Never>.Observer { event in
            switch event {
            case let .value(value):
                out.print("did received value: \(value)")
            default: break
            }
        }

        signal.observe(outerObserver1)
        signal.observe(outerObserver2)

        innerObserver.send(value: 1)
        innerObserver.sendCompleted()
    }

    static let observeValues = TourSection(
        title: "Hot signals: observeValues",
        summary: "`observeValues` builds the observer for you when only values matter."
    ) { out in
        let (signal, innerObserver) = Signal<Int, Never>.pipe()

        signal.observeValues { value in
            out.print("did received value: \(value)")
        }
        signal.observeValues { value in
            out.print("did received value: \(value)")
        }

        innerObserver.send(value: 1)
        innerObserver.sendCompleted()
    }

    static let hotSignalViews = TourSection(
        title: "Hot signals: View1, View2 and View3",
        summary: """
        A hot signal does not wait for observers: View2 subscribes late and misses 1. \
        After completion nothing more is delivered, and View3, which subscribes after \
        it, only hears `interrupted`.
        """
    ) { out in
        final class ViewModel {
            let signal: Signal<Int, Never>
            let innerObserver: Signal<Int, Never>.Observer
            init() { (signal, innerObserver) = Signal<Int, Never>.pipe() }
        }
        struct View1 {
            func bind(viewModel: ViewModel, _ out: Transcript) {
                viewModel.signal.observeValues { out.print("View1 received value: \($0)") }
            }
        }
        struct View2 {
            func bind(viewModel: ViewModel, _ out: Transcript) {
                viewModel.signal.observeValues { out.print("View2 received value: \($0)") }
            }
        }
        struct View3 {
            func bind(viewModel: ViewModel, _ out: Transcript) {
                viewModel.signal.observeValues { out.print("View3 received value: \($0)") }
                viewModel.signal.observeInterrupted { out.print("View3 received interrupted") }
            }
        }

        let view1 = View1()
        let view2 = View2()
        let view3 = View3()
        let viewModel = ViewModel()

        view1.bind(viewModel: viewModel, out)
        viewModel.innerObserver.send(value: 1)

        view2.bind(viewModel: viewModel, out)
        viewModel.innerObserver.send(value: 2)
        viewModel.innerObserver.sendCompleted()

        view3.bind(viewModel: viewModel, out)
        viewModel.innerObserver.send(value: 3)
    }

    static let eventsAndTermination = TourSection(
        title: "Events: values, then one terminal event",
        summary: """
        Every stream is `value* (failed | completed | interrupted)?`. \
        A failure ends the signal; what is sent afterwards goes nowhere.
        """
    ) { out in
        struct APIError: Swift.Error, CustomStringConvertible {
            let code: Int
            var description: String { "APIError(\(code))" }
        }
        let (signal, input) = Signal<String, APIError>.pipe()
        signal.observe { event in out.print("event: \(event)") }
        signal.observeResult { result in out.print("result: \(result)") }

        input.send(value: "page 1")
        input.send(error: APIError(code: 404))
        input.send(value: "page 2")
        signal.observe { event in out.print("late observer: \(event)") }
    }

    static let sendingFromAnObserver = TourSection(
        title: "Sending from inside an observer",
        summary: """
        An observer may send on the signal it observes. The new event waits until the \
        current one has reached every observer — no deadlock, no re-entered observer.
        """
    ) { out in
        let (signal, input) = Signal<Int, Never>.pipe()
        signal.observeValues { value in
            out.print("A received \(value)")
            if value == 1 { input.send(value: 2) }
        }
        signal.observeValues { value in
            out.print("B received \(value)")
        }
        input.send(value: 1)
    }

    static let disposablesAndLifetimes = TourSection(
        title: "Disposables and lifetimes",
        summary: """
        `observe` returns a disposable that detaches the observer. A `Lifetime` ends \
        when its token goes away, and ends what was attached to it.
        """
    ) { out in
        let (signal, input) = Signal<String, Never>.pipe()
        let subscription = signal.observeValues { out.print("subscriber got \($0)") }
        input.send(value: "first")
        subscription?.dispose()
        input.send(value: "second")
        out.print("after dispose: isDisposed = \(subscription?.isDisposed ?? true)")

        var token: Lifetime.Token? = Lifetime.Token()
        let lifetime = Lifetime(token!)
        lifetime.observeEnded { out.print("screen lifetime ended") }
        lifetime += signal.observeValues { out.print("screen got \($0)") }
        input.send(value: "third")
        token = nil
        input.send(value: "fourth")
        out.print("lifetime.hasEnded = \(lifetime.hasEnded)")
    }
}
