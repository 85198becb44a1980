import Ripple

// LauncherViewModel: the launcher's menu as state. It knows which apps exist and
// which one is open, what the hint line says, and what the status line says about
// the services; the screen binds to it and builds the apps' screens.
//
//     open(number:) ─▶ available?  openedApp = entry, hint cleared
//                      coming?     hint = "<title> comes with a later issue."
//                      unknown?    hint = "There is no app <n>: …"
//     back()        ─▶ openedApp = nil
//     quit()        ─▶ didQuit
//     timer 0.5 s on the scheduler, while the tweet index imports ─▶ status
//
// The ViewModel imports Ripple only; time comes from the injected scheduler.

/// The launcher's state: the apps, the one open, the hint line and the status line.
///
/// ```swift
/// let viewModel = LauncherViewModel(
///     entries: [LauncherEntry(number: 1, title: "Twitter Search", isAvailable: true)],
///     servicesAddress: "http://127.0.0.1:41234 (in process)",
///     tweetIndex: { .ready(tweets: 29_856) },
///     scheduler: QueueScheduler.main)
/// viewModel.open(number: 1)     // openedApp.value?.title == "Twitter Search"
/// viewModel.back()              // openedApp.value == nil
/// ```
public final class LauncherViewModel: Sendable {
    /// How often the status line reads the tweet index's progress while it imports.
    public static let statusInterval: Duration = .milliseconds(500)
    /// The hint line while the menu shows and nothing went wrong.
    public static let menuHint = "1–5 or ↑↓ and Enter: open · Esc: back to this menu · q: quit"

    /// The apps, in menu order.
    public let entries: [LauncherEntry]
    /// The app on screen, `nil` while the menu shows.
    public let openedApp: Property<LauncherEntry?>
    /// The menu's hint line: keys, or why a choice opened nothing.
    public let hint: Property<String>
    /// The status line: the services' address and, while it imports, the tweet
    /// index's progress.
    public let status: Property<String>
    /// Sends once when the user asks to quit.
    public let didQuit: Signal<Void, Never>

    private let opened: MutableProperty<LauncherEntry?>
    private let hintText: MutableProperty<String>
    private let statusText: MutableProperty<String>
    private let quitPipe: (output: Signal<Void, Never>, input: Signal<Void, Never>.Observer)
    private let token: Lifetime.Token

    /// A launcher over `entries`, whose status line shows `servicesAddress` and the
    /// progress `tweetIndex` reads, every ``statusInterval`` on `scheduler` for as
    /// long as the index imports.
    public init(
        entries: [LauncherEntry],
        servicesAddress: String,
        tweetIndex: @escaping @Sendable () -> TweetIndexProgress,
        scheduler: some DateScheduler
    ) {
        self.entries = entries
        opened = MutableProperty(nil)
        openedApp = Property(opened)
        hintText = MutableProperty(Self.menuHint)
        hint = Property(hintText)
        quitPipe = Signal.pipe()
        didQuit = quitPipe.output
        let (lifetime, token) = Lifetime.make()
        self.token = token

        func line(_ progress: TweetIndexProgress) -> String {
            let index = progress.text
            return "services: \(servicesAddress)" + (index.isEmpty ? "" : " · \(index)")
        }
        let first = tweetIndex()
        let progress = SignalProducer.timer(interval: Self.statusInterval, on: scheduler)
            .map { _ in tweetIndex() }
            .take(until: { $0.isImporting })   // ReactiveSwift's `shouldContinue`: the first other value ends it
        statusText = MutableProperty(line(first))
        status = Property(statusText)
        if first.isImporting {
            statusText <~ progress.map(line).take(during: lifetime)
        }
    }

    /// Opens the app numbered `number` if it exists yet; otherwise the hint line
    /// says why nothing opened. Returns whether an app opened.
    @discardableResult
    public func open(number: Int) -> Bool {
        guard let entry = entries.first(where: { $0.number == number }) else {
            let numbers = entries.map(\.number)
            let range = numbers.isEmpty ? "none" : "\(numbers.min() ?? 0)–\(numbers.max() ?? 0)"
            hintText.value = "There is no app \(number): the apps are numbered \(range)."
            return false
        }
        guard entry.isAvailable else {
            hintText.value = "\(entry.title) comes with a later issue: it cannot be opened yet."
            return false
        }
        hintText.value = Self.menuHint
        opened.value = entry
        return true
    }

    /// Closes the open app, back to the menu.
    public func back() {
        opened.value = nil
    }

    /// Asks to quit: ``didQuit`` sends.
    public func quit() {
        quitPipe.input.send(value: ())
    }

    deinit {
        quitPipe.input.sendCompleted()
    }
}
