import FlickrSearch
import Gallery
import LauncherCore
import Ripple
import Registration
import RippleTerminal
import SeedApp
import Todos
import TwitterSearch

// SeedAppCatalog: the five seed apps in menu order, those built and those to come.
// The launcher's menu, its screens and its walkthrough all read it.

/// The seed apps the launcher lists, numbered 1–5 in the seeds' order.
///
/// ```swift
/// let catalog = SeedAppCatalog.standard
/// catalog.entries.map(\.menuText)   // ["1 Twitter Search", "2 Todos", …, "5 Flickr Search"]
/// ```
@MainActor
public struct SeedAppCatalog {
    /// An app of the menu: its entry, and the app when it exists.
    @MainActor
    public struct Item {
        /// The menu's entry.
        public var entry: LauncherEntry
        /// The app, `nil` while it is coming.
        public var app: (any SeedApp)?

        /// An item of the menu; available when `app` is given.
        public init(number: Int, title: String, app: (any SeedApp)?) {
            entry = LauncherEntry(number: number, title: app?.title ?? title, isAvailable: app != nil)
            self.app = app
        }
    }

    /// The apps in menu order.
    public var items: [Item]

    /// A catalog of `items`.
    public init(_ items: [Item]) {
        self.items = items
    }

    /// The five seed apps: Twitter Search, Todos, Registration, 500px Gallery,
    /// Flickr Search.
    public static var standard: SeedAppCatalog {
        SeedAppCatalog([
            Item(number: 1, title: "Twitter Search", app: TwitterSearchApp()),
            Item(number: 2, title: "Todos", app: TodosApp()),
            Item(number: 3, title: "Registration", app: RegistrationApp()),
            Item(number: 4, title: "500px Gallery", app: GalleryApp()),
            Item(number: 5, title: "Flickr Search", app: FlickrSearchApp()),
        ])
    }

    /// The menu's entries.
    public var entries: [LauncherEntry] {
        items.map(\.entry)
    }

    /// A new screen of the app of `entry` in `environment`; a screen saying so when
    /// the app does not exist yet.
    public func makeScreen(for entry: LauncherEntry, environment: SeedAppEnvironment) -> View {
        if let app = items.first(where: { $0.entry.number == entry.number })?.app {
            return app.makeScreen(environment: environment)
        }
        let screen = Label("\(entry.title) is not ready yet.")
        screen.navigationItem.title = entry.title
        return screen
    }
}
