// ripple-bench: runs the workloads W1…W8 for the hand-written baseline, Ripple and
// OpenCombine, and the terminal workloads T1, T2, T3 for Ripple alone, in one process and
// prints one table of ns per operation, allocations per operation and the ratios
// between them.

import Foundation

let options = Options.parse(CommandLine.arguments.dropFirst())
if options.countsAllocations { AllocationCounter.reexecuteWithInterposerIfNeeded() }
let counter = AllocationCounter(enabled: options.countsAllocations)
let workloads = Workloads.all(scale: options.scale, smoke: options.smoke)
    .filter { options.matches($0) }
if workloads.isEmpty {
    FileHandle.standardError.write(Data("ripple-bench: no workload matches the filter\n".utf8))
    exit(2)
}
let started = Date()
let runner = Runner(options: options, counter: counter)
var rows: [Row] = []
for workload in workloads {
    rows.append(runner.run(workload))
}
print(Report(options: options, started: started, countsAllocations: counter.isAvailable, rows: rows).render())
