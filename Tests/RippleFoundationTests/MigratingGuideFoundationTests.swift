import Foundation
import Ripple
import RippleFoundation
import Testing

// The Migrating from ReactiveSwift article, the row
// "`NotificationCenter.reactive.notifications(forName:object:)` | the same | In
// `RippleFoundation`: a `Signal<Notification, Never>` whose center observer is removed
// when the signal ends". In NotificationCenterReactiveTests' serialized suite, whose
// tests count the center observers of the whole process.

extension NotificationCenterReactiveTests {
    // "a `Signal<Notification, Never>` whose center observer is removed when the signal ends"
    @Test func migratingGuideNotificationsAreASignalWhoseCenterObserverGoesWhenItEnds() {
        let center = NotificationCenter()
        let before = Self.observerCount
        var received: [String] = []
        var signal: Signal<Notification, Never>? = center.reactive.notifications(forName: Self.ping, object: nil)
        let observation = signal?.observeValues { received.append($0.name.rawValue) }
        center.post(name: Self.ping, object: nil)
        #expect(received == [Self.ping.rawValue])

        signal = nil
        #expect(Self.observerCount == before + 1, "an observer is left: the signal goes on")
        center.post(name: Self.ping, object: nil)
        #expect(received.count == 2)

        observation?.dispose()
        #expect(Self.observerCount == before)
        center.post(name: Self.ping, object: nil)
        #expect(received.count == 2)
    }
}
