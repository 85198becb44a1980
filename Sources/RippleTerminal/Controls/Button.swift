import Ripple

// Button: a titled control that runs its CocoaAction when pressed.
//
// Drawn as "[ title ]", reversed while focused, dim while disabled. Enter or Space on
// the focused button presses it, and so does a left click; a press while disabled does nothing. Setting
// `reactive.pressed` binds the button's `isEnabled` to the CocoaAction's (replacing
// any previous one's binding), so the button is disabled while its action is
// disabled or executing; `nil` unbinds it and enables the button.

/// A control with a title that runs an action when pressed.
///
/// ```swift
/// let search = Button(title: "Search")
/// search.reactive.pressed = CocoaAction(viewModel.search)
/// ```
@MainActor
public final class Button: Control {
    /// The text between the brackets.
    public var title: String {
        didSet { if title != oldValue { setNeedsLayout() } }
    }

    /// What a press runs; set through `reactive.pressed`.
    var pressedAction: CocoaAction<Button>? {
        didSet {
            enabledBinding?.dispose()
            enabledBinding = nil
            if let pressedAction {
                enabledBinding = reactive.isEnabled <~ pressedAction.isEnabled
            } else {
                isEnabled = true
            }
        }
    }
    private var enabledBinding: (any Disposable)?
    private let presses = Signal<Void, Never>.pipe()

    /// A button titled `title`.
    public init(title: String) {
        self.title = title
        super.init()
        let observer = presses.input
        lifetime.observeEnded { observer.sendCompleted() }
    }

    /// A press from the user: runs the CocoaAction and sends on
    /// `reactive.pressedValues` if the button is enabled.
    public func press() {
        guard isEnabled else { return }
        pressedAction?.execute(self)
        presses.input.send(value: ())
    }

    /// Presses the button on Enter or Space.
    public override func handleKey(_ event: KeyEvent) -> Bool {
        guard event.modifiers.isEmpty, event.key == .enter || event.key == .character(" ") else { return false }
        press()
        return true
    }

    /// Presses the button on a left click.
    public override func handleMouse(_ event: MouseEvent, at position: Position) -> Bool {
        guard case .press(.left) = event.kind else { return false }
        press()
        return true
    }

    /// The title's width plus four columns for "[ " and " ]", by one row.
    public override func sizeThatFits(_ proposal: Size) -> Size {
        Size(columns: title.displayWidth + 4, rows: 1)
    }

    /// Draws "[ title ]" in the control's state style, the title ended with "…"
    /// when the frame is narrower.
    public override func draw(in context: inout DrawingContext) {
        context.put("[ " + title.truncated(toColumns: context.size.columns - 4) + " ]", at: Position(column: 0, row: 0), style: stateStyle())
    }

    /// The presses the user makes while the button is enabled.
    var pressedValues: Signal<Void, Never> {
        presses.output
    }
}

/// What a button runs when pressed, as a reactive extension.
extension Reactive where Base: Button {
    /// What pressing the button runs: ReactiveCocoa's `button.reactive.pressed =
    /// CocoaAction(action)`. Setting it makes the button's `isEnabled` follow the
    /// CocoaAction's.
    @MainActor
    public var pressed: CocoaAction<Button>? {
        get { base.pressedAction }
        nonmutating set { base.pressedAction = newValue }
    }

    /// Sets the button's title.
    public var title: BindingTarget<String> {
        makeBindingTarget(on: MainActorScheduler()) { $0.title = $1 }
    }

    /// A value each time the user presses the enabled button; completes when the
    /// button is deinitialised.
    @MainActor
    public var pressedValues: Signal<Void, Never> {
        base.pressedValues
    }
}
