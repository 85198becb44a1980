#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif
import Ripple

// Test streams from marble diagrams, in a TestScheduler's virtual time.
//
//     scheduler.hotSignal("-a-b|")       a at now + 1 s, b at now + 3 s, completed at now + 4 s
//     scheduler.coldProducer("-a-b|")    the same, counted from each start
//
// Frame n of a diagram happens at n × frameDuration seconds (one second by
// default) after the origin: the moment the hot signal is created, or the moment
// each run of the cold producer starts. Events go out when the test advances the
// scheduler past their time, also those of frame 0, which wait for the next
// `advance()`; events of one frame go out together, in the order written. A hot
// signal sends whether observed or not; a diagram with no terminal event leaves
// the stream open. A frame length is given in seconds or as a `Duration`.

/// Signals and producers made from marble diagrams, sent in virtual time.
extension TestScheduler {
    /// A hot signal that sends the events of `marbles`, named by `values`, frame
    /// `n` at `n × frameDuration` seconds from now, whether observed or not.
    ///
    /// ```swift
    /// let clicks: Signal<Int, Never> = try scheduler.hotSignal("-x--y|", values: ["x": 1, "y": 2])
    /// ```
    ///
    /// - Throws: ``MarbleError`` for a malformed diagram.
    /// - Precondition: `frameDuration > 0`.
    public func hotSignal<Value, Error>(
        _ marbles: String,
        values: [Character: Value],
        error: Error? = nil,
        frameDuration: TimeInterval = 1
    ) throws(MarbleError) -> Signal<Value, Error> {
        hotSignal(try MarbleTimeline(parsing: marbles, values: values, error: error), frameDuration: frameDuration)
    }

    /// A hot signal that sends the events of `marbles`, named by `values`, frame
    /// `n` at `n × frameDuration` from now, whether observed or not.
    ///
    /// - Throws: ``MarbleError`` for a malformed diagram.
    /// - Precondition: `frameDuration > .zero`.
    public func hotSignal<Value, Error>(
        _ marbles: String,
        values: [Character: Value],
        error: Error? = nil,
        frameDuration: Duration
    ) throws(MarbleError) -> Signal<Value, Error> {
        try hotSignal(marbles, values: values, error: error, frameDuration: frameDuration.inSeconds)
    }

    /// A hot signal that sends the events of `marbles`, whose value characters are
    /// the values themselves (`a` for a `String`, `7` for an `Int`), frame `n` at
    /// `n × frameDuration` seconds from now, whether observed or not.
    ///
    /// ```swift
    /// let typing: Signal<String, Never> = try scheduler.hotSignal("-a-b|")
    /// ```
    ///
    /// - Throws: ``MarbleError`` for a malformed diagram.
    /// - Precondition: `frameDuration > 0`.
    public func hotSignal<Value: LosslessStringConvertible, Error>(
        _ marbles: String,
        error: Error? = nil,
        frameDuration: TimeInterval = 1
    ) throws(MarbleError) -> Signal<Value, Error> {
        hotSignal(try MarbleTimeline(parsing: marbles, error: error), frameDuration: frameDuration)
    }

    /// A hot signal that sends the events of `marbles`, whose value characters are
    /// the values themselves, frame `n` at `n × frameDuration` from now, whether
    /// observed or not.
    ///
    /// ```swift
    /// let typing: Signal<String, Never> = try scheduler.hotSignal("-a-b|", frameDuration: .milliseconds(100))
    /// ```
    ///
    /// - Throws: ``MarbleError`` for a malformed diagram.
    /// - Precondition: `frameDuration > .zero`.
    public func hotSignal<Value: LosslessStringConvertible, Error>(
        _ marbles: String,
        error: Error? = nil,
        frameDuration: Duration
    ) throws(MarbleError) -> Signal<Value, Error> {
        try hotSignal(marbles, error: error, frameDuration: frameDuration.inSeconds)
    }

    /// A hot signal that sends the events of `timeline`, frame `n` at
    /// `n × frameDuration` seconds from now, whether observed or not.
    ///
    /// - Precondition: `frameDuration > 0`.
    public func hotSignal<Value, Error>(
        _ timeline: MarbleTimeline<Value, Error>,
        frameDuration: TimeInterval = 1
    ) -> Signal<Value, Error> {
        precondition(frameDuration > 0, "a frame must last more than 0 seconds, not \(frameDuration)")
        let origin = currentDate
        return Signal { input, lifetime in
            send(timeline, to: input, from: origin, frameDuration: frameDuration, during: lifetime)
        }
    }

    /// A hot signal that sends the events of `timeline`, frame `n` at
    /// `n × frameDuration` from now, whether observed or not.
    ///
    /// - Precondition: `frameDuration > .zero`.
    public func hotSignal<Value, Error>(
        _ timeline: MarbleTimeline<Value, Error>,
        frameDuration: Duration
    ) -> Signal<Value, Error> {
        hotSignal(timeline, frameDuration: frameDuration.inSeconds)
    }

    /// A cold producer whose every run sends the events of `marbles`, named by
    /// `values`, frame `n` at `n × frameDuration` seconds after the run started.
    ///
    /// - Throws: ``MarbleError`` for a malformed diagram.
    /// - Precondition: `frameDuration > 0`.
    public func coldProducer<Value, Error>(
        _ marbles: String,
        values: [Character: Value],
        error: Error? = nil,
        frameDuration: TimeInterval = 1
    ) throws(MarbleError) -> SignalProducer<Value, Error> {
        coldProducer(try MarbleTimeline(parsing: marbles, values: values, error: error), frameDuration: frameDuration)
    }

    /// A cold producer whose every run sends the events of `marbles`, named by
    /// `values`, frame `n` at `n × frameDuration` after the run started.
    ///
    /// - Throws: ``MarbleError`` for a malformed diagram.
    /// - Precondition: `frameDuration > .zero`.
    public func coldProducer<Value, Error>(
        _ marbles: String,
        values: [Character: Value],
        error: Error? = nil,
        frameDuration: Duration
    ) throws(MarbleError) -> SignalProducer<Value, Error> {
        try coldProducer(marbles, values: values, error: error, frameDuration: frameDuration.inSeconds)
    }

    /// A cold producer whose every run sends the events of `marbles`, whose value
    /// characters are the values themselves, frame `n` at `n × frameDuration`
    /// seconds after the run started.
    ///
    /// ```swift
    /// let search: SignalProducer<String, Never> = try scheduler.coldProducer("--r|")
    /// ```
    ///
    /// - Throws: ``MarbleError`` for a malformed diagram.
    /// - Precondition: `frameDuration > 0`.
    public func coldProducer<Value: LosslessStringConvertible, Error>(
        _ marbles: String,
        error: Error? = nil,
        frameDuration: TimeInterval = 1
    ) throws(MarbleError) -> SignalProducer<Value, Error> {
        coldProducer(try MarbleTimeline(parsing: marbles, error: error), frameDuration: frameDuration)
    }

    /// A cold producer whose every run sends the events of `marbles`, whose value
    /// characters are the values themselves, frame `n` at `n × frameDuration` after
    /// the run started.
    ///
    /// - Throws: ``MarbleError`` for a malformed diagram.
    /// - Precondition: `frameDuration > .zero`.
    public func coldProducer<Value: LosslessStringConvertible, Error>(
        _ marbles: String,
        error: Error? = nil,
        frameDuration: Duration
    ) throws(MarbleError) -> SignalProducer<Value, Error> {
        try coldProducer(marbles, error: error, frameDuration: frameDuration.inSeconds)
    }

    /// A cold producer whose every run sends the events of `timeline`, frame `n` at
    /// `n × frameDuration` seconds after the run started. Disposing a run cancels
    /// the events still to come.
    ///
    /// - Precondition: `frameDuration > 0`.
    public func coldProducer<Value, Error>(
        _ timeline: MarbleTimeline<Value, Error>,
        frameDuration: TimeInterval = 1
    ) -> SignalProducer<Value, Error> {
        precondition(frameDuration > 0, "a frame must last more than 0 seconds, not \(frameDuration)")
        return SignalProducer { [self] observer, lifetime in
            send(timeline, to: observer, from: currentDate, frameDuration: frameDuration, during: lifetime)
        }
    }

    /// A cold producer whose every run sends the events of `timeline`, frame `n` at
    /// `n × frameDuration` after the run started.
    ///
    /// - Precondition: `frameDuration > .zero`.
    public func coldProducer<Value, Error>(
        _ timeline: MarbleTimeline<Value, Error>,
        frameDuration: Duration
    ) -> SignalProducer<Value, Error> {
        coldProducer(timeline, frameDuration: frameDuration.inSeconds)
    }

    /// Schedules every frame of `timeline` relative to `origin`, cancelled when
    /// `lifetime` ends. The lifetime also keeps `input` alive, so that a diagram
    /// without a terminal event leaves the stream open rather than interrupted.
    private func send<Value, Error>(
        _ timeline: MarbleTimeline<Value, Error>,
        to input: Signal<Value, Error>.Observer,
        from origin: Date,
        frameDuration: TimeInterval,
        during lifetime: Lifetime
    ) {
        for (frame, events) in timeline.framesWithEvents {
            lifetime += schedule(after: origin.addingTimeInterval(Double(frame) * frameDuration)) {
                events.forEach(input.send)
            }
        }
        lifetime.observeEnded { withExtendedLifetime(input) {} }
    }
}
