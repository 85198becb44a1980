import Ripple

/// A ViewModel that counts seconds down on a scheduler.
final class CountdownViewModel {
    let remaining: MutableProperty<Int>
    private let ticking: any Disposable

    init(seconds: Int, scheduler: some DateScheduler) {
        let remaining = MutableProperty(seconds)
        self.remaining = remaining
        ticking = SignalProducer.interval(1, on: scheduler)
            .take(first: seconds)
            .startWithValues { tick in remaining.value = seconds - tick - 1 }
    }

    deinit {
        ticking.dispose()
    }
}

extension Tour {
    static let forAwaitOverAProperty = TourSection(
        title: "Swift concurrency: for await over a property",
        summary: """
        `property.values` is an `AsyncSequence`: the current value, then every \
        change. A property cannot fail, so a plain `for await` reads it. Here the \
        loop itself lets one virtual second pass after each value. `first()` awaits \
        one answer of a producer and throws exactly the producer's error type.
        """,
        asyncBody: { (out: Transcript) async in
            let scheduler = TestScheduler()
            let countdown = CountdownViewModel(seconds: 3, scheduler: scheduler)
            for await remaining in countdown.remaining.values {
                out.print(remaining > 0 ? "\(remaining) s left" : "lift-off")
                if remaining == 0 { break }
                await scheduler.advance(by: 1)
            }

            struct NotFound: Error {}
            let found = SignalProducer<String, NotFound>(value: "Ripple")
            let missing = SignalProducer<String, NotFound>(error: NotFound())
            do throws(NotFound) {
                out.print("first answer: \(try await found.first() ?? "none")")
                _ = try await missing.first()
            } catch {
                out.print("failed with \(error)")
            }
        }
    )
}
