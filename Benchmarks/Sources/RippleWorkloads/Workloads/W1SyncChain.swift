// W1 sync chain: hot source → map(+1) → filter(even) → map(×2) → sink summing;
// 1,000,000 sends a run; ns per send.

import OpenCombine
import Ripple

extension Workloads {
    static func syncChain(_ sizing: Sizing) -> Workload {
        let n = sizing.iterations(1_000_000)
        // i + 1 runs over 1…n; the even ones, doubled: 2·(2 + 4 + … + 2m) = 2m(m + 1).
        let m = n / 2
        return Workload(
            id: "W1", title: "sync chain map→filter→map→sink", operation: "send",
            operations: n, expected: checksum(count: m, sum: 2 * m * (m + 1)),
            baseline: { region in
                let tally = Tally()
                let sink: (Int) -> Void = opaque { tally.add($0) }
                let double: (Int) -> Void = opaque { sink($0 * 2) }
                let even: (Int) -> Void = opaque { if $0 % 2 == 0 { double($0) } }
                let increment: (Int) -> Void = opaque { even($0 + 1) }
                region.measure {
                    for i in 0..<n { increment(i) }
                }
                return checksum(count: tally.count, sum: tally.sum)
            },
            ripple: { region in
                let tally = Tally()
                let (signal, input) = Signal<Int, Never>.pipe()
                let subscription = signal.map { $0 + 1 }.filter { $0 % 2 == 0 }.map { $0 * 2 }
                    .observeValues { tally.add($0) }
                region.measure {
                    for i in 0..<n { input.send(value: i) }
                }
                subscription?.dispose()
                return checksum(count: tally.count, sum: tally.sum)
            },
            openCombine: { region in
                let tally = Tally()
                let subject = PassthroughSubject<Int, Never>()
                let subscription = subject.map { $0 + 1 }.filter { $0 % 2 == 0 }.map { $0 * 2 }
                    .sink { tally.add($0) }
                region.measure {
                    for i in 0..<n { subject.send(i) }
                }
                subscription.cancel()
                return checksum(count: tally.count, sum: tally.sum)
            }
        )
    }
}
