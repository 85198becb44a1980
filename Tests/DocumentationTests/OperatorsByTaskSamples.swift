import Foundation
import Ripple
import RippleTesting
import Testing

// The samples of the Operators by Task article (Ripple.docc/OperatorsByTask.md), and
// a few of its marble lines checked with RippleTesting's marbles.

enum OperatorsByTaskSamples {
    struct TimedOut: Error {}

    /// A search that answers after a second of `scheduler`.
    static func search(_ query: String, on scheduler: TestScheduler) -> SignalProducer<[String], Never> {
        SignalProducer(value: ["\(query)ft", "\(query)ftui", "\(query)ftdata"]).delay(1, on: scheduler)
    }
}

extension Signal where Value == String {
    func trimmed() -> Signal<String, Error> {
        map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }
}

extension SignalProducer where Value == String {
    func trimmed() -> SignalProducer<String, Error> {
        lift { $0.trimmed() }
    }
}

extension OperatorsByTaskSamples {
    @Suite("Operators by Task")
    struct Tests {
        @Test("a chain filters, drops repeats, and cancels the older request")
        func chain() {
            let scheduler = TestScheduler()
            let (queries, typing) = Signal<String, Never>.pipe()
            var shown: [String] = []
            queries
                .filter { $0.count >= 2 }
                .skipRepeats()
                .flatMap(.latest) { query in search(query, on: scheduler) }   // a newer query cancels the older request
                .map { $0.prefix(2).joined(separator: ", ") }
                .observeValues { shown.append($0) }
            typing.send(value: "s")
            typing.send(value: "sw")
            scheduler.advance(by: 0.5)
            typing.send(value: "swi")
            typing.send(value: "swi")
            scheduler.advance(by: 2)
            #expect(shown == ["swift, swiftui"])
        }

        @Test("a row's marble line, checked")
        func skipRepeatsMarbles() throws {
            let scheduler = TestScheduler()
            let letters: Signal<String, Never> = try scheduler.hotSignal("-a-a-b-a-|")
            let output = scheduler.record(letters.skipRepeats())
            scheduler.run()
            #expect(output.marbles() == "-a---b-a-|")
        }

        @Test("an operator of Signal lifted to SignalProducer")
        func lifted() {
            var kept: [String] = []
            SignalProducer<String, Never>(["  a ", "   ", "b"]).trimmed().startWithValues { kept.append($0) }
            #expect(kept == ["a", "b"])
        }

        @Test("scan sends every intermediate total")
        func scan() {
            let (numbers, input) = Signal<Int, Never>.pipe()
            var totals: [Int] = []
            numbers.scan(0, +).observeValues { totals.append($0) }
            input.send(value: 1)
            input.send(value: 2)
            input.send(value: 3)
            // totals == [1, 3, 6]
            #expect(totals == [1, 3, 6])
        }

        @Test("combineLatest mixes a property and a producer")
        func combineLatest() {
            let firstName = MutableProperty("Ada")
            let lastName = SignalProducer<String, Never>(value: "Lovelace")

            var names: [String] = []
            SignalProducer.combineLatest(firstName, lastName)
                .map { "\($0) \($1)" }
                .startWithValues { names.append($0) }
            firstName.value = "Augusta"
            // names == ["Ada Lovelace", "Augusta Lovelace"]
            #expect(names == ["Ada Lovelace", "Augusta Lovelace"])
        }

        @Test("attemptMap fails the stream at the first value it cannot transform")
        func attemptMap() {
            struct NotANumber: Error, Equatable { let text: String }

            let numbers = SignalProducer<String, NotANumber>(["1", "2", "x", "4"])
                .attemptMap { (text: String) throws(NotANumber) -> Int in
                    guard let number = Int(text) else { throw NotANumber(text: text) }
                    return number
                }

            var results: [Result<Int, NotANumber>] = []
            numbers.startWithResult { results.append($0) }
            // results == [.success(1), .success(2), .failure(NotANumber(text: "x"))]
            #expect(results == [.success(1), .success(2), .failure(NotANumber(text: "x"))])
        }

        @Test("throttle's marble line, checked")
        func throttleMarbles() throws {
            let scheduler = TestScheduler()
            let typing: Signal<String, Never> = try scheduler.hotSignal("-abc-----d|")
            let output = scheduler.record(typing.throttle(3, on: scheduler))
            scheduler.run()
            #expect(output.marbles() == "-a--c----d|")
        }

        @Test("more rows' marble lines, checked", arguments: [
            ("filter", "-1-2-3-4-|", "---2---4-|"),
            ("skip(first: 2)", "-a-b-c-d-|", "-----c-d-|"),
            ("uniqueValues", "-a-b-a-c-|", "-a-b---c-|"),
            ("take(first: 2)", "-a-b-c-|", "-a-(b|)"),
            ("take(last: 2)", "-a-b-c-d-|", "---------(cd|)"),
            ("take(while:)", "-1-2-3-1-|", "-1-2-|"),
            ("take(until:)", "-1-2-3-1-|", "-1-2-(3|)"),
            ("skipRepeats", "-a-a-b-a-|", "-a---b-a-|"),
            ("reduce", "-1-2-3-|", "-------(6|)"),
            ("timeout(3)", "-a-b---c-|", "-a-(b|)"),   // the failure, recovered as completion
            ("collect(every: 3)", "-ab--c----|", "---2--1--0|"),   // the arrays' sizes
            ("debounce(2)", "-ab---cd---|", "----b----d-|"),
            ("delay(2)", "-a-b-|", "---a-b-|"),
        ])
        func marbleLines(operator name: String, input: String, output expected: String) throws {
            let scheduler = TestScheduler()
            let source: Signal<String, Never> = try scheduler.hotSignal(input)
            let operators: [String: (Signal<String, Never>) -> Signal<String, Never>] = [
                "filter": { $0.filter { Int($0)!.isMultiple(of: 2) } },
                "skip(first: 2)": { $0.skip(first: 2) },
                "uniqueValues": { $0.uniqueValues() },
                "take(first: 2)": { $0.take(first: 2) },
                "take(last: 2)": { $0.take(last: 2) },
                "take(while:)": { $0.take(while: { Int($0)! < 3 }) },
                "take(until:)": { $0.take(until: { Int($0)! < 3 }) },
                "skipRepeats": { $0.skipRepeats() },
                "reduce": { $0.reduce(0) { $0 + Int($1)! }.map(String.init) },
                "timeout(3)": { $0.timeout(after: 3, raising: TimedOut(), on: scheduler).flatMapError { _ in .empty } },
                "collect(every: 3)": { $0.collect(every: 3, on: scheduler).map { String($0.count) } },
                "debounce(2)": { $0.debounce(2, on: scheduler) },
                "delay(2)": { $0.delay(2, on: scheduler) },
            ]
            let output = scheduler.record(operators[name]!(source))
            scheduler.run()
            #expect(output.marbles() == expected, "\(name)")
        }
    }
}
