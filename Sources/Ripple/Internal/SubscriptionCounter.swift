import Synchronization

// Subscription counting, for leak checks in tests (RippleTesting's `expectNoLeaks`).
//
// While `counter.counting { … }` runs, every observer attached to a signal from that
// code (on the same thread, or in a task that inherits its task-locals) is counted
// by `counter` until it is detached: by disposing its subscription, by the signal
// terminating, or by the signal being released. `liveCount` is the number still
// attached, so a test can check that a screen's bindings are all gone after the
// screen is.
//
// A counter made with a recorder also keeps, for each observer still attached, the
// type of its stream and what the recorder returned when it was attached (a leak
// check records the call stack, to name the user's call that attached it).
//
// Cost outside a counting scope: one relaxed load of a global atomic per observe,
// as without recording; the recording happens only inside a scope.
// Observers attached on other threads (a queue scheduler's thread, say) are not
// counted: the scope is a task-local value.

/// Counts the observers attached inside its ``counting(_:)`` scopes that are still
/// attached.
///
/// ```swift
/// let counter = SubscriptionCounter()
/// let screen = counter.counting { SearchScreen(viewModel: viewModel) }
/// #expect(counter.liveCount == 3)
/// screen = nil
/// #expect(counter.liveCount == 0)
/// ```
///
/// Nested scopes: the innermost counter counts; an outer one does not see what is
/// attached inside an inner scope.
@_spi(RippleTesting)
public final class SubscriptionCounter: Sendable {
    private let live = Synchronization.Atomic<Int>(0)
    private let total = Synchronization.Atomic<Int>(0)
    /// Called at each attach inside a scope, on the attaching thread, if given.
    private let recorder: (@Sendable () -> any Sendable)?
    /// The attachments still attached, by the identity of their handle, with the
    /// order they were attached in; kept only with a recorder.
    private let records = Locked<(next: Int, live: [ObjectIdentifier: (order: Int, attachment: Attachment)])>((0, [:]))

    /// One observer still attached: the type of the stream it observes, and what
    /// the counter's recorder returned when it was attached.
    public struct Attachment: Sendable {
        /// The stream the observer is attached to, such as `Signal<Int, Never>`
        /// (a producer's run started for one observer is a signal too), or
        /// `SignalProducer<Int, Never>` for the run of a producer of values.
        public let streamType: String
        /// What the recorder returned when the observer was attached.
        public let record: any Sendable
    }

    /// Creates a counter that has counted nothing.
    public init() {
        recorder = nil
    }

    /// Creates a counter that also calls `recorder` each time an observer is
    /// attached inside its scopes, on the attaching thread, and keeps the result
    /// with the observer's stream type while the observer is attached (see
    /// ``liveAttachments``).
    ///
    /// ```swift
    /// let counter = SubscriptionCounter { Thread.callStackSymbols }
    /// ```
    public init(recordingEachAttachment recorder: @escaping @Sendable () -> any Sendable) {
        self.recorder = recorder
    }

    /// The observers attached inside this counter's scopes that are still
    /// attached, in the order they were attached; empty for a counter made without
    /// a recorder.
    public var liveAttachments: [Attachment] {
        records.withLock { $0.live.values.sorted { $0.order < $1.order }.map(\.attachment) }
    }

    /// The observers attached inside this counter's scopes that are still attached.
    public var liveCount: Int {
        live.load(ordering: .acquiring)
    }

    /// Every observer attached inside this counter's scopes, detached or not.
    public var totalCount: Int {
        total.load(ordering: .acquiring)
    }

    /// Runs `body`, counting every observer it attaches.
    @discardableResult
    public func counting<Result, Failure: Error>(_ body: () throws(Failure) -> Result) throws(Failure) -> Result {
        SubscriptionCounting.activeScopes.add(1, ordering: .relaxed)
        defer { SubscriptionCounting.activeScopes.subtract(1, ordering: .relaxed) }
        let outcome: Swift.Result<Result, Failure> = SubscriptionCounting.$current.withValue(self) {
            do throws(Failure) {
                return .success(try body())
            } catch {
                return .failure(error)
            }
        }
        return try outcome.get()
    }

    /// Runs `body`, counting every observer it attaches, including in the child
    /// tasks it creates.
    @discardableResult
    public func counting<Result>(
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> Result
    ) async rethrows -> Result {
        SubscriptionCounting.activeScopes.add(1, ordering: .relaxed)
        defer { SubscriptionCounting.activeScopes.subtract(1, ordering: .relaxed) }
        return try await SubscriptionCounting.$current.withValue(self, operation: body, isolation: isolation)
    }

    /// Counts the observer whose handle is `key`, attached to a stream of
    /// `streamType`; records it if this counter has a recorder.
    func attach(_ key: ObjectIdentifier, streamType: Any.Type?) {
        live.add(1, ordering: .relaxed)
        total.add(1, ordering: .relaxed)
        guard let recorder else { return }
        let attachment = Attachment(
            streamType: streamType.map { String(describing: $0) } ?? "a stream",
            record: recorder()
        )
        records.withLock { records in
            records.live[key] = (records.next, attachment)
            records.next += 1
        }
    }

    /// Stops counting the observer whose handle is `key`.
    func detach(_ key: ObjectIdentifier) {
        live.subtract(1, ordering: .releasing)
        guard recorder != nil else { return }
        // Released after the lock: a record is the recorder's, which may be anything.
        let removed = records.withLock { $0.live.removeValue(forKey: key) }
        withExtendedLifetime(removed) {}
    }
}

/// A stream whose observers a ``SubscriptionCounter`` counts: a signal core or an
/// immediate run, which tells its stream's type for the counter's records.
protocol CountedStream: AnyObject {
    /// The type of the stream, as users know it (`Signal<Int, Never>`).
    var streamType: Any.Type { get }
}

/// The counting scope of the current task or thread.
@usableFromInline
enum SubscriptionCounting {
    /// How many `counting` scopes run anywhere; lets `observe` skip the task-local
    /// lookup when nobody counts.
    @usableFromInline static let activeScopes = Synchronization.Atomic<Int>(0)

    @TaskLocal static var current: SubscriptionCounter?

    /// The counter that should count an observer attached now, if any.
    @inline(__always)
    static var counterForNewSubscription: SubscriptionCounter? {
        activeScopes.load(ordering: .relaxed) == 0 ? nil : current
    }
}

extension SubscriptionCounting {
    /// Counts a new observer that no signal keeps (the one observer of an
    /// `ImmediateRun`) of a stream of type `streamType()`, called only inside a
    /// counting scope; returns a token, if counted, for ``detach(from:)`` once the
    /// observer is released. Opaque (`AnyObject`) so that inlinable code can hold
    /// it; outside a scope, this costs one relaxed load and allocates nothing.
    @inlinable
    static func attachObserver(of streamType: () -> Any.Type) -> AnyObject? {
        activeScopes.load(ordering: .relaxed) == 0 ? nil : attachCountedObserver(of: streamType())
    }

    /// ``attachObserver(of:)`` inside a counting scope somewhere in the process.
    @usableFromInline
    static func attachCountedObserver(of streamType: Any.Type) -> AnyObject? {
        current.map { CountedObserver(counter: $0, streamType: streamType) }
    }

    /// Stops counting an observer counted by ``attachObserver(of:)``.
    @inlinable
    static func detach(from token: AnyObject?) {
        if let token { detach(fromToken: token) }
    }

    /// ``detach(from:)`` with a token.
    @usableFromInline
    static func detach(fromToken token: AnyObject) {
        unsafeDowncast(token, to: CountedObserver.self).detach()
    }
}

extension SubscriptionCounting {
    /// The counter that should count a subscription made now, opaque (`AnyObject`)
    /// so that inlinable code can hold it; outside a counting scope, one relaxed
    /// load and `nil`.
    @inlinable
    static var counterTokenForNewSubscription: AnyObject? {
        activeScopes.load(ordering: .relaxed) == 0 ? nil : currentCounterToken()
    }

    /// The current counting scope's counter, if any.
    @usableFromInline
    static func currentCounterToken() -> AnyObject? {
        current
    }

    /// Counts the subscription `key`, attached to a stream of `streamType`, on the
    /// counter `token` (from ``counterTokenForNewSubscription``).
    @usableFromInline
    static func attach(_ key: ObjectIdentifier, streamType: Any.Type, to token: AnyObject) {
        unsafeDowncast(token, to: SubscriptionCounter.self).attach(key, streamType: streamType)
    }

    /// Stops counting the subscription `key` on the counter `token`.
    @usableFromInline
    static func detach(_ key: ObjectIdentifier, from token: AnyObject) {
        unsafeDowncast(token, to: SubscriptionCounter.self).detach(key)
    }
}

/// A counted observer that no signal keeps: its counter, and the identity under
/// which the counter records it.
final class CountedObserver {
    private let counter: SubscriptionCounter

    init(counter: SubscriptionCounter, streamType: Any.Type) {
        self.counter = counter
        counter.attach(ObjectIdentifier(self), streamType: streamType)
    }

    func detach() {
        counter.detach(ObjectIdentifier(self))
    }
}
