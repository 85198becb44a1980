import RegistrationCore
import Ripple
import RippleTerminal

// RegistrationScreen: the app's whole screen. The form sits in a navigation stack
// (the original's form was pushed on one), which pushes the confirmation on each
// `didRegister`; a toast over both shows the ViewModel's toasts (failures' reasons,
// and "Registered successfully").

/// The registration app's screen: the form, its toasts, and the confirmation.
@MainActor
public final class RegistrationScreen: View {
    /// The form and Messages pane, the navigation's root.
    public let form: RegisterFormView
    /// The navigation stack: the form, then the confirmation.
    public let navigation: NavigationStack
    /// The toast at the bottom.
    public let toast: Toast

    /// The screen of `viewModel`; the toast's time and the spinner run on `scheduler`.
    public init(viewModel: RegisterViewModel, scheduler: some DateScheduler) {
        form = RegisterFormView(viewModel: viewModel, scheduler: scheduler)
        navigation = NavigationStack(root: form)
        toast = Toast(duration: .seconds(3), scheduler: scheduler)
        super.init()
        let host = OverlayHost(navigation)
        // Above the footer and the boxes' bottom edge.
        host.addOverlay(toast, placement: .bottom(margin: 2))
        addSubview(host)

        toast.reactive.show <~ viewModel.toasts
        navigation.reactive.makeBindingTarget(on: MainActorScheduler()) { (navigation: NavigationStack, confirmation: ConfirmationViewModel) in
            navigation.push(ConfirmationView(viewModel: confirmation))
        } <~ viewModel.didRegister
    }

    /// The ViewModel the screen shows.
    public var viewModel: RegisterViewModel { form.viewModel }
}
