// Side effects: run code as events pass, without changing them; log them.
//
//     on(value: { print($0) })        -a-b-|   →   -a-b-|      (prints a, then b)
//     logEvents(identifier: "load")   -a-#x    →   -a-#x       ([load] value a, …)
//     logEvents(logger: log)          -a-#x    →   -a-#x       (log("", "value a", #file, #function, #line), …)
//
// Every handler runs before the event is forwarded, on the thread that delivers it.
// For one event the order is: `event`, then the handler for its kind (`value`,
// `failed`, `completed` or `interrupted`), then `terminated` for a terminal event.
// `disposed` runs once, after the terminal event has been forwarded, when the
// stream's resources are released. A producer also offers `starting` and `started`,
// run just before and just after the start handler of each run; disposing a run
// interrupts its source, so the handlers see the interruption before the consumer.

extension Signal {
    /// Runs the given closures as events pass through, before forwarding each event.
    ///
    /// - Parameters:
    ///   - event: runs for every event, before the handlers below.
    ///   - failed: runs for a failure.
    ///   - completed: runs for completion.
    ///   - interrupted: runs for an interruption.
    ///   - terminated: runs for any terminal event, after the handler of its kind.
    ///   - disposed: runs once, when the resulting signal is disposed: after it has
    ///     forwarded its terminal event, or when nobody references or observes it any
    ///     more.
    ///   - value: runs for every value.
    public func on(
        event: ((Event) -> Void)? = nil,
        failed: ((Error) -> Void)? = nil,
        completed: (() -> Void)? = nil,
        interrupted: (() -> Void)? = nil,
        terminated: (() -> Void)? = nil,
        disposed: (() -> Void)? = nil,
        value: ((Value) -> Void)? = nil
    ) -> Signal<Value, Error> {
        // `derived(_:)` without its lifetime hidden: `disposed` is attached to it.
        // Fed by this signal alone, so no send lock is needed.
        Signal(fedBy: .upstream(core.deliveryGate)) { input, lifetime in
            if let disposed { lifetime.observeEnded(disposed) }
            lifetime += observe(Observer { received in
                event?(received)
                switch received {
                case let .value(receivedValue): value?(receivedValue)
                case let .failed(error): failed?(error)
                case .completed: completed?()
                case .interrupted: interrupted?()
                }
                if received.isTerminating { terminated?() }
                input.send(received)
            })
        }
    }

    /// Reports the events that pass through to `logger`, one line each, and forwards
    /// them unchanged.
    ///
    /// Every line is the identifier in brackets, the ``LoggingEvent`` name and, for
    /// a value or a failure, its description: `[load] value 1`,
    /// `[load] failed timeout`, `[load] completed`, `[load] terminated`,
    /// `[load] disposed`. A signal never reports `starting` or `started`.
    ///
    /// - Parameters:
    ///   - identifier: names the stream in every line.
    ///   - events: the kinds of event to report; all by default.
    ///   - logger: receives each line; prints it by default.
    public func logEvents(
        identifier: String = "",
        events: Set<LoggingEvent> = Set(LoggingEvent.allCases),
        logger: @escaping (String) -> Void = { print($0) }
    ) -> Signal<Value, Error> {
        log(events) { event in logger("[\(identifier)] \(event)") }
    }

    /// Reports the events that pass through to `logger`, ReactiveSwift's way: one
    /// call per event, with the identifier, the event (`value 1`, `failed timeout`,
    /// `completed`…) and where `logEvents` was called. Events are forwarded
    /// unchanged; a signal never reports `starting` or `started`.
    ///
    /// - Parameters:
    ///   - identifier: names the stream in every call.
    ///   - events: the kinds of event to report; all by default.
    ///   - fileName: where `logEvents` is called; leave the default.
    ///   - functionName: where `logEvents` is called; leave the default.
    ///   - lineNumber: where `logEvents` is called; leave the default.
    ///   - logger: receives each event, for instance ``defaultEventLog(identifier:event:fileName:functionName:lineNumber:)``.
    public func logEvents(
        identifier: String = "",
        events: Set<LoggingEvent> = Set(LoggingEvent.allCases),
        fileName: String = #file,
        functionName: String = #function,
        lineNumber: Int = #line,
        logger: @escaping EventLogger
    ) -> Signal<Value, Error> {
        log(events) { event in logger(identifier, event, fileName, functionName, lineNumber) }
    }

    /// Runs `write` with the description of every event of `events` (`value 1`,
    /// `completed`…) as it passes.
    private func log(_ events: Set<LoggingEvent>, _ write: @escaping (String) -> Void) -> Signal<Value, Error> {
        let log = EventLog(events: events, write: write)
        return on(
            failed: log.reportWithDetail(.failed),
            completed: log.report(.completed),
            interrupted: log.report(.interrupted),
            terminated: log.report(.terminated),
            disposed: log.report(.disposed),
            value: log.reportWithDetail(.value)
        )
    }
}

extension SignalProducer {
    /// Runs the given closures as each run starts and as events pass through, before
    /// forwarding each event.
    ///
    /// Disposing a run interrupts its source: the handlers see the interruption
    /// before the consumer does.
    ///
    /// - Parameters:
    ///   - starting: runs before the start handler of each run; not for a run
    ///     disposed before it started, whose start handler never runs.
    ///   - started: runs after the start handler of each run has returned; not for
    ///     a run disposed before it started.
    ///   - event: runs for every event, before the handlers below.
    ///   - failed: runs for a failure.
    ///   - completed: runs for completion.
    ///   - interrupted: runs for an interruption.
    ///   - terminated: runs for any terminal event, after the handler of its kind.
    ///   - disposed: runs once per run, when the run ends for any reason (termination
    ///     or disposal), after its terminal event has been forwarded.
    ///   - value: runs for every value.
    public func on(
        starting: (() -> Void)? = nil,
        started: (() -> Void)? = nil,
        event: ((Signal<Value, Error>.Event) -> Void)? = nil,
        failed: ((Error) -> Void)? = nil,
        completed: (() -> Void)? = nil,
        interrupted: (() -> Void)? = nil,
        terminated: (() -> Void)? = nil,
        disposed: (() -> Void)? = nil,
        value: ((Value) -> Void)? = nil
    ) -> SignalProducer<Value, Error> {
        // A lift that also surrounds the start of the source run.
        SignalProducer(prepareRun: {
            let run = makeRun()
            return .init(
                signal: run.signal.on(
                    event: event,
                    failed: failed,
                    completed: completed,
                    interrupted: interrupted,
                    terminated: terminated,
                    disposed: disposed,
                    value: value
                ),
                handle: run.handle,
                start: { [start = run.start, handle = run.handle] in
                    // A run disposed before its start (inside `startWithSignal`'s
                    // setup) never runs its start handler: nothing to surround.
                    guard !Self.hasEnded(handle) else { return start() }
                    starting?()
                    start()
                    started?()
                }
            )
        })
    }

    /// Whether the run of `handle` has ended, or is ending (its end on its way down
    /// through an asynchronous operator), so that starting it runs no start handler.
    private static func hasEnded(_ handle: any Disposable) -> Bool {
        handle.isDisposed || (handle as? any LiftedRunEnding)?.isEnding == true
    }

    /// Reports what happens to each run to `logger`, one line each, and forwards
    /// the events unchanged.
    ///
    /// Every line is the identifier in brackets, the ``LoggingEvent`` name and, for
    /// a value or a failure, its description: `[load] starting`, `[load] value 1`,
    /// `[load] completed`, `[load] terminated`, `[load] disposed`, `[load] started`.
    /// A producer that sends synchronously reports its events between `starting` and
    /// `started`.
    ///
    /// - Parameters:
    ///   - identifier: names the stream in every line.
    ///   - events: the kinds of event to report; all by default.
    ///   - logger: receives each line; prints it by default.
    public func logEvents(
        identifier: String = "",
        events: Set<LoggingEvent> = Set(LoggingEvent.allCases),
        logger: @escaping (String) -> Void = { print($0) }
    ) -> SignalProducer<Value, Error> {
        log(events) { event in logger("[\(identifier)] \(event)") }
    }

    /// Reports what happens to each run to `logger`, ReactiveSwift's way: one call
    /// per event, with the identifier, the event (`value 1`, `failed timeout`,
    /// `completed`, `starting`…) and where `logEvents` was called. Events are
    /// forwarded unchanged.
    ///
    /// ```swift
    /// api.search(query).logEvents(identifier: "search", logger: defaultEventLog)
    /// // [search] starting fileName: App/Search.swift, functionName: load(), lineNumber: 12
    /// ```
    ///
    /// - Parameters:
    ///   - identifier: names the stream in every call.
    ///   - events: the kinds of event to report; all by default.
    ///   - fileName: where `logEvents` is called; leave the default.
    ///   - functionName: where `logEvents` is called; leave the default.
    ///   - lineNumber: where `logEvents` is called; leave the default.
    ///   - logger: receives each event, for instance ``defaultEventLog(identifier:event:fileName:functionName:lineNumber:)``.
    public func logEvents(
        identifier: String = "",
        events: Set<LoggingEvent> = Set(LoggingEvent.allCases),
        fileName: String = #file,
        functionName: String = #function,
        lineNumber: Int = #line,
        logger: @escaping EventLogger
    ) -> SignalProducer<Value, Error> {
        log(events) { event in logger(identifier, event, fileName, functionName, lineNumber) }
    }

    /// Runs `write` with the description of every event of `events` (`value 1`,
    /// `completed`…) as it passes.
    private func log(_ events: Set<LoggingEvent>, _ write: @escaping (String) -> Void) -> SignalProducer<Value, Error> {
        let log = EventLog(events: events, write: write)
        return on(
            starting: log.report(.starting),
            started: log.report(.started),
            failed: log.reportWithDetail(.failed),
            completed: log.report(.completed),
            interrupted: log.report(.interrupted),
            terminated: log.report(.terminated),
            disposed: log.report(.disposed),
            value: log.reportWithDetail(.value)
        )
    }
}

/// What `logEvents` can report; each case's raw value is the word used in the line.
public enum LoggingEvent: String, CaseIterable, Sendable {
    /// A producer run is about to run its start handler. Producers only.
    case starting
    /// A producer run's start handler has returned. Producers only.
    case started
    /// A value passed; the line ends with its description.
    case value
    /// The stream failed; the line ends with the error's description.
    case failed
    /// The stream completed.
    case completed
    /// The stream was interrupted.
    case interrupted
    /// The stream terminated, whatever the terminal event; reported after it.
    case terminated
    /// The stream's resources were released: once per signal, or per producer run.
    case disposed
}

/// A function that logs one event of `logEvents(…, logger:)`: ReactiveSwift's
/// `EventLogger`. It receives the stream's identifier, the event (`value 1`,
/// `failed timeout`, `completed`, `starting`…) and where `logEvents` was called.
public typealias EventLogger = (
    _ identifier: String,
    _ event: String,
    _ fileName: String,
    _ functionName: String,
    _ lineNumber: Int
) -> Void

/// Prints one event as ReactiveSwift's default logger does:
/// `[identifier] event fileName: …, functionName: …, lineNumber: …`.
public func defaultEventLog(identifier: String, event: String, fileName: String, functionName: String, lineNumber: Int) {
    print("[\(identifier)] \(event) fileName: \(fileName), functionName: \(functionName), lineNumber: \(lineNumber)")
}

/// Turns the reported kinds of event into handlers for `on`, each writing the
/// event's description (`value 1`, `completed`…).
private struct EventLog {
    let events: Set<LoggingEvent>
    let write: (String) -> Void

    /// A handler writing `event`, or `nil` if `event` is not reported.
    func report(_ event: LoggingEvent) -> (() -> Void)? {
        guard events.contains(event) else { return nil }
        let description = event.rawValue
        return { [write] in write(description) }
    }

    /// A handler writing `event detail`, or `nil` if `event` is not reported.
    func reportWithDetail<Detail>(_ event: LoggingEvent) -> ((Detail) -> Void)? {
        guard events.contains(event) else { return nil }
        let prefix = "\(event.rawValue) "
        return { [write] detail in write(prefix + String(describing: detail)) }
    }
}
