// Recorder: the values a signal sent, for the view tests.

/// Values a signal sent, collected on the main actor.
@MainActor
final class Recorder<Value> {
    private(set) var values: [Value] = []

    func append(_ value: Value) {
        values.append(value)
    }

    func removeAll() {
        values.removeAll()
    }
}
