// Prints the result table with its header lines (date, CPU, cores, Swift version,
// build configuration) as markdown or plain text.

import Foundation

/// The printed result of a run.
struct Report {
    let options: Options
    /// When the measurements began.
    let started: Date
    let countsAllocations: Bool
    let rows: [Row]

    /// The header lines and the table.
    func render() -> String {
        var lines = header()
        lines.append("")
        lines += table()
        let notes = rows.compactMap(\.workload.footnote).reduce(into: [String]()) { notes, note in
            if !notes.contains(note) { notes.append(note) }
        }
        if !notes.isEmpty {
            lines.append("")
            for (index, note) in notes.enumerated() { lines.append("\(footnoteMark(index)) \(note)") }
        }
        if !countsAllocations {
            lines.append("")
            lines.append(options.countsAllocations
                ? "allocations: not counted (the malloc interposer could not be preloaded)"
                : "allocations: not counted (--no-allocations)")
        }
        return lines.joined(separator: "\n")
    }

    private func header() -> [String] {
        let date = ISO8601DateFormatter().string(from: started)
        var configuration = isDebugBuild ? "debug" : "release"
        if let note = options.note { configuration += ", \(note)" }
        var lines = [
            "date: \(date)",
            "CPU: \(cpuModel()) (\(ProcessInfo.processInfo.activeProcessorCount) cores)",
            "Swift: \(swiftVersion)",
            "build: \(configuration); median of \(options.repetitions) timed runs after a warm-up run"
                + " (W8: the range of the medians of \(Workloads.contentionPasses) such passes)",
        ]
        if options.smoke { lines.append("smoke run: tiny iteration counts, the numbers mean nothing") }
        return options.format == .markdown ? lines.map { "- \($0)" } : lines
    }

    private func table() -> [String] {
        let heading = [
            "workload", "unit", "baseline", "Ripple", "OpenCombine",
            "Ripple/baseline", "OpenCombine/Ripple",
            "allocs/op baseline", "allocs/op Ripple", "allocs/op OpenCombine",
        ]
        var notes: [String] = []
        let body = rows.map { row -> [String] in
            var name = "\(row.workload.id) \(row.workload.title)"
            if let note = row.workload.footnote {
                if !notes.contains(note) { notes.append(note) }
                name += " " + footnoteMark(notes.firstIndex(of: note)!)
            }
            let unit = (row.workload.metric == .nanoseconds ? "ns/" : "B/") + row.workload.operation
            let baseline = row.cells[.baseline], ripple = row.cells[.ripple], combine = row.cells[.openCombine]
            return [
                name, unit,
                value(baseline), value(ripple), value(combine),
                ratio(ripple?.value, baseline?.value), ratio(combine?.value, ripple?.value),
                allocations(baseline), allocations(ripple), allocations(combine),
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

    /// The cell's value, or the range of its passes' medians (`45.1–49.3`).
    private func value(_ cell: Cell?) -> String {
        if let range = cell?.range { return number(range.lowerBound) + "–" + number(range.upperBound) }
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

    private func allocations(_ cell: Cell?) -> String {
        guard let cell else { return "–" }
        guard let value = cell.allocationsPerOperation else { return "n/c" }
        switch value {
        case 0: return "0"
        case ..<0.001: return String(format: "%.1e", value)
        case ..<0.01: return String(format: "%.4f", value)
        default: return String(format: "%.2f", value)
        }
    }

    private var isDebugBuild: Bool {
        #if DEBUG
        return true
        #else
        return false
        #endif
    }

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
