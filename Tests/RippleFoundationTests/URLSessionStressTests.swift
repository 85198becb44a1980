import Dispatch
import Foundation
import Ripple
import RippleFoundation
import Synchronization
import Testing
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif

/// Requests disposed from many threads while their completion arrives on the
/// session's queue: every run ends exactly once, nothing follows its end, and
/// every connection is closed. Also run under the thread sanitizer by `.ci/run`.
@Suite(.timeLimit(.minutes(2))) struct URLSessionStressTests {
    typealias Response = (Data, URLResponse)

    static let lanes = 4
    static let runsPerLane = 60
    static let total = lanes * runsPerLane

    /// The event sequences a run may end with: the answer arrived first, disposal
    /// came first, or disposal came between the value and the completion.
    static let allowedEndings: Set<[String]> = [["VALUE", "COMPLETED"], ["INTERRUPTED"], ["VALUE", "INTERRUPTED"]]

    @Test func disposalRacingTheCompletionEndsEachRunOnce() async throws {
        try await withLoopback { server, session in
            let logs = (0..<Self.total).map { _ in EventLog<Response, URLError>() }
            let runs = Slots<any Disposable>(count: Self.total)
            let waitTimeouts = Atomic(0)

            DispatchQueue.concurrentPerform(iterations: Self.lanes) { lane in
                // When to dispose, after the answer is on the wire: adjusted after each
                // run towards the moment the completion arrives on the session's queue
                // (sooner when the run had completed first, later when it had not), so
                // that the two meet. The completion follows the answer by 0.01–10 ms.
                var delay = 500
                for index in 0..<Self.runsPerLane {
                    let run = lane * Self.runsPerLane + index
                    let path = "/repositories/\(run)"
                    let disposable = session.reactive.data(with: server.request(path)).start(logs[run].observer)
                    runs[run] = disposable
                    let disposed = DispatchSemaphore(value: 0)
                    guard server.blockUntil({ $0.answered.contains(path) }) else {
                        waitTimeouts.add(1, ordering: .relaxed)
                        disposable.dispose()
                        continue
                    }
                    DispatchQueue.global().asyncAfter(deadline: .now() + .microseconds(delay)) {
                        disposable.dispose()
                        disposed.signal()
                    }
                    if disposed.wait(timeout: .now() + 10) == .timedOut {
                        waitTimeouts.add(1, ordering: .relaxed)
                    }
                    let completedFirst = logs[run].kinds().contains("COMPLETED")
                    delay = completedFirst ? delay * 3 / 4 : min(delay * 5 / 4 + 10, 20_000)
                }
            }

            #expect(waitTimeouts.load(ordering: .relaxed) == 0)
            var ended = 0
            for log in logs where await log.waitForEnd() {
                ended += 1
            }
            #expect(ended == Self.total)
            for log in logs {
                #expect(Self.allowedEndings.contains(log.kinds()), "\(log.kinds())")
            }
            // The disposals met the completions: some came first, some second.
            #expect(logs.contains { $0.kinds().last == "COMPLETED" })
            #expect(logs.contains { $0.kinds().last == "INTERRUPTED" })
            #expect(runs.elements.allSatisfy { $0?.isDisposed ?? false })
            // Every connection closed, and still nothing after any run's end.
            #expect(await server.waitForLog { $0.openConnections == 0 })
            #expect(logs.allSatisfy { Self.allowedEndings.contains($0.kinds()) })
        }
    }

    @Test func requestsInFlightDisposedFromManyThreadsAreAbandoned() async throws {
        try await withLoopback { server, session in
            let logs = (0..<Self.total).map { _ in EventLog<Response, URLError>() }
            let started = (0..<Self.total).map { index in
                session.reactive.data(with: server.request("/slow/\(index)")).start(logs[index].observer)
            }
            // Some of them reach the server (the session sends a few at a time).
            #expect(await server.waitForLog { !$0.received.isEmpty })

            DispatchQueue.concurrentPerform(iterations: Self.lanes) { lane in
                for index in stride(from: lane, to: Self.total, by: Self.lanes) {
                    started[index].dispose()
                }
            }

            #expect(logs.allSatisfy { $0.kinds() == ["INTERRUPTED"] })
            // Every request that reached the server was abandoned, none answered.
            #expect(await server.waitForLog { $0.openConnections == 0 })
            let log = server.log
            #expect(Set(log.abandoned) == Set(log.received))
            #expect(log.answered.isEmpty)
            #expect(logs.allSatisfy { $0.kinds() == ["INTERRUPTED"] })
        }
    }
}
