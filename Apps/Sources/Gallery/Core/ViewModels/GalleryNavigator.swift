import Ripple

// GalleryNavigator: where the gallery's screens go, decided here and obeyed by the
// view layer's navigation stack (the original pushed and presented from its views).
//
//     Wall       Enter on a photo          push(pager)
//     Wall       l                         present(log-in form)
//     Pager      i                         present(detail)
//     Detail     vote, not logged in       present(log-in form); the vote resumes
//                                          when the detail is active again
//     Detail, log-in form: Done, Cancel, a successful log-in   dismiss
//     any screen: the user's "back" (Esc) ─▶ back(): the top screen goes, the way
//                                          it came (dismissed or popped)
//
// The navigator keeps the stack of screens shown above the wall, so `back()` knows
// whether to pop or dismiss, and so that the view never decides.

/// A screen of the gallery above the wall.
public enum GalleryDestination<Picture: Sendable>: Sendable {
    /// The full-size pager.
    case fullSize(FullSizePhotoViewModel<Picture>)
    /// A photo's detail.
    case detail(PhotoDetailViewModel)
    /// The log-in form.
    case login(LoginViewModel)
}

/// What the navigation stack is asked to do.
public enum GalleryRoute<Picture: Sendable>: Sendable {
    /// Push this screen.
    case push(GalleryDestination<Picture>)
    /// Present this screen modally.
    case present(GalleryDestination<Picture>)
    /// Pop the top pushed screen.
    case pop
    /// Dismiss the top presented screen.
    case dismiss
}

/// The gallery's navigation: every screen's requests in, the stack's orders out.
///
/// ```swift
/// let navigator = GalleryNavigator(gallery: wall)
/// navigator.routes.observeValues { route in … }   // the view's stack obeys
/// wall.open(at: 0)                                 // .push(.fullSize(pager))
/// navigator.back()                                 // .pop
/// ```
public final class GalleryNavigator<Picture: Sendable>: Sendable {
    /// The orders for the navigation stack, in the order they must be carried out.
    public let routes: Signal<GalleryRoute<Picture>, Never>
    /// The screens above the wall, bottom first, each with whether it was presented.
    public let screens: Property<[(screen: GalleryDestination<Picture>, presented: Bool)]>

    private let stack = MutableProperty<[(screen: GalleryDestination<Picture>, presented: Bool)]>([])
    private let routePipe = Signal<GalleryRoute<Picture>, Never>.pipe()

    /// The navigation from `gallery`'s wall.
    public init(gallery: GalleryViewModel<Picture>) {
        routes = routePipe.output
        screens = Property(stack)
        gallery.fullSizeRequests.observeValues { [weak self] pager in self?.push(.fullSize(pager)) }
        gallery.loginRequests.observeValues { [weak self] form in self?.present(.login(form)) }
    }

    /// The user's "back" (Esc that the screen did not use): the top screen goes.
    /// Returns whether there was one (at the wall, the app's host goes back).
    @discardableResult
    public func back() -> Bool {
        guard let top = stack.value.last else { return false }
        switch top.screen {
        case let .detail(detail): detail.done()
        case let .login(form): form.cancel()
        case .fullSize: pop()
        }
        return true
    }

    private func push(_ screen: GalleryDestination<Picture>) {
        stack.value.append((screen, false))
        if case let .fullSize(pager) = screen {
            pager.detailRequests.observeValues { [weak self] detail in self?.present(.detail(detail)) }
            pager.active.value = true
        }
        routePipe.input.send(value: .push(screen))
    }

    private func present(_ screen: GalleryDestination<Picture>) {
        // The screen under a new presented one is no longer active.
        stack.value.last.map { Self.setActive($0.screen, false) }
        stack.value.append((screen, true))
        switch screen {
        case let .detail(detail):
            detail.loginRequests.observeValues { [weak self] form in self?.present(.login(form)) }
            detail.closeRequests.observeValues { [weak self, weak detail] in
                if let detail { self?.close { if case let .detail(shown) = $0 { shown === detail } else { false } } }
            }
            detail.active.value = true
        case let .login(form):
            form.closeRequests.observeValues { [weak self, weak form] in
                if let form { self?.close { if case let .login(shown) = $0 { shown === form } else { false } } }
            }
        case .fullSize:
            break
        }
        routePipe.input.send(value: .present(screen))
    }

    private func pop() {
        guard let top = stack.value.last, !top.presented else { return }
        stack.value.removeLast()
        Self.setActive(top.screen, false)
        routePipe.input.send(value: .pop)
    }

    /// Dismisses the presented screen that `isScreen` picks when it is on top; the
    /// detail under it, if any, becomes active again.
    private func close(_ isScreen: (GalleryDestination<Picture>) -> Bool) {
        guard let top = stack.value.last, top.presented, isScreen(top.screen) else { return }
        stack.value.removeLast()
        routePipe.input.send(value: .dismiss)
        stack.value.last.map { Self.setActive($0.screen, true) }
    }

    /// Tells the pager or the detail whether it is on top (a form has no activity).
    private static func setActive(_ screen: GalleryDestination<Picture>, _ active: Bool) {
        switch screen {
        case let .fullSize(pager): pager.active.value = active
        case let .detail(detail): detail.active.value = active
        case .login: break
        }
    }

    deinit {
        routePipe.input.sendCompleted()
    }
}
