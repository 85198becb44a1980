extension Signal {
    /// What a stream delivers: any number of values, then at most one terminal event.
    ///
    /// The grammar of every stream is `value* (failed | completed | interrupted)?`.
    /// After a terminal event nothing more is delivered.
    public enum Event {
        /// A value.
        case value(Value)
        /// The stream failed with an error. Terminal.
        case failed(Error)
        /// The stream finished successfully. Terminal.
        case completed
        /// The stream was cancelled before it could finish, or was observed after it
        /// had already terminated. Terminal.
        case interrupted

        /// Whether this event ends the stream (`failed`, `completed` or `interrupted`).
        @inlinable
        public var isTerminating: Bool {
            if case .value = self { return false }
            return true
        }

        /// Whether this event is `completed`.
        @inlinable
        public var isCompleted: Bool {
            if case .completed = self { return true }
            return false
        }

        /// The value carried by a `value` event, or `nil`.
        @inlinable
        public var value: Value? {
            if case let .value(value) = self { return value }
            return nil
        }

        /// The error carried by a `failed` event, or `nil`.
        @inlinable
        public var error: Error? {
            if case let .failed(error) = self { return error }
            return nil
        }

        /// Transforms the value of a `value` event; other events pass unchanged.
        @inlinable
        public func map<NewValue>(_ transform: (Value) -> NewValue) -> Signal<NewValue, Error>.Event {
            switch self {
            case let .value(value): .value(transform(value))
            case let .failed(error): .failed(error)
            case .completed: .completed
            case .interrupted: .interrupted
            }
        }

        /// Transforms the error of a `failed` event; other events pass unchanged.
        @inlinable
        public func mapError<NewError>(_ transform: (Error) -> NewError) -> Signal<Value, NewError>.Event {
            switch self {
            case let .value(value): .value(value)
            case let .failed(error): .failed(transform(error))
            case .completed: .completed
            case .interrupted: .interrupted
            }
        }
    }
}

// Checked, and conditional on `Value` only: an event is its payload, and `Error`
// (a `Swift.Error`) is always Sendable.
extension Signal.Event: Sendable where Value: Sendable {}

extension Signal.Event: Equatable where Value: Equatable, Error: Equatable {}

extension Signal.Event: Hashable where Value: Hashable, Error: Hashable {}

extension Signal.Event: CustomStringConvertible {
    /// `VALUE 1`, `FAILED <error>`, `COMPLETED` or `INTERRUPTED`.
    public var description: String {
        switch self {
        case let .value(value): "VALUE \(value)"
        case let .failed(error): "FAILED \(error)"
        case .completed: "COMPLETED"
        case .interrupted: "INTERRUPTED"
        }
    }
}
