import Foundation
import Registration
import RegistrationCore
import Ripple
import RippleTerminal
import SeedApp
import Testing

/// The app as the launcher opens it: `RegistrationApp().makeScreen(environment:)`
/// on the main queue, and its walkthrough run step by step against the real Users
/// service in a 100 × 30 VirtualTerminal, as the launcher runs it.
@MainActor
@Suite(.timeLimit(.minutes(2)))
struct RegistrationAppTests {
    @Test func itIsRegistration() {
        #expect(RegistrationApp().title == "Registration")
    }

    @Test func theWalkthroughRegistersANewPhoneAndEndsWithTheConfirmation() async throws {
        try await withUsersService { services in
            let environment = SeedAppEnvironment(servicesURL: services.url, dataDirectory: nil, scheduler: QueueScheduler.main)
            let app = RegistrationApp()
            let terminal = VirtualTerminal(columns: 100, rows: 30, root: app.makeScreen(environment: environment))
            let steps = app.walkthrough(environment: environment)
            #expect(steps.count == 6)
            var screens: [String] = []
            for step in steps {
                await step.perform(terminal)
                screens.append(terminal.snapshot)
            }
            #expect(screens[0].contains("Invalid phone number"))
            #expect(screens[2].contains("Your verification code is"))
            let counted = [screens[2], screens[3]].map { screen in
                screen.firstMatch(of: /\[ ([0-9]+)s \]/).flatMap { Int($0.1) } ?? 0
            }
            #expect(counted[0] > 0 && counted[1] <= counted[0] - 2, "the countdown moved on by two seconds")
            let last = terminal.lines
            #expect(last.contains { $0.contains("Registered successfully") }, "the screen:\n\(terminal.snapshot)")
            #expect(last.contains { $0.contains("Account: 138") })
        }
    }

    @Test func theWalkthroughsPhoneIsValidAndChangesEverySecond() {
        let now = Date(timeIntervalSince1970: 1_795_032_000)
        let phone = RegistrationApp.walkthroughPhone(at: now)
        #expect(RegistrationRules.isValidPhone(phone))
        #expect(RegistrationApp.walkthroughPhone(at: now.addingTimeInterval(1)) != phone)
    }
}
