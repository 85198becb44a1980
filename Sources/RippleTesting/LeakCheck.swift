@_spi(RippleTesting) import Ripple

// Leak checks: run a block, then find what it made that should be gone.
//
//     expectNoLeaks { check in
//         let viewModel = check.track(SearchViewModel(service: service))
//         let screen = check.track(SearchScreen(viewModel: viewModel))
//         screen.searchField.type("swift")
//     }
//     // fails if the view model or the screen is still alive, or if an observer
//     // attached inside the block is still attached to its signal
//
// Two things are watched:
// - objects registered with `track(_:)`, held weakly: each must have been released
//   when the check ends;
// - Ripple subscriptions: every observer attached to a signal inside the block
//   (starting a producer, binding with `<~`, observing) is counted until it is
//   detached — disposed, its signal terminated, or its signal released.
//   `liveSubscriptions` tells how many are still attached at any moment, so a test
//   can also check, inside the block, that a screen's bindings are gone once the
//   screen is. Each attach inside the block records its call stack, so that the
//   report names, for the observers still attached, the line of the user's code
//   that attached them (`observe…`, `start…`, `<~`, or an operator of a signal)
//   and the stream's type, grouped by line. The stack is captured only inside a
//   check; outside one, attaching costs what it did (see SubscriptionCounter).
//
// Subscriptions are counted for code that runs on the thread running the block or
// in tasks it creates (the scope is a task-local value); observers attached on
// another thread, such as a queue scheduler's, are not seen. Streams driven by a
// `TestScheduler` run on the test's thread.

/// The objects and subscriptions a leak check watches.
///
/// Use it through ``expectNoLeaks(fileID:filePath:line:column:_:)``, or run one by
/// hand and read ``report``:
///
/// ```swift
/// let check = LeakCheck()
/// check.run {
///     let viewModel = check.track(SearchViewModel(service: service))
///     viewModel.query.value = "swift"
/// }
/// #expect(check.report == nil)
/// ```
///
/// Not thread-safe: track objects from the thread (or actor) that runs the check.
public final class LeakCheck {
    private struct Tracked {
        weak var object: AnyObject?
        let name: String
        let location: String
    }

    private var tracked: [Tracked] = []
    private let subscriptions = SubscriptionCounter(recordingEachAttachment: { AttachmentSite.capture() })

    /// Observers still attached, attached at the same place to the same kind of
    /// stream.
    public struct LiveObservers: Sendable, Hashable, CustomStringConvertible {
        /// `Folder/File.swift:line` of the user's call that attached them, as
        /// `#fileID` names files; `nil` without debug information.
        public let location: String?
        /// The type of the stream they observe, such as `Signal<String, Never>`.
        public let streamType: String
        /// How many of them are still attached.
        public let count: Int

        /// Creates a group (for comparing with ``LeakCheck/liveObservers``).
        public init(location: String?, streamType: String, count: Int) {
            self.location = location
            self.streamType = streamType
            self.count = count
        }

        /// `2 observers of Signal<Int, Never> attached at SearchTests/SearchTests.swift:14`.
        public var description: String {
            let observers = count == 1 ? "1 observer" : "\(count) observers"
            let place = location.map { "attached at \($0)" } ?? "attached at an unknown line (no debug information)"
            return "\(observers) of \(streamType) \(place)"
        }
    }

    /// Creates a check that watches nothing yet.
    public init() {}

    /// Registers `object`, which must be released by the time the check ends, and
    /// returns it.
    ///
    /// - Parameters:
    ///   - object: the object to watch; the check holds it weakly.
    ///   - name: how the report names the object; its type by default.
    ///   - fileID: the file the report points at; the caller's by default.
    ///   - line: the line the report points at; the caller's by default.
    @discardableResult
    public func track<Object: AnyObject>(
        _ object: Object,
        as name: String? = nil,
        fileID: StaticString = #fileID,
        line: UInt = #line
    ) -> Object {
        tracked.append(Tracked(
            object: object,
            name: name ?? String(describing: Object.self),
            location: "\(fileID):\(line)"
        ))
        return object
    }

    /// Runs `body`, counting the observers it attaches in ``liveSubscriptions``.
    public func run<Failure: Error>(_ body: () throws(Failure) -> Void) throws(Failure) {
        try subscriptions.counting(body)
    }

    /// Runs `body`, counting the observers it and its child tasks attach in
    /// ``liveSubscriptions``.
    public func run(
        isolation: isolated (any Actor)? = #isolation,
        _ body: () async throws -> Void
    ) async rethrows {
        try await subscriptions.counting(isolation: isolation, body)
    }

    /// The names of the tracked objects that are still alive, in the order they
    /// were tracked.
    public var survivors: [String] {
        tracked.filter { $0.object != nil }.map(\.name)
    }

    /// The observers attached inside ``run(_:)`` that are still attached to their
    /// signals.
    public var liveSubscriptions: Int {
        subscriptions.liveCount
    }

    /// The observers attached inside ``run(_:)`` that are still attached, grouped by
    /// the line of the user's code that attached them and by stream type, in the
    /// order they were first attached.
    ///
    /// An observer attached by an operator (the link of `signal.map { … }` to
    /// `signal`) is placed at the user's line that applied the operator.
    /// Resolving the lines reads the test binary's debug information, so ask only
    /// when something outlived the block.
    public var liveObservers: [LiveObservers] {
        var order: [LiveObservers] = []
        var counts: [Int] = []
        var index: [String: Int] = [:]
        for attachment in subscriptions.liveAttachments {
            let location = (attachment.record as? AttachmentSite)?.userLocation()
            let key = "\(location ?? "")\u{0}\(attachment.streamType)"
            if let position = index[key] {
                counts[position] += 1
            } else {
                index[key] = order.count
                order.append(LiveObservers(location: location, streamType: attachment.streamType, count: 0))
                counts.append(1)
            }
        }
        return zip(order, counts).map { LiveObservers(location: $0.location, streamType: $0.streamType, count: $1) }
    }

    /// What outlived the check, one line each (and one line for each place that
    /// attached observers still attached), or `nil` when everything it watched is
    /// gone.
    ///
    /// ```text
    /// leak check: 2 things outlived the block
    /// - SearchViewModel (tracked at SearchTests/SearchTests.swift:14) is still alive
    /// - 1 observer attached inside the block is still attached:
    ///     1 observer of Signal<String, Never> attached at Search/SearchViewModel.swift:31
    /// ```
    public var report: String? {
        var lines = tracked.filter { $0.object != nil }.map { "- \($0.name) (tracked at \($0.location)) is still alive" }
        let groups = liveSubscriptions == 0 ? [] : liveObservers
        let colon = groups.isEmpty ? "" : ":"
        switch liveSubscriptions {
        case 0: break
        case 1: lines.append("- 1 observer attached inside the block is still attached\(colon)")
        case let count: lines.append("- \(count) observers attached inside the block are still attached\(colon)")
        }
        lines += groups.map { "    \($0)" }
        guard !lines.isEmpty else { return nil }
        let count = lines.count - groups.count
        let things = count == 1 ? "1 thing" : "\(count) things"
        return (["leak check: \(things) outlived the block"] + lines).joined(separator: "\n")
    }
}

/// Runs `body` with a fresh ``LeakCheck``, then fails the running test — a Swift
/// Testing test or an XCTest case — if an object tracked in it is still alive or an
/// observer attached in it is still attached.
///
/// ```swift
/// @Test func searchScreenLeavesNothingBehind() {
///     expectNoLeaks { check in
///         let viewModel = check.track(SearchViewModel(service: FakeSearchService()))
///         let screen = check.track(SearchScreen(viewModel: viewModel))
///         screen.searchField.type("swift")
///     }
/// }
/// ```
///
/// The failure lists what outlived the block (see ``LeakCheck/report``). Release
/// everything the block made before it returns: an object the block hands out, or
/// a signal it still observes from outside, counts as a leak.
public func expectNoLeaks<Failure: Error>(
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    _ body: (LeakCheck) throws(Failure) -> Void
) throws(Failure) {
    let check = LeakCheck()
    try check.run { () throws(Failure) in try body(check) }
    if let report = check.report {
        reportFailure(report, fileID: fileID, filePath: filePath, line: line, column: column)
    }
}

/// Runs the asynchronous `body` with a fresh ``LeakCheck``, then fails the running
/// test if an object tracked in it is still alive or an observer attached in it or
/// its child tasks is still attached.
///
/// ```swift
/// @Test @MainActor func loadingLeavesNothingBehind() async {
///     await expectNoLeaks { check in
///         let viewModel = check.track(FeedViewModel(service: FakeFeedService()))
///         await viewModel.load()
///     }
/// }
/// ```
public func expectNoLeaks(
    isolation: isolated (any Actor)? = #isolation,
    fileID: StaticString = #fileID,
    filePath: StaticString = #filePath,
    line: UInt = #line,
    column: UInt = #column,
    _ body: (LeakCheck) async throws -> Void
) async rethrows {
    let check = LeakCheck()
    try await check.run(isolation: isolation) { try await body(check) }
    if let report = check.report {
        reportFailure(report, fileID: fileID, filePath: filePath, line: line, column: column)
    }
}
