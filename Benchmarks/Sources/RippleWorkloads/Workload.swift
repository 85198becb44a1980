// What a workload is: the same work done by the hand-written baseline, Ripple and
// OpenCombine, each bracketing its hot loop with `region.measure`. The workloads
// know nothing of the harness that runs them: package-benchmark runs them for the
// timings and allocation counts (`RippleBenchmarks`), `workload-count` runs them
// bare under callgrind for instruction counts.

/// What a workload reports in its main column.
public enum Metric: Sendable {
    /// Nanoseconds per operation (the wall clock).
    case nanoseconds
    /// Net bytes still allocated per operation at the end of the measured region
    /// (W7: bytes per live subscription): the bytes the code asked malloc for, minus
    /// those it freed (package-benchmark's `memoryLeakedBytes`).
    case bytes
    /// Real heap bytes per operation: the growth of glibc's in-use heap
    /// (`mallinfo2().uordblks`: each block's usable size and malloc's own header)
    /// across the measured region, recorded as the custom metric ``Workload/heapMetricName``.
    /// More than `bytes`: malloc rounds every request up to its size classes.
    case heapBytes
}

/// The implementations a workload can be run with.
public enum Implementation: String, CaseIterable, Sendable {
    /// The fair hand-written limit: the plain Swift a careful engineer would write.
    case baseline
    /// Ripple: `Signal`, `SignalProducer`, `MutableProperty` and their operators.
    case ripple
    /// OpenCombine 0.14.0, the Combine API on Linux (see the README's substitutions).
    case openCombine = "opencombine"

    /// The name the tables print.
    public var displayName: String {
        switch self {
        case .baseline: "baseline"
        case .ripple: "Ripple"
        case .openCombine: "OpenCombine"
        }
    }
}

/// Brackets the measured part of one run of a workload's implementation.
public protocol Region: AnyObject {
    /// Runs `body` as the measured region; a run calls it exactly once.
    func measure(_ body: () -> Void)
}

/// One implementation of a workload: it sets up, brackets its hot loop with
/// `region.measure`, tears down, and returns a checksum of the work it did.
public typealias Body = (_ region: any Region) -> Int

/// One row of the table: the same work done by the baseline, Ripple and OpenCombine.
///
/// Its implementations run on the main thread (the terminal workloads assume the main
/// actor, as the apps' screens do), one run at a time; a workload is handed to that
/// thread once, hence `@unchecked Sendable`.
public struct Workload: @unchecked Sendable {
    /// The custom metric a `.heapBytes` workload records its heap growth in.
    public static let heapMetricName = "heapInUseGrowth"

    /// `W1`, `W6a`, `W7 bytes @1000` …
    public let id: String
    /// A few words on what is measured.
    public let title: String
    /// What one operation is (`send`, `delivery`, `set` …), for the unit column.
    public let operation: String
    /// How many operations one run's measured region performs.
    public let operations: Int
    /// What the row's main columns report: time, requested bytes or real heap.
    public let metric: Metric
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
    public let footnote: String?
    /// Whether the row shows the spread of its runs (the 25th to 75th percentile)
    /// rather than the median alone: a workload whose time is bimodal on this
    /// machine, where one number would not say which mode it hit.
    public let showsSpread: Bool

    init(id: String, title: String, operation: String, operations: Int, metric: Metric = .nanoseconds,
         expected: @autoclosure @escaping () -> Int,
         baseline: Body?, ripple: @escaping Body, openCombine: Body?,
         footnote: String? = nil, showsSpread: Bool = false) {
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
        self.showsSpread = showsSpread
    }

    /// The body for `implementation`, if the workload has one.
    public func body(for implementation: Implementation) -> Body? {
        switch implementation {
        case .baseline: baseline
        case .ripple: ripple
        case .openCombine: openCombine
        }
    }

    /// The name of the package-benchmark benchmark that runs `implementation`:
    /// `W1.ripple`, `W7_bytes_@1000.baseline`. No spaces or slashes: package-benchmark
    /// writes a benchmark's thresholds file under its name with those replaced, and
    /// reads it back under the name as it is.
    public func benchmarkName(_ implementation: Implementation) -> String {
        String(id.map { $0 == " " ? "_" : $0 }) + "." + implementation.rawValue
    }

    /// The implementations this workload has, in table order.
    public var implementations: [Implementation] {
        Implementation.allCases.filter { body(for: $0) != nil }
    }

    /// Runs `implementation` once in `region` and checks its checksum.
    ///
    /// - Returns: `nil` when the checksum is right, otherwise a message naming the
    ///   workload, the implementation and both values: an implementation that does
    ///   not do the work measures nothing.
    public func run(_ implementation: Implementation, in region: any Region) -> String? {
        guard let body = body(for: implementation) else {
            return "\(id) has no \(implementation.displayName) implementation"
        }
        let checksum = body(region)
        blackhole(checksum)
        guard checksum == expected.value else {
            return """
                \(id) (\(implementation.rawValue)) computed \(checksum), expected \(expected.value): \
                this implementation does not do the work
                """
        }
        return nil
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
