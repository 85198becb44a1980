// A package-benchmark baseline as saved by `benchmark baseline update NAME`
// (`.benchmarkBaselines/<target>/<NAME>/results.json`), read with package-benchmark's
// own result types: every benchmark's raw histograms, one value per iteration.

import Benchmark
import Foundation
import RippleWorkloads

/// One saved run of the suite.
struct SavedRun {
    /// A benchmark's key in the saved file.
    private struct Identifier: Codable, Hashable {
        var target: String
        var name: String
    }

    /// The machine the run was on, as package-benchmark saves it.
    struct Machine: Codable {
        var hostname: String
        var processors: Int
        var processorType: String
        var memory: Int
        var kernelVersion: String
    }

    private struct File: Codable {
        var baselineName: String
        var machine: Machine
        var results: [Identifier: [BenchmarkResult]]
    }

    let machine: Machine
    /// When the file was written (the earliest, for merged runs).
    let date: Date
    private let results: [String: [BenchmarkResult]]

    /// `runs` as one: each benchmark's metrics from the first run that has them.
    init(merging runs: [SavedRun]) {
        precondition(!runs.isEmpty, "merging no runs")
        machine = runs[0].machine
        date = runs.map(\.date).min()!
        var merged: [String: [BenchmarkResult]] = [:]
        for run in runs {
            for (name, results) in run.results {
                let present = Set((merged[name] ?? []).map(\.metric))
                merged[name, default: []] += results.filter { !present.contains($0.metric) }
            }
        }
        results = merged
    }

    init(path: String) throws {
        let data = try Data(contentsOf: URL(fileURLWithPath: path))
        let file = try JSONDecoder().decode(File.self, from: data)
        machine = file.machine
        results = Dictionary(file.results.map { ($0.key.name, $0.value) }, uniquingKeysWith: { first, _ in first })
        date = (try? FileManager.default.attributesOfItem(atPath: path)[.modificationDate] as? Date) ?? Date()
    }

    /// The `percentile` of `metric` over the iterations of one benchmark, divided by
    /// the workload's operations per iteration; `nil` when the run has no such value.
    func perOperation(_ workload: Workload, _ implementation: Implementation,
                      _ metric: BenchmarkMetric, percentile: Double = 50) -> Double? {
        guard let result = results[workload.benchmarkName(implementation)]?.first(where: { $0.metric == metric }),
              result.statistics.measurementCount > 0
        else { return nil }
        let raw = result.statistics.histogram.valueAtPercentile(percentile)
        return Double(raw) / Double(workload.operations)
    }
}
