// AsyncSequence producers: a `SignalProducer` that iterates an `AsyncSequence` in a
// new `Task` on every start.
//
//     SignalProducer(stream)     stream: a b c (end)     →   -a-b-c-|
//                                stream: a (throws e)    →   -a-#e
//     disposed while iterating                           →   -a-INTERRUPTED   (task cancelled, iteration stops)
//
// Each start makes a new iterator, in a new task, on the isolation given at creation
// (by default the caller's, as a `for await` loop written there would run); the
// elements are sent from that isolation as they come. Disposing the run, or any
// other end of the run, cancels the task: the run is interrupted at once, the loop
// asks for no further element, and the task releases the iterator once the pending
// `next()` returns (at once for sequences that honour cancellation).

extension SignalProducer where Value: Sendable {
    /// Creates a producer that iterates `sequence` on every start, sending each
    /// element, then completes when the sequence ends, or fails with the error the
    /// sequence throws.
    ///
    /// ```swift
    /// let (changes, continuation) = AsyncStream.makeStream(of: Int.self)
    /// SignalProducer(changes).startWithValues { print("did received value: \($0)") }
    /// continuation.yield(1)    // did received value: 1
    /// ```
    ///
    /// Every start calls `makeAsyncIterator()` again, so a sequence that can be
    /// iterated once only (an `AsyncStream`) should be started once.
    ///
    /// - Parameters:
    ///   - sequence: iterated in a new task on every start; disposing the run cancels
    ///     that task and stops the iteration.
    ///   - isolation: where the sequence is iterated and the run's events are sent:
    ///     by default the isolation of the caller (the main actor in `@MainActor`
    ///     code), `nil` for the global concurrent executor.
    public init<S: AsyncSequence & Sendable>(
        _ sequence: S,
        isolation: (any Actor)? = #isolation
    ) where S.Element == Value, S.Failure == Error {
        self.init(isolation: isolation) { (observer: Signal<Value, Error>.Observer) in
            var iterator = sequence.makeAsyncIterator()
            do throws(Error) {
                while !Task.isCancelled, let element = try await iterator.next(isolation: #isolation) {
                    observer.send(value: element)
                }
                observer.sendCompleted()
            } catch {
                observer.send(error: error)
            }
        }
    }
}
