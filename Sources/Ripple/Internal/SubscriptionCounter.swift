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
// Cost outside a counting scope: one relaxed load of a global atomic per observe.
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
    private let live = Atomic<Int>(0)
    private let total = Atomic<Int>(0)

    /// Creates a counter that has counted nothing.
    public init() {}

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

    func attach() {
        live.add(1, ordering: .relaxed)
        total.add(1, ordering: .relaxed)
    }

    func detach() {
        live.subtract(1, ordering: .releasing)
    }
}

/// The counting scope of the current task or thread.
@usableFromInline
enum SubscriptionCounting {
    /// How many `counting` scopes run anywhere; lets `observe` skip the task-local
    /// lookup when nobody counts.
    @usableFromInline static let activeScopes = Atomic<Int>(0)

    @TaskLocal static var current: SubscriptionCounter?

    /// The counter that should count an observer attached now, if any.
    @inline(__always)
    static var counterForNewSubscription: SubscriptionCounter? {
        activeScopes.load(ordering: .relaxed) == 0 ? nil : current
    }
}

extension SubscriptionCounting {
    /// Counts a new observer that no signal keeps (the one observer of an
    /// `ImmediateRun`); returns the counter, if any, for ``detach(from:)`` once the
    /// observer is released. Opaque (`AnyObject`) so that inlinable code can hold it.
    @inlinable
    static func attachObserver() -> AnyObject? {
        activeScopes.load(ordering: .relaxed) == 0 ? nil : attachCountedObserver()
    }

    /// ``attachObserver()`` inside a counting scope somewhere in the process.
    @usableFromInline
    static func attachCountedObserver() -> AnyObject? {
        let counter = current
        counter?.attach()
        return counter
    }

    /// Stops counting an observer counted by ``attachObserver()``.
    @inlinable
    static func detach(from counter: AnyObject?) {
        if let counter { detach(fromCounter: counter) }
    }

    /// ``detach(from:)`` with a counter.
    @usableFromInline
    static func detach(fromCounter counter: AnyObject) {
        unsafeDowncast(counter, to: SubscriptionCounter.self).detach()
    }
}
