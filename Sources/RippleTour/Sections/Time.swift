#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Ripple

extension Tour {
    static let searchAsYouType = TourSection(
        title: "Time: search as you type",
        summary: """
        Queries longer than three characters, at most one per second (`throttle`), \
        each starting a request that takes two seconds; `flatMap(.latest)` cancels \
        a request when a newer query arrives. It all runs on a `TestScheduler`, so \
        the timeline below is virtual time, computed in an instant.
        """
    ) { out in
        let scheduler = TestScheduler()
        func say(_ line: String) {
            out.print("[\(scheduler.currentDate.timeIntervalSinceReferenceDate)s] \(line)")
        }
        func search(_ query: String) -> SignalProducer<String, Never> {
            SignalProducer { observer, lifetime in
                say("request \"\(query)\" sent")
                lifetime.observeEnded { say("request \"\(query)\" over") }
                lifetime += SignalProducer(value: "results for \"\(query)\"")
                    .delay(2, on: scheduler)
                    .start(observer)
            }
        }

        let (queries, typing) = Signal<String, Never>.pipe()
        queries
            .filter { $0.count > 3 }
            .throttle(1.0, on: scheduler)
            .flatMap(.latest, search)
            .observeValues { say("show \($0)") }

        func type(_ query: String, at time: TimeInterval) {
            scheduler.advance(to: Date(timeIntervalSinceReferenceDate: time))
            say("typed \"\(query)\"")
            typing.send(value: query)
        }
        type("swi", at: 0)
        type("swif", at: 0)
        type("swift", at: 0.25)
        type("swiftu", at: 0.5)
        type("swiftui", at: 2.5)
        scheduler.run()
    }
}
