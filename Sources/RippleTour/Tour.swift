import Synchronization

/// The guided tour: the seed tutorials' examples, run on Ripple, one section per
/// concept. `swift run ripple-tour` prints every section; the tests in
/// `RippleTourTests` check each section's output against what the seeds print.
public enum Tour {
    /// Every section, in reading order.
    public static let sections: [TourSection] = [
        pipeAndObservers,
        observeValues,
        hotSignalViews,
        eventsAndTermination,
        sendingFromAnObserver,
        disposablesAndLifetimes,
        producerStartHandler,
        producerRunsPerStart,
        sharedRequestThroughASignal,
        typedErrors,
        mapOperator,
        onOperator,
        takeUntilOperator,
        takeFirstOperator,
        mergeOperator,
        combineLatestOperator,
        zipOperator,
        flatMapLatestOperator,
        searchAsYouType,
        constantProperty,
        mutableProperty,
        derivedProperties,
        phoneNumberBinding,
        actionOneExecutionAtATime,
        actionEnabledIf,
        registrationForm,
        fiveMinutes,
        forAwaitOverAProperty,
        marbleTimelines,
        leakChecks,
    ]

    /// Runs every section, printing a heading and the section's output.
    public static func run() async {
        for (index, section) in sections.enumerated() {
            if index > 0 { print() }
            print("== \(index + 1). \(section.title) ==")
            print(section.summary)
            print()
            await section.run { print("  " + $0) }
        }
    }
}

/// One concept of the tour: a titled example that writes lines to a transcript.
public struct TourSection: Sendable {
    /// The heading.
    public let title: String
    /// One or two sentences on what the example shows.
    public let summary: String
    private let body: @Sendable (Transcript) async -> Void

    /// Creates a section whose example is `body`.
    public init(title: String, summary: String, body: @escaping @Sendable (Transcript) -> Void) {
        self.title = title
        self.summary = summary
        self.body = { body($0) }
    }

    /// Creates a section whose example is asynchronous (Swift concurrency code).
    public init(title: String, summary: String, asyncBody: @escaping @Sendable (Transcript) async -> Void) {
        self.title = title
        self.summary = summary
        self.body = asyncBody
    }

    /// Runs the example and returns the lines it wrote, passing each to `echo` as it
    /// is written.
    @discardableResult
    public func run(echo: (String) -> Void = { _ in }) async -> [String] {
        let transcript = Transcript()
        await body(transcript)
        transcript.lines.forEach(echo)
        return transcript.lines
    }
}

/// What a tour example prints, line by line.
///
/// `Sendable`, so that examples may print from `@Sendable` closures (an
/// `Action`'s body) and from work on other threads.
public final class Transcript: Sendable {
    private let storage = Mutex<[String]>([])

    /// The lines written so far.
    public var lines: [String] {
        storage.withLock { $0 }
    }

    init() {}

    /// Writes one line, as `print` would.
    public func print(_ line: String) {
        storage.withLock { $0.append(line) }
    }
}
