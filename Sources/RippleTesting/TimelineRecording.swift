#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Ripple

// TimelineRecording: every event of a stream with its virtual time, and the stream
// printed back as a marble line.
//
//     let recording = scheduler.record(typing.debounce(2, on: scheduler))
//     scheduler.run()
//     recording.marbles()   // "----b----d-|"
//
// Times count from the moment recording began. Printing puts an event on frame
// floor(time / frameDuration) — an event between two frame boundaries belongs to
// the frame it falls in (a tolerance of a millionth of a frame absorbs floating-
// point error, so 0.3 s on 0.1 s frames is frame 3); events of one frame print as a
// group. The line ends with the frame of the last event: no trailing `-`.

/// Every event a stream delivered while recorded, with its time on a
/// `TestScheduler`.
///
/// Create one with `scheduler.record(_:)` (a signal, a producer or a property),
/// advance the scheduler, then assert on ``values``, ``terminalEvent``,
/// ``entries`` or the printed ``marbles(frameDuration:)-(TimeInterval)``.
///
/// ```swift
/// let recording = scheduler.record(viewModel.results.producer)
/// scheduler.advance(by: 3)
/// #expect(recording.values == [[], ["swift"]])
/// ```
///
/// Not thread-safe: record streams that deliver on the thread that advances the
/// scheduler, as streams driven by a `TestScheduler` do.
public final class TimelineRecording<Value, Error: Swift.Error> {
    /// One recorded event.
    public struct Entry {
        /// The virtual date it arrived at.
        public let date: Date
        /// Seconds between the start of the recording and the event.
        public let time: TimeInterval
        /// The event.
        public let event: Signal<Value, Error>.Event
    }

    /// The virtual date recording began.
    public let startDate: Date

    /// The events so far, in the order they arrived.
    public private(set) var entries: [Entry] = []

    private let scheduler: TestScheduler
    private var subscription: (any Disposable)?

    init(on scheduler: TestScheduler) {
        self.scheduler = scheduler
        startDate = scheduler.currentDate
    }

    /// The observer that records into this recording; it holds the recording
    /// weakly, so that a stream that never ends does not keep it alive.
    var observer: Signal<Value, Error>.Observer {
        Signal.Observer { [weak self] event in
            guard let self else { return }
            let date = scheduler.currentDate
            entries.append(Entry(date: date, time: date.timeIntervalSince(startDate), event: event))
        }
    }

    func attach(_ subscription: (any Disposable)?) {
        self.subscription = subscription
    }

    /// The events so far, without their times.
    public var events: [Signal<Value, Error>.Event] {
        entries.map(\.event)
    }

    /// The values so far.
    public var values: [Value] {
        entries.compactMap(\.event.value)
    }

    /// The event that ended the stream, if it has ended.
    public var terminalEvent: Signal<Value, Error>.Event? {
        entries.last.flatMap { $0.event.isTerminating ? $0.event : nil }
    }

    /// Whether the stream has ended.
    public var isTerminated: Bool {
        terminalEvent != nil
    }

    /// Stops recording. A recorded producer run is interrupted (and the
    /// interruption recorded); a recorded signal is simply no longer observed.
    public func dispose() {
        subscription?.dispose()
    }

    /// The recorded events on frames of `frameDuration` seconds counted from the
    /// start of the recording; an event between two frame boundaries goes to the
    /// frame it falls in (rounding down).
    ///
    /// - Precondition: `frameDuration > 0`, and the clock was not rewound while
    ///   recording (frames must not go backwards).
    public func timeline(frameDuration: TimeInterval = 1) -> MarbleTimeline<Value, Error> {
        precondition(frameDuration > 0, "a frame must last more than 0 seconds, not \(frameDuration)")
        return MarbleTimeline(entries.map { entry in
            let frame = (entry.time / frameDuration + 1e-6).rounded(.down)
            return MarbleTimeline.Entry(frame: max(0, Int(frame)), event: entry.event)
        })
    }

    /// The recorded events on frames of `frameDuration` counted from the start of
    /// the recording; an event between two frame boundaries goes to the frame it
    /// falls in (rounding down).
    ///
    /// - Precondition: `frameDuration > .zero`.
    public func timeline(frameDuration: Duration) -> MarbleTimeline<Value, Error> {
        timeline(frameDuration: frameDuration.inSeconds)
    }

    /// The recording as a marble line on frames of `frameDuration` seconds, each
    /// value named by `character`.
    ///
    /// ```swift
    /// recording.marbles { $0.isEmpty ? "e" : "v" }   // "e--v|"
    /// ```
    public func marbles(frameDuration: TimeInterval = 1, _ character: (Value) -> Character) -> String {
        timeline(frameDuration: frameDuration).marbles(character)
    }

    /// The recording as a marble line on frames of `frameDuration`, each value
    /// named by `character`.
    public func marbles(frameDuration: Duration, _ character: (Value) -> Character) -> String {
        marbles(frameDuration: frameDuration.inSeconds, character)
    }
}

extension TimelineRecording.Entry: Equatable where Value: Equatable, Error: Equatable {}

extension TimelineRecording where Value: Equatable {
    /// The recording as a marble line on frames of `frameDuration` seconds, each
    /// value named by its key in `values` (`?` when it has none).
    public func marbles(frameDuration: TimeInterval = 1, values: [Character: Value]) -> String {
        timeline(frameDuration: frameDuration).marbles(values: values)
    }

    /// The recording as a marble line on frames of `frameDuration`, each value
    /// named by its key in `values` (`?` when it has none).
    public func marbles(frameDuration: Duration, values: [Character: Value]) -> String {
        marbles(frameDuration: frameDuration.inSeconds, values: values)
    }
}

extension TimelineRecording where Value: CustomStringConvertible {
    /// The recording as a marble line on frames of `frameDuration` seconds, each
    /// value named by the first character of its description.
    public func marbles(frameDuration: TimeInterval = 1) -> String {
        timeline(frameDuration: frameDuration).marbles()
    }

    /// The recording as a marble line on frames of `frameDuration`, each value
    /// named by the first character of its description.
    ///
    /// ```swift
    /// recording.marbles(frameDuration: .milliseconds(100))   // "-a--b|"
    /// ```
    public func marbles(frameDuration: Duration) -> String {
        marbles(frameDuration: frameDuration.inSeconds)
    }
}

/// Recording streams, with the virtual time of each event.
extension TestScheduler {
    /// Records every event `signal` sends from now on, with its virtual time.
    public func record<Value, Error>(_ signal: Signal<Value, Error>) -> TimelineRecording<Value, Error> {
        let recording = TimelineRecording<Value, Error>(on: self)
        recording.attach(signal.observe(recording.observer))
        return recording
    }

    /// Starts `producer` and records every event of the run, with its virtual time;
    /// ``TimelineRecording/dispose()`` interrupts the run.
    public func record<Value, Error>(_ producer: SignalProducer<Value, Error>) -> TimelineRecording<Value, Error> {
        let recording = TimelineRecording<Value, Error>(on: self)
        recording.attach(producer.start(recording.observer))
        return recording
    }

    /// Records `property`: its current value at once, then every change, with
    /// their virtual times.
    public func record<Property: PropertyProtocol>(_ property: Property) -> TimelineRecording<Property.Value, Never> {
        record(property.producer)
    }
}
