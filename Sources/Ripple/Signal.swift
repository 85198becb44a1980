/// A hot stream of events: it produces events whether or not anyone observes it,
/// and an observer sees only the events sent after it attached.
///
/// Create one with ``pipe(disposable:)`` and send through its input:
///
/// ```swift
/// let (signal, input) = Signal<Int, Never>.pipe()
/// signal.observeValues { print("did received value: \($0)") }
/// input.send(value: 1)      // did received value: 1
/// input.sendCompleted()
/// ```
///
/// Contracts:
/// - A signal delivers `value* (failed | completed | interrupted)?`; nothing follows
///   a terminal event.
/// - Delivery is synchronous: `send` returns after every observer has handled the
///   event. Sends from several threads are serialised, so an observer never runs
///   concurrently with itself.
/// - Delivery is never recursive: an event sent from inside an observer of the same
///   signal is queued and delivered once the current event has reached every
///   observer. It never deadlocks.
/// - Observers are called in the order they were attached, all with the same events.
/// - Observing a terminated signal gives that observer a single `interrupted`.
/// - A signal lives while it is referenced or observed; its input does not keep it
///   alive. A terminal event releases every observer and disposes the signal's
///   resources. A signal that nobody references or observes any more disposes its
///   resources silently; when its input is deinitialised, the signal is interrupted.
///
/// Observers run on the thread that sends the event.
///
/// A signal is `Sendable` when its values are, so the compiler refuses to hand a
/// signal of non-`Sendable` values to another isolation domain.
///
/// ## Instance forms
///
/// `signal.merge(with: other)`, `signal.combineLatest(with: other)` and
/// `signal.zip(with: other)` (and the same on producers and properties) are
/// called like methods but are callable values: `merge` is a property whose
/// value has `callAsFunction(with:)`. A method that shares its base name with a
/// static form keeps Swift 6.3 from inferring `Value` in `Signal.merge(a, b)` next
/// to a conditional `Sendable` conformance (swiftlang/swift#80146; the compile
/// probes in `Tests/RippleClientTests` reproduce it), and a property does not. See
/// ``Merging`` and ``Pairing``.
public final class Signal<Value, Error: Swift.Error> {
    @usableFromInline let core: Core

    /// Creates a signal and runs `generator` once, at once, with the signal's input
    /// observer and its lifetime.
    ///
    /// The lifetime ends when the signal terminates; attach the resources that feed
    /// the signal to it. If `generator` does not keep the observer, the signal is
    /// interrupted as soon as the observer is released.
    @inlinable
    public convenience init(_ generator: (_ input: Observer, _ lifetime: Lifetime) -> Void) {
        self.init(fedBy: .anyThread, generator)
    }

    /// Creates a signal fed as `feeding` says (see `SignalFeeding`): only a signal
    /// whose input anyone may use needs a send lock of its own.
    ///
    /// Inlinable so that the input's closure, and the delivery it calls, are
    /// specialised for the client's `Value` and `Error`.
    @inlinable
    convenience init(fedBy feeding: SignalFeeding, _ generator: (_ input: Observer, _ lifetime: Lifetime) -> Void) {
        self.init(fedBy: feeding)
        generator(core.makeInput(), core.lifetime)
    }

    /// Creates a signal whose input the caller makes with `core.makeInput()`.
    @inlinable
    init(fedBy feeding: SignalFeeding) {
        core = Core(fedBy: feeding)
    }

    deinit {
        core.shellDidDeinitialize()
    }

    /// Creates a signal together with its input.
    ///
    /// - Parameter disposable: disposed when the signal terminates.
    /// - Returns: `output`, the signal to observe, and `input`, the observer to send
    ///   events through. Releasing the input interrupts the signal.
    @inlinable
    public static func pipe(disposable: (any Disposable)? = nil) -> (output: Signal, input: Observer) {
        var input: Observer?
        let signal = Signal { observer, lifetime in
            input = observer
            lifetime += disposable
        }
        return (signal, input!)
    }

    /// Creates a signal together with its input: ReactiveSwift's name for a pipe
    /// whose recursive sends are queued and delivered in order once the current
    /// event has reached every observer.
    ///
    /// Every Ripple signal already behaves so, and also serialises sends from
    /// several threads, so this is ``pipe(disposable:)``: code that called it in
    /// ReactiveSwift to send from inside an observer ports unchanged.
    @inlinable
    public static func reentrantUnserializedPipe(disposable: (any Disposable)? = nil) -> (output: Signal, input: Observer) {
        pipe(disposable: disposable)
    }

    /// A signal that never sends any event.
    public static var never: Signal {
        Signal { observer, lifetime in
            lifetime.observeEnded { withExtendedLifetime(observer) {} }
        }
    }

    /// A signal that has already completed: observers get `interrupted` at once.
    public static var empty: Signal {
        Signal { observer, _ in observer.sendCompleted() }
    }

    /// Attaches `observer`.
    ///
    /// - Returns: a disposable that detaches the observer, or `nil` if the signal has
    ///   already terminated, in which case `observer` has received `interrupted`.
    @inlinable
    @discardableResult
    public func observe(_ observer: Observer) -> (any Disposable)? {
        core.attach(Sink(observer))
    }

    /// Attaches a closure called with every event.
    @inlinable
    @discardableResult
    public func observe(_ action: @escaping (Event) -> Void) -> (any Disposable)? {
        core.attach(.events(action))
    }

    /// Attaches a closure called with every value as `.success` and a failure as
    /// `.failure`; completion and interruption are ignored.
    @inlinable
    @discardableResult
    public func observeResult(_ action: @escaping (Result<Value, Error>) -> Void) -> (any Disposable)? {
        observe(Observer(
            value: { action(.success($0)) },
            failed: { action(.failure($0)) }
        ))
    }

    /// Attaches a closure called when the signal completes.
    @inlinable
    @discardableResult
    public func observeCompleted(_ action: @escaping () -> Void) -> (any Disposable)? {
        observe(Observer(completed: action))
    }

    /// Attaches a closure called when the signal fails.
    @inlinable
    @discardableResult
    public func observeFailed(_ action: @escaping (Error) -> Void) -> (any Disposable)? {
        observe(Observer(failed: action))
    }

    /// Attaches a closure called when the signal is interrupted, including when it
    /// is observed after it terminated.
    @inlinable
    @discardableResult
    public func observeInterrupted(_ action: @escaping () -> Void) -> (any Disposable)? {
        observe(Observer(interrupted: action))
    }
}

extension Signal where Error == Never {
    /// Attaches a closure called with every value.
    ///
    /// Only for signals that cannot fail; for a signal that can, observe its
    /// failures too (`observe(_:)`, ``observeResult(_:)``).
    @inlinable
    @discardableResult
    public func observeValues(_ action: @escaping (Value) -> Void) -> (any Disposable)? {
        core.attach(.values(action))
    }
}

// All mutable state lives in the core, behind its locks (see `Signal.Core`); the
// values cross threads, hence the condition.
extension Signal: @unchecked Sendable where Value: Sendable {}
