// swift-tools-version: 6.0
// The Ripple benchmark suite: a package of its own, so that the Ripple library keeps
// zero dependencies. It measures Ripple against OpenCombine and hand-written code.
import PackageDescription

let package = Package(
    name: "RippleBenchmarks",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "ripple-bench", targets: ["ripple-bench"]),
    ],
    dependencies: [
        .package(name: "Ripple", path: ".."),
        .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
        .package(url: "https://github.com/ordo-one/malloc-interposer", from: "1.6.1"),
    ],
    targets: [
        // glibc's mallinfo2, for the real heap use of W7 (not exported by Swift's Glibc).
        .target(name: "CHeapUse"),
        .executableTarget(
            name: "ripple-bench",
            dependencies: [
                "CHeapUse",
                .product(name: "Ripple", package: "Ripple"),
                .product(name: "RippleTerminal", package: "Ripple"),
                .product(name: "OpenCombine", package: "OpenCombine"),
                .product(name: "MallocInterposerSwift", package: "malloc-interposer"),
            ]
        ),
    ],
    swiftLanguageModes: [.v6]
)
