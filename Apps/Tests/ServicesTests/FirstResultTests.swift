@testable import Services
import Testing

@Suite("FirstResult: a query raced against its deadline")
struct FirstResultTests {
    @Test("the first result is delivered and the racing tasks are cancelled without being waited for")
    func theFirstResultWinsAndTheOthersAreCancelled() async throws {
        let race = FirstResult<Int>()
        let (stuck, release) = AsyncStream<Void>.makeStream()
        // A task that ignores its cancellation until released: it must not hold the answer.
        let ignoring = Task {
            for await _ in stuck {}
        }
        race.run(Task { await ignoring.value })
        let value = try await withCheckedThrowingContinuation { continuation in
            race.deliver(to: continuation)
            race.finish(.success(7))
            race.finish(.success(8))
        }
        #expect(value == 7)
        release.finish()
        await ignoring.value
    }

    @Test("a result offered before the continuation is kept for it; a task run after the result is cancelled at once")
    func aResultBeforeTheContinuationIsKept() async throws {
        let race = FirstResult<String>()
        race.finish(.failure(DatabaseDeadlinePassed()))
        race.finish(.success("late"))
        // A task that runs until it is cancelled: a stream that never yields nor ends.
        let (never, keepOpen) = AsyncStream<Void>.makeStream()
        let late = Task<Void, Never> { for await _ in never {} }
        race.run(late)
        #expect(late.isCancelled)
        await late.value
        keepOpen.finish()
        await #expect(throws: DatabaseDeadlinePassed.self) {
            try await withCheckedThrowingContinuation { continuation in race.deliver(to: continuation) }
        }
    }
}
