import Ripple
import RippleTerminal
import SeedApp
@testable import Launcher

/// A tiny app for the launcher's tests: a field and a label repeating what was
/// typed, with a two-step walkthrough.
struct EchoApp: SeedApp {
    var title: String { "Echo" }

    func makeScreen(environment: SeedAppEnvironment) -> View {
        EchoScreen()
    }

    func walkthrough(environment: SeedAppEnvironment) -> [WalkthroughStep] {
        [
            WalkthroughStep("Type “hello”") { terminal in
                terminal.type("hello")
                await terminal.waitUntilScreen(contains: "You typed: hello", timeout: .seconds(5))
            },
            WalkthroughStep("Type “ there”") { terminal in
                terminal.type(" there")
                await terminal.waitUntilScreen(contains: "You typed: hello there", timeout: .seconds(5))
            },
        ]
    }
}

/// The echo app's screen.
final class EchoScreen: View {
    let field = TextField(placeholder: "type here")
    let echo = Label()

    override init() {
        super.init()
        navigationItem.title = "Echo"
        addSubview(Border(title: "Echo", Stack(.vertical, [field, echo])))
        echo.reactive.text <~ field.reactive.continuousTextValues.map { "You typed: \($0)" }
    }
}

/// A catalog of the echo app as 1, and a coming app as 2.
@MainActor
func echoCatalog() -> SeedAppCatalog {
    SeedAppCatalog([
        SeedAppCatalog.Item(number: 1, title: "Echo", app: EchoApp()),
        SeedAppCatalog.Item(number: 2, title: "Gallery", app: nil),
    ])
}

/// An app with a navigation stack of its own, as Registration has.
struct DeepApp: SeedApp {
    var title: String { "Deep" }

    func makeScreen(environment: SeedAppEnvironment) -> View {
        let first = Label("the first page")
        first.navigationItem.title = "Deep"
        return NavigationStack(root: first)
    }
}
