/// Decides whether an action may execute, and publishes `isExecuting` and
/// `isEnabled`.
///
/// Invariants:
/// - `status` is the truth; it is changed only under its lock, and nothing is sent
///   or released while the lock is held (a replaced execute closure leaves it).
/// - After every change, `publish()` copies the truth into `executing` and
///   `enabled`, reading it inside each property's `modify`, which serialises the
///   copies: whatever the order in which threads publish, the last value sent is
///   the truth after the last change. The action's public properties skip repeats.
final class ActionAvailability<Input, Output, Error: Swift.Error> {
    private struct Status {
        var isExecuting = false
        /// What the action's `enabledIf` condition says of the latest state.
        var isEnabledByState: Bool
        /// The execute closure bound to the latest state.
        var execute: (Input) -> SignalProducer<Output, Error>

        var isEnabled: Bool { isEnabledByState && !isExecuting }
    }

    private let status: Locked<Status>
    let executing = MutableProperty(false)
    let enabled: MutableProperty<Bool>

    init(isEnabled: Bool, execute: @escaping (Input) -> SignalProducer<Output, Error>) {
        status = Locked(Status(isEnabledByState: isEnabled, execute: execute))
        enabled = MutableProperty(isEnabled)
    }

    /// Records a new state of the action.
    func update(isEnabled: Bool, execute: @escaping (Input) -> SignalProducer<Output, Error>) {
        var replaced = execute
        status.withLock { status in
            status.isEnabledByState = isEnabled
            swap(&status.execute, &replaced)
        }
        // Released after the lock: the closure holds a value of the state, whose
        // deinitialiser may apply this action.
        withExtendedLifetime(replaced) {}
        publish()
    }

    /// Starts an execution if the action is enabled: returns the execute closure
    /// bound to the latest state, or `nil` if the action is disabled or executing.
    func begin() -> ((Input) -> SignalProducer<Output, Error>)? {
        let execute = status.withLock { status -> ((Input) -> SignalProducer<Output, Error>)? in
            guard status.isEnabled else { return nil }
            status.isExecuting = true
            return status.execute
        }
        if execute != nil { publish() }
        return execute
    }

    /// Ends the running execution.
    func end() {
        status.withLock { $0.isExecuting = false }
        publish()
    }

    private func publish() {
        executing.modify { $0 = status.withLock { $0.isExecuting } }
        enabled.modify { $0 = status.withLock { $0.isEnabled } }
    }
}
