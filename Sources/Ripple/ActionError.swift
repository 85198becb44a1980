// ActionError: why one run of `Action.apply(_:)` failed.
//
//     apply(x) while disabled or executing    #disabled
//     apply(x), execution fails with e        -…-#producerFailed(e)
//
// The action's own `errors` signal carries the raw `e`; only the run returned by
// `apply` wraps it.

/// Why a run of ``Action/apply(_:)`` failed: the action refused to execute, or the
/// execution itself failed.
///
/// ```swift
/// save.apply(draft).startWithFailed { error in
///     switch error {
///     case .disabled: break                          // a save is already running
///     case let .producerFailed(error): show(error)
///     }
/// }
/// ```
///
/// Sendable, as every `Swift.Error` is; its payload is an error too.
public enum ActionError<Error: Swift.Error>: Swift.Error {
    /// The action was disabled (its `enabledIf` condition was false) or already
    /// executing, so the execute closure was not called.
    case disabled
    /// The execution started and failed with this error.
    case producerFailed(Error)

    /// The execution's error, or `nil` for ``disabled``.
    public var producerError: Error? {
        if case let .producerFailed(error) = self { return error }
        return nil
    }
}

extension ActionError: Equatable where Error: Equatable {}

extension ActionError: CustomStringConvertible {
    /// `disabled`, or `producerFailed(<error>)`.
    public var description: String {
        switch self {
        case .disabled: "disabled"
        case let .producerFailed(error): "producerFailed(\(error))"
        }
    }
}
