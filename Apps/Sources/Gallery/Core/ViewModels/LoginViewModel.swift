import Ripple
import SeedAppCore

/// The log-in form: a name, a password, and the action that logs in.
///
/// The action is enabled while both fields hold text and no log-in runs. A failed
/// log-in is shown on the form (the original only logged it); a successful one, or
/// Cancel, asks to close the form (``closeRequests``), which the navigation obeys.
///
/// ```swift
/// login.username.value = "13800138000"
/// login.password.value = "abc123"
/// login.logIn.apply().start()
/// ```
public final class LoginViewModel: Sendable {
    /// The screen's title.
    public static let title = "Log In"
    /// What closes the form without logging in, in its bar and its keys: "Cancel".
    public static let closeTitle = "Cancel"

    /// The user's name (the account's phone number on the local services).
    public let username = MutableProperty("")
    /// The password.
    public let password = MutableProperty("")
    /// Logs in with the fields' text; enabled iff both are non-empty and no log-in runs.
    public let logIn: Action<Void, Never, GalleryError>
    /// The last failure as a sentence; empty when there is none.
    public let errorText: Property<String>
    /// Sends when the form should close: logged in, or cancelled.
    public let closeRequests: Signal<Void, Never>
    /// The keys of the form.
    public let keyHints: Property<[KeyHint]>

    private let closePipe = Signal<Void, Never>.pipe()

    /// A form that logs in through `service`; what the view reads changes on `scheduler`.
    public init(service: any LoginService, scheduler: some Scheduler) {
        let fields = Property.combineLatest(username, password)
        let canLogIn = fields.map { !$0.0.isEmpty && !$0.1.isEmpty }
        let credentials = fields
        logIn = Action(state: credentials, enabledIf: { !$0.0.isEmpty && !$0.1.isEmpty }) { fields, _ in
            service.logIn(username: fields.0, password: fields.1).observe(on: scheduler)
        }
        let lastError = MutableProperty("")
        errorText = Property(lastError)
        logIn.errors.observeValues { lastError.value = $0.message }
        logIn.isExecuting.signal.filter { $0 }.observeValues { _ in lastError.value = "" }
        closeRequests = closePipe.output
        let close = closePipe.input
        logIn.completed.observeValues { close.send(value: ()) }
        keyHints = canLogIn.map { enabled in
            (enabled ? [KeyHint("Enter", "log in")] : [KeyHint("Enter", "log in (fill both fields)")])
                + [KeyHint("Tab", "next field"), KeyHint("Esc", Self.closeTitle.lowercased())]
        }
    }

    /// Cancel: asks to close the form without logging in.
    public func cancel() {
        closePipe.input.send(value: ())
    }

    deinit {
        closePipe.input.sendCompleted()
    }
}
