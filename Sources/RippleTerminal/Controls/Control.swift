import Ripple

// Control: a view the user acts on — focusable while enabled, drawn reversed while
// focused and dim while disabled.

/// The base class of views that take the focus and act on keys: ``Button``,
/// ``TextField``, ``Checkbox``.
@MainActor
open class Control: View {
    /// Whether the control responds to the user; a disabled control is drawn dim
    /// and Tab skips it (it keeps the focus if it has it).
    public var isEnabled = true {
        didSet { if isEnabled != oldValue { setNeedsDisplay() } }
    }

    /// A control can take the focus while it is enabled.
    open override var canBecomeFocused: Bool {
        isEnabled
    }

    /// `base` as the control shows in its state: reversed while focused, dim while
    /// disabled.
    public func stateStyle(_ base: Style = .plain) -> Style {
        var style = base
        if isFocused { style.attributes.insert(.reverse) }
        if !isEnabled { style.attributes.insert(.dim) }
        return style
    }
}

/// The binding target every control has.
extension Reactive where Base: Control {
    /// Sets whether the control is enabled.
    public var isEnabled: BindingTarget<Bool> {
        makeBindingTarget(on: MainActorScheduler()) { $0.isEnabled = $1 }
    }
}
