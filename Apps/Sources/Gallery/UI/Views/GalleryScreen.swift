import GalleryCore
import Ripple
import RippleTerminal

// GalleryScreen: the gallery's whole window, a navigation stack with the wall at its
// root. The GalleryNavigator decides every move; the stack obeys its routes (push the
// pager, present the detail or the log-in form as a sheet — under a bar of its own,
// its title and "Done" or "Cancel" — pop, dismiss) and never goes back by
// itself: Esc that a screen does not use is the navigator's `back()`, and at the wall
// (nothing to go back from) it goes on to the launcher, which closes the app.

/// The gallery: the wall in a navigation stack that obeys the navigator.
@MainActor
public final class GalleryScreen: View {
    /// The stack: the wall at its root.
    public let navigation: NavigationStack
    /// The wall.
    public let wall: WallScreen
    /// Where the screens go.
    public let navigator: GalleryNavigator<Image>

    /// The gallery of `viewModel`; spinners turn on `scheduler`.
    public init(viewModel: GalleryViewModel<Image>, scheduler: some DateScheduler) {
        wall = WallScreen(viewModel: viewModel)
        navigator = GalleryNavigator(gallery: viewModel)
        navigation = NavigationStack(root: wall)
        super.init()
        navigation.goesBackByItself = false
        addSubview(navigation)
        let obey = navigation.reactive.makeBindingTarget(on: MainActorScheduler()) { (stack, route: GalleryRoute<Image>) in
            switch route {
            case let .push(screen): stack.push(Self.view(for: screen, scheduler: scheduler))
            case let .present(screen): stack.present(Self.view(for: screen, scheduler: scheduler), style: .sheet)
            case .pop: _ = stack.pop()
            case .dismiss: _ = stack.dismiss()
            }
        }
        obey <~ navigator.routes
        navigation.reactive.backRequests.observeValues { [navigator] in navigator.back() }
    }

    /// The view of a screen.
    static func view(for screen: GalleryDestination<Image>, scheduler: some DateScheduler) -> View {
        switch screen {
        case let .fullSize(pager): PagerScreen(viewModel: pager, scheduler: scheduler)
        case let .detail(detail): DetailScreen(viewModel: detail)
        case let .login(form): LoginScreen(viewModel: form)
        }
    }
}
