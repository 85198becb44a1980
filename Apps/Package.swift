// swift-tools-version: 6.0
// The Apps package: local services that bring back the seed apps' backends
// (and, later, the apps themselves). Kept apart from the root package so that
// a user of Ripple never resolves Hummingbird or GRDB.
import PackageDescription

let package = Package(
    name: "Apps",
    platforms: [.macOS(.v15)],
    products: [
        .library(name: "Services", targets: ["Services"]),
        .library(name: "ImageFormats", targets: ["ImageFormats"]),
        .library(name: "AppImages", targets: ["AppImages"]),
        .library(name: "SeedAppCore", targets: ["SeedAppCore"]),
        .library(name: "SeedApp", targets: ["SeedApp"]),
        .library(name: "TwitterSearchCore", targets: ["TwitterSearchCore"]),
        .library(name: "TwitterSearch", targets: ["TwitterSearch"]),
        .library(name: "Todos", targets: ["Todos"]),
        .library(name: "Registration", targets: ["Registration"]),
        .library(name: "FlickrSearchCore", targets: ["FlickrSearchCore"]),
        .library(name: "FlickrSearch", targets: ["FlickrSearch"]),
        .library(name: "Launcher", targets: ["Launcher"]),
        .executable(name: "ripple-services", targets: ["ripple-services"]),
        .executable(name: "ripple-apps", targets: ["ripple-apps"]),
        .executable(name: "todo-server", targets: ["todo-server"]),
    ],
    dependencies: [
        // The root package: Ripple, RippleTerminal, RippleFoundation, RippleTesting.
        .package(name: "Ripple", path: ".."),
        .package(url: "https://github.com/hummingbird-project/hummingbird", from: "2.28.1"),
        .package(url: "https://github.com/groue/GRDB.swift", from: "7.10.0"),
        .package(url: "https://github.com/apple/swift-argument-parser", from: "1.8.2"),
        .package(url: "https://github.com/apple/swift-log", from: "1.16.2"),
        .package(url: "https://github.com/swift-server/swift-service-lifecycle", from: "2.13.0"),
        .package(url: "https://github.com/apple/swift-crypto", from: "4.5.2"),
        // The todo store on PostgreSQL (`todo-server --database postgres://…`).
        .package(url: "https://github.com/vapor/postgres-nio", from: "1.33.2"),
    ],
    targets: [
        // The system's zlib (Debian's zlib1g-dev; part of macOS): gunzip for the
        // changelogs, deflate for the avatar PNGs. Foundation on Linux has neither.
        .systemLibrary(
            name: "CZlib",
            pkgConfig: "zlib",
            providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
        ),
        // The system's libpng and libjpeg (Debian's libpng-dev and libjpeg-dev): the
        // photo service decodes the machine's images and writes its thumbnails with
        // them. Each shim header holds the few C functions that need setjmp.
        .systemLibrary(
            name: "CPNG",
            pkgConfig: "libpng",
            providers: [.apt(["libpng-dev"]), .brew(["libpng"])]
        ),
        .systemLibrary(
            name: "CJPEG",
            pkgConfig: "libjpeg",
            providers: [.apt(["libjpeg-dev"]), .brew(["jpeg-turbo"])]
        ),
        // Decoding PNG and JPEG (and encoding JPEG) through libpng and libjpeg, for
        // the photo service and the apps alike.
        .target(
            name: "ImageFormats",
            dependencies: ["CPNG", "CJPEG"]
        ),
        .target(
            name: "Services",
            dependencies: [
                "CZlib",
                "ImageFormats",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "CryptoExtras", package: "swift-crypto"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            exclude: ["Tweets/BundledCorpus/README.md", "Photos/BundledPhotos/README.md"],
            resources: [
                .copy("Tweets/BundledCorpus/debian-changelogs.gz"),
                .copy("Photos/BundledPhotos/images"),
            ]
        ),
        // How the command-line programs print: at once, and quietly ending when the
        // reader of their output goes away.
        .target(name: "ConsoleOutput"),
        .executableTarget(
            name: "ripple-services",
            dependencies: [
                "Services",
                "ConsoleOutput",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // The Todo service alone, with a health route: the sync server people run.
        .executableTarget(
            name: "todo-server",
            dependencies: [
                "Services",
                "ConsoleOutput",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
            ]
        ),
        // What the apps' Model and ViewModel modules share (Ripple alone): key hints,
        // ages as people read them, trimming typed text.
        .target(
            name: "SeedAppCore",
            dependencies: [.product(name: "Ripple", package: "Ripple")]
        ),
        .testTarget(
            name: "SeedAppCoreTests",
            dependencies: ["SeedAppCore"]
        ),
        // What every seed app module offers the launcher: `SeedApp` and its environment,
        // and the footer of key hints every screen shows.
        .target(
            name: "SeedApp",
            dependencies: [
                "SeedAppCore",
                .product(name: "Ripple", package: "Ripple"),
                .product(name: "RippleTerminal", package: "Ripple"),
            ]
        ),
        // What the apps' HTTP clients share: a service's base URL, its requests (JSON,
        // forms), their deadline on the app's scheduler, and the failures a client maps
        // to its own error (with the service's error document).
        .target(
            name: "AppClients",
            dependencies: [
                .product(name: "Ripple", package: "Ripple"),
                .product(name: "RippleFoundation", package: "Ripple"),
            ]
        ),
        // The apps' pictures: loaded by URL from the services, decoded off the main
        // thread into RippleTerminal's `Image`, kept in a cache bounded in bytes, the
        // request cancelled when no one waits for it.
        .target(
            name: "AppImages",
            dependencies: [
                "AppClients",
                "ImageFormats",
                .product(name: "Ripple", package: "Ripple"),
                .product(name: "RippleTerminal", package: "Ripple"),
                .product(name: "RippleFoundation", package: "Ripple"),
            ]
        ),
        .testTarget(
            name: "AppImagesTests",
            dependencies: [
                "AppImages",
                "AppClients",
                "AppsTestSupport",
                "ImageFormats",
                "Services",
                .product(name: "Ripple", package: "Ripple"),
                .product(name: "RippleTerminal", package: "Ripple"),
                .product(name: "RippleTesting", package: "Ripple"),
            ]
        ),
        .testTarget(
            name: "AppClientsTests",
            dependencies: [
                "AppClients",
                "AppsTestSupport",
                .product(name: "Ripple", package: "Ripple"),
                .product(name: "RippleTesting", package: "Ripple"),
            ]
        ),
        // Seed 000, ReactiveTwitterSearch. TwitterSearchCore: Model/ and ViewModels/, on
        // Ripple and SeedAppCore alone. TwitterSearch: Views/ (RippleTerminal), Clients/
        // (RippleFoundation, and libpng for the avatars) and the SeedApp wiring.
        .target(
            name: "TwitterSearchCore",
            dependencies: [
                "SeedAppCore",
                .product(name: "Ripple", package: "Ripple"),
            ],
            path: "Sources/TwitterSearch/Core"
        ),
        .target(
            name: "TwitterSearch",
            dependencies: [
                "TwitterSearchCore",
                "SeedApp",
                "ImageFormats",
                .product(name: "Ripple", package: "Ripple"),
                .product(name: "RippleTerminal", package: "Ripple"),
                .product(name: "RippleFoundation", package: "Ripple"),
            ],
            path: "Sources/TwitterSearch/UI"
        ),
        // What the apps' tests share: the services in process over small corpora.
        .target(
            name: "AppsTestSupport",
            dependencies: [
                "Services",
                .product(name: "Logging", package: "swift-log"),
            ],
            path: "Tests/AppsTestSupport"
        ),
        // The Twitter Search tests' stub services in virtual time (Core, Ripple and
        // RippleTesting alone), for the ViewModel tests and the screen tests.
        .target(
            name: "TwitterSearchTestSupport",
            dependencies: [
                "TwitterSearchCore",
                .product(name: "Ripple", package: "Ripple"),
                .product(name: "RippleTesting", package: "Ripple"),
            ],
            path: "Tests/TwitterSearchTestSupport"
        ),
        .testTarget(
            name: "TwitterSearchCoreTests",
            dependencies: [
                "TwitterSearchCore",
                "TwitterSearchTestSupport",
                .product(name: "Ripple", package: "Ripple"),
                .product(name: "RippleTesting", package: "Ripple"),
            ]
        ),
        .testTarget(
            name: "TwitterSearchTests",
            dependencies: [
                "AppsTestSupport",
                "TwitterSearchTestSupport",
                "TwitterSearchCore",
                "TwitterSearch",
                "SeedApp",
                "Services",
                "CZlib",
                .product(name: "Ripple", package: "Ripple"),
                .product(name: "RippleTerminal", package: "Ripple"),
                .product(name: "RippleTesting", package: "Ripple"),
                .product(name: "RippleFoundation", package: "Ripple"),
            ]
        ),
        // Seed 001, let.swift's Todo app. TodosCore: its Model/, ViewModels/ and Sync/,
        // on Ripple alone; Todos: its Views/ (RippleTerminal), Clients/ (RippleFoundation,
        // the local copy on GRDB) and the launcher's entry.
        .target(
            name: "TodosCore",
            dependencies: [
                "SeedAppCore",
                .product(name: "Ripple", package: "Ripple"),
            ],
            path: "Sources/Todos/Core"
        ),
        .target(
            name: "Todos",
            dependencies: [
                "TodosCore",
                "AppClients",
                "SeedApp",
                "SeedAppCore",
                .product(name: "Ripple", package: "Ripple"),
                .product(name: "RippleTerminal", package: "Ripple"),
                .product(name: "RippleFoundation", package: "Ripple"),
                // The local copy of the todos, offline first.
                .product(name: "GRDB", package: "GRDB.swift"),
            ],
            path: "Sources/Todos/UI"
        ),
        // The todo server and the local copy in virtual time, for the ViewModel's tests
        // and the screen's.
        .target(
            name: "TodosStubs",
            dependencies: [
                "TodosCore",
                .product(name: "Ripple", package: "Ripple"),
                .product(name: "RippleTesting", package: "Ripple"),
            ],
            path: "Tests/TodosStubs"
        ),
        .testTarget(
            name: "TodosCoreTests",
            dependencies: [
                "TodosCore",
                "TodosStubs",
                .product(name: "Ripple", package: "Ripple"),
                .product(name: "RippleTesting", package: "Ripple"),
            ]
        ),
        .testTarget(
            name: "TodosTests",
            dependencies: [
                "AppsTestSupport",
                "TodosCore",
                "TodosStubs",
                "Todos",
                "SeedApp",
                "Services",
                .product(name: "Ripple", package: "Ripple"),
                .product(name: "RippleTerminal", package: "Ripple"),
                .product(name: "RippleTesting", package: "Ripple"),
                .product(name: "RippleFoundation", package: "Ripple"),
                .product(name: "Logging", package: "swift-log"),
            ]
        ),
        // Seed 002, the registration form. RegistrationCore: its Model/ and
        // ViewModels/, on Ripple alone; Registration: its Views/ (RippleTerminal),
        // Clients/ (RippleFoundation, and the coin flip) and the launcher's entry.
        .target(
            name: "RegistrationCore",
            dependencies: [
                "SeedAppCore",
                .product(name: "Ripple", package: "Ripple"),
            ],
            path: "Sources/Registration/Core"
        ),
        .target(
            name: "Registration",
            dependencies: [
                "RegistrationCore",
                "AppClients",
                "SeedApp",
                "SeedAppCore",
                .product(name: "Ripple", package: "Ripple"),
                .product(name: "RippleTerminal", package: "Ripple"),
                .product(name: "RippleFoundation", package: "Ripple"),
            ],
            path: "Sources/Registration/UI"
        ),
        // The Users service in virtual time, for the ViewModel's tests and the screen's.
        .target(
            name: "RegistrationStubs",
            dependencies: [
                "RegistrationCore",
                .product(name: "Ripple", package: "Ripple"),
            ],
            path: "Tests/RegistrationStubs"
        ),
        .testTarget(
            name: "RegistrationCoreTests",
            dependencies: [
                "RegistrationCore",
                "RegistrationStubs",
                .product(name: "Ripple", package: "Ripple"),
                .product(name: "RippleTesting", package: "Ripple"),
            ]
        ),
        .testTarget(
            name: "RegistrationTests",
            dependencies: [
                "AppsTestSupport",
                "RegistrationCore",
                "RegistrationStubs",
                "Registration",
                "SeedApp",
                "Services",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Ripple", package: "Ripple"),
                .product(name: "RippleTerminal", package: "Ripple"),
                .product(name: "RippleTesting", package: "Ripple"),
            ]
        ),
        // Seed 004, ReactiveFlickrSearch. FlickrSearchCore: its Model/ and ViewModels/,
        // on Ripple alone; FlickrSearch: its Views/ (RippleTerminal), Clients/
        // (RippleFoundation; the recent searches' JSON file; thumbnails through
        // AppImages) and the launcher's entry.
        .target(
            name: "FlickrSearchCore",
            dependencies: [
                "SeedAppCore",
                .product(name: "Ripple", package: "Ripple"),
            ],
            path: "Sources/FlickrSearch/Core"
        ),
        .target(
            name: "FlickrSearch",
            dependencies: [
                "FlickrSearchCore",
                "AppClients",
                "AppImages",
                "SeedApp",
                "SeedAppCore",
                .product(name: "Ripple", package: "Ripple"),
                .product(name: "RippleTerminal", package: "Ripple"),
                .product(name: "RippleFoundation", package: "Ripple"),
            ],
            path: "Sources/FlickrSearch/UI"
        ),
        // The Flickr services in virtual time, for the ViewModel's tests and the screens'.
        .target(
            name: "FlickrSearchStubs",
            dependencies: [
                "FlickrSearchCore",
                .product(name: "Ripple", package: "Ripple"),
                .product(name: "RippleTesting", package: "Ripple"),
            ],
            path: "Tests/FlickrSearchStubs"
        ),
        .testTarget(
            name: "FlickrSearchCoreTests",
            dependencies: [
                "FlickrSearchCore",
                "FlickrSearchStubs",
                "SeedAppCore",
                .product(name: "Ripple", package: "Ripple"),
                .product(name: "RippleTesting", package: "Ripple"),
            ]
        ),
        .testTarget(
            name: "FlickrSearchTests",
            dependencies: [
                "AppsTestSupport",
                "FlickrSearchCore",
                "FlickrSearchStubs",
                "FlickrSearch",
                "AppClients",
                "AppImages",
                "SeedApp",
                "Services",
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Ripple", package: "Ripple"),
                .product(name: "RippleTerminal", package: "Ripple"),
                .product(name: "RippleTesting", package: "Ripple"),
            ]
        ),
        // Seed 003, the 500px gallery. GalleryCore: its Model/ and ViewModels/, on
        // Ripple alone (pictures are a type parameter); Gallery: its Views/
        // (RippleTerminal), Clients/ (the px routes, the image loader) and the
        // launcher's entry.
        .target(
            name: "GalleryCore",
            dependencies: [
                "SeedAppCore",
                .product(name: "Ripple", package: "Ripple"),
            ],
            path: "Sources/Gallery/Core"
        ),
        .target(
            name: "Gallery",
            dependencies: [
                "GalleryCore",
                "AppClients",
                "AppImages",
                "SeedApp",
                "SeedAppCore",
                .product(name: "Ripple", package: "Ripple"),
                .product(name: "RippleTerminal", package: "Ripple"),
                .product(name: "RippleFoundation", package: "Ripple"),
            ],
            path: "Sources/Gallery/UI"
        ),
        // The gallery's services in virtual time, for the ViewModel tests and the screens'.
        .target(
            name: "GalleryStubs",
            dependencies: [
                "GalleryCore",
                .product(name: "Ripple", package: "Ripple"),
            ],
            path: "Tests/GalleryStubs"
        ),
        .testTarget(
            name: "GalleryCoreTests",
            dependencies: [
                "GalleryCore",
                "GalleryStubs",
                .product(name: "Ripple", package: "Ripple"),
                .product(name: "RippleTesting", package: "Ripple"),
            ]
        ),
        .testTarget(
            name: "GalleryTests",
            dependencies: [
                "AppsTestSupport",
                "AppImages",
                "AppClients",
                "GalleryCore",
                "GalleryStubs",
                "Gallery",
                "SeedApp",
                "Services",
                .product(name: "Ripple", package: "Ripple"),
                .product(name: "RippleTerminal", package: "Ripple"),
                .product(name: "RippleTesting", package: "Ripple"),
            ]
        ),
        // The launcher's Model and ViewModel (Ripple alone): the menu's entries, the app
        // open, the status line.
        .target(
            name: "LauncherCore",
            dependencies: ["SeedAppCore", .product(name: "Ripple", package: "Ripple")],
            path: "Sources/Launcher/Core"
        ),
        .testTarget(
            name: "LauncherCoreTests",
            dependencies: [
                "LauncherCore",
                "SeedAppCore",
                .product(name: "Ripple", package: "Ripple"),
                .product(name: "RippleTesting", package: "Ripple"),
            ]
        ),
        // The launcher: the menu of the seed apps, its status line and the scripted
        // walkthrough (Views/, Walkthrough/, the catalog of apps).
        .target(
            name: "Launcher",
            dependencies: [
                "LauncherCore",
                "SeedApp",
                "TwitterSearch",
                "Todos",
                "Registration",
                "FlickrSearch",
                "Gallery",
                .product(name: "Ripple", package: "Ripple"),
                .product(name: "RippleTerminal", package: "Ripple"),
            ],
            path: "Sources/Launcher/UI"
        ),
        .testTarget(
            name: "LauncherTests",
            dependencies: [
                "Launcher",
                "LauncherCore",
                "SeedApp",
                .product(name: "Ripple", package: "Ripple"),
                .product(name: "RippleTerminal", package: "Ripple"),
                .product(name: "RippleTesting", package: "Ripple"),
            ]
        ),
        // `ripple-apps`: the launcher's executable, with the services in process.
        .executableTarget(
            name: "ripple-apps",
            dependencies: [
                "Launcher",
                "LauncherCore",
                "ConsoleOutput",
                "SeedApp",
                "Services",
                .product(name: "ArgumentParser", package: "swift-argument-parser"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "Ripple", package: "Ripple"),
                .product(name: "RippleTerminal", package: "Ripple"),
            ]
        ),
        .testTarget(
            name: "ServicesTests",
            dependencies: [
                "Services",
                "ImageFormats",
                "AppsTestSupport",
                "CZlib",
                .product(name: "Hummingbird", package: "hummingbird"),
                .product(name: "HummingbirdTesting", package: "hummingbird"),
                .product(name: "GRDB", package: "GRDB.swift"),
                .product(name: "Crypto", package: "swift-crypto"),
                .product(name: "Logging", package: "swift-log"),
                .product(name: "ServiceLifecycle", package: "swift-service-lifecycle"),
                .product(name: "PostgresNIO", package: "postgres-nio"),
            ],
            resources: [.copy("Fixtures")]
        ),
    ],
    swiftLanguageModes: [.v6]
)
