import Testing

/// A stream that can fail, used where only one that cannot is accepted: the
/// compiler names the fix, at the call that needs it (not at an operator earlier
/// in the chain, as "requires the types 'SearchError' and 'Never' be equivalent").
@Suite struct FailingStreamDiagnosticsTests {
    static let preamble = """
        import Ripple
        struct SearchError: Error {}
        func search(_ query: String) -> SignalProducer<[String], SearchError> { .empty }
        func results(of query: String) -> Signal<[String], SearchError> { .never }

        """

    /// `body` as a whole program, in a function given the streams it uses.
    static func program(_ body: String) -> String {
        preamble + "func probe(query: MutableProperty<String>, shown: MutableProperty<[String]>, selection: MutableProperty<[String]?>, output: Signal<[String], Never>.Observer) {\n" + body + "\n}\n"
    }

    /// A misuse, marked `// <- here` on the line that must carry the error, and its
    /// corrected form; the error must contain every `expected` text (the API and the
    /// fixes it names).
    static func misuse(_ name: String, body: String, expected: [String], corrected: String) -> CompileProbe {
        CompileProbe(name: name, refused: program(body), expectedErrors: expected, accepted: program(corrected))
    }

    /// The line of `program` marked `// <- here`.
    static func markedLine(of program: String) -> Int {
        let lines = program.split(separator: "\n", omittingEmptySubsequences: false)
        return (lines.firstIndex { $0.contains("// <- here") } ?? -1) + 1
    }

    static let misuses = [
        misuse(
            "observeValues on a signal that can fail",
            body: """
                results(of: "swift")
                    .map { $0.count }
                    .observeValues { print($0) }   // <- here
                """,
            expected: ["'observeValues' is unavailable", "observeResult", "materializeResults()", "flatMapError"],
            corrected: """
                results(of: "swift")
                    .map { $0.count }
                    .observeResult { print($0) }
                """
        ),
        misuse(
            "startWithValues on a producer that can fail",
            body: """
                query.producer
                    .flatMap(.latest) { search($0) }
                    .startWithValues { print($0) }   // <- here
                """,
            expected: ["'startWithValues' is unavailable", "startWithResult", "materializeResults()", "flatMapError"],
            corrected: """
                query.producer
                    .flatMap(.latest) { search($0) }
                    .startWithResult { print($0) }
                """
        ),
        misuse(
            "Property(initial:then:) fed by a producer that can fail",
            body: """
                let found = Property(   // <- here
                    initial: [],
                    then: query.producer.flatMap(.latest) { search($0) }
                )
                _ = found
                """,
            expected: ["'init(initial:then:)' is unavailable", "flatMapError", "materializeResults()"],
            corrected: """
                let found = Property(
                    initial: [],
                    then: query.producer.flatMap(.latest) { search($0).flatMapError { _ in .empty } }
                )
                _ = found
                """
        ),
        misuse(
            "Property<Value?>(initial:then:) fed by a signal that can fail",
            body: """
                let first = Property<[String]?>(initial: nil, then: results(of: "swift"))   // <- here
                _ = first
                """,
            expected: ["'init(initial:then:)' is unavailable", "flatMapError"],
            corrected: """
                let first = Property<[String]?>(initial: nil, then: results(of: "swift").flatMapError { _ in .empty })
                _ = first
                """
        ),
        misuse(
            "binding a producer that can fail",
            body: """
                shown <~ query.producer.flatMap(.latest) { search($0) }   // <- here
                """,
            expected: ["'<~' is unavailable", "flatMapError", "materializeResults()"],
            corrected: """
                shown <~ query.producer.flatMap(.latest) { search($0).flatMapError { _ in SignalProducer(value: []) } }
                """
        ),
        misuse(
            "binding a signal that can fail to an optional target",
            body: """
                selection <~ results(of: "swift")   // <- here
                """,
            expected: ["'<~' is unavailable", "flatMapError"],
            corrected: """
                selection <~ results(of: "swift").flatMapError { _ in .empty }
                """
        ),
        misuse(
            "forwarding a producer that can fail to an observer",
            body: """
                output <~ search("swift")   // <- here
                """,
            expected: ["'<~' is unavailable", "start(observer)", "flatMapError"],
            corrected: """
                output <~ search("swift").flatMapError { _ in .empty }
                """
        ),
    ]

    @Test(arguments: misuses)
    func theCompilerNamesTheFixAtTheCallThatNeedsIt(_ misuse: CompileProbe) async throws {
        let refused = try await CompileProbe.diagnostics(compiling: misuse.refused, named: "Misuse")
        #expect(refused.errors.count == 1, "errors: \(refused.errors)")
        let error = try #require(refused.errors.first, "\(misuse.name) compiled; it must not")
        for expected in misuse.expectedErrors {
            #expect(error.contains(expected), "the error does not mention \(expected): \(error)")
        }
        let marked = Self.markedLine(of: misuse.refused)
        #expect(refused.errorLines == [marked], "reported at lines \(refused.errorLines), not at the marked call (\(marked))")

        let corrected = try await CompileProbe.diagnostics(compiling: misuse.accepted, named: "Corrected")
        #expect(corrected.errors.isEmpty, "the corrected program does not compile: \(corrected.errors)")
        #expect(corrected.warnings.isEmpty, "the corrected program has warnings: \(corrected.warnings)")
    }

    @Test func streamsThatCannotFailStillReachTheRealAPI() async throws {
        let program = Self.preamble + """
            func probe(values: Signal<Int, Never>, producer: SignalProducer<Int, Never>, target: MutableProperty<Int>, optional: MutableProperty<Int?>, output: Signal<Int, Never>.Observer) {
                values.map { $0 + 1 }.observeValues { print($0) }
                producer.startWithValues { print($0) }
                let fromProducer = Property(initial: 0, then: producer)
                let fromSignal = Property(initial: 0, then: values)
                let optionalFromValues = Property<Int?>(initial: nil, then: producer)
                target <~ producer
                target <~ values
                target <~ fromProducer
                optional <~ producer
                optional <~ target
                output <~ producer
                _ = (fromSignal, optionalFromValues)
            }
            """
        let result = try await CompileProbe.diagnostics(compiling: program, named: "NeverFailing")
        #expect(result.errors.isEmpty, "errors: \(result.errors)")
        #expect(result.warnings.isEmpty, "warnings: \(result.warnings)")
    }
}
