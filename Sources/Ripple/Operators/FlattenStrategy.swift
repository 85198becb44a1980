/// How `flatten(_:)` and `flatMap(_:_:)` turn a stream of inner streams into one
/// stream of values: which inner streams run, and when.
///
/// Every line below shows the result for the same outer stream, which sends the
/// inner streams `a`, `b` and `c` (each inner timeline starts where the outer sends
/// it) and then completes:
///
/// ```
/// outer         a-b--c---|
/// a             ----1---2|
/// b               -3--4|
/// c                  --5|
///
/// .merge                 ---31-452|
/// .concat                ----1---2-3--4--5|
/// .concurrent(limit: 2)  ---31-4-25|
/// .latest                ---3---5-|
/// .race                  ---3--4--|
/// .throttle              ----1---2|
/// ```
///
/// Under every strategy, a failure of the outer stream or of an inner stream whose
/// events are forwarded fails the result at once and disposes every inner run; an
/// interruption of the outer stream interrupts the result; and the result completes
/// once the outer stream and every inner stream it started have completed. An inner
/// stream counts as running until its run has ended and released its resources, so
/// its cleanup is over before a waiting inner stream takes its place.
///
/// Equality compares the cases: `.concat` and `.concurrent(limit: 1)` behave alike
/// but are not equal.
public enum FlattenStrategy: Sendable, Equatable {
    /// Starts every inner stream at once and forwards the values of all of them as
    /// they come.
    ///
    ///     ---31-452|
    ///
    /// An inner stream's interruption counts as its completion.
    case merge

    /// Runs one inner stream at a time, in the order they arrive: the next starts
    /// when the previous one has completed; the others wait in a queue.
    ///
    ///     ----1---2-3--4--5|
    ///
    /// An inner stream's interruption counts as its completion.
    case concat

    /// Runs at most `limit` inner streams at once; the others wait in a queue, in the
    /// order they arrived, and start as running ones complete. `.merge` has no limit
    /// and `.concat` a limit of one.
    ///
    ///     ---31-4-25|        (limit: 2)
    ///
    /// An inner stream's interruption counts as its completion. `limit` must be
    /// greater than zero.
    case concurrent(limit: UInt)

    /// Forwards the values of the latest inner stream only: a new inner stream
    /// disposes the previous one before it starts.
    ///
    ///     ---3---5-|
    ///
    /// An inner stream's interruption counts as its completion.
    case latest

    /// Forwards only the inner stream that sends the first event (of any kind), and
    /// disposes the others at that moment; inner streams that arrive afterwards are
    /// ignored.
    ///
    ///     ---3--4--|
    ///
    /// The winner's interruption interrupts the result.
    case race

    /// Ignores new inner streams while one is running ("exhaust"): an inner stream
    /// starts only if no other is active.
    ///
    ///     ----1---2|
    ///
    /// The running inner stream's interruption interrupts the result.
    case throttle
}
