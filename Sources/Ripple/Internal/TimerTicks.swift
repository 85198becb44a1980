#if canImport(FoundationEssentials)
import FoundationEssentials
#else
import Foundation
#endif

// What runs one `SchedulerTimer` (Scheduling/AsyncScheduling.swift): the iterator's
// handle on it, and its ticks waiting for the consumer.

/// The owner of one running timer: held by the iterator only, so that dropping the
/// iterator ends the timer.
final class TimerSubscription: Sendable {
    let ticks: TimerTicks

    init(ticks: TimerTicks) {
        self.ticks = ticks
    }

    deinit {
        ticks.finish()
    }
}

/// The ticks of one running timer, waiting for the consumer.
///
/// The repeating work retains this object until it is disposed; ``finish()``
/// disposes it, which breaks that cycle.
final class TimerTicks: Sendable {
    private struct State {
        var buffer: [Date] = []
        var waiting: CheckedContinuation<Date?, Never>?
        var work: (any Disposable)?
        var isFinished = false
        /// Whether ``send(_:)`` resumed the waiting consumer, which has not yet
        /// returned from ``next()``.
        var isResumedBySend = false
    }

    private let state = Locked(State())
    private let tracker: (any ResumptionTracking)?

    init(tracker: (any ResumptionTracking)?) {
        self.tracker = tracker
    }

    /// Keeps the repeating work, to cancel it when the timer ends; if it has
    /// ended already, cancels the work at once.
    func attach(_ work: (any Disposable)?) {
        let isFinished = state.withLock { state in
            if !state.isFinished { state.work = work }
            return state.isFinished
        }
        if isFinished { work?.dispose() }
    }

    /// Hands a tick to the waiting consumer, or keeps it for the next call to
    /// ``next()``.
    func send(_ date: Date) {
        let waiting = state.withLock { state -> CheckedContinuation<Date?, Never>? in
            guard !state.isFinished else { return nil }
            guard let waiting = state.waiting else {
                state.buffer.append(date)
                return nil
            }
            state.waiting = nil
            state.isResumedBySend = true
            return waiting
        }
        guard let waiting else { return }
        tracker?.taskWillResume()
        waiting.resume(returning: date)
    }

    /// The oldest tick not taken yet, waiting for one if need be; `nil` once the
    /// timer has ended or the calling task is cancelled.
    func next() async -> Date? {
        let date = await withTaskCancellationHandler {
            await withCheckedContinuation { (continuation: CheckedContinuation<Date?, Never>) in
                let ready = state.withLock { state -> Date?? in
                    if state.isFinished { return .some(nil) }
                    if !state.buffer.isEmpty { return .some(state.buffer.removeFirst()) }
                    state.waiting = continuation
                    return .none
                }
                if let ready { continuation.resume(returning: ready) }
            }
        } onCancel: {
            finish()
        }
        let wasResumedBySend = state.withLock { state in
            defer { state.isResumedBySend = false }
            return state.isResumedBySend
        }
        if wasResumedBySend { tracker?.taskDidResume() }
        return date
    }

    /// Ends the timer: cancels the repeating work, drops the ticks not taken and
    /// ends a waiting ``next()`` with `nil`.
    func finish() {
        let (waiting, work) = state.withLock { state -> (CheckedContinuation<Date?, Never>?, (any Disposable)?) in
            guard !state.isFinished else { return (nil, nil) }
            state.isFinished = true
            state.buffer = []
            defer {
                state.waiting = nil
                state.work = nil
            }
            return (state.waiting, state.work)
        }
        work?.dispose()
        waiting?.resume(returning: nil)
    }
}
