import Ripple
import RippleTerminal
import Testing

/// Collects what a signal sends, for tests.
final class EventLog: @unchecked Sendable {  // `entries` is guarded by `lock`
    private let lock = TestLock()
    private var entries: [String] = []

    var all: [String] {
        lock.withLock { entries }
    }

    func append(_ entry: String) {
        lock.withLock { entries.append(entry) }
    }

    func observe(_ signal: Signal<InputEvent, Never>) {
        signal.observe { event in
            switch event {
            case let .value(value): self.append(value.description)
            case .completed: self.append("completed")
            case .failed, .interrupted: self.append("interrupted")
            }
        }
    }
}

@Suite struct InputReaderTests {
    @Test func eventsGoOutAsTheirBytesArrive() {
        let scheduler = TestScheduler()
        let reader = InputReader(scheduler: scheduler)
        let log = EventLog()
        log.observe(reader.events)
        reader.receive(Array("a\u{1B}[A".utf8))
        #expect(log.all == ["a", "up"])
        #expect(!scheduler.hasPendingWork, "nothing pending, nothing scheduled")
    }

    @Test func aLoneEscapeIsTheEscKeyAfterTheQuietTime() {
        let scheduler = TestScheduler()
        let reader = InputReader(escapeTimeout: .milliseconds(25), scheduler: scheduler)
        let log = EventLog()
        log.observe(reader.events)
        reader.receive([0x1B])
        scheduler.advance(by: .milliseconds(24))
        #expect(log.all.isEmpty)
        scheduler.advance(by: .milliseconds(1))
        #expect(log.all == ["esc"])
    }

    @Test func bytesWithinTheQuietTimeCompleteTheSequenceInstead() {
        let scheduler = TestScheduler()
        let reader = InputReader(scheduler: scheduler)
        let log = EventLog()
        log.observe(reader.events)
        reader.receive([0x1B])
        scheduler.advance(by: .milliseconds(20))
        reader.receive(Array("[1;5".utf8))
        scheduler.advance(by: .milliseconds(20))
        reader.receive(Array("C".utf8))
        scheduler.run()
        #expect(log.all == ["ctrl-right"])
    }

    @Test func eachChunkRestartsTheQuietTime() {
        let scheduler = TestScheduler()
        let reader = InputReader(scheduler: scheduler)
        let log = EventLog()
        log.observe(reader.events)
        reader.receive(Array("\u{1B}[200~part".utf8))
        reader.receive([0x1B])
        scheduler.advance(by: .milliseconds(20))
        reader.receive(Array("[201~".utf8))
        reader.receive([0x1B])
        scheduler.advance(by: .milliseconds(20))
        #expect(log.all == ["paste(4 chars)"])
        scheduler.advance(by: .milliseconds(5))
        #expect(log.all == ["paste(4 chars)", "esc"])
    }

    @Test func finishSettlesWhatIsPendingCompletesAndIgnoresLaterBytes() {
        let scheduler = TestScheduler()
        let reader = InputReader(scheduler: scheduler)
        let log = EventLog()
        log.observe(reader.events)
        reader.receive(Array("x\u{1B}".utf8))
        reader.finish()
        reader.receive(Array("y".utf8))
        reader.finish()
        scheduler.run()
        #expect(log.all == ["x", "esc", "completed"])
    }

    @Test func bytesReceivedByAnObserverAreDeliveredAfterTheCurrentEvent() {
        let scheduler = TestScheduler()
        let reader = InputReader(scheduler: scheduler)
        let log = EventLog()
        reader.events.observeValues { event in
            log.append("first sees \(event)")
            if event == .key(KeyEvent(.character("a"))) { reader.receive(Array("b".utf8)) }
        }
        reader.events.observeValues { event in log.append("second sees \(event)") }
        reader.receive(Array("a".utf8))
        #expect(log.all == ["first sees a", "second sees a", "first sees b", "second sees b"])
    }
}
