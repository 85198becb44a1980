// The measuring harness: a workload's implementations each run once to warm up,
// once with allocation counting, then `repetitions` times timed; the median time and
// the counted allocations are divided by the workload's operation count.

import Foundation

/// What a workload reports in its main columns.
enum Metric {
    /// Nanoseconds per operation, the median of the timed runs.
    case nanoseconds
    /// Net bytes still allocated per operation at the end of the measured region
    /// (W7: bytes per live subscription), from the allocation-counting run: the
    /// bytes the code asked malloc for, minus those it freed.
    case bytes
    /// Real heap bytes per operation: the growth of glibc's in-use heap
    /// (`mallinfo2().uordblks`: each block's usable size and malloc's own header)
    /// across the measured region of the allocation-counting run. More than
    /// `bytes`: malloc rounds every request up to its size classes.
    case heapBytes
}

/// One implementation of a workload: it sets up, brackets its hot loop with
/// `region.measure`, tears down, and returns a checksum of the work it did.
typealias Body = (_ region: Region) -> Int

/// One row of the table: the same work done by the baseline, Ripple and OpenCombine.
struct Workload {
    /// `W1`, `W6a`, `W7 bytes @1000` …; `--filter` matches its prefix.
    let id: String
    /// A few words on what is measured.
    let title: String
    /// What one operation is (`send`, `delivery`, `set` …), for the unit column.
    let operation: String
    /// How many operations the measured region performs.
    let operations: Int
    var metric = Metric.nanoseconds
    /// The checksum every implementation must return, worked out when first asked
    /// for: some are a first run of the workload itself, which a run filtered to
    /// other workloads should not pay for.
    let expected: ExpectedChecksum
    /// `nil` for a Ripple-only workload (the terminal renderer has nothing to compare with).
    let baseline: Body?
    let ripple: Body
    /// `nil` where OpenCombine cannot express the workload at all.
    let openCombine: Body?
    /// Printed under the table when the row is shown.
    var footnote: String?
    /// How many times the timed repetitions are run, each giving a median; with
    /// more than one, the row shows the range of those medians (a workload whose
    /// time is bimodal on this machine: one draw would not say which mode it hit).
    var passes = 1

    init(id: String, title: String, operation: String, operations: Int, metric: Metric = .nanoseconds,
         expected: @autoclosure @escaping () -> Int,
         baseline: Body?, ripple: @escaping Body, openCombine: Body?,
         footnote: String? = nil, passes: Int = 1) {
        self.id = id
        self.title = title
        self.operation = operation
        self.operations = operations
        self.metric = metric
        self.expected = ExpectedChecksum(expected)
        self.baseline = baseline
        self.ripple = ripple
        self.openCombine = openCombine
        self.footnote = footnote
        self.passes = passes
    }

    /// The body for `implementation`, if any.
    func body(for implementation: Implementation) -> Body? {
        switch implementation {
        case .baseline: baseline
        case .ripple: ripple
        case .openCombine: openCombine
        }
    }
}

/// A workload's checksum, computed at its first use and kept.
final class ExpectedChecksum {
    private var compute: (() -> Int)?
    private var computed: Int?

    init(_ compute: @escaping () -> Int) {
        self.compute = compute
    }

    /// The checksum.
    var value: Int {
        if let computed { return computed }
        let value = compute!()
        computed = value
        compute = nil
        return value
    }
}

/// Brackets the measured part of one run: the clock always, the allocation counter
/// when this run counts allocations.
final class Region {
    private let counter: AllocationCounter?
    /// The duration of the last measured region.
    private(set) var elapsed = Duration.zero
    /// The allocations counted in the last measured region.
    private(set) var allocations = AllocationCounter.Counts()
    /// How much the in-use heap grew over the last counted region, in bytes.
    private(set) var heapGrowth = 0

    init(counting counter: AllocationCounter?) {
        self.counter = counter
    }

    /// Runs `body` as the measured region; a run calls it exactly once.
    func measure(_ body: () -> Void) {
        let clock = ContinuousClock()
        if let counter {
            let heapBefore = HeapUse.inUseBytes()
            counter.start()
            let start = clock.now
            body()
            elapsed = clock.now - start
            allocations = counter.stop()
            heapGrowth = HeapUse.inUseBytes() - heapBefore
        } else {
            let start = clock.now
            body()
            elapsed = clock.now - start
        }
    }
}

/// The readings of one implementation of one workload.
struct Cell {
    /// ns per operation, or bytes per operation for a `.bytes` workload; `nil` when
    /// not measured (bytes without the allocation counter).
    var value: Double?
    /// Allocations per operation; `nil` when allocations are not counted.
    var allocationsPerOperation: Double?
    /// The lowest and highest median, for a workload measured in several passes.
    var range: ClosedRange<Double>?
}

/// One printed row.
struct Row {
    let workload: Workload
    var cells: [Implementation: Cell] = [:]
}

/// Runs workloads as the options say.
struct Runner {
    let options: Options
    let counter: AllocationCounter

    /// Runs every chosen implementation of `workload` and checks its checksum.
    func run(_ workload: Workload) -> Row {
        var row = Row(workload: workload)
        for implementation in Implementation.allCases where options.implementations.contains(implementation) {
            guard let body = workload.body(for: implementation) else { continue }
            row.cells[implementation] = measure(workload, implementation, body)
        }
        return row
    }

    private func measure(_ workload: Workload, _ implementation: Implementation, _ body: Body) -> Cell {
        let operations = Double(workload.operations)
        check(workload, implementation, body(Region(counting: nil)))

        var cell = Cell()
        if counter.isAvailable {
            let region = Region(counting: counter)
            check(workload, implementation, body(region))
            cell.allocationsPerOperation = Double(region.allocations.mallocs) / operations
            switch workload.metric {
            case .bytes: cell.value = Double(region.allocations.netBytes) / operations
            case .heapBytes: cell.value = Double(region.heapGrowth) / operations
            case .nanoseconds: break
            }
        }
        if workload.metric == .nanoseconds {
            var medians: [Double] = []
            for _ in 0..<max(workload.passes, 1) {
                var times: [Double] = []
                for _ in 0..<options.repetitions {
                    let region = Region(counting: nil)
                    check(workload, implementation, body(region))
                    times.append(Double(region.elapsed.nanoseconds) / operations)
                }
                medians.append(median(times))
            }
            cell.value = median(medians)
            if medians.count > 1, let low = medians.min(), let high = medians.max() {
                cell.range = low...high
            }
        }
        return cell
    }

    private func check(_ workload: Workload, _ implementation: Implementation, _ checksum: Int) {
        blackhole(checksum)
        guard checksum == workload.expected.value else {
            FileHandle.standardError.write(Data("""
                ripple-bench: \(workload.id) (\(implementation.rawValue)) computed \(checksum), \
                expected \(workload.expected.value): this implementation does not do the work; aborting.

                """.utf8))
            exit(1)
        }
    }
}

/// The median of a non-empty list.
func median(_ values: [Double]) -> Double {
    let sorted = values.sorted()
    let middle = sorted.count / 2
    return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
}

extension Duration {
    /// The duration in whole nanoseconds.
    var nanoseconds: Int64 {
        let (seconds, attoseconds) = components
        return seconds * 1_000_000_000 + attoseconds / 1_000_000_000
    }
}
