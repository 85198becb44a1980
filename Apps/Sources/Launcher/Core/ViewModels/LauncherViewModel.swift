import Ripple
import SeedAppCore

// LauncherViewModel: the launcher's menu as state. It knows which apps exist and
// which one is open — the one source of truth for navigation: the screen's stack
// presents and dismisses only when `openedApp` changes, and the user's "back" (Esc)
// comes here as an input — what the message line says, which keys the footer lists,
// and what the status line says about the services.
//
//     open(number:) ─▶ available?  openedApp = entry, message cleared
//                      coming?     message = "<title> is not ready yet: …"
//                      unknown?    message = "There is no app <n>: …"
//     back()        ─▶ openedApp = nil (nothing when the menu shows)
//     quit()        ─▶ didQuit
//     timer 0.5 s on the scheduler, while the tweet index imports ─▶ status
//
// The ViewModel imports Ripple only; time comes from the injected scheduler.

/// The launcher's state: the apps, the one open, the message line, the keys and
/// the status line.
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

    /// The apps, in menu order.
    public let entries: [LauncherEntry]
    /// The app on screen, `nil` while the menu shows; it changes only when it
    /// differs, so that a view can present or dismiss on each value.
    public let openedApp: Property<LauncherEntry?>
    /// Why the last choice opened nothing; empty otherwise.
    public let message: Property<String>
    /// The keys of the menu, for its footer.
    public let keyHints: Property<[KeyHint]>
    /// The status line: the services' address and, while it imports, the tweet
    /// index's progress.
    public let status: Property<String>
    /// Sends once when the user asks to quit.
    public let didQuit: Signal<Void, Never>

    private let opened: MutableProperty<LauncherEntry?>
    private let messageText: MutableProperty<String>
    private let statusText: MutableProperty<String>
    private let quitPipe: (output: Signal<Void, Never>, input: Signal<Void, Never>.Observer)
    private let token: Lifetime.Token

    /// A launcher over `entries`, whose status line shows `servicesAddress` and the
    /// progress `tweetIndex` reads, every ``statusInterval`` on `scheduler` for as
    /// long as the index imports; and, once it has, the packages of
    /// `missingPicturePackages` to install (``PicturesHint``) before the address.
    public init(
        entries: [LauncherEntry],
        servicesAddress: String,
        tweetIndex: @escaping @Sendable () -> TweetIndexProgress,
        missingPicturePackages: [String] = [],
        scheduler: some DateScheduler
    ) {
        self.entries = entries
        opened = MutableProperty(nil)
        openedApp = Property(opened).skipRepeats()
        messageText = MutableProperty("")
        message = Property(messageText)
        keyHints = Property(value: Self.menuKeys(entries))
        quitPipe = Signal.pipe()
        didQuit = quitPipe.output
        let (lifetime, token) = Lifetime.make()
        self.token = token

        /// The services' address, and the index's state — first while it imports,
        /// so that a narrow line cut with "…" still shows the progress.
        /// The pictures' hint comes before the address once the index is ready (it
        /// fits 80 columns whole; the rest is cut with "…").
        let hint = PicturesHint.text(missingPackages: missingPicturePackages)
        func line(_ progress: TweetIndexProgress) -> String {
            let services = "services: \(servicesAddress)", index = progress.text
            let parts = progress.isImporting ? [index, services, hint] : [hint, services, index]
            return parts.filter { !$0.isEmpty }.joined(separator: " · ")
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

    /// The menu's keys: the digits of `entries` (or the arrows) and Enter open an
    /// app, q quits.
    static func menuKeys(_ entries: [LauncherEntry]) -> [KeyHint] {
        let numbers = entries.map(\.number)
        let digits = numbers.isEmpty ? "" : "\(numbers.min() ?? 0)–\(numbers.max() ?? 0) or "
        return [KeyHint(digits + "↑↓ Enter", "open"), KeyHint("q", "quit")]
    }

    /// Opens the app numbered `number` if it can be opened; otherwise the message
    /// line says why nothing opened. Returns whether an app opened.
    @discardableResult
    public func open(number: Int) -> Bool {
        guard let entry = entries.first(where: { $0.number == number }) else {
            let numbers = entries.map(\.number)
            let range = numbers.isEmpty ? "none" : "\(numbers.min() ?? 0)–\(numbers.max() ?? 0)"
            messageText.value = "There is no app \(number): the apps are numbered \(range)."
            return false
        }
        guard entry.isAvailable else {
            messageText.value = "\(entry.title) is not ready yet: it cannot be opened."
            return false
        }
        messageText.value = ""
        opened.value = entry
        return true
    }

    /// The user's "back" (Esc in an app that does not use it): closes the open
    /// app; nothing while the menu shows.
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
