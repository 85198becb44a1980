extension Signal {
    /// Receives the events of a stream; the "input" of a signal made with
    /// ``Signal/pipe(disposable:)`` or handed to a generator is also an observer.
    ///
    /// An observer is a closure with names: `send(value:)`, `send(error:)`,
    /// `sendCompleted()` and `sendInterrupted()` all call it with an ``Signal/Event``.
    ///
    /// Thread safety: the input observer of a signal may be used from any thread;
    /// the signal serialises what it is sent (see ``Signal``). An observer created
    /// from a closure calls that closure directly, on the sending thread; attached to
    /// a signal, it is called serially and in attach order by that signal.
    public final class Observer {
        @usableFromInline let action: (Event) -> Void
        /// What the deinitialiser does: send `interrupted` through `action`, for the
        /// input of a signal. A closure formed where the observer is created (in the
        /// client's specialisation), because the deinitialiser runs unspecialised and
        /// would otherwise look up the event type's metadata to build `interrupted`.
        @usableFromInline let interruptOnDeinit: (() -> Void)?

        /// Creates an observer that calls `action` with every event.
        @inlinable
        public convenience init(_ action: @escaping (Event) -> Void) {
            self.init(action, interruptOnDeinit: nil)
        }

        /// Creates an observer from a closure per kind of event; each is optional.
        @inlinable
        public convenience init(
            value: ((Value) -> Void)? = nil,
            failed: ((Error) -> Void)? = nil,
            completed: (() -> Void)? = nil,
            interrupted: (() -> Void)? = nil
        ) {
            self.init { event in
                switch event {
                case let .value(v): value?(v)
                case let .failed(error): failed?(error)
                case .completed: completed?()
                case .interrupted: interrupted?()
                }
            }
        }

        /// The designated initialiser. An input observer (`interruptOnDeinit` set)
        /// sends `interrupted` when nobody can send through it any more.
        @usableFromInline
        init(_ action: @escaping (Event) -> Void, interruptOnDeinit: (() -> Void)?) {
            self.action = action
            self.interruptOnDeinit = interruptOnDeinit
        }

        /// Whether releasing this observer sends `interrupted` (an input observer).
        @inlinable
        var interruptsOnDeinit: Bool { interruptOnDeinit != nil }

        deinit {
            interruptOnDeinit?()
        }

        /// Sends `event`.
        @inlinable
        public func send(_ event: Event) {
            action(event)
        }

        /// Sends a value.
        @inlinable
        public func send(value: Value) {
            action(.value(value))
        }

        /// Sends a failure, ending the stream.
        @inlinable
        public func send(error: Error) {
            action(.failed(error))
        }

        /// Completes the stream.
        @inlinable
        public func sendCompleted() {
            action(.completed)
        }

        /// Interrupts the stream.
        @inlinable
        public func sendInterrupted() {
            action(.interrupted)
        }
    }
}

// Immutable: two `let`s, guarded by nothing because nothing changes; serial delivery
// is the signal's job (see above). Conditional: sending an observer to another
// thread sends values there, so `Value` must be Sendable (`Error` always is).
extension Signal.Observer: @unchecked Sendable where Value: Sendable {}
