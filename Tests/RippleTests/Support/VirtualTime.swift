import Foundation
import Ripple

extension Recorder where Entry == String {
    /// An observer that records each event's description, prefixed with the virtual
    /// time of `scheduler` when it arrives (`1.5 VALUE 2`).
    func timedObserver<Value, Error>(on scheduler: TestScheduler) -> Signal<Value, Error>.Observer {
        Signal<Value, Error>.Observer { event in self.append("\(scheduler.virtualTime) \(event)") }
    }
}

extension TestScheduler {
    /// The virtual time, in seconds since the reference date.
    var virtualTime: TimeInterval {
        currentDate.timeIntervalSinceReferenceDate
    }

    /// Advances the clock to `seconds` after the reference date.
    func advance(toVirtualTime seconds: TimeInterval) {
        advance(to: Date(timeIntervalSinceReferenceDate: seconds))
    }
}
