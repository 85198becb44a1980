// Prints the result table with its header lines (date, CPU, cores, Swift version,
// how it was measured) as markdown or plain text.

import Foundation
import Benchmark
import RippleWorkloads

/// The readings of one implementation of one workload.
struct Cell {
    /// ns per operation, or bytes per operation for a W7 bytes or heap row.
    var value: Double?
    /// The 25th to 75th percentile of ns per operation, for a row that shows its spread.
    var spread: ClosedRange<Double>?
    /// Allocations per operation (the median iteration's).
    var allocationsPerOperation: Double?
}

/// The printed result of a run.
struct Report {
    let options: Options
    let run: SavedRun

    /// The header lines and the table.
    func render() -> String {
        let rows = Workloads.all().compactMap { workload -> (Workload, [Implementation: Cell])? in
            var cells: [Implementation: Cell] = [:]
            for implementation in workload.implementations {
                if let cell = cell(workload, implementation) { cells[implementation] = cell }
            }
            return cells.isEmpty ? nil : (workload, cells)
        }
        var lines = header()
        lines.append("")
        lines += table(rows)
        let notes = rows.compactMap(\.0.footnote).reduce(into: [String]()) { notes, note in
            if !notes.contains(note) { notes.append(note) }
        }
        if !notes.isEmpty {
            lines.append("")
            for (index, note) in notes.enumerated() { lines.append("\(footnoteMark(index)) \(note)") }
        }
        return lines.joined(separator: "\n")
    }

    private func cell(_ workload: Workload, _ implementation: Implementation) -> Cell? {
        var cell = Cell()
        switch workload.metric {
        case .nanoseconds:
            guard let median = run.perOperation(workload, implementation, .wallClock) else { return nil }
            cell.value = median
            if workload.showsSpread,
               let low = run.perOperation(workload, implementation, .wallClock, percentile: 25),
               let high = run.perOperation(workload, implementation, .wallClock, percentile: 75) {
                cell.spread = low...high
            }
        case .bytes:
            guard let bytes = run.perOperation(workload, implementation, .memoryLeakedBytes) else { return nil }
            cell.value = bytes
        case .heapBytes:
            let metric = BenchmarkMetric.custom(Workload.heapMetricName, polarity: .prefersSmaller, useScalingFactor: true)
            guard let bytes = run.perOperation(workload, implementation, metric) else { return nil }
            cell.value = bytes
        }
        cell.allocationsPerOperation = run.perOperation(workload, implementation, .mallocCountTotal)
        return cell
    }

    private func header() -> [String] {
        let date = ISO8601DateFormatter().string(from: run.date)
        var configuration = "release"
        if let note = options.note { configuration += ", \(note)" }
        let lines = [
            "date: \(date)",
            "CPU: \(cpuModel()) (\(run.machine.processors) cores)",
            "Swift: \(swiftVersion)",
            "build: \(configuration); package-benchmark \(packageBenchmarkVersion), one benchmark per workload and "
                + "implementation, each run for up to 1 s after a warm-up run; every value is the median run's "
                + "(W8: the 25th–75th percentile of its runs), divided by the run's operations"
                + (options.baselines.count > 1
                    ? "; times from a pass that measured the wall clock alone (\(options.baselines[0])), "
                        + "allocations and bytes from a second pass (\(options.baselines.dropFirst().joined(separator: ", ")))"
                    : ""),
        ]
        return options.format == .markdown ? lines.map { "- \($0)" } : lines
    }

    private func table(_ rows: [(Workload, [Implementation: Cell])]) -> [String] {
        let heading = [
            "workload", "unit", "baseline", "Ripple", "OpenCombine",
            "Ripple/baseline", "OpenCombine/Ripple",
            "allocs/op baseline", "allocs/op Ripple", "allocs/op OpenCombine",
        ]
        var notes: [String] = []
        let body = rows.map { workload, cells -> [String] in
            var name = "\(workload.id) \(workload.title)"
            if let note = workload.footnote {
                if !notes.contains(note) { notes.append(note) }
                name += " " + footnoteMark(notes.firstIndex(of: note)!)
            }
            let unit = (workload.metric == .nanoseconds ? "ns/" : "B/") + workload.operation
            let baseline = cells[.baseline], ripple = cells[.ripple], combine = cells[.openCombine]
            return [
                name, unit,
                value(baseline), value(ripple), value(combine),
                ratio(ripple?.value, baseline?.value), ratio(combine?.value, ripple?.value),
                allocations(baseline, workload), allocations(ripple, workload), allocations(combine, workload),
            ]
        }
        switch options.format {
        case .markdown:
            let separator = heading.indices.map { $0 < 2 ? "---" : "---:" }
            return ([heading, separator] + body).map { "| " + $0.joined(separator: " | ") + " |" }
        case .text:
            let widths = heading.indices.map { column in
                ([heading] + body).map { $0[column].count }.max()!
            }
            return ([heading] + body).map { cells in
                cells.enumerated().map { column, cell in
                    let pad = String(repeating: " ", count: widths[column] - cell.count)
                    return column < 2 ? cell + pad : pad + cell
                }.joined(separator: "  ")
            }
        }
    }

    private func footnoteMark(_ index: Int) -> String {
        String(repeating: "*", count: index + 1)
    }

    /// The cell's value, or its spread (`45.1–49.3`).
    private func value(_ cell: Cell?) -> String {
        if let spread = cell?.spread { return number(spread.lowerBound) + "–" + number(spread.upperBound) }
        return number(cell?.value)
    }

    private func number(_ value: Double?) -> String {
        guard let value else { return "–" }
        switch value {
        case 1000...: return String(format: "%.0f", value)
        case 10...: return String(format: "%.1f", value)
        default: return String(format: "%.2f", value)
        }
    }

    private func ratio(_ numerator: Double?, _ denominator: Double?) -> String {
        guard let numerator, let denominator, denominator > 0 else { return "–" }
        return String(format: "%.2f×", numerator / denominator)
    }

    /// Allocations per operation; "–" for a heap row, which counts none (its bytes
    /// row, the same subscriptions, does), "n/c" where the run did not count them.
    private func allocations(_ cell: Cell?, _ workload: Workload) -> String {
        guard let cell, workload.metric != .heapBytes else { return "–" }
        guard let value = cell.allocationsPerOperation else { return "n/c" }
        switch value {
        case 0: return "0"
        case ..<0.001: return String(format: "%.1e", value)
        case ..<0.01: return String(format: "%.4f", value)
        default: return String(format: "%.2f", value)
        }
    }

    /// The package-benchmark release this suite depends on (Package.swift pins it exactly).
    private let packageBenchmarkVersion = "1.38.1"

    private var swiftVersion: String {
        #if compiler(>=6.4)
        return "6.4 or later"
        #elseif compiler(>=6.3)
        return "6.3"
        #elseif compiler(>=6.2)
        return "6.2"
        #elseif compiler(>=6.1)
        return "6.1"
        #else
        return "6.0"
        #endif
    }

    private func cpuModel() -> String {
        guard let info = try? String(contentsOfFile: "/proc/cpuinfo", encoding: .utf8) else { return "unknown" }
        for line in info.split(separator: "\n") where line.hasPrefix("model name") {
            if let colon = line.firstIndex(of: ":") {
                return line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)
            }
        }
        return "unknown"
    }
}
