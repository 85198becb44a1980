import Testing

// The Migrating from ReactiveSwift article's claims about what ReactiveSwift code no
// longer compiles, each as a compile probe: the ReactiveSwift spelling, refused, next
// to the change the guide gives, accepted. (The claims on Sendable streams, main-actor
// state in an `Action` body, `BindingTarget`'s key path, the blocking forms in async
// code and the callable `merge(with:)` are probes of ConcurrencyRulesTests.)

@Suite struct MigratingGuideCompileTests {
    static let probes = [
        // "`object.reactive.lifetime` exists only for objects that conform to `LifetimeProvider` (one line: `@Lifetime.Owned var lifetime`)"
        CompileProbe(
            name: "migratingGuideReactiveLifetimeNeedsALifetimeProvider",
            refused: """
            import Ripple
            final class Label: ReactiveExtensionsProvider { var text = "" }
            func lifetime(of label: Label) -> Lifetime { label.reactive.lifetime }
            """,
            expectedErrors: ["LifetimeProvider"],
            accepted: """
            import Ripple
            final class Label: ReactiveExtensionsProvider, LifetimeProvider {
                @Lifetime.Owned var lifetime
                var text = ""
            }
            func lifetime(of label: Label) -> Lifetime { label.reactive.lifetime }
            """
        ),
        // "code that unwrapped the result (`!`, `if let`) drops the unwrapping"
        CompileProbe(
            name: "migratingGuideCombiningAnySequenceOfPropertiesIsNotOptional",
            refused: """
            import Ripple
            func totals(_ prices: [Property<Int>]) -> Int {
                let forced = Property.combineLatest(prices)!
                if let zipped = Property.zip(prices) { return zipped.value.count }
                return forced.value.reduce(0, +)
            }
            """,
            expectedErrors: ["non-optional type", "must have Optional type"],
            accepted: """
            import Ripple
            func totals(_ prices: [Property<Int>]) -> Int {
                let latest = Property.combineLatest(prices)
                let zipped = Property.zip(prices, emptySentinel: [0])
                return latest.value.reduce(0, +) + zipped.value.count
            }
            """
        ),
        // "`LoggingEvent.Signal.allEvents` becomes the default (leave `events:` out)"
        CompileProbe(
            name: "migratingGuideLoggingEventSignalAllEventsIsTheDefault",
            refused: """
            import Ripple
            func log(_ signal: Signal<Int, Never>) -> Signal<Int, Never> {
                signal.logEvents(identifier: "feed", events: LoggingEvent.Signal.allEvents)
            }
            """,
            expectedErrors: ["Signal"],
            accepted: """
            import Ripple
            func log(_ signal: Signal<Int, Never>) -> Signal<Int, Never> {
                signal.logEvents(identifier: "feed")
            }
            """
        ),
    ]

    @Test(arguments: probes)
    func migratingGuideCompilerRefusesTheReactiveSwiftSpellingAndAcceptsTheGuides(_ probe: CompileProbe) async throws {
        let errors = try await CompileProbe.diagnostics(compiling: probe.refused, named: probe.name).errors
        #expect(!errors.isEmpty, "\(probe.name) compiled; it must not")
        for error in errors {
            #expect(probe.expectedErrors.contains { error.contains($0) }, "unexpected error: \(error)")
        }
        for expected in probe.expectedErrors {
            #expect(errors.contains { $0.contains(expected) }, "missing error: \(expected)")
        }
        let corrected = try await CompileProbe.diagnostics(compiling: probe.accepted, named: probe.name)
        #expect(corrected.errors.isEmpty, "the corrected \(probe.name) does not compile: \(corrected.errors)")
        #expect(corrected.warnings.isEmpty, "the corrected \(probe.name) has warnings: \(corrected.warnings)")
    }
}
