import AppImages
import Foundation
import GalleryCore
import Ripple
import RippleTerminal
import SeedApp

// GalleryApp: seed 003 as the launcher opens it. `makeScreen(environment:)` builds
// the px client and the image loader (decoding on a queue of its own) from the
// launcher's environment; `makeScreen(services:scheduler:)` takes any implementation
// of the services, for tests.

/// 500px Gallery (seed 003): the popular photos' wall, the full-screen pager, the
/// detail with its vote, and the log-in.
///
/// ```swift
/// let screen = GalleryApp().makeScreen(environment: SeedAppEnvironment(
///     servicesURL: services.url, dataDirectory: directory, scheduler: QueueScheduler.main))
/// ```
public struct GalleryApp: SeedApp {
    /// The app.
    public init() {}

    /// `"500px Gallery"`.
    public var title: String { "500px Gallery" }

    /// The gallery against the services at `environment.servicesURL`.
    public func makeScreen(environment: SeedAppEnvironment) -> View {
        let client = PxClient(baseURL: environment.servicesURL, scheduler: environment.scheduler)
        let loader = ImageLoader(connection: client.serviceConnection, decodeScheduler: QueueScheduler(name: "gallery-images"))
        let services = GalleryServices<Image>(
            photos: client, votes: client, login: client, images: LoaderImageService(loader: loader),
            thumbnails: LoaderImageService(loader: loader, preparingFor: PhotoCell.thumbnailSize, background: PhotoCell.background))
        return Self.makeScreen(services: services, scheduler: environment.scheduler)
    }

    /// The gallery over `services`; its ViewModels' outputs on `scheduler`.
    public static func makeScreen(services: GalleryServices<Image>, scheduler: some DateScheduler) -> GalleryScreen {
        GalleryScreen(viewModel: GalleryViewModel(services: services, scheduler: scheduler), scheduler: scheduler)
    }
}

extension GalleryApp {
    /// The wall, a photo full screen, the next one, the detail, and back.
    public func walkthrough(environment: SeedAppEnvironment) -> [WalkthroughStep] {
        [
            WalkthroughStep("The wall: the popular photos, their thumbnails in half blocks") { terminal in
                // A first start imports the photos first (a minute or two in a debug build).
                await terminal.waitUntilScreen(timeout: .seconds(240)) { _ in
                    (terminal.firstView(ofType: GalleryScreen.self)?.wall.viewModel.cells.value.count ?? 0) > 0
                }
                await terminal.waitUntilScreen(timeout: .seconds(5)) { lines in !lines.joined().contains("loading…") }
            },
            WalkthroughStep("Enter: the first photo full screen, with its author, rating and votes") { terminal in
                terminal.press(.enter)
                await terminal.waitUntilScreen(contains: "rating", timeout: .seconds(10))
            },
            WalkthroughStep("→: the next photo; the wall's position follows") { terminal in
                terminal.press(.right)
                await terminal.waitUntilScreen(contains: "2 of", timeout: .seconds(10))
            },
            WalkthroughStep("i: the detail, with the vote (v asks to log in first)") { terminal in
                terminal.type("i")
                await terminal.waitUntilScreen(contains: "Rating", timeout: .seconds(10))
            },
            WalkthroughStep("Esc twice: back to the wall, on the photo last viewed") { terminal in
                terminal.press(.escape)
                terminal.press(.escape)
                await terminal.waitUntilScreen(contains: "Enter: open", timeout: .seconds(10))
            },
        ]
    }
}
