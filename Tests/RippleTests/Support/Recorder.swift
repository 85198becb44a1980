import Foundation
import Ripple

/// Records what a test observes, in order. Lock-protected, so observers on several
/// threads may write to it.
final class Recorder<Entry: Sendable>: @unchecked Sendable {  // `storage` is guarded by `lock`
    private let lock = NSLock()
    private var storage: [Entry] = []

    func append(_ entry: Entry) {
        lock.withLock { storage.append(entry) }
    }

    var entries: [Entry] {
        lock.withLock { storage }
    }
}

extension Recorder where Entry == String {
    /// An observer that records each event's description, prefixed with `label`.
    func observer<Value, Error>(_ label: String = "") -> Signal<Value, Error>.Observer {
        Signal<Value, Error>.Observer { event in self.append(label + event.description) }
    }
}

/// An object to watch through a `weak` reference in memory tests.
final class Witness: Sendable {}
