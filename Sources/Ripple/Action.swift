// Action: a command that runs at most one execution at a time.
//
//     apply(1).start()                   -a-b-|              one execution: the producer execute(1) returns
//     apply(2).start()  (while running)  #disabled           execute is not called
//     isExecuting                        (F)-T----F
//     events                             -[a]-[b]-[|]        every event of every execution
//
// Each start of a run returned by `apply` is one attempt: if the action is disabled
// (its `enabledIf` condition is false) or already executing, the run fails at once
// with `.disabled` and `disabledErrors` sends; otherwise the action executes, and the
// run forwards the execution's events, its failure wrapped in `.producerFailed`.
// Disposing the run interrupts the execution. An execution's events reach the
// action's signals first, then the run's observer; the action is idle again (and
// `isExecuting`, `isEnabled` say so) once the terminal event has reached both, so an
// `apply` from inside that delivery is still refused, while an `apply` from an
// observer of `isExecuting` or `isEnabled` is accepted. The enabling state is
// followed synchronously, and may itself follow `isExecuting` (no deadlock, no
// loop). The action keeps its state property alive; a run keeps the action alive
// until the execution ends; the signals complete when the action is deinitialised.

/// A command of a ViewModel: work started by an input, one execution at a time,
/// enabled by a condition, observable while it runs.
///
/// ```swift
/// let enabled = MutableProperty(false)
/// enabled <~ phoneNumber.map { !$0.isEmpty }
///
/// let sendCode = Action<String, Int, APIError>(enabledIf: enabled) { number in
///     api.requestCode(for: number)
/// }
/// sendCode.values.observeValues { print("did received value: \($0)") }
/// button.isEnabled <~ sendCode.isEnabled
///
/// sendCode.apply("13800000000").start()     // executes
/// sendCode.apply("13800000000").start()     // fails with .disabled while the first runs
/// ```
///
/// - Only one execution runs at a time. Starting a run of ``apply(_:)`` while the
///   action executes, or while its `enabledIf` condition is false, fails that run
///   with ``ActionError/disabled`` without calling the execute closure, and sends on
///   ``disabledErrors``.
/// - ``events``, ``values``, ``errors`` and ``completed`` report every execution,
///   however it was started; they see each event before the run's observer does.
/// - ``isExecuting`` and ``isEnabled`` change when an execution starts, once its
///   terminal event has been delivered, and when the enabling state changes.
/// - The action keeps its state property alive. A run that is executing keeps the
///   action alive until the execution ends. When the action is deinitialised, its
///   signals and properties complete and ``lifetime`` ends.
///
/// Where the closures run: the execute closure runs synchronously on the thread
/// that starts a run of ``apply(_:)``, and `enabledIf` on the thread that changes
/// the state. Both are `@Sendable`, since that thread may be any thread: inside a
/// `@MainActor` ViewModel, the compiler refuses a body that touches main-actor
/// state, rather than let it run off the main actor. Read `Sendable` state in the
/// body (a `let` property, a captured `MutableProperty`), hand main-actor work to
/// the main actor (`MainActorScheduler().schedule { … }`), or write the body as a
/// `@MainActor` `async` closure, which runs on the main actor:
///
/// ```swift
/// @MainActor final class CounterViewModel {
///     let count = MutableProperty(0)
///     lazy var increment = Action<Void, Int, Never> { [count] in
///         count.modify { $0 += 1 }                       // Sendable state: any thread
///         return SignalProducer(value: count.value)
///     }
///     var isSaving = false
///     lazy var save = Action<Void, Bool, Never> { @MainActor [unowned self] () async in
///         self.isSaving = true                           // runs on the main actor
///         …
///     }
/// }
/// ```
///
/// An action is `Sendable` when its input and output are.
public final class Action<Input, Output, Error: Swift.Error>: BindingTargetProvider {
    /// Every event of every execution, in order: the values, then the terminal
    /// event (`completed`, `failed` or `interrupted`). Completes when the action is
    /// deinitialised.
    public let events: Signal<Signal<Output, Error>.Event, Never>

    /// Every value of every execution. Completes when the action is deinitialised.
    public let values: Signal<Output, Never>

    /// The error of every execution that failed, as the execution sent it.
    /// Completes when the action is deinitialised.
    public let errors: Signal<Error, Never>

    /// Sends once for every execution that completed successfully (not for one that
    /// failed or was interrupted). Completes when the action is deinitialised.
    public let completed: Signal<(), Never>

    /// Sends once for every run of ``apply(_:)`` refused with
    /// ``ActionError/disabled``. Completes when the action is deinitialised.
    public let disabledErrors: Signal<(), Never>

    /// Whether an execution is running.
    public let isExecuting: Property<Bool>

    /// Whether ``apply(_:)`` would execute now: the `enabledIf` condition holds and
    /// no execution is running.
    public let isEnabled: Property<Bool>

    /// Ends when the action is deinitialised; it also ends every binding
    /// `action <~ inputs`.
    public let lifetime: Lifetime

    private let availability: ActionAvailability<Input, Output, Error>
    private let eventsInput: Signal<Signal<Output, Error>.Event, Never>.Observer
    private let disabledInput: Signal<(), Never>.Observer
    private let token: Lifetime.Token
    /// The state property, kept alive with the action.
    private let stateSource: AnyObject
    private let stateSubscription: any Disposable

    /// An action whose execution reads the latest value of `state`, enabled while
    /// `enabledIf` holds for that value.
    ///
    /// ```swift
    /// let submit = Action(state: form, enabledIf: { $0.isComplete }) { form, _ in
    ///     api.register(form)
    /// }
    /// ```
    ///
    /// - Parameters:
    ///   - state: followed synchronously; kept alive as long as the action.
    ///   - enabledIf: whether a value of `state` allows executing; called once per
    ///     change of `state`.
    ///   - execute: makes the work of one execution from the latest value of `state`
    ///     and the input; called only when the action executes.
    public init<State: PropertyProtocol>(
        state: State,
        enabledIf: @escaping @Sendable (State.Value) -> Bool,
        execute: @escaping @Sendable (State.Value, Input) -> SignalProducer<Output, Error>
    ) {
        func executing(with value: State.Value) -> (Input) -> SignalProducer<Output, Error> {
            { input in execute(value, input) }
        }
        let initial = state.value
        let availability = ActionAvailability(isEnabled: enabledIf(initial), execute: executing(with: initial))
        self.availability = availability
        (events, eventsInput) = Signal.pipe()
        (disabledErrors, disabledInput) = Signal.pipe()
        values = events.compactMap { $0.value }
        errors = events.compactMap { $0.error }
        completed = events.filter { $0.isCompleted }.map(value: ())
        isExecuting = Property(unsafeProducer: availability.executing.producer.skipRepeats(), capturing: nil)
        isEnabled = Property(unsafeProducer: availability.enabled.producer.skipRepeats(), capturing: nil)
        (lifetime, token) = Lifetime.make()
        stateSource = state
        stateSubscription = state.producer.startWithValues { value in
            availability.update(isEnabled: enabledIf(value), execute: executing(with: value))
        }
    }

    /// An action that is always enabled (except while it executes); its execution
    /// reads the latest value of `state`.
    public convenience init<State: PropertyProtocol>(
        state: State,
        execute: @escaping @Sendable (State.Value, Input) -> SignalProducer<Output, Error>
    ) {
        self.init(state: state, enabledIf: { _ in true }, execute: execute)
    }

    /// An action enabled while `isEnabled` is `true` (and no execution runs).
    ///
    /// ```swift
    /// let login = Action(enabledIf: credentialsAreValid) { credentials in api.login(credentials) }
    /// ```
    public convenience init(
        enabledIf isEnabled: some PropertyProtocol<Bool>,
        execute: @escaping @Sendable (Input) -> SignalProducer<Output, Error>
    ) {
        self.init(state: isEnabled, enabledIf: { $0 }, execute: { _, input in execute(input) })
    }

    /// An action that is always enabled (except while it executes).
    ///
    /// ```swift
    /// let refresh = Action<Void, [Item], APIError> { api.items() }
    /// ```
    public convenience init(execute: @escaping @Sendable (Input) -> SignalProducer<Output, Error>) {
        self.init(state: Property(value: ()), enabledIf: { _ in true }, execute: { _, input in execute(input) })
    }

    /// An action enabled only while `state` holds a value; its execution reads
    /// that value.
    ///
    /// ```swift
    /// let open = Action(unwrapping: selectedItem) { item, _ in store.open(item) }
    /// ```
    public convenience init<Wrapped>(
        unwrapping state: some PropertyProtocol<Wrapped?>,
        execute: @escaping @Sendable (Wrapped, Input) -> SignalProducer<Output, Error>
    ) {
        self.init(state: state, enabledIf: { $0 != nil }) { value, input in
            guard let value else { preconditionFailure("An unwrapping action executed without a value") }
            return execute(value, input)
        }
    }

    /// An action enabled only while `property` holds a valid (or coerced) value;
    /// its execution reads that value.
    ///
    /// ```swift
    /// let save = Action(validated: email) { address, _ in api.save(email: address) }
    /// ```
    public convenience init<Value, ValidationError>(
        validated property: ValidatingProperty<Value, ValidationError>,
        execute: @escaping @Sendable (Value, Input) -> SignalProducer<Output, Error>
    ) {
        self.init(state: property.result, enabledIf: { !$0.isInvalid }) { result, input in
            execute(result.value, input)
        }
    }

    deinit {
        stateSubscription.dispose()
        eventsInput.sendCompleted()
        disabledInput.sendCompleted()
        token.dispose()
    }

    /// A producer whose every start is one attempt to execute with `input`.
    ///
    /// ```swift
    /// button.tapped.observeValues { _ in login.apply(credentials.value).start() }
    /// ```
    ///
    /// If the action is disabled or already executing, the run fails at once with
    /// ``ActionError/disabled`` and the execute closure is not called. Otherwise the
    /// run sends the execution's values and ends as the execution ends, its failure
    /// wrapped in ``ActionError/producerFailed(_:)``. Disposing the run interrupts
    /// the execution. The producer keeps the action alive.
    public func apply(_ input: Input) -> SignalProducer<Output, ActionError<Error>> {
        SignalProducer { observer, lifetime in
            guard let execute = self.availability.begin() else {
                self.disabledInput.send(value: ())
                observer.send(error: .disabled)
                return
            }
            // The execution's events pass through a signal of their own, which keeps
            // them in order and ends them once, whether the work terminates or the
            // run is disposed first.
            let (execution, executionInput) = Signal<Output, Error>.pipe()
            execution.observe { event in
                self.eventsInput.send(value: event)
                observer.send(event.mapError(ActionError.producerFailed))
                if event.isTerminating { self.availability.end() }
            }
            lifetime.observeEnded { executionInput.sendInterrupted() }
            lifetime += execute(input).start(executionInput)
        }
    }

    /// The target of `action <~ inputs`: applies the action to every input and
    /// starts the run, until the action is deinitialised. An input that arrives
    /// while the action is disabled is refused like any other `apply`.
    public var bindingTarget: BindingTarget<Input> {
        BindingTarget(lifetime: lifetime) { [weak self] input in
            self?.apply(input).start()
        }
    }
}

extension Action where Input == Void {
    /// An action without input whose execution reads the latest value of `state`;
    /// always enabled (except while it executes).
    ///
    /// ```swift
    /// let save = Action(state: draft) { draft in api.save(draft) }
    /// save.apply().start()
    /// ```
    public convenience init<State: PropertyProtocol>(
        state: State,
        execute: @escaping @Sendable (State.Value) -> SignalProducer<Output, Error>
    ) {
        self.init(state: state) { value, _ in execute(value) }
    }

    /// An action without input, enabled only while `state` holds a value; its
    /// execution reads that value.
    ///
    /// ```swift
    /// let open = Action(unwrapping: selectedItem) { item in store.open(item) }
    /// ```
    public convenience init<Wrapped>(
        unwrapping state: some PropertyProtocol<Wrapped?>,
        execute: @escaping @Sendable (Wrapped) -> SignalProducer<Output, Error>
    ) {
        self.init(unwrapping: state) { value, _ in execute(value) }
    }

    /// An action without input, enabled only while `property` holds a valid (or
    /// coerced) value; its execution reads that value.
    ///
    /// ```swift
    /// let subscribe = Action(validated: email) { address in api.subscribe(address) }
    /// ```
    public convenience init<Value, ValidationError>(
        validated property: ValidatingProperty<Value, ValidationError>,
        execute: @escaping @Sendable (Value) -> SignalProducer<Output, Error>
    ) {
        self.init(validated: property) { value, _ in execute(value) }
    }

    /// A producer whose every start is one attempt to execute; see ``apply(_:)``.
    ///
    /// ```swift
    /// refresh.apply().start()
    /// ```
    public func apply() -> SignalProducer<Output, ActionError<Error>> {
        apply(())
    }
}

// Mutable state lives in `availability`, behind its lock and its properties' locks; the
// closures are `@Sendable` and run on the thread that applies the action or
// changes its state. Inputs and outputs cross threads, hence the condition.
extension Action: @unchecked Sendable where Input: Sendable, Output: Sendable {}

/// An action's lifetime ends when it is deinitialised, so streams can be bounded
/// by it: `taps.take(duringLifetimeOf: action)`.
extension Action: LifetimeProvider {}
