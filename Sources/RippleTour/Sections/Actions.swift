#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Ripple

extension Tour {
    /// The tutorial's API error.
    struct APIError: Error {
        let code: Int
    }

    /// The tutorial's action type: a dictionary of parameters in, an `Output` out.
    typealias APIAction<Output> = Action<[String: String]?, Output, APIError>

    static let actionOneExecutionAtATime = TourSection(
        title: "Actions: one execution at a time",
        summary: """
        An `Action` turns an input into work (a producer) and runs one execution at a \
        time: applying it again while the request runs does nothing. Its `events` \
        and `values` report every execution. The request answers 1 at once and 2 two \
        (virtual) seconds later.
        """
    ) { out in
        let scheduler = TestScheduler()
        let action = APIAction<Int> { input in
            out.print("input: \(String(describing: input))")
            return SignalProducer(value: 1).concat(SignalProducer(value: 2).delay(2, on: scheduler))
        }
        action.events.observe { out.print("did received Event: \($0)") }
        action.values.observeValues { out.print("did received Value: \($0)") }

        action.apply(["1": "xxx"]).start()
        for i in 0...10 {
            action.apply([String(i): "xxx"]).start()
        }
        out.print("…two seconds later…")
        scheduler.advance(by: 2)
    }

    static let actionEnabledIf = TourSection(
        title: "Actions: enabledIf",
        summary: """
        `Action(enabledIf:)` executes only while a property says so: here, while the \
        phone number field has text. A tap on a disabled action fails its run with \
        `.disabled`.
        """
    ) { out in
        let scheduler = TestScheduler()
        let phoneNumberTextField = TextField()
        let enabled = MutableProperty(false)
        enabled <~ phoneNumberTextField.reactive.continuousTextValues.map { ($0 ?? "").count > 0 }

        let action = APIAction<Int>(enabledIf: enabled) { input in
            out.print("input: \(String(describing: input))")
            return SignalProducer(value: 1).delay(0.5, on: scheduler)
        }
        action.values.observeValues { out.print("did received value: \($0)") }

        func tap() {
            action.apply(["xxx": "xxx"]).startWithFailed { out.print("tap refused: \($0)") }
            scheduler.advance(by: 1)
        }
        tap()
        phoneNumberTextField.type("138")
        tap()
    }
}
