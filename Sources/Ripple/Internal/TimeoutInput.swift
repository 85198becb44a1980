/// What feeds the result of `timeout(after:on:fallback:)`, in one serialised order.
enum TimeoutInput<Value, Error: Swift.Error> {
    case source(Signal<Value, Error>.Event)
    case deadline
    case fallback(Signal<Value, Error>.Event)
}
