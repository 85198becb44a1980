// swift-tools-version: 6.1
// The Ripple benchmark suite: a package of its own, so that the Ripple library keeps
// zero dependencies. It measures Ripple against OpenCombine and the hand-written limit
// with package-benchmark (ordo-one/benchmark), and counts instructions under callgrind.
import PackageDescription

let package = Package(
    name: "RippleBenchmarks",
    platforms: [.macOS(.v15)],
    products: [
        .executable(name: "benchmark-table", targets: ["benchmark-table"]),
        .executable(name: "workload-count", targets: ["workload-count"]),
    ],
    dependencies: [
        .package(name: "Ripple", path: ".."),
        .package(url: "https://github.com/OpenCombine/OpenCombine", exact: "0.14.0"),
        .package(url: "https://github.com/ordo-one/benchmark", exact: "1.38.1", traits: ["MallocInterposer"]),
    ],
    targets: [
        // glibc's mallinfo2, for the real heap use of W7 (not exported by Swift's Glibc).
        .target(name: "CHeapUse"),
        // The workloads themselves: the baseline, Ripple and OpenCombine doing the same work.
        .target(
            name: "RippleWorkloads",
            dependencies: [
                "CHeapUse",
                .product(name: "Ripple", package: "Ripple"),
                .product(name: "RippleTerminal", package: "Ripple"),
                .product(name: "OpenCombine", package: "OpenCombine"),
            ]
        ),
        // The package-benchmark suite: every workload × implementation.
        .executableTarget(
            name: "RippleBenchmarks",
            dependencies: [
                "RippleWorkloads",
                .product(name: "Benchmark", package: "benchmark"),
            ],
            path: "Benchmarks/RippleBenchmarks",
            plugins: [.plugin(name: "BenchmarkPlugin", package: "benchmark")]
        ),
        // The README's side-by-side table, from a saved package-benchmark baseline.
        .executableTarget(
            name: "benchmark-table",
            dependencies: [
                "RippleWorkloads",
                .product(name: "Benchmark", package: "benchmark"),
            ]
        ),
        // Runs one workload bare, for instruction counts under callgrind.
        .executableTarget(name: "workload-count", dependencies: ["RippleWorkloads"]),
    ],
    swiftLanguageModes: [.v6]
)
