import Ripple

// The binding targets every view has, as ReactiveCocoa gives every UIView.

/// The binding targets every view has.
extension Reactive where Base: View {
    /// Hides or shows the view; a hidden view takes no space and cannot be focused.
    ///
    /// ```swift
    /// errorLabel.reactive.isHidden <~ viewModel.errorMessage.map { $0 == nil }
    /// ```
    public var isHidden: BindingTarget<Bool> {
        makeBindingTarget(on: MainActorScheduler()) { $0.isHidden = $1 }
    }

    /// Sets how a stack sizes the view along its axis.
    public var sizing: BindingTarget<Sizing> {
        makeBindingTarget(on: MainActorScheduler()) { $0.sizing = $1 }
    }
}
