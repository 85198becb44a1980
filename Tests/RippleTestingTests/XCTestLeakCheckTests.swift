import Ripple
import RippleTesting
import XCTest

/// The leak check inside an XCTest test case: the same call as in Swift Testing,
/// failing through XCTest at the caller's file and line.
final class XCTestLeakCheckTests: FailureCapturingTestCase {
    func testARetainedObserverFailsTheLeakCheckAtTheCallersLine() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let reported = failures {
            expectNoLeaks { check in
                let sink = check.track(MutableProperty(0), as: "sink")
                signal.observeValues { sink.value = $0 }
            }
        }
        let line = #line - 5
        XCTAssertEqual(reported, [failure("""
            leak check: 2 things outlived the block
            - sink (tracked at RippleTestingTests/XCTestLeakCheckTests.swift:\(line + 1)) is still alive
            - 1 observer attached inside the block is still attached:
                1 observer of Signal<Int, Never> attached at RippleTestingTests/XCTestLeakCheckTests.swift:\(line + 2)
            """, line: line)])
        input.sendCompleted()
    }

    func testACleanBlockPassesTheLeakCheck() {
        let (signal, input) = Signal<Int, Never>.pipe()
        let reported = failures {
            expectNoLeaks { check in
                let sink = check.track(MutableProperty(0))
                sink <~ signal
                input.send(value: 3)
                XCTAssertEqual(sink.value, 3)
            }
        }
        XCTAssertEqual(reported, [])
    }
}
