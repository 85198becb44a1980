import Ripple
import Testing

// The samples of the Getting Started article (Ripple.docc/GettingStarted.md).

enum GettingStartedSamples {
    struct GreetingError: Error, Equatable {}

    protocol GreetingService: Sendable {
        func greeting(for name: String) -> SignalProducer<String, GreetingError>
    }

    final class GreetingViewModel {
        let name = MutableProperty("")
        let greeting = MutableProperty("")
        let greet: Action<Void, String, GreetingError>

        init(service: some GreetingService) {
            greet = Action(state: name, enabledIf: { !$0.isEmpty }) { name, _ in
                service.greeting(for: name)
            }
            greeting <~ greet.values
        }
    }

    struct SlowGreetingService: GreetingService {
        let scheduler: TestScheduler

        func greeting(for name: String) -> SignalProducer<String, GreetingError> {
            SignalProducer(value: "Hello, \(name)!").delay(1, on: scheduler)
        }
    }
}

extension GettingStartedSamples {
    @Suite("Getting Started")
    struct Tests {
        @Test("a derived property follows its source, current value first")
        func property() {
            let name = MutableProperty("")
            let greeting = name.map { $0.isEmpty ? "Who are you?" : "Hello, \($0)!" }

            var shown: [String] = []
            greeting.producer.startWithValues { shown.append($0) }
            name.value = "Ada"
            // shown == ["Who are you?", "Hello, Ada!"]
            #expect(shown == ["Who are you?", "Hello, Ada!"])
        }

        @Test("a signal's observer sees what is sent until it completes")
        func signal() {
            let (taps, tap) = Signal<Int, Never>.pipe()

            var seen: [Int] = []
            taps.observeValues { seen.append($0) }
            tap.send(value: 1)
            tap.send(value: 2)
            tap.sendCompleted()
            tap.send(value: 3)   // ignored: the signal has completed
            // seen == [1, 2]
            #expect(seen == [1, 2])
        }

        @Test("each start of a producer runs its work again")
        func producer() {
            var runs = 0
            let request = SignalProducer<String, Never> { observer, _ in
                runs += 1
                observer.send(value: "answer \(runs)")
                observer.sendCompleted()
            }

            var answers: [String] = []
            request.startWithValues { answers.append($0) }
            request.startWithValues { answers.append($0) }
            // runs == 2, answers == ["answer 1", "answer 2"]
            #expect(runs == 2)
            #expect(answers == ["answer 1", "answer 2"])
        }

        @Test("the ViewModel greets once its service answers, in virtual time")
        func viewModel() {
            let scheduler = TestScheduler()
            let viewModel = GreetingViewModel(service: SlowGreetingService(scheduler: scheduler))
            #expect(!viewModel.greet.isEnabled.value)

            viewModel.name.value = "Ada"
            viewModel.greet.apply().start()
            #expect(viewModel.greet.isExecuting.value)

            scheduler.advance(by: 1)
            #expect(viewModel.greeting.value == "Hello, Ada!")
            #expect(!viewModel.greet.isExecuting.value)
        }
    }
}
