// Collect: gather values into arrays, or fold them into one result, sent when a
// condition holds or when the stream completes.
//
//     collect()                               -a-b-c-|   →   -------[a,b,c]|
//     collect()                               ---|       →   ---[]|
//     collect(count: 2)                       -a-b-c-|   →   ---[a,b]---[c]|
//     collect { $0.count == 2 }               -a-b-c-|   →   ---[a,b]---[c]|
//     collect { _, next in next == 0 }        -1-2-0-3-| →   -----[1,2]---[0,3]|
//     reduce(0, +)                            -1-2-3-|   →   -------6|
//     reduce(into: []) { $0.append($1) }      ---|       →   ---[]|
//
// What has been collected is sent when the stream completes; a failure or an
// interruption drops it and passes through at once.

extension Signal {
    /// Sends every value in one array when the stream completes; `[]` if it
    /// completes without a value.
    public func collect() -> Signal<[Value], Error> {
        collect { (_: [Value], _: Value) in false }
    }

    /// Sends the values in arrays of `count`, and the values left over, if any, in
    /// one shorter array when the stream completes.
    ///
    /// As ``collect()``, sends `[]` if the stream completes without a value.
    ///
    /// - Precondition: `count > 0`.
    public func collect(count: Int) -> Signal<[Value], Error> {
        precondition(count > 0, "collect(count:) needs a positive count, not \(count)")
        return collect { (collectedValues: [Value]) in collectedValues.count == count }
    }

    /// Adds every value to an array and sends the array, starting a new one, whenever
    /// `shouldEmit` returns `true` for it. The values collected since the last array,
    /// if any, are sent when the stream completes.
    ///
    /// As ``collect()``, sends `[]` if the stream completes without a value.
    public func collect(_ shouldEmit: @escaping (_ collectedValues: [Value]) -> Bool) -> Signal<[Value], Error> {
        collected { values, value in
            values.append(value)
            guard shouldEmit(values) else { return nil }
            let output = values
            values = []
            return output
        }
    }

    /// Asks `shouldEmit`, for every value, whether to send the values collected so
    /// far before it; if so, sends them and starts a new array with that value. The
    /// values collected since the last array are sent when the stream completes.
    ///
    /// The array sent may be empty when `shouldEmit` returns `true` for the first
    /// value, as in ReactiveSwift. As ``collect()``, sends `[]` if the stream
    /// completes without a value.
    public func collect(_ shouldEmit: @escaping (_ collected: [Value], _ next: Value) -> Bool) -> Signal<[Value], Error> {
        collected { values, value in
            guard shouldEmit(values, value) else {
                values.append(value)
                return nil
            }
            let output = values
            values = [value]
            return output
        }
    }

    /// Combines `initial` with the first value through `next`, then every result with
    /// the following value, and sends the last result when the stream completes;
    /// sends `initial` if it completes without a value.
    public func reduce<Result>(_ initial: Result, _ next: @escaping (Result, Value) -> Result) -> Signal<Result, Error> {
        reduce(into: initial) { result, value in result = next(result, value) }
    }

    /// Updates an accumulator that starts as `initial` with every value through
    /// `next`, and sends it when the stream completes; sends `initial` if it
    /// completes without a value.
    public func reduce<Result>(into initial: Result, _ next: @escaping (inout Result, Value) -> Void) -> Signal<Result, Error> {
        derived { (input: Signal<Result, Error>.Observer) in
            var result = initial
            return Observer { event in
                switch event {
                case let .value(value): next(&result, value)
                case let .failed(error): input.send(error: error)
                case .completed:
                    input.send(value: result)
                    input.sendCompleted()
                case .interrupted: input.sendInterrupted()
                }
            }
        }
    }

    /// The engine of every `collect`: `add` puts a value into the array and returns
    /// an array to send, if any. On completion, the values left over are sent, or
    /// `[]` if there never was a value.
    private func collected(by add: @escaping (_ values: inout [Value], _ value: Value) -> [Value]?) -> Signal<[Value], Error> {
        derived { (input: Signal<[Value], Error>.Observer) in
            var values: [Value] = []
            var hasReceivedValues = false
            return Observer { event in
                switch event {
                case let .value(value):
                    hasReceivedValues = true
                    if let output = add(&values, value) { input.send(value: output) }
                case let .failed(error): input.send(error: error)
                case .completed:
                    if !values.isEmpty || !hasReceivedValues { input.send(value: values) }
                    input.sendCompleted()
                case .interrupted: input.sendInterrupted()
                }
            }
        }
    }
}

extension SignalProducer {
    /// Sends every value in one array when the stream completes; `[]` if it
    /// completes without a value.
    public func collect() -> SignalProducer<[Value], Error> {
        lift { $0.collect() }
    }

    /// Sends the values in arrays of `count`, and the values left over, if any, in
    /// one shorter array when the stream completes.
    ///
    /// As ``collect()``, sends `[]` if the stream completes without a value.
    ///
    /// - Precondition: `count > 0`.
    public func collect(count: Int) -> SignalProducer<[Value], Error> {
        precondition(count > 0, "collect(count:) needs a positive count, not \(count)")
        return lift { $0.collect(count: count) }
    }

    /// Adds every value to an array and sends the array, starting a new one, whenever
    /// `shouldEmit` returns `true` for it. The values collected since the last array,
    /// if any, are sent when the stream completes.
    ///
    /// As ``collect()``, sends `[]` if the stream completes without a value.
    public func collect(_ shouldEmit: @escaping (_ collectedValues: [Value]) -> Bool) -> SignalProducer<[Value], Error> {
        lift { $0.collect(shouldEmit) }
    }

    /// Asks `shouldEmit`, for every value, whether to send the values collected so
    /// far before it; if so, sends them and starts a new array with that value. The
    /// values collected since the last array are sent when the stream completes.
    ///
    /// The array sent may be empty when `shouldEmit` returns `true` for the first
    /// value, as in ReactiveSwift. As ``collect()``, sends `[]` if the stream
    /// completes without a value.
    public func collect(_ shouldEmit: @escaping (_ collected: [Value], _ next: Value) -> Bool) -> SignalProducer<[Value], Error> {
        lift { $0.collect(shouldEmit) }
    }

    /// Combines `initial` with the first value through `next`, then every result with
    /// the following value, and sends the last result when the stream completes;
    /// sends `initial` if it completes without a value.
    public func reduce<Result>(_ initial: Result, _ next: @escaping (Result, Value) -> Result) -> SignalProducer<Result, Error> {
        lift { $0.reduce(initial, next) }
    }

    /// Updates an accumulator that starts as `initial` with every value through
    /// `next`, and sends it when the stream completes; sends `initial` if it
    /// completes without a value.
    public func reduce<Result>(into initial: Result, _ next: @escaping (inout Result, Value) -> Void) -> SignalProducer<Result, Error> {
        lift { $0.reduce(into: initial, next) }
    }
}
