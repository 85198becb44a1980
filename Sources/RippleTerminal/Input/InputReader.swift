import Ripple

// InputReader: a stream of input bytes, in chunks from any source, as a signal of
// input events — with the lone-ESC question settled by a quiet time.
//
//     receive(ESC)  ──25 ms, nothing else──▶  esc
//     receive(ESC) receive("[A") (within 25 ms)  ▶  up
//
// Each chunk goes through an `InputDecoder`. While the decoder holds something a
// later byte could change (a lone ESC, an unfinished sequence, a character that may
// grow), a flush is scheduled `escapeTimeout` after the last chunk on the injected
// scheduler; a new chunk cancels it and schedules another. Events go out in the order
// their bytes arrived, one at a time, never while the reader's lock is held: a chunk
// received while another thread (or an observer, re-entrantly) is delivering is
// delivered by that delivery, after the events before it. `finish()` flushes and
// completes the signal; chunks received after it are ignored.

/// Decodes terminal input that arrives in chunks into a signal of
/// ``InputEvent``s, flushing a lone ESC once the input has been quiet for
/// `escapeTimeout`.
///
/// ```swift
/// let reader = InputReader(scheduler: QueueScheduler.main)
/// reader.events.observeValues { event in print(event) }
/// reader.receive(bytesJustRead)
/// ```
///
/// In tests, a `TestScheduler` makes the quiet time virtual. ``TerminalSession``
/// feeds one from standard input on the main queue.
public final class InputReader: Sendable {
    /// The decoded events, in the order their bytes arrived; completes on
    /// ``finish()``.
    public let events: Signal<InputEvent, Never>

    private let input: Signal<InputEvent, Never>.Observer
    private let scheduler: any DateScheduler
    private let escapeTimeout: Double
    private let state = Protected(State())

    private struct State {
        var decoder = InputDecoder()
        /// Decoded events not delivered yet, oldest first.
        var outbox: [InputEvent] = []
        /// Whether a thread is delivering the outbox.
        var isDelivering = false
        var isFinished = false
        var completionIsDue = false
        /// Counts chunks, so that a flush scheduled before the latest one does nothing.
        var generation: UInt64 = 0
        var scheduledFlush: (any Disposable)?
    }

    /// Creates a reader.
    ///
    /// - Parameters:
    ///   - escapeTimeout: how long the input must stay quiet before a lone ESC is
    ///     the Esc key (and other pending bytes are settled).
    ///   - scheduler: where the flush after the quiet time runs; events it decides
    ///     are delivered there.
    public init(escapeTimeout: Duration = .milliseconds(25), scheduler: some DateScheduler) {
        (events, input) = Signal<InputEvent, Never>.pipe()
        self.scheduler = scheduler
        let (seconds, attoseconds) = escapeTimeout.components
        self.escapeTimeout = Double(seconds) + Double(attoseconds) / 1e18
    }

    /// Decodes the next chunk of input and delivers the events it completes.
    public func receive(_ bytes: some Sequence<UInt8>) {
        let (generation, replaced) = state.withLock { state -> (UInt64?, (any Disposable)?) in
            guard !state.isFinished else { return (nil, nil) }
            state.outbox += state.decoder.decode(bytes)
            state.generation &+= 1
            let replaced = state.scheduledFlush
            state.scheduledFlush = nil
            return (state.decoder.needsFlush ? state.generation : nil, replaced)
        }
        replaced?.dispose()
        if let generation { scheduleFlush(generation) }
        deliver()
    }

    /// Settles what is pending, delivers it, and completes ``events``.
    public func finish() {
        let scheduled = state.withLock { state -> (any Disposable)? in
            guard !state.isFinished else { return nil }
            state.isFinished = true
            state.outbox += state.decoder.flush()
            state.completionIsDue = true
            defer { state.scheduledFlush = nil }
            return state.scheduledFlush
        }
        scheduled?.dispose()
        deliver()
    }

    private func scheduleFlush(_ generation: UInt64) {
        let date = scheduler.currentDate.addingTimeInterval(escapeTimeout)
        let flush = scheduler.schedule(after: date) { [weak self] in
            self?.flushIfQuiet(since: generation)
        }
        let stale = state.withLock { state -> (any Disposable)? in
            guard state.generation == generation, !state.isFinished else { return flush }
            state.scheduledFlush = flush
            return nil
        }
        stale?.dispose()
    }

    private func flushIfQuiet(since generation: UInt64) {
        let isQuiet = state.withLock { state -> Bool in
            guard state.generation == generation, !state.isFinished else { return false }
            state.outbox += state.decoder.flush()
            state.scheduledFlush = nil
            return true
        }
        if isQuiet { deliver() }
    }

    /// Delivers the outbox unless another delivery is under way (it will deliver
    /// what this thread added).
    private func deliver() {
        let isDeliverer = state.withLock { state -> Bool in
            guard !state.isDelivering else { return false }
            state.isDelivering = true
            return true
        }
        guard isDeliverer else { return }
        while true {
            let (batch, completes) = state.withLock { state -> ([InputEvent], Bool) in
                defer {
                    state.outbox = []
                    state.completionIsDue = false
                }
                if state.outbox.isEmpty, !state.completionIsDue { state.isDelivering = false }
                return (state.outbox, state.completionIsDue)
            }
            guard !batch.isEmpty || completes else { return }
            for event in batch { input.send(value: event) }
            if completes { input.sendCompleted() }
        }
    }
}
