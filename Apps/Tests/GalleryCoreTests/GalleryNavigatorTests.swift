import GalleryCore
import GalleryStubs
import Ripple
import Testing

/// Navigation decided by the ViewModels: what the stack is asked to do, in order.
@Suite struct GalleryNavigatorTests {
    func describe(_ route: GalleryRoute<String>) -> String {
        func name(_ screen: GalleryDestination<String>) -> String {
            switch screen {
            case .fullSize: "pager"
            case .detail: "detail"
            case .login: "login"
            }
        }
        switch route {
        case let .push(screen): return "push \(name(screen))"
        case let .present(screen): return "present \(name(screen))"
        case .pop: return "pop"
        case .dismiss: return "dismiss"
        }
    }

    @Test func wallToPagerToDetailToLogInAndBack() {
        let (wall, stub, scheduler) = makeGallery(photos: 3)
        let navigator = GalleryNavigator(gallery: wall)
        let routes = Recorder(navigator.routes)
        scheduler.advance(by: .seconds(1))
        wall.open(at: 1)
        guard case let .fullSize(pager)? = navigator.screens.value.last?.screen else {
            Issue.record("no pager")
            return
        }
        pager.showInfo()
        guard case let .detail(detail)? = navigator.screens.value.last?.screen else {
            Issue.record("no detail")
            return
        }
        #expect(detail.active.value)
        detail.vote()   // not logged in
        #expect(!detail.active.value)
        guard case let .login(form)? = navigator.screens.value.last?.screen else {
            Issue.record("no form")
            return
        }
        form.username.value = "ada"
        form.password.value = "secret"
        form.logIn.apply().start()
        scheduler.advance(by: .seconds(1))
        #expect(detail.active.value && stub.requests.last == "vote 2")   // the form closed, the vote resumed
        #expect(navigator.back())    // Esc on the detail: Done
        #expect(navigator.back())    // Esc on the pager
        #expect(!navigator.back())   // the wall: the host goes back
        #expect(routes.values.map(describe) == [
            "push pager", "present detail", "present login", "dismiss", "dismiss", "pop",
        ])
    }

    @Test func logInFromTheWallIsPresentedAndCancelDismissesIt() {
        let (wall, _, _) = makeGallery(photos: 1)
        let navigator = GalleryNavigator(gallery: wall)
        let routes = Recorder(navigator.routes)
        wall.logIn()
        navigator.back()
        #expect(routes.values.map(describe) == ["present login", "dismiss"])
        #expect(navigator.screens.value.isEmpty)
    }
}
