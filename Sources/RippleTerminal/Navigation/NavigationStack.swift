import Ripple

// NavigationStack: screens on a stack — UIKit's UINavigationController with
// `present`/`dismiss` — obeying a ViewModel's "show this" outputs.
//
// The stack shows its top screen under a `NavigationBar` (the screen's
// `navigationItem`: title, "‹ Back" while it can pop, bar items). Only the top screen
// is in the view tree; the ones below are kept, with the view that had the focus in
// each (weakly), and a popped screen is let go: unless something else holds it, it is
// deinitialised and the bindings into it end.
//
// Subviews, in tree (focus and drawing) order: the page holding the top screen, the
// bar, then each presented screen's layer. A presented screen covers the stack — the
// whole of it (`.fullScreen`), the whole of it under a bar of its own (`.sheet`: the
// screen's title, its close title where "‹ Back" would be, the rule), or a centred
// bordered panel (`.panel`) — and its layer
// is `isModal`, so the window confines the focus and the mouse to it: the stack below
// can be neither focused nor clicked until it is dismissed. Presentations stack; each
// remembers the focus it covered and gives it back when dismissed.
//
// Focus: a push or a pop gives the focus to the first focusable view of the new top
// screen; a pop gives it back to the view that had it in that screen, if it still can
// take it. The page (and a presented layer) takes the focus itself when its screen has
// nothing focusable, so that Esc still reaches the stack. Esc that no view handled
// dismisses the topmost presented screen, or else pops; a click on "‹ Back" pops, one
// on a sheet's close title dismisses it.
//
// A ViewModel that decides navigation itself sets `goesBackByItself` to false: Esc
// and "‹ Back" then change nothing and are sent on `reactive.backRequests` (while there
// is something to go back from), and the stack pops or dismisses only when told. The
// ViewModel stays the one source of truth: the stack never moves on its own.

/// How ``NavigationStack/present(_:style:)`` shows a screen over the stack.
public enum PresentationStyle: Sendable, Hashable {
    /// The screen covers the whole stack, bar included (an app with bars of its own).
    case fullScreen
    /// The screen covers the whole stack under a bar of its own, as a pushed screen
    /// shows: its `navigationItem`'s title centred, its `closeTitle` ("Done",
    /// "Cancel") at the left where "‹ Back" would be — a click on it goes back as Esc
    /// does — its right bar item, and the rule.
    case sheet
    /// The screen sits in a box at its fitting size, centred over the stack, with its
    /// `navigationItem.title` in the top edge; the stack shows around it.
    case panel
}

/// A stack of screens under a title bar, with screens presented modally over it.
///
/// ```swift
/// let navigation = NavigationStack(root: SearchView(viewModel))
/// navigation.reactive.push <~ viewModel.showResults.map { ResultsView($0) }
/// navigation.reactive.pop <~ viewModel.didRegister
/// viewModel.back <~ navigation.reactive.userPops.map { _ in () }
/// ```
@MainActor
public final class NavigationStack: View {
    /// A screen on the stack and the view that had the focus in it.
    private struct Entry {
        let screen: View
        weak var focused: View?
    }

    /// A presented screen, its modal layer and the focus it covered.
    private struct Presentation {
        let screen: View
        let layer: PresentationLayer
        let coveredFocus: SavedFocus
    }

    private var entries: [Entry]
    private var presentations: [Presentation] = []
    private let page = FocusFallback(isOpaque: false)
    private let bar = NavigationBar()
    private let pops = Signal<View, Never>.pipe()
    private let userPopSignal = Signal<View, Never>.pipe()
    private let dismissals = Signal<View, Never>.pipe()
    private let userDismissalSignal = Signal<View, Never>.pipe()
    private let backRequestSignal = Signal<Void, Never>.pipe()

    /// Whether Esc and a click on "‹ Back" dismiss or pop at once (`true`, the
    /// default), or are only sent on `reactive.backRequests` for a ViewModel to
    /// decide, the stack moving only when told.
    public var goesBackByItself = true

    /// A stack holding `root`, the screen that is never popped.
    public init(root: View) {
        entries = [Entry(screen: root)]
        super.init()
        addSubview(page)
        addSubview(bar)
        page.addSubview(root)
        bar.onBack = { [weak self] in _ = self?.goBack() }
        bar.show(root.navigationItem, leading: .none)
        for pipe in [pops, userPopSignal, dismissals, userDismissalSignal] {
            let observer = pipe.input
            lifetime.observeEnded { observer.sendCompleted() }
        }
        let backRequests = backRequestSignal.input
        lifetime.observeEnded { backRequests.sendCompleted() }
    }

    /// The screens on the stack, root first.
    public var screens: [View] {
        entries.map(\.screen)
    }

    /// The screen shown under the bar: the last pushed.
    public var topScreen: View {
        entries[entries.count - 1].screen
    }

    /// The presented screens, first presented first; the last covers the others.
    public var presentedScreens: [View] {
        presentations.map(\.screen)
    }

    /// The topmost presented screen, if any.
    public var presentedScreen: View? {
        presentations.last?.screen
    }

    /// Whether ``pop()`` would pop: there is a screen above the root.
    public var canPop: Bool {
        entries.count > 1
    }

    /// The title the bar shows: the top screen's `navigationItem.title`.
    public var title: String {
        bar.title
    }

    /// Shows `screen` on top of the stack and gives the focus to its first focusable
    /// view — unless a presented screen covers the stack: the focus then stays in
    /// the presented screen, and goes to `screen` when that is dismissed.
    ///
    /// - Precondition: `screen` is not already on the stack.
    public func push(_ screen: View) {
        precondition(!entries.contains { $0.screen === screen }, "a screen can be on a navigation stack once")
        rememberFocus()
        topScreen.removeFromSuperview()
        entries.append(Entry(screen: screen))
        show(screen)
        page.focusFirstFocusableView()
    }

    /// Takes the top screen off the stack, unless it is the root, and shows the one
    /// below with the focus where it was; returns the popped screen.
    @discardableResult
    public func pop() -> View? {
        guard canPop else { return nil }
        let popped = entries.removeLast()
        popped.screen.removeFromSuperview()
        reveal()
        pops.input.send(value: popped.screen)
        return popped.screen
    }

    /// Takes every screen above the root off the stack and shows the root with the
    /// focus where it was; returns the popped screens, top first.
    @discardableResult
    public func popToRoot() -> [View] {
        guard canPop else { return [] }
        let popped = entries[1...].reversed().map(\.screen)
        entries.removeSubrange(1...)
        popped[0].removeFromSuperview()
        reveal()
        for screen in popped {
            pops.input.send(value: screen)
        }
        return popped
    }

    /// Shows `screen` modally over the stack (and over any screen already presented)
    /// and gives it the focus; nothing below can be focused or clicked until it is
    /// dismissed. `screen` may itself be a `NavigationStack`.
    ///
    /// - Precondition: `screen` is not already presented here.
    public func present(_ screen: View, style: PresentationStyle = .fullScreen) {
        precondition(!presentations.contains { $0.screen === screen }, "a screen can be presented once")
        let covered = SavedFocus(window)
        let layer = PresentationLayer(screen, style: style) { [weak self] in _ = self?.goBack() }
        presentations.append(Presentation(screen: screen, layer: layer, coveredFocus: covered))
        addSubview(layer)
        layer.focusFirstFocusableView()
    }

    /// Takes the topmost presented screen away and gives the focus back to the view
    /// that had it before; returns the dismissed screen.
    @discardableResult
    public func dismiss() -> View? {
        guard let presentation = presentations.popLast() else { return nil }
        presentation.layer.removeFromSuperview()
        if !presentation.coveredFocus.restore() {
            if let below = presentations.last {
                below.layer.focusFirstFocusableView()
            } else {
                focusTopScreen()
            }
        }
        dismissals.input.send(value: presentation.screen)
        return presentation.screen
    }

    /// Esc, when the focused view did not handle it, dismisses the topmost presented
    /// screen, or else pops.
    public override func handleKey(_ event: KeyEvent) -> Bool {
        guard event.key == .escape, event.modifiers.isEmpty else { return false }
        return goBack()
    }

    /// The user asked to go back (Esc or a click on "‹ Back"): dismisses or pops,
    /// and reports it — or, unless the stack goes back by itself, only reports the
    /// request; returns whether there was anything to go back from.
    @discardableResult
    private func goBack() -> Bool {
        if !goesBackByItself {
            guard !presentations.isEmpty || canPop else { return false }
            backRequestSignal.input.send(value: ())
            return true
        }
        if let screen = dismiss() {
            userDismissalSignal.input.send(value: screen)
            return true
        }
        if let screen = pop() {
            userPopSignal.input.send(value: screen)
            return true
        }
        return false
    }

    /// Notes which view in the top screen (or the bar) has the focus, to give it
    /// back when the screen shows again.
    private func rememberFocus() {
        guard let focused = window?.focusedView, focused.isDescendant(of: page) || focused.isDescendant(of: bar)
        else { return }
        entries[entries.count - 1].focused = focused
    }

    /// Puts `screen` in the page and its item in the bar.
    private func show(_ screen: View) {
        page.addSubview(screen)
        bar.show(screen.navigationItem, leading: canPop ? .back : .none)
    }

    /// Shows the new top screen after a pop, with the focus where it was in it.
    private func reveal() {
        show(topScreen)
        focusTopScreen()
    }

    /// Gives the focus to the view that last had it in the top screen, or else to
    /// the screen's first focusable view.
    private func focusTopScreen() {
        if let focused = entries[entries.count - 1].focused, let window, window.focus(focused) { return }
        page.focusFirstFocusableView()
    }

    /// The page below the bar, the bar at the top, presented layers over the stack.
    public override func layoutSubviews() {
        let barRows = min(NavigationBar.height, frame.rows)
        bar.frame = Rect(column: frame.column, row: frame.row, columns: frame.columns, rows: barRows)
        page.frame = Rect(column: frame.column, row: frame.row + barRows, columns: frame.columns,
                          rows: frame.rows - barRows)
        for presentation in presentations {
            presentation.layer.frame = presentation.layer.placement.frame(for: presentation.layer, in: frame)
        }
    }

    /// The top screen's fitting size with the bar's rows, widened to the title.
    public override func sizeThatFits(_ proposal: Size) -> Size {
        let screen = topScreen.sizeThatFits(Size(columns: proposal.columns, rows: proposal.rows - NavigationBar.height))
        return Size(columns: max(screen.columns, title.displayWidth), rows: screen.rows + NavigationBar.height)
    }

    /// A screen that left the stack through a pop.
    var poppedScreens: Signal<View, Never> { pops.output }
    /// A screen the user popped.
    var userPoppedScreens: Signal<View, Never> { userPopSignal.output }
    /// A presented screen that was dismissed.
    var dismissedScreens: Signal<View, Never> { dismissals.output }
    /// A presented screen the user dismissed.
    var userDismissedScreens: Signal<View, Never> { userDismissalSignal.output }
    /// The user's requests to go back, while the stack does not go back by itself.
    var backRequestSignalOutput: Signal<Void, Never> { backRequestSignal.output }
}

/// The modal layer of a presented screen: opaque, confining input, and focusable
/// itself when the screen has nothing focusable.
@MainActor
final class PresentationLayer: View {
    /// Where the layer sits over the stack.
    let placement: OverlayPlacement
    private let border: Border?
    private var titleObservation: (any Disposable)?

    /// A layer showing `screen` as `style` says; a click on a sheet's close title
    /// calls `goBack`.
    init(_ screen: View, style: PresentationStyle, goBack: @escaping @MainActor () -> Void) {
        let content: View
        switch style {
        case .fullScreen:
            placement = .fill
            border = nil
            content = screen
        case .sheet:
            placement = .fill
            border = nil
            content = SheetContent(screen, goBack: goBack)
        case .panel:
            placement = .center
            let border = Border(title: screen.navigationItem.title, screen)
            self.border = border
            content = border
        }
        super.init()
        isModal = true
        addSubview(FocusFallback(content, isOpaque: true))
        if let border {
            let item = screen.navigationItem
            titleObservation = item.changed.take(during: lifetime).observeValues { [weak border, weak item] in
                MainActor.assumeIsolated {
                    if let item { border?.title = item.title }
                }
            }
        }
    }
}

/// A sheet: a presented screen under a bar of its own.
@MainActor
final class SheetContent: View {
    private let bar = NavigationBar()

    /// `screen` under the bar of its `navigationItem`, the close title calling `goBack`.
    init(_ screen: View, goBack: @escaping @MainActor () -> Void) {
        super.init()
        // The screen first: the focus goes to it before the bar's items.
        addSubview(screen)
        addSubview(bar)
        bar.onBack = goBack
        bar.show(screen.navigationItem, leading: .close)
    }

    /// The bar at the top, the screen below it.
    override func layoutSubviews() {
        let barRows = min(NavigationBar.height, frame.rows)
        bar.frame = Rect(column: frame.column, row: frame.row, columns: frame.columns, rows: barRows)
        for view in subviews where view !== bar {
            view.frame = Rect(column: frame.column, row: frame.row + barRows, columns: frame.columns,
                              rows: frame.rows - barRows)
        }
    }
}

/// The binding targets and value streams of a navigation stack.
extension Reactive where Base: NavigationStack {
    /// Pushes each screen: `navigation.reactive.push <~ viewModel.showResults.map {
    /// ResultsView($0) }`.
    public var push: BindingTarget<View> {
        makeBindingTarget(on: MainActorScheduler()) { $0.push($1) }
    }

    /// Pops the top screen on each value.
    public var pop: BindingTarget<Void> {
        makeBindingTarget(on: MainActorScheduler()) { base, _ in base.pop() }
    }

    /// Pops to the root on each value.
    public var popToRoot: BindingTarget<Void> {
        makeBindingTarget(on: MainActorScheduler()) { base, _ in base.popToRoot() }
    }

    /// Presents each screen full screen.
    public var present: BindingTarget<View> {
        makeBindingTarget(on: MainActorScheduler()) { $0.present($1) }
    }

    /// Presents each screen as a sheet, under a bar of its own.
    public var presentSheet: BindingTarget<View> {
        makeBindingTarget(on: MainActorScheduler()) { $0.present($1, style: .sheet) }
    }

    /// Presents each screen as a centred panel.
    public var presentPanel: BindingTarget<View> {
        makeBindingTarget(on: MainActorScheduler()) { $0.present($1, style: .panel) }
    }

    /// Dismisses the topmost presented screen on each value.
    public var dismiss: BindingTarget<Void> {
        makeBindingTarget(on: MainActorScheduler()) { base, _ in base.dismiss() }
    }

    /// Each screen popped, by code or by the user, top first; completes when the
    /// stack is deinitialised.
    @MainActor
    public var popped: Signal<View, Never> {
        base.poppedScreens
    }

    /// Each screen the user popped — Esc or a click on "‹ Back" — after the pop, so a
    /// ViewModel can learn of "Back"; completes when the stack is deinitialised.
    @MainActor
    public var userPops: Signal<View, Never> {
        base.userPoppedScreens
    }

    /// Each presented screen dismissed, by code or by the user; completes when the
    /// stack is deinitialised.
    @MainActor
    public var dismissed: Signal<View, Never> {
        base.dismissedScreens
    }

    /// Each presented screen the user dismissed with Esc; completes when the stack
    /// is deinitialised.
    @MainActor
    public var userDismissals: Signal<View, Never> {
        base.userDismissedScreens
    }

    /// Each time the user asks to go back (Esc, a click on "‹ Back") while the stack
    /// does not go back by itself (`goesBackByItself` false) and has a presented
    /// screen or one to pop; nothing moved: the ViewModel decides. Completes when the
    /// stack is deinitialised.
    @MainActor
    public var backRequests: Signal<Void, Never> {
        base.backRequestSignalOutput
    }
}
