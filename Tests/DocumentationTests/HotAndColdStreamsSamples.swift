import Ripple
import Testing

// The samples of the Hot and Cold Streams article (Ripple.docc/HotAndColdStreams.md).

enum HotAndColdStreamsSamples {
    final class Screen {
        let lifetime: Lifetime
        private let token: Lifetime.Token

        init(title: Signal<String, Never>, log: @escaping (String) -> Void) {
            (lifetime, token) = Lifetime.make()
            lifetime += title.observeValues { log($0) }   // detached when the screen goes
            lifetime.observeEnded { log("screen closed") }
        }
    }
}

extension HotAndColdStreamsSamples {
    @Suite("Hot and Cold Streams")
    struct Tests {
        @Test("an observer sees what is sent after it attached, until the end")
        func signal() {
            let (signal, input) = Signal<Int, Never>.pipe()
            var received: [String] = []

            signal.observeValues { received.append("View1 received \($0)") }
            input.send(value: 1)

            signal.observeValues { received.append("View2 received \($0)") }
            input.send(value: 2)
            input.sendCompleted()

            signal.observeInterrupted { received.append("View3 received interrupted") }
            input.send(value: 3)                 // nothing: the signal has completed
            // received == ["View1 received 1", "View1 received 2", "View2 received 2", "View3 received interrupted"]
            #expect(received == ["View1 received 1", "View1 received 2", "View2 received 2", "View3 received interrupted"])
        }

        @Test("a send from inside an observer is queued")
        func recursion() {
            let (numbers, send) = Signal<Int, Never>.pipe()
            var order: [String] = []
            numbers.observeValues { value in
                order.append("A\(value)")
                if value == 1 { send.send(value: 2) }   // queued until B has seen 1
            }
            numbers.observeValues { order.append("B\($0)") }
            send.send(value: 1)
            // order == ["A1", "B1", "A2", "B2"]
            #expect(order == ["A1", "B1", "A2", "B2"])
        }

        @Test("a run's lifetime ends with the run")
        func producer() {
            var log: [String] = []
            let producer = SignalProducer<Int, Never> { observer, lifetime in
                lifetime.observeEnded { log.append("cleaned up") }
                observer.send(value: 1)
                observer.sendCompleted()
            }
            producer.startWithValues { log.append("received \($0)") }
            // log == ["received 1", "cleaned up"]
            #expect(log == ["received 1", "cleaned up"])
        }

        @Test("disposing a run interrupts it")
        func disposal() {
            let (ticks, tick) = Signal<Int, Never>.pipe()
            var seen: [String] = []
            let run = SignalProducer(ticks).start { event in
                switch event {
                case .value(let value): seen.append("value \(value)")
                case .interrupted: seen.append("interrupted")
                default: break
                }
            }
            tick.send(value: 1)
            run.dispose()
            tick.send(value: 2)
            // seen == ["value 1", "interrupted"]
            #expect(seen == ["value 1", "interrupted"])
        }

        @Test("replayLazily shares one run")
        func sharing() {
            var requests = 0
            let user = SignalProducer<String, Never> { observer, _ in
                requests += 1
                observer.send(value: "Ada")
                observer.sendCompleted()
            }
            .replayLazily(upTo: 1)

            var names: [String] = []
            user.startWithValues { names.append($0) }
            user.startWithValues { names.append($0) }
            // requests == 1, names == ["Ada", "Ada"]
            #expect(requests == 1)
            #expect(names == ["Ada", "Ada"])
        }

        @Test("a screen's observers go with the screen")
        func screen() {
            let (title, input) = Signal<String, Never>.pipe()
            var log: [String] = []
            var screen: Screen? = Screen(title: title) { log.append($0) }
            input.send(value: "Inbox")
            screen = nil
            input.send(value: "Archive")
            #expect(screen == nil)
            #expect(log == ["Inbox", "screen closed"])
        }
    }
}
