// Async actions: an `Action` whose work is an `async` closure.
//
//     apply(1).start()                   -(await)-a|         one execution: one task running execute(1)
//     apply(2).start()  (while running)  #disabled           execute is not called
//     isExecuting                        (F)-T--------F
//     apply(3).start() then dispose      -INTERRUPTED        the task is cancelled; its result is dropped
//
// Every execution starts a task running the closure on the isolation it was written
// in (the main actor for a closure written in `@MainActor` code, as with
// `Task { }`), and the execution's events are sent from there. The action executes
// until the closure returns or throws, or until the run of `apply` is disposed,
// which cancels the task and ends the execution at once; whatever the cancelled
// task returns afterwards is dropped. Everything else is the `Action` contract:
// one execution at a time, `isExecuting`, `isEnabled`, `values`, `errors`.

extension Action where Input: Sendable, Output: Sendable {
    /// An action that is always enabled (except while it executes), whose every
    /// execution runs `execute` in a new task.
    ///
    /// ```swift
    /// @MainActor final class LoginViewModel {
    ///     let login: Action<Credentials, User, APIError>
    ///     init(api: API) {
    ///         login = Action { (credentials: Credentials) async throws(APIError) -> User in
    ///             try await api.login(credentials)
    ///         }
    ///     }
    /// }
    /// ```
    ///
    /// The closure inherits the isolation of the code that writes it, like `Task { }`,
    /// and the execution's events (and the changes of ``isExecuting`` when it ends) are
    /// sent from there. Disposing the run of ``apply(_:)`` cancels the task and ends
    /// the execution at once. A closure that does not `await` but returns a
    /// `SignalProducer` picks the producer-returning `init(execute:)` instead.
    public convenience init(
        @_inheritActorContext execute: @escaping @isolated(any) @Sendable (Input) async throws(Error) -> Output
    ) {
        self.init { input in Self.execution(of: execute, with: input) }
    }

    /// An action enabled while `isEnabled` is `true` (and no execution runs), whose
    /// every execution runs `execute` in a new task.
    ///
    /// ```swift
    /// let sendCode = Action(enabledIf: phoneNumberIsValid) { (number: String) async throws(APIError) in
    ///     try await api.requestCode(for: number)
    /// }
    /// ```
    ///
    /// The closure runs, and the execution sends its events, as with `init(execute:)`.
    public convenience init(
        enabledIf isEnabled: some PropertyProtocol<Bool>,
        @_inheritActorContext execute: @escaping @isolated(any) @Sendable (Input) async throws(Error) -> Output
    ) {
        self.init(enabledIf: isEnabled) { input in Self.execution(of: execute, with: input) }
    }

    /// An action whose every execution runs `execute` in a new task with the latest
    /// value of `state`, enabled while `enabledIf` holds for that value.
    ///
    /// ```swift
    /// let submit = Action(state: form, enabledIf: { $0.isComplete }) { (form: Form, _: Void) async throws(APIError) in
    ///     try await api.register(form)
    /// }
    /// ```
    ///
    /// The value of `state` is read when the execution starts, and handed to the task.
    public convenience init<State: PropertyProtocol>(
        state: State,
        enabledIf: @escaping @Sendable (State.Value) -> Bool,
        @_inheritActorContext execute: @escaping @isolated(any) @Sendable (State.Value, Input) async throws(Error) -> Output
    ) where State.Value: Sendable {
        self.init(state: state, enabledIf: enabledIf) { value, input in
            SignalProducer(isolation: execute.isolation) { () async throws(Error) -> Output in
                try await execute(value, input)
            }
        }
    }

    /// An action that is always enabled (except while it executes), whose every
    /// execution runs `execute` in a new task with the latest value of `state`.
    public convenience init<State: PropertyProtocol>(
        state: State,
        @_inheritActorContext execute: @escaping @isolated(any) @Sendable (State.Value, Input) async throws(Error) -> Output
    ) where State.Value: Sendable {
        self.init(state: state, enabledIf: { _ in true }, execute: execute)
    }

    /// One execution: a producer whose run is one task calling `execute` with
    /// `input` on the closure's own isolation.
    private static func execution(
        of execute: @escaping @isolated(any) @Sendable (Input) async throws(Error) -> Output,
        with input: Input
    ) -> SignalProducer<Output, Error> {
        SignalProducer(isolation: execute.isolation) { () async throws(Error) -> Output in
            try await execute(input)
        }
    }
}
