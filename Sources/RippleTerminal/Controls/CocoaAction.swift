import Ripple

// CocoaAction: the bridge from a control's event to an `Action`, as in ReactiveCocoa.
//
// A control holds one (`button.reactive.pressed = CocoaAction(action)`), follows its
// `isEnabled`, and calls `execute(sender)` when the user acts; the action runs with
// an input made from the sender — nothing for a `Void` action, a fixed value, or a
// value read from the control. The CocoaAction keeps its action alive; the control
// keeps the CocoaAction, so both live as long as the control holds it.

/// Runs an `Action` when a control (of type `Sender`) is acted on.
///
/// ```swift
/// button.reactive.pressed = CocoaAction(viewModel.search)                   // Action<Void, …>
/// button.reactive.pressed = CocoaAction(viewModel.delete, input: item.id)   // a fixed input
/// button.reactive.pressed = CocoaAction(viewModel.open) { $0.title }        // made from the sender
/// ```
public final class CocoaAction<Sender> {
    /// Whether the action can run now (it is enabled and not executing).
    public let isEnabled: Property<Bool>
    /// Whether the action is executing.
    public let isExecuting: Property<Bool>
    private let run: (Sender) -> Void

    /// Runs `action` with the input `inputTransform` makes from the sender.
    public init<Input, Output, Failure>(_ action: Action<Input, Output, Failure>,
                                        _ inputTransform: @escaping (Sender) -> Input) {
        isEnabled = action.isEnabled
        isExecuting = action.isExecuting
        run = { sender in action.apply(inputTransform(sender)).start() }
    }

    /// Runs `action`, which takes no input.
    public convenience init<Output, Failure>(_ action: Action<Void, Output, Failure>) {
        self.init(action) { _ in () }
    }

    /// Runs `action` with `input` every time.
    public convenience init<Input, Output, Failure>(_ action: Action<Input, Output, Failure>, input: Input) {
        self.init(action) { _ in input }
    }

    /// Applies the action to the input made from `sender` and starts it; while the
    /// action is disabled, nothing runs.
    public func execute(_ sender: Sender) {
        run(sender)
    }
}
