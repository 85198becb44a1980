import Ripple

// Checkbox: an on/off control with a title.
//
// Drawn as "[x] title" or "[ ] title", reversed while focused, dim while disabled.
// Space or Enter on the focused, enabled checkbox toggles it and sends the new state
// on `reactive.isOnValues`; setting `isOn` (or binding `reactive.isOn`) changes it
// without sending, as UIKit's control events do.

/// A control that is on or off, toggled by the user.
///
/// ```swift
/// let done = Checkbox(title: "已完成")
/// done.reactive.isOn <~ todo.isDone
/// viewModel.setDone <~ done.reactive.isOnValues
/// ```
@MainActor
public final class Checkbox: Control {
    /// The text after the box.
    public var title: String {
        didSet { if title != oldValue { setNeedsLayout() } }
    }
    /// Whether the box is checked.
    public var isOn: Bool {
        didSet { if isOn != oldValue { setNeedsDisplay() } }
    }
    private let toggles = Signal<Bool, Never>.pipe()

    /// A checkbox titled `title`, checked when `isOn`.
    public init(title: String, isOn: Bool = false) {
        self.title = title
        self.isOn = isOn
        super.init()
        let observer = toggles.input
        lifetime.observeEnded { observer.sendCompleted() }
    }

    /// A toggle from the user: flips `isOn` and sends the new state, if enabled.
    public func toggle() {
        guard isEnabled else { return }
        isOn.toggle()
        toggles.input.send(value: isOn)
    }

    /// Toggles on Space or Enter.
    public override func handleKey(_ event: KeyEvent) -> Bool {
        guard event.modifiers.isEmpty, event.key == .enter || event.key == .character(" ") else { return false }
        toggle()
        return true
    }

    /// Toggles on a left click.
    public override func handleMouse(_ event: MouseEvent, at position: Position) -> Bool {
        guard case .press(.left) = event.kind else { return false }
        toggle()
        return true
    }

    /// "[x] " and the title's width, by one row.
    public override func sizeThatFits(_ proposal: Size) -> Size {
        Size(columns: title.displayWidth + 4, rows: 1)
    }

    /// Draws the box and the title in the control's state style, the title ended
    /// with "…" when the frame is narrower.
    public override func draw(in context: inout DrawingContext) {
        context.put((isOn ? "[x] " : "[ ] ") + title.truncated(toColumns: context.size.columns - 4), at: Position(column: 0, row: 0), style: stateStyle())
    }

    /// The states the user toggles the checkbox to.
    var isOnValues: Signal<Bool, Never> {
        toggles.output
    }
}

/// The binding target and value stream of a checkbox.
extension Reactive where Base: Checkbox {
    /// Sets whether the checkbox is checked (without sending on `isOnValues`).
    public var isOn: BindingTarget<Bool> {
        makeBindingTarget(on: MainActorScheduler()) { $0.isOn = $1 }
    }

    /// Sets the checkbox's title.
    public var title: BindingTarget<String> {
        makeBindingTarget(on: MainActorScheduler()) { $0.title = $1 }
    }

    /// The new state each time the user toggles the checkbox; completes when the
    /// checkbox is deinitialised.
    @MainActor
    public var isOnValues: Signal<Bool, Never> {
        base.isOnValues
    }
}
