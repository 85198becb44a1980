import Foundation
import Ripple
@testable import RippleFoundation
import Synchronization
import Testing

/// `NotificationCenter.reactive.notifications(forName:object:)`: what it sends, and
/// when it stops observing the center.
@Suite(.serialized) struct NotificationCenterReactiveTests {
    /// The center observers added by `notifications(forName:object:)` and not yet
    /// removed, in the whole process (other tests may run meanwhile: the suite is
    /// serialized, and only this suite makes such signals).
    static var observerCount: Int { NotificationObservations.live.load(ordering: .relaxed) }

    static let ping = Notification.Name("NotificationCenterReactiveTests.ping")
    static let pong = Notification.Name("NotificationCenterReactiveTests.pong")

    @Test func postedNotificationsOfTheNameArriveInOrder() {
        let center = NotificationCenter()
        var received: [String] = []
        let signal = center.reactive.notifications(forName: Self.ping)
        signal.observeValues { received.append($0.userInfo?["n"] as? String ?? "?") }

        center.post(name: Self.ping, object: nil, userInfo: ["n": "1"])
        center.post(name: Self.pong, object: nil, userInfo: ["n": "x"])
        center.post(name: Self.ping, object: nil, userInfo: ["n": "2"])

        #expect(received == ["1", "2"])
    }

    @Test func anObjectFilterKeepsOnlyThatSendersNotifications() {
        let center = NotificationCenter()
        let sender = NSObject()
        let other = NSObject()
        var senders: [ObjectIdentifier] = []
        let signal = center.reactive.notifications(forName: Self.ping, object: sender)
        signal.observeValues { senders.append(ObjectIdentifier($0.object as AnyObject)) }

        center.post(name: Self.ping, object: other)
        center.post(name: Self.ping, object: sender)

        #expect(senders == [ObjectIdentifier(sender)])
    }

    @Test func aNilNameSendsEveryName() {
        let center = NotificationCenter()
        var names: [Notification.Name] = []
        let signal = center.reactive.notifications(forName: nil)
        signal.observeValues { names.append($0.name) }

        center.post(name: Self.ping, object: nil)
        center.post(name: Self.pong, object: nil)

        #expect(names == [Self.ping, Self.pong])
    }

    @Test func theCenterObserverIsRemovedWhenTheLastObserverGoes() {
        let center = NotificationCenter()
        let before = Self.observerCount
        var received = 0
        let first: (any Disposable)?
        let second: (any Disposable)?
        do {
            let signal = center.reactive.notifications(forName: Self.ping)
            first = signal.observeValues { _ in received += 1 }
            second = signal.observeValues { _ in received += 10 }
        }
        #expect(Self.observerCount == before + 1)
        center.post(name: Self.ping, object: nil)
        #expect(received == 11)

        first?.dispose()
        #expect(Self.observerCount == before + 1, "one observer is left: the signal goes on")
        center.post(name: Self.ping, object: nil)
        #expect(received == 21)

        second?.dispose()
        #expect(Self.observerCount == before)
        center.post(name: Self.ping, object: nil)
        #expect(received == 21)
    }

    @Test func anObservationBoundByALifetimeEndsWithIt() {
        let center = NotificationCenter()
        let before = Self.observerCount
        var received = 0
        let (lifetime, token) = Lifetime.make()
        center.reactive.notifications(forName: Self.ping)
            .take(during: lifetime)
            .observeValues { _ in received += 1 }
        center.post(name: Self.ping, object: nil)

        token.dispose()

        #expect(Self.observerCount == before)
        center.post(name: Self.ping, object: nil)
        #expect(received == 1)
    }

    @Test func aSignalNobodyObservesStopsObservingWhenReleased() {
        let center = NotificationCenter()
        let before = Self.observerCount
        do {
            let signal = center.reactive.notifications(forName: Self.ping)
            #expect(Self.observerCount == before + 1)
            _ = signal
        }
        #expect(Self.observerCount == before)
    }

    @Test func releasingTheCenterInterruptsTheSignal() {
        let before = Self.observerCount
        var events: [String] = []
        var center: NotificationCenter? = NotificationCenter()
        center?.reactive.notifications(forName: Self.ping).observe { event in
            events.append(event.isTerminating ? "end" : "value")
        }
        center?.post(name: Self.ping, object: nil)

        center = nil

        #expect(events == ["value", "end"])
        #expect(Self.observerCount == before)
    }

    @Test func postsFromSeveralThreadsAreDeliveredOneAtATime() async {
        let center = NotificationCenter()
        let signal = center.reactive.notifications(forName: Self.ping)
        let inside = Atomic<Int>(0)
        let overlaps = Atomic<Int>(0)
        let count = Atomic<Int>(0)
        signal.observeValues { _ in
            if inside.add(1, ordering: .acquiringAndReleasing).newValue != 1 { overlaps.add(1, ordering: .relaxed) }
            count.add(1, ordering: .relaxed)
            inside.subtract(1, ordering: .acquiringAndReleasing)
        }
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<4 {
                group.addTask {
                    for _ in 0..<500 { center.post(name: Self.ping, object: nil) }
                }
            }
        }
        #expect(count.load(ordering: .relaxed) == 2000)
        #expect(overlaps.load(ordering: .relaxed) == 0)
    }
}
