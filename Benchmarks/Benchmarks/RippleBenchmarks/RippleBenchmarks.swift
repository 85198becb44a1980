// The package-benchmark suite: every workload (W1…W8, T1…T7) with each of its
// implementations (the hand-written baseline, Ripple, OpenCombine) as one benchmark
// named "<workload id>.<implementation>", the id's spaces as underscores: "W1.ripple",
// "W7_bytes_@1000.baseline".
//
//     swift package --package-path Benchmarks benchmark
//
// A benchmark's iteration is one run of the workload, on the main actor: its setup,
// the measured region (the hot loop, bracketed by startMeasurement/stopMeasurement),
// its teardown and the check of its checksum. An iteration performs `workload.operations` operations; that
// count is the scaling factor wherever it is a power of 1,000, so package-benchmark's
// own tables print per operation (`benchmark-table` always divides by it).
//
// Allocation budgets: `Thresholds/` holds, per benchmark, the p90 of its allocation
// metrics, checked exactly (`thresholds check`, see Benchmarks/README.md) but for the
// three workloads whose counts vary a little from run to run (`allocationTolerance`).

import Benchmark
import Foundation
import RippleWorkloads

/// Brackets a workload's hot loop with package-benchmark's measurement, and records
/// the growth of glibc's in-use heap for a `.heapBytes` workload.
private final class MeasuredRegion: Region {
    private let benchmark: Benchmark
    private let recordsHeap: Bool

    init(_ benchmark: Benchmark, recordsHeap: Bool) {
        self.benchmark = benchmark
        self.recordsHeap = recordsHeap
    }

    func measure(_ body: () -> Void) {
        let heapBefore = recordsHeap ? HeapUse.inUseBytes() : 0
        benchmark.startMeasurement()
        body()
        benchmark.stopMeasurement()
        if recordsHeap {
            benchmark.measurement(heapMetric, max(HeapUse.inUseBytes() - heapBefore, 0))
        }
    }
}

/// W7 heap's custom metric: bytes of glibc's in-use heap, per subscription.
private var heapMetric: BenchmarkMetric {
    BenchmarkMetric.custom(Workload.heapMetricName, polarity: .prefersSmaller, useScalingFactor: true)
}

/// How far a benchmark's allocation metrics may stray from their committed p90:
/// not at all, except where the count itself is not the same from run to run.
private func allocationTolerance(for workload: Workload) -> BenchmarkThresholds {
    switch workload.id {
    case "W8":
        // Its two sending threads come from Dispatch, whose own bookkeeping
        // allocates a block more in some runs than in others (8 or 9 a run).
        BenchmarkThresholds(absolute: [.p90: 2])
    case "T6c", "T7c":
        // The thumbnails scaled in the frame go through a process-wide cache of
        // scalings that each run leaves warmer for the next, and a run takes about
        // a second, so how many runs fit in the benchmark's second, and with them
        // the p90 of the counts, depends on the machine's speed (18 allocations in
        // 172,000 between two checks).
        BenchmarkThresholds(relative: [.p90: 0.1])
    default:
        BenchmarkThresholds(absolute: [.p90: 0])
    }
}

/// What a workload measures, as package-benchmark metrics.
private func metrics(for workload: Workload) -> [BenchmarkMetric] {
    switch workload.metric {
    case .nanoseconds: [.wallClock, .mallocCountTotal]
    case .bytes: [.memoryLeakedBytes, .mallocCountTotal]
    case .heapBytes: [heapMetric]
    }
}

/// The scaling factor that makes package-benchmark print per operation, where the
/// operation count allows it.
private func scalingFactor(for workload: Workload) -> BenchmarkScalingFactor {
    BenchmarkScalingFactor(rawValue: workload.operations) ?? .one
}

/// `RIPPLE_BENCHMARK_MAX_ITERATIONS`, if set: CI's allocation check needs a few runs
/// of each benchmark, not a second of them.
private let maxIterations = ProcessInfo.processInfo.environment["RIPPLE_BENCHMARK_MAX_ITERATIONS"]
    .flatMap { Int($0) }
    .map { max($0, 1) }

let benchmarks: @Sendable () -> Void = {
    for workload in Workloads.all() {
        for implementation in workload.implementations {
            let configuration = Benchmark.Configuration(
                metrics: metrics(for: workload),
                timeUnits: .nanoseconds,
                // Exact counts in package-benchmark's tables, not rounded to thousands.
                units: [.mallocCountTotal: .count, .memoryLeakedBytes: .count],
                warmupIterations: 1,
                scalingFactor: scalingFactor(for: workload),
                maxDuration: .seconds(1),
                maxIterations: maxIterations ?? 1_000,
                thresholds: Dictionary(uniqueKeysWithValues: metrics(for: workload)
                    .filter { [.mallocCountTotal, .memoryLeakedBytes].contains($0) }
                    .map { ($0, allocationTolerance(for: workload)) })
            )
            // On the main actor, as the terminal workloads (and the apps' screens) need.
            Benchmark(workload.benchmarkName(implementation), configuration: configuration) { benchmark in
                // The runner waits for this closure: the benchmark is used on one thread at a time.
                nonisolated(unsafe) let benchmark = benchmark
                await MainActor.run {
                    let region = MeasuredRegion(benchmark, recordsHeap: workload.metric == .heapBytes)
                    if let failure = workload.run(implementation, in: region) {
                        benchmark.error(failure)
                    }
                }
            }
        }
    }
}
