// Async producers: a `SignalProducer` whose every run is one `Task`.
//
//     SignalProducer { try await api.user() }     start → -(await)-user|
//     disposed while awaiting                     start → -(await)-INTERRUPTED   (task cancelled, its result dropped)
//
// Each start creates a task that runs on the isolation the work was written in (the
// main actor for work written in `@MainActor` code, as with `Task { }`; the global
// concurrent executor for nonisolated work) and sends the run's events from there.
// Disposing the run, or any other end of the run, cancels the task; the run is
// interrupted at once, on the disposing thread, and whatever the task does
// afterwards is dropped. A task whose run ended before it got to its work does not
// begin it. The task keeps what it captured until it returns, so work that ignores
// cancellation keeps running, and keeps its captures, until it is done.

extension SignalProducer where Value: Sendable {
    /// Creates a producer that calls `operation` in a new task on every start, and
    /// sends what it returns then completes, or fails with the error it throws.
    ///
    /// ```swift
    /// @MainActor final class ProfileViewModel {
    ///     let api: API
    ///     func user() -> SignalProducer<User, APIError> {
    ///         SignalProducer { () async throws(APIError) -> User in try await self.api.user() }
    ///     }
    /// }
    /// ```
    ///
    /// Like the closure of `Task { }`, the closure inherits the isolation of the code
    /// that writes it: written in `@MainActor` code (a method or an initialiser of a
    /// `@MainActor` ViewModel) it runs on the main actor and may use the ViewModel's
    /// state directly; written in an actor's method it runs on that actor if it
    /// captures `self`. The run's events are sent from that isolation too, so the
    /// observers of a main-actor closure are called on the main actor. A nonisolated
    /// closure runs, and sends, on the global concurrent executor.
    ///
    /// Disposing the run cancels the task: the closure sees `Task.isCancelled`, and
    /// cancellable awaits in it throw `CancellationError`. The run is interrupted at
    /// once, on the disposing thread; what the closure returns or throws afterwards
    /// is dropped.
    ///
    /// A closure that does not `await` picks the synchronous `init(_:)` instead,
    /// which calls it on the thread that starts the producer. A typed throwing
    /// closure spells its error type (`() async throws(APIError) in`); one that
    /// throws untyped errors makes a producer whose `Error` is `any Error`; one that
    /// does not throw makes a producer that cannot fail (`Error == Never`).
    ///
    /// Disfavoured, like the synchronous form, so that a closure returning a
    /// `Result` picks the `Result` form; see ``init(_:)-(()->Result<Value,Error>)``.
    @_disfavoredOverload
    public init(@_inheritActorContext _ operation: @escaping @isolated(any) @Sendable () async throws(Error) -> Value) {
        self.init(isolation: operation.isolation) { () async throws(Error) -> Value in
            try await operation()
        }
    }

    /// Creates a producer that runs `operation` on `isolation` in a new task on every
    /// start, and sends its value then completes, or fails with its error.
    ///
    /// `operation` runs on `isolation` (it is `nonisolated(nonsending)`), so that a
    /// wrapper around an `@isolated(any)` closure keeps that closure's isolation.
    init(
        isolation: (any Actor)?,
        operation: nonisolated(nonsending) @escaping @Sendable () async throws(Error) -> Value
    ) {
        self.init(isolation: isolation) { (observer: Signal<Value, Error>.Observer) in
            do throws(Error) {
                let value = try await operation()
                observer.send(value: value)
                observer.sendCompleted()
            } catch {
                observer.send(error: error)
            }
        }
    }

    /// Creates a producer that runs `body` on `isolation` in a new task on every
    /// start, handing it the run's observer; ending the run cancels the task.
    ///
    /// The task skips `body` if the run has ended before the task reaches
    /// `isolation`.
    init(
        isolation: (any Actor)?,
        runningTask body: nonisolated(nonsending) @escaping @Sendable (_ observer: Signal<Value, Error>.Observer) async -> Void
    ) {
        self.init { observer, lifetime in
            let task = Task {
                await Self.perform(on: isolation, body, observer: observer)
            }
            lifetime.observeEnded { task.cancel() }
        }
    }

    /// Runs one task's work on `isolation`.
    private static func perform(
        on isolation: isolated (any Actor)?,
        _ body: nonisolated(nonsending) @Sendable (Signal<Value, Error>.Observer) async -> Void,
        observer: Signal<Value, Error>.Observer
    ) async {
        guard !Task.isCancelled else { return }
        await body(observer)
    }
}
