// Command-line options of ripple-bench.

import Foundation

/// The implementations a workload can be run with.
enum Implementation: String, CaseIterable {
    case baseline
    case ripple
    case openCombine = "opencombine"
}

/// How the result table is printed.
enum OutputFormat: String {
    case markdown
    case text
}

/// The parsed command line.
struct Options {
    /// Timed repetitions per implementation; the median is reported.
    var repetitions = 5
    /// Multiplies every iteration count (not the observer counts of W2, W5 and W7).
    var scale = 1.0
    /// Tiny iteration counts, so that a debug build runs the whole suite quickly.
    var smoke = false
    /// Workload id prefixes to run (`W2`, `W6b`, `W7`); empty runs all.
    var filters: [String] = []
    /// The implementations to run; the others show as "–".
    var implementations = Set(Implementation.allCases)
    var format = OutputFormat.markdown
    /// Free text printed in the header, e.g. "-cross-module-optimization".
    var note: String?
    /// Whether to count allocations (off under valgrind, which replaces malloc itself).
    var countsAllocations = true

    static let usage = """
        usage: ripple-bench [--smoke] [--repetitions N] [--scale F] [--filter W1[,W2…]]
                            [--implementations baseline,ripple,opencombine]
                            [--format markdown|text] [--note TEXT] [--no-allocations]
        """

    /// Parses `arguments`; prints the usage and exits on an unknown or malformed flag.
    static func parse(_ arguments: ArraySlice<String>) -> Options {
        var options = Options()
        var rest = arguments[...]
        func value(_ flag: String) -> String {
            guard let next = rest.popFirst() else { fail("\(flag) needs a value") }
            return next
        }
        while let flag = rest.popFirst() {
            switch flag {
            case "--smoke":
                options.smoke = true
                options.repetitions = 1
            case "--repetitions":
                guard let n = Int(value(flag)), n >= 1 else { fail("--repetitions takes a positive integer") }
                options.repetitions = n
            case "--scale":
                guard let f = Double(value(flag)), f > 0 else { fail("--scale takes a positive number") }
                options.scale = f
            case "--filter":
                options.filters += value(flag).split(separator: ",").map { String($0) }
            case "--implementations":
                var chosen = Set<Implementation>()
                for name in value(flag).split(separator: ",") {
                    guard let implementation = Implementation(rawValue: name.lowercased()) else {
                        fail("unknown implementation \(name)")
                    }
                    chosen.insert(implementation)
                }
                options.implementations = chosen
            case "--format":
                guard let format = OutputFormat(rawValue: value(flag)) else { fail("--format is markdown or text") }
                options.format = format
            case "--note":
                options.note = value(flag)
            case "--no-allocations":
                options.countsAllocations = false
            case "--help", "-h":
                print(usage)
                exit(0)
            default:
                fail("unknown argument \(flag)")
            }
        }
        return options
    }

    /// Whether `workload` passes the `--filter` prefixes.
    func matches(_ workload: Workload) -> Bool {
        filters.isEmpty || filters.contains { workload.id.lowercased().hasPrefix($0.lowercased()) }
    }

    private static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("ripple-bench: \(message)\n\(usage)\n".utf8))
        exit(2)
    }
}
