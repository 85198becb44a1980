// Command-line options of benchmark-table.

import Foundation

/// How the result table is printed.
enum OutputFormat: String {
    case markdown
    case text
}

/// The parsed command line.
struct Options {
    /// The saved package-benchmark baselines to read, in order: a value comes from the
    /// first that has it (`Scripts/run-suite` saves the times and the counts apart).
    var baselines: [String] = []
    /// The benchmark package's directory, where `.benchmarkBaselines/` is.
    var packagePath = "."
    var format = OutputFormat.markdown
    /// Free text printed in the header, e.g. "-cross-module-optimization".
    var note: String?

    static let usage = """
        usage: benchmark-table --baseline NAME [--baseline NAME…] [--package-path DIR]
                               [--format markdown|text] [--note TEXT]

        Prints the side-by-side table (baseline, Ripple, OpenCombine, their ratios and
        allocations per operation) of the baselines saved by
            swift package --package-path DIR --allow-writing-to-package-directory \\
                benchmark baseline update NAME
        A value comes from the first baseline named that has it.
        """

    /// The results file of the baseline `name`.
    func resultsPath(_ name: String) -> String {
        "\(packagePath)/.benchmarkBaselines/RippleBenchmarks/\(name)/results.json"
    }

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
            case "--baseline":
                options.baselines.append(value(flag))
            case "--package-path":
                options.packagePath = value(flag)
            case "--format":
                guard let format = OutputFormat(rawValue: value(flag)) else { fail("--format is markdown or text") }
                options.format = format
            case "--note":
                options.note = value(flag)
            case "--help", "-h":
                print(usage)
                exit(0)
            default:
                fail("unknown argument \(flag)")
            }
        }
        if options.baselines.isEmpty { fail("name at least one --baseline") }
        return options
    }

    static func fail(_ message: String) -> Never {
        FileHandle.standardError.write(Data("benchmark-table: \(message)\n\(usage)\n".utf8))
        exit(2)
    }
}
