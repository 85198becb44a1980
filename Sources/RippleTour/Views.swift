import Ripple

// Stand-ins for UIKit controls, so that the tour's ViewModels are bound exactly as
// an app binds them, on any platform. Each owns its lifetime, so its bindings end
// when it is deinitialised.

/// A label: shows a text.
final class Label: ReactiveExtensionsProvider, LifetimeProvider {
    @Lifetime.Owned var lifetime
    var text: String?
}

/// A button: a title, and whether it can be pressed.
final class Button: ReactiveExtensionsProvider, LifetimeProvider {
    @Lifetime.Owned var lifetime
    var title: String?
    var isEnabled = true
}

/// A text field: shows a text, and reports what the user types.
final class TextField: ReactiveExtensionsProvider, LifetimeProvider {
    @Lifetime.Owned var lifetime
    var text: String?
    private let typing = Signal<String?, Never>.pipe()

    /// Every text the user types, as they type it.
    var continuousTextValues: Signal<String?, Never> {
        typing.output
    }

    /// The user types `text` (replacing the field's contents).
    func type(_ text: String) {
        self.text = text
        typing.input.send(value: text)
    }
}

extension Reactive where Base: Label {
    /// Sets the label's text.
    var text: BindingTarget<String?> {
        makeBindingTarget { $0.text = $1 }
    }
}

extension Reactive where Base: Button {
    /// Sets the button's title.
    var title: BindingTarget<String?> {
        makeBindingTarget { $0.title = $1 }
    }

    /// Sets whether the button can be pressed.
    var isEnabled: BindingTarget<Bool> {
        makeBindingTarget { $0.isEnabled = $1 }
    }
}

extension Reactive where Base: TextField {
    /// Sets the field's text.
    var text: BindingTarget<String?> {
        makeBindingTarget { $0.text = $1 }
    }

    /// Every text the user types.
    var continuousTextValues: Signal<String?, Never> {
        base.continuousTextValues
    }
}
