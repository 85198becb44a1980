import Ripple
import SeedAppCore

// ConfirmationViewModel: what the form shows once the account exists (the original
// toasted 注册成功 and popped the form): a line each for the success, the account and
// when it was created, and the one key of that screen.

/// The confirmation screen's content: the account just created.
public struct ConfirmationViewModel: Sendable, Hashable {
    /// The screen's title.
    public static let title = "Welcome"

    /// The account created.
    public let account: RegisteredAccount

    /// The confirmation of `account`.
    public init(account: RegisteredAccount) {
        self.account = account
    }

    /// The screen's key: Esc goes back to the form.
    public var keyHints: Property<[KeyHint]> {
        Property(value: [KeyHint("Esc", "back to the form")])
    }

    /// What the screen says, a line each: success, the account, when it was created.
    public var lines: [String] {
        var lines = [RegisterViewModel.registeredMessage, "Account: \(account.account)"]
        if !account.createdAt.isEmpty {
            lines.append("Created: \(OutboxState.readable(account.createdAt))")
        }
        return lines
    }
}
