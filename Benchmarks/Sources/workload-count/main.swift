// workload-count: runs one implementation of one workload once, bare, at a given
// scale, and prints its operation count: what `Scripts/count-instructions` runs
// under callgrind, twice at two scales, to count the instructions of one operation
// as the difference of the two runs over the difference of their operation counts.
//
//     workload-count W1 ripple 0.02
//
// No harness, clock or allocation counter runs in this process: everything but the
// measured region's operations is the same in both runs and cancels out.

import Foundation
import RippleWorkloads

/// Runs the measured region straight through.
private final class BareRegion: Region {
    func measure(_ body: () -> Void) {
        body()
    }
}

private func fail(_ message: String) -> Never {
    FileHandle.standardError.write(Data("workload-count: \(message)\n".utf8))
    exit(2)
}

let arguments = CommandLine.arguments.dropFirst()
if arguments.first == "--list" {
    for workload in Workloads.all() {
        print("\(workload.id)\t\(workload.implementations.map(\.rawValue).joined(separator: ","))")
    }
    exit(0)
}
guard arguments.count == 3 else {
    fail("usage: workload-count WORKLOAD IMPLEMENTATION SCALE  (or --list)")
}
let id = arguments[arguments.startIndex]
let implementationName = arguments[arguments.startIndex + 1]
guard let implementation = Implementation(rawValue: implementationName) else {
    fail("unknown implementation \(implementationName); one of \(Implementation.allCases.map(\.rawValue))")
}
guard let scale = Double(arguments[arguments.startIndex + 2]), scale > 0 else {
    fail("the scale must be a positive number, not \(arguments[arguments.startIndex + 2])")
}
guard let workload = Workloads.all(scale: scale).first(where: { $0.id == id }) else {
    fail("no workload \(id); `workload-count --list` lists them")
}
guard workload.body(for: implementation) != nil else {
    fail("\(id) has no \(implementation.rawValue) implementation")
}
if let failure = workload.run(implementation, in: BareRegion()) {
    fail(failure)
}
print(workload.operations)
