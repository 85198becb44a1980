// swift-tools-version: 6.0
import PackageDescription

// The documentation plugin (swift-docc-plugin) is added only when RIPPLE_DOCS=1 is set,
// as `Scripts/docs` does: a package that depends on Ripple, and a plain `swift build` or
// `swift test` here, resolve nothing at all.
let documentationDependencies: [Package.Dependency] =
    Context.environment["RIPPLE_DOCS"] == "1"
        ? [.package(url: "https://github.com/swiftlang/swift-docc-plugin", from: "1.5.0")]
        : []

let package = Package(
    name: "Ripple",
    // `Synchronization.Atomic` sets the floor on Apple platforms.
    platforms: [.macOS(.v15), .iOS(.v18), .tvOS(.v18), .watchOS(.v11), .visionOS(.v2)],
    products: [
        .library(name: "Ripple", targets: ["Ripple"]),
        .library(name: "RippleTesting", targets: ["RippleTesting"]),
        .library(name: "RippleTerminal", targets: ["RippleTerminal"]),
        .library(name: "RippleFoundation", targets: ["RippleFoundation"]),
        .executable(name: "ripple-tour", targets: ["ripple-tour"]),
        .executable(name: "ripple-terminal-sample", targets: ["ripple-terminal-sample"]),
    ],
    dependencies: documentationDependencies,
    targets: [
        // The one system call the send lock needs that Swift cannot make directly
        // (membarrier(2) goes through the variadic `syscall`).
        .target(name: "CRippleSystem"),
        .target(name: "Ripple", dependencies: ["CRippleSystem"]),
        .target(
            name: "RippleTesting",
            dependencies: ["Ripple"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .target(name: "RippleTerminal", dependencies: ["Ripple"]),
        // `URLSession.reactive`: Foundation (and FoundationNetworking) from the toolchain.
        .target(name: "RippleFoundation", dependencies: ["Ripple"]),
        .target(name: "RippleTour", dependencies: ["Ripple", "RippleTesting"]),
        // The terminal sample app: a package search drawn with RippleTerminal.
        .target(name: "TerminalSample", dependencies: ["Ripple", "RippleTerminal"]),
        .executableTarget(name: "ripple-terminal-sample", dependencies: ["TerminalSample", "RippleTerminal"]),
        .executableTarget(name: "ripple-tour", dependencies: ["RippleTour"]),
        .testTarget(name: "RippleTests", dependencies: ["Ripple"]),
        .testTarget(name: "RippleTourTests", dependencies: ["RippleTour"]),
        .testTarget(
            name: "RippleTestingTests",
            dependencies: ["RippleTesting", "Ripple"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
        .testTarget(name: "RippleTerminalTests", dependencies: ["RippleTerminal", "Ripple"]),
        // Against a loopback HTTP/1.1 server of its own (Support/LoopbackServer.swift).
        .testTarget(name: "RippleFoundationTests", dependencies: ["RippleFoundation", "Ripple"]),
        .testTarget(name: "TerminalSampleTests", dependencies: ["TerminalSample", "RippleTerminal", "Ripple", "RippleTesting"]),
        // Run in a pseudo-terminal by RippleTerminalTests' Pty suite; not a product.
        .executableTarget(
            name: "terminal-session-probe",
            dependencies: ["RippleTerminal", "Ripple"],
            path: "Tests/TerminalSessionProbe"
        ),
        // The DocC articles' code samples, compiled and run: every ```swift block of every
        // article must appear in one of its files (SampleCoverageTests).
        .testTarget(
            name: "DocumentationTests",
            dependencies: ["Ripple", "RippleTesting", "RippleFoundation", "RippleTerminal"]
        ),
        // Client code in Swift 6 mode (complete concurrency checking), pinned so
        // that it stays a Swift 6 client whatever the package default becomes.
        .testTarget(
            name: "RippleClientTests",
            dependencies: ["Ripple"],
            swiftSettings: [.swiftLanguageMode(.v6)]
        ),
    ],
    swiftLanguageModes: [.v6]
)
