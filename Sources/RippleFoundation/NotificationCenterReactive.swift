// NotificationCenter.reactive: the notifications a center posts, as a hot signal.
//
//     center.reactive.notifications(forName: .didLogIn)     --n1----n2--n3-…
//
// The center observer is added when the signal is made and removed when the signal
// ends: once nobody holds the signal and its last observer has gone (disposed, or
// bounded by a lifetime that ended), the way every signal made with
// `Signal { observer, lifetime in … }` ends. Notifications are sent synchronously on
// the posting thread, through the signal, which serialises posts from several
// threads. No lock of this file is held while an observer runs; there is none.

import Foundation
import Ripple
import Synchronization

/// `center.reactive.notifications(forName:object:)`: a notification center's
/// notifications as a signal.
extension NotificationCenter: ReactiveExtensionsProvider {}

/// Notifications as signals and producers.
extension Reactive where Base: NotificationCenter {
    /// A signal that sends every notification the center posts with `name` (every
    /// name if `nil`) from `object` (any sender if `nil`), on the posting thread. It
    /// never fails or completes.
    ///
    /// ```swift
    /// NotificationCenter.default.reactive
    ///     .notifications(forName: .sessionDidExpire)
    ///     .take(during: screen.lifetime)
    ///     .observeValues { _ in screen.showLogin() }
    /// ```
    ///
    /// The signal observes the center from the moment it is made, and stops
    /// observing it (the center's observer is removed) when the signal ends: when
    /// nothing holds the signal any more and its last observer is gone. Bound its
    /// observers with `take(during:)` or dispose them, and the observation goes with
    /// them. As in ReactiveSwift, it is a signal, not a producer; a producer whose
    /// every start observes afresh is `SignalProducer { observer, lifetime in … }`
    /// observing a new `notifications(forName:)` signal with `observer`, bounded by
    /// `lifetime`.
    ///
    /// - Parameters:
    ///   - name: the notifications to send; `nil` for all of them.
    ///   - object: the only sender to listen to; `nil` for any sender.
    public func notifications(forName name: Notification.Name?, object: AnyObject? = nil) -> Signal<Notification, Never> {
        let center = base
        return Signal { observer, lifetime in
            // The center calls the block on the posting thread, and the observer
            // serialises sends from any thread; `Notification` is just not declared
            // `Sendable` everywhere, which makes the observer's type not `Sendable`.
            nonisolated(unsafe) let input = observer
            let token = center.addObserver(forName: name, object: object, queue: nil) { notification in
                input.send(value: notification)
            }
            NotificationObservations.live.add(1, ordering: .relaxed)
            // Weakly: the center holds the block, which holds the signal's input; a
            // center released with observers still attached then releases the
            // input, which interrupts the signal.
            lifetime.observeEnded { [weak center] in
                center?.removeObserver(token)
                NotificationObservations.live.subtract(1, ordering: .relaxed)
            }
        }
    }
}

/// How many center observers `notifications(forName:object:)` has added and not yet
/// removed, in the whole process: what its tests check the removal with.
enum NotificationObservations {
    static let live = Atomic<Int>(0)
}
