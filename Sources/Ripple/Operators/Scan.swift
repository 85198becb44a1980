// Scan: carry state from value to value and send something derived from it with
// every value.
//
//     scan(0, +)                                 -1-2-3-|   →   -1-3-6-|
//     scan(into: "") { $0 += $1 }                -a-b-c-|   →   -a-ab-abc-|
//     scanMap(0) { ($0 + $1, $0) }               -1-2-3-|   →   -0-1-3-|
//     scanMap(into: 0) { $0 += $1; return -$0 }  -1-2-3-|   →   -(-1)-(-3)-(-6)-|
//     combinePrevious(0)                         -1-2-3-|   →   -(0,1)-(1,2)-(2,3)-|
//     combinePrevious()                          -1-2-3-|   →   ---(1,2)-(2,3)-|
//
// The state starts afresh for every signal the operator creates, so for every run
// of a producer. Failures, completion and interruption pass through unchanged and
// at once, and release the state.

extension Signal {
    /// Combines `initial` with the first value through `next`, then every result with
    /// the following value, and sends every result.
    public func scan<Result>(_ initial: Result, _ next: @escaping (Result, Value) -> Result) -> Signal<Result, Error> {
        scan(into: initial) { result, value in result = next(result, value) }
    }

    /// Updates an accumulator that starts as `initial` with every value through
    /// `next`, and sends a copy of the accumulator after every update.
    public func scan<Result>(into initial: Result, _ next: @escaping (inout Result, Value) -> Void) -> Signal<Result, Error> {
        scanMap(into: initial) { (result: inout Result, value: Value) -> Result in
            next(&result, value)
            return result
        }
    }

    /// Threads a state that starts as `initialState` through every value: `next`
    /// returns the following state and the value to send.
    public func scanMap<State, U>(_ initialState: State, _ next: @escaping (State, Value) -> (State, U)) -> Signal<U, Error> {
        scanMap(into: initialState) { (state: inout State, value: Value) -> U in
            let (nextState, output) = next(state, value)
            state = nextState
            return output
        }
    }

    /// Threads a state that starts as `initialState` through every value: `next`
    /// updates the state in place and returns the value to send.
    public func scanMap<State, U>(into initialState: State, _ next: @escaping (inout State, Value) -> U) -> Signal<U, Error> {
        derived { (input: Signal<U, Error>.Observer) in
            var state = initialState
            return Observer { event in
                switch event {
                case let .value(value): input.send(value: next(&state, value))
                case let .failed(error): input.send(error: error)
                case .completed: input.sendCompleted()
                case .interrupted: input.sendInterrupted()
                }
            }
        }
    }

    /// Sends every value together with the one before it; the first value is paired
    /// with `initial`.
    public func combinePrevious(_ initial: Value) -> Signal<(previous: Value, current: Value), Error> {
        combinePrevious(after: initial)
    }

    /// Sends every value together with the one before it, from the second value on.
    public func combinePrevious() -> Signal<(previous: Value, current: Value), Error> {
        combinePrevious(after: nil)
    }

    /// Pairs every value with the one before it, `first` standing before the first
    /// value; with no `first`, the first value only becomes the previous one.
    private func combinePrevious(after first: Value?) -> Signal<(previous: Value, current: Value), Error> {
        derived { (input: Signal<(previous: Value, current: Value), Error>.Observer) in
            var previous = first
            return Observer { event in
                switch event {
                case let .value(current):
                    if let previous { input.send(value: (previous, current)) }
                    previous = current
                case let .failed(error): input.send(error: error)
                case .completed: input.sendCompleted()
                case .interrupted: input.sendInterrupted()
                }
            }
        }
    }
}

extension SignalProducer {
    /// Combines `initial` with the first value through `next`, then every result with
    /// the following value, and sends every result.
    public func scan<Result>(_ initial: Result, _ next: @escaping (Result, Value) -> Result) -> SignalProducer<Result, Error> {
        lift { $0.scan(initial, next) }
    }

    /// Updates an accumulator that starts as `initial` with every value through
    /// `next`, and sends a copy of the accumulator after every update.
    public func scan<Result>(into initial: Result, _ next: @escaping (inout Result, Value) -> Void) -> SignalProducer<Result, Error> {
        lift { $0.scan(into: initial, next) }
    }

    /// Threads a state that starts as `initialState` through every value: `next`
    /// returns the following state and the value to send.
    public func scanMap<State, U>(_ initialState: State, _ next: @escaping (State, Value) -> (State, U)) -> SignalProducer<U, Error> {
        lift { $0.scanMap(initialState, next) }
    }

    /// Threads a state that starts as `initialState` through every value: `next`
    /// updates the state in place and returns the value to send.
    public func scanMap<State, U>(into initialState: State, _ next: @escaping (inout State, Value) -> U) -> SignalProducer<U, Error> {
        lift { $0.scanMap(into: initialState, next) }
    }

    /// Sends every value together with the one before it; the first value is paired
    /// with `initial`.
    public func combinePrevious(_ initial: Value) -> SignalProducer<(previous: Value, current: Value), Error> {
        lift { $0.combinePrevious(initial) }
    }

    /// Sends every value together with the one before it, from the second value on.
    public func combinePrevious() -> SignalProducer<(previous: Value, current: Value), Error> {
        lift { $0.combinePrevious() }
    }
}
