// Zip: pair the inputs' values by position — the first value of each input, then
// the second of each, and so on — buffering the values of inputs that run ahead.
//
//     zip(a, b)     a: -1-2-3-----|
//                   b: ---x---y-|
//                      ---(1,x)-(2,y)-|
//
// Completes as soon as an input has completed and none of its values is left in the
// buffer (no further tuple can be formed); fails or is interrupted at once when any
// input fails or is interrupted. Inputs sending at once on several threads are taken
// one at a time, and each tuple leaves in the order it was formed.

extension Signal {
    /// Zips `first` with every signal of `rest`: sends a tuple of the n-th values of
    /// all inputs once each of them has sent its n-th value.
    ///
    /// ```swift
    /// Signal.zip(requests, responses).observeValues { request, response in … }
    /// ```
    ///
    /// Completes when an input has completed and all of its values have been used;
    /// fails or is interrupted as soon as any input is.
    public static func zip<each S>(
        _ first: Signal<Value, Error>,
        _ rest: repeat Signal<each S, Error>
    ) -> Signal<(Value, repeat each S), Error> {
        var inputs = [first.funnelInput { $0 as Any }]
        for signal in repeat each rest { inputs.append(signal.funnelInput { $0 as Any }) }
        return .funnel(inputs) { arrivals, inputCount in
            arrivals.zipping(inputCount) { unerased($0, as: (Value, repeat each S).self) }
        }
    }

    /// Zips `signals`: sends an array of the n-th values of all signals, in the
    /// order of `signals`, once each of them has sent its n-th value.
    ///
    /// Completes when a signal has completed and all of its values have been used;
    /// fails or is interrupted as soon as any signal is. With no signal at all, the
    /// result has completed already (observers get `interrupted`); the producer
    /// version can send a sentinel instead.
    public static func zip<S: Sequence>(_ signals: S) -> Signal<[Value], Error> where S.Element == Signal {
        let inputs = signals.map { $0.funnelInput { $0 } }
        guard !inputs.isEmpty else { return .empty }
        return .funnel(inputs) { arrivals, inputCount in
            arrivals.zipping(inputCount) { $0 }
        }
    }

    /// Zips this signal with `other` into pairs; see ``zip(_:_:)``.
    public func zip<U>(with other: Signal<U, Error>) -> Signal<(Value, U), Error> {
        Signal.zip(self, other)
    }

    /// The zip state machine over the arrivals of a funnel of `inputCount` inputs;
    /// `assemble` builds a result from the oldest buffered value of every input.
    /// Its state needs no lock: the funnel calls it one arrival at a time.
    fileprivate func zipping<Element, Output>(
        _ inputCount: Int,
        _ assemble: @escaping ([Element]) -> Output
    ) -> Signal<Output, Error> where Value == Arrival<Element> {
        var buffers = [FIFO<Element>](repeating: FIFO(), count: inputCount)
        var hasCompleted = [Bool](repeating: false, count: inputCount)
        var emptyBuffers = inputCount
        return derived(forwarding: { event, input in
            switch event {
            case let .value(.value(element, index)):
                if buffers[index].isEmpty { emptyBuffers -= 1 }
                buffers[index].append(element)
                guard emptyBuffers == 0 else { return }
                var heads: [Element] = []
                heads.reserveCapacity(inputCount)
                var isExhausted = false
                for index in buffers.indices {
                    heads.append(buffers[index].removeFirst())
                    if buffers[index].isEmpty {
                        emptyBuffers += 1
                        if hasCompleted[index] { isExhausted = true }
                    }
                }
                input.send(value: assemble(heads))
                if isExhausted { input.sendCompleted() }
            case let .value(.completed(index)):
                hasCompleted[index] = true
                if buffers[index].isEmpty { input.sendCompleted() }
            case let .failed(error): input.send(error: error)
            case .completed: input.sendCompleted()
            case .interrupted: input.sendInterrupted()
            }
        })
    }
}

/// A first-in, first-out buffer: appending and removing are O(1) amortised, and a
/// removed element is released at once.
private struct FIFO<Element> {
    private var storage: [Element?] = []
    private var head = 0

    var isEmpty: Bool { head == storage.count }

    mutating func append(_ element: Element) {
        storage.append(element)
    }

    /// Removes and returns the oldest element; the buffer must not be empty.
    mutating func removeFirst() -> Element {
        let element = storage[head].take()!
        head += 1
        if head == storage.count {
            storage.removeAll(keepingCapacity: true)
            head = 0
        } else if head >= 32, head * 2 >= storage.count {
            storage.removeFirst(head)
            head = 0
        }
        return element
    }
}

extension SignalProducer {
    /// Zips `first` with every producer of `rest`: sends a tuple of the n-th values
    /// of all inputs once each of them has sent its n-th value. Each start starts
    /// one run of every producer, left to right.
    ///
    /// Completes when an input has completed and all of its values have been used;
    /// fails or is interrupted as soon as any input is.
    public static func zip<each S>(
        _ first: SignalProducer<Value, Error>,
        _ rest: repeat SignalProducer<each S, Error>
    ) -> SignalProducer<(Value, repeat each S), Error> {
        lift(first, repeat each rest, transform: { (first: Signal<Value, Error>, rest: repeat Signal<each S, Error>) in
            Signal<Value, Error>.zip(first, repeat each rest)
        })
    }

    /// Zips `producers`: sends an array of the n-th values of all producers, in the
    /// order of `producers`, once each of them has sent its n-th value. Each start
    /// starts one run of every producer, in order.
    ///
    /// Completes when a producer has completed and all of its values have been
    /// used; fails or is interrupted as soon as any producer is.
    ///
    /// - Parameter emptySentinel: what to send, before completing, when `producers`
    ///   is empty; with `nil`, an empty `producers` completes at once.
    public static func zip<S: Sequence>(
        _ producers: S,
        emptySentinel: [Value]? = nil
    ) -> SignalProducer<[Value], Error> where S.Element == SignalProducer {
        let producers = Array(producers)
        guard !producers.isEmpty else {
            return emptySentinel.map { SignalProducer<[Value], Error>(value: $0) } ?? .empty
        }
        return lift(producers) { Signal<Value, Error>.zip($0) }
    }

    /// Zips this producer with `other` into pairs; see ``zip(_:_:)``. This
    /// producer's run starts first.
    public func zip<U>(with other: SignalProducer<U, Error>) -> SignalProducer<(Value, U), Error> {
        lift(with: other) { $0.zip(with: $1) }
    }
}
