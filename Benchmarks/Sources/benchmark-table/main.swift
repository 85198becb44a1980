// benchmark-table: the README's side-by-side table (the hand-written baseline,
// Ripple and OpenCombine; ns or bytes per operation, their ratios, allocations per
// operation) from package-benchmark runs saved as baselines (`Scripts/run-suite`
// saves one suite run as two: the times, then the counts).

import Foundation

let options = Options.parse(CommandLine.arguments.dropFirst())
var runs: [SavedRun] = []
for name in options.baselines {
    do {
        runs.append(try SavedRun(path: options.resultsPath(name)))
    } catch {
        Options.fail("cannot read the baseline \(name) (\(options.resultsPath(name))): \(error)")
    }
}
let run = SavedRun(merging: runs)
print(Report(options: options, run: run).render())
