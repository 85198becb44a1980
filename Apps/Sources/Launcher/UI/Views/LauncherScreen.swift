import LauncherCore
import Ripple
import RippleTerminal

// LauncherScreen: the launcher's whole window. A navigation stack holds the menu;
// opening an app presents the app's screen over the whole stack (an app is a world
// of its own, with its own navigation bar when it has one), and a status line under
// the stack says where the services answer. The ViewModel decides navigation: the
// stack presents when `openedApp` gets an app and dismisses when it gets `nil`, and
// never goes back by itself — Esc that the app does not use is the ViewModel's
// `back()` input.
//
//     ┌ Ripple: the seed apps ─┐  ─▶  ┌ Twitter Search ───────┐
//     │1 Twitter Search        │       │Search: …              │
//     │…                       │       │…                      │
//     └────────────────────────┘       └───────────────────────┘
//     services: http://127.0.0.1:41234 (in process) · tweet index: 29,856 tweets
//
// Bindings: present or dismiss <~ openedApp; viewModel.back() <~ the stack's back
// requests (Esc).

/// The launcher: the menu in a navigation stack, the open app presented over it,
/// and the services' status line.
///
/// ```swift
/// let catalog = SeedAppCatalog.standard
/// let screen = LauncherScreen(viewModel: viewModel) { entry in
///     catalog.makeScreen(for: entry, environment: environment)
/// }
/// ```
@MainActor
public final class LauncherScreen: View {
    /// The stack: the menu at its root, the open app presented over it.
    public let navigation: NavigationStack
    /// The menu.
    public let menu: MenuScreen
    /// The services' address and the tweet index's progress.
    public let statusLabel = Label(style: Style(attributes: .dim))
    /// The ViewModel the screen shows (kept alive by the screen).
    public let viewModel: LauncherViewModel

    /// The launcher of `viewModel`; `makeScreen` builds the screen of an app when it
    /// opens (a new one each time: closing an app ends it).
    public init(viewModel: LauncherViewModel, makeScreen: @escaping @MainActor (LauncherEntry) -> View) {
        self.viewModel = viewModel
        menu = MenuScreen(viewModel: viewModel)
        navigation = NavigationStack(root: menu)
        super.init()
        navigation.sizing = .flexible
        addSubview(Stack(.vertical, [navigation, statusLabel]))

        navigation.goesBackByItself = false
        statusLabel.reactive.text <~ viewModel.status
        let showApp = navigation.reactive.makeBindingTarget(on: MainActorScheduler()) { (stack, entry: LauncherEntry?) in
            if let entry { stack.present(makeScreen(entry)) } else { stack.dismiss() }
        }
        showApp <~ viewModel.openedApp.signal
        navigation.reactive.backRequests.observeValues { [viewModel] in viewModel.back() }
    }

    /// Whether an app is on screen.
    public var isShowingApp: Bool {
        navigation.presentedScreen != nil
    }
}
