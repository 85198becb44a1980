import Foundation
import RegistrationCore
import Ripple
import RippleTerminal
import SeedApp

// RegistrationApp: seed 002 as the launcher opens it. `makeScreen(environment:)`
// builds the HTTP client of the Users service at the launcher's URL;
// `makeScreen(api:scheduler:)` takes any implementation of the service (the coin
// flip, a test's stub). The walkthrough registers a new phone number end to end.

/// Registration (seed 002): the sign-up form with a verification code by SMS, over
/// the local Users service.
///
/// ```swift
/// let screen = RegistrationApp().makeScreen(environment: SeedAppEnvironment(
///     servicesURL: services.url, dataDirectory: directory, scheduler: QueueScheduler.main))
/// ```
public struct RegistrationApp: SeedApp {
    /// The app.
    public init() {}

    /// `"Registration"`.
    public var title: String { RegisterFormView.title }

    /// The screen, talking to the Users service at `environment.servicesURL`.
    public func makeScreen(environment: SeedAppEnvironment) -> View {
        Self.makeScreen(api: UserClient(baseURL: environment.servicesURL, scheduler: environment.scheduler),
                        scheduler: environment.scheduler)
    }

    /// The screen over `api`, its ViewModel's time, toasts and spinner on `scheduler`.
    public static func makeScreen(api: some UserAPI, scheduler: some DateScheduler) -> RegistrationScreen {
        RegistrationScreen(viewModel: RegisterViewModel(api: api, scheduler: scheduler), scheduler: scheduler)
    }

    /// A phone number, a code from Messages, an account: an invalid phone first, then
    /// a valid one nobody registered yet (made from the current time, since the data
    /// directory keeps its accounts), a code, the countdown, the form, the confirmation.
    public func walkthrough(environment: SeedAppEnvironment) -> [WalkthroughStep] {
        Self.walkthrough(phone: Self.walkthroughPhone(at: Date()))
    }

    /// The walkthrough's steps, registering `phone` with the password `abc123`.
    static func walkthrough(phone: String, password: String = "abc123") -> [WalkthroughStep] {
        [
            WalkthroughStep("Type an invalid phone number: the error shows, “Get code” stays disabled") { terminal in
                terminal.type("12345")
                await terminal.waitUntilScreen(contains: RegistrationRules.invalidPhone)
            },
            WalkthroughStep("Type a valid phone number, \(phone): its Messages are read") { terminal in
                for _ in 0..<5 { terminal.press(.backspace) }
                terminal.type(phone)
                await terminal.waitUntilScreen(contains: "No messages to \(phone)")
            },
            WalkthroughStep("Press “Get code”: the countdown starts, the code arrives in Messages") { terminal in
                for _ in 0..<4 { terminal.press(.tab) }
                terminal.press(.enter)
                await terminal.waitUntilScreen(timeout: .seconds(20)) { lines in
                    secondsLeft(in: lines) != nil && code(in: lines) != nil
                }
            },
            WalkthroughStep("Two seconds later: the countdown moves on") { terminal in
                let start = secondsLeft(in: terminal.lines) ?? RegisterViewModel.countdownSeconds
                await terminal.waitUntilScreen(timeout: .seconds(5)) { lines in
                    (secondsLeft(in: lines) ?? start) <= start - 2
                }
            },
            WalkthroughStep("Fill the password, its confirmation and the code from Messages") { terminal in
                let code = code(in: terminal.lines) ?? ""
                for _ in 0..<3 { terminal.press(.tab, modifiers: .shift) }
                terminal.type(password)
                terminal.press(.tab)
                terminal.type(password)
                terminal.press(.tab)
                terminal.type(code)
                let errors = [RegistrationRules.invalidPhone, RegistrationRules.invalidPassword,
                              RegistrationRules.passwordsDiffer, RegistrationRules.invalidVerifyCode]
                await terminal.waitUntilScreen { lines in
                    !lines.contains { line in errors.contains { line.contains($0) } }
                }
            },
            WalkthroughStep("Press “Register”: the account is created, the confirmation shows") { terminal in
                terminal.press(.tab)
                terminal.press(.enter)
                await terminal.waitUntilScreen(contains: "Account: \(phone)", timeout: .seconds(30))
            },
        ]
    }

    /// A valid phone number (`138` and 8 digits) that changes every second: a
    /// walkthrough run registers a number no earlier run did.
    public static func walkthroughPhone(at date: Date) -> String {
        let digits = String(Int(date.timeIntervalSince1970) % 100_000_000)
        return "138" + String(repeating: "0", count: 8 - digits.count) + digits
    }

    /// The seconds the "Get code" button counts down from, as it shows them (`[ 58s ]`).
    static func secondsLeft(in lines: [String]) -> Int? {
        for line in lines {
            if let match = line.firstMatch(of: /\[ ([0-9]+)s \]/) { return Int(match.1) }
        }
        return nil
    }

    /// The 6-digit code of the newest SMS the Messages pane shows.
    static func code(in lines: [String]) -> String? {
        for line in lines {
            if let match = line.firstMatch(of: /code is ([0-9]{6})/) { return String(match.1) }
        }
        return nil
    }
}
