// W8 contention: two threads each send 500,000 values a run into one hot source with one
// observer; delivery is serialised; ns per send (wall clock over both threads).

import Dispatch
import OpenCombine
import Ripple

/// How W8's baseline and OpenCombine versions get serialised delivery.
let contentionFootnote = """
    OpenCombine's subjects do not serialise concurrent sends: its W8 version (like the \
    baseline) holds a pthread mutex around each send.
    """

extension Workloads {
    static func contention(_ sizing: Sizing) -> Workload {
        let n = sizing.iterations(500_000)
        let threads = 2
        return Workload(
            id: "W8", title: "2 threads send into one source", operation: "send",
            operations: threads * n, expected: checksum(count: threads * n, sum: threads * triangle(n)),
            baseline: { region in
                let tally = Tally()
                let target = LockedCall(opaque { tally.add($0) })
                region.measure {
                    onThreads(threads) { for i in 0..<n { target.send(i) } }
                }
                return checksum(count: tally.count, sum: tally.sum)
            },
            ripple: { region in
                let tally = Tally()
                let (signal, input) = Signal<Int, Never>.pipe()
                let subscription = signal.observeValues { tally.add($0) }
                region.measure {
                    onThreads(threads) { for i in 0..<n { input.send(value: i) } }
                }
                subscription?.dispose()
                return checksum(count: tally.count, sum: tally.sum)
            },
            openCombine: { region in
                let tally = Tally()
                let subject = PassthroughSubject<Int, Never>()
                let subscription = subject.sink { tally.add($0) }
                let target = LockedCall { subject.send($0) }
                region.measure {
                    onThreads(threads) { for i in 0..<n { target.send(i) } }
                }
                subscription.cancel()
                return checksum(count: tally.count, sum: tally.sum)
            },
            footnote: contentionFootnote,
            showsSpread: true
        )
    }

    /// Runs `body` on `count` threads at once and waits for all of them.
    private static func onThreads(_ count: Int, _ body: @escaping @Sendable () -> Void) {
        let group = DispatchGroup()
        for _ in 0..<count {
            DispatchQueue.global().async(group: group, execute: body)
        }
        group.wait()
    }
}

/// A closure called under a lock: the hand-written serialised send.
private final class LockedCall: @unchecked Sendable {  // `action` is only called under `lock`
    private let lock = Lock()
    private let action: (Int) -> Void

    init(_ action: @escaping (Int) -> Void) {
        self.action = action
    }

    /// Calls the action with `value`, one caller at a time.
    func send(_ value: Int) {
        lock.withLock { action(value) }
    }
}
