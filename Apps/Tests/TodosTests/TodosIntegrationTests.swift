import AppsTestSupport
import Foundation
import Ripple
import Services
import Testing
import Todos
import TodosCore

/// The ViewModel on the real client and the real services (in process, on a free
/// loopback port), in real time on a queue of its own, with chaos seeded per route:
/// a 503 on every update, a slow add, a list that never answers.
@Suite(.timeLimit(.minutes(2)))
struct TodosIntegrationTests {
    let scheduler = QueueScheduler(name: "todos-integration-tests")

    /// The first value of `property` (current or later) that satisfies `condition`.
    func value<Value: Sendable>(of property: Property<Value>, where condition: @escaping @Sendable (Value) -> Bool) async -> Value? {
        await property.producer.filter(condition).first()
    }

    func makeViewModel(_ services: LocalServices, timeout: Double = 10) -> HomeViewModel {
        HomeViewModel(service: TodoClient(baseURL: services.url, scheduler: scheduler, timeout: timeout), scheduler: scheduler)
    }

    @Test func aTodoAddedThenTickedOffMovesToFinished() async throws {
        try await withTodoServices { services in
            let viewModel = makeViewModel(services)
            _ = await value(of: viewModel.isLoading) { !$0 }
            viewModel.add("Buy milk")
            let added = try #require(await value(of: viewModel.todos) { !$0.isEmpty }?.first)
            #expect(added.title == "Buy milk" && !added.isChecked)
            #expect(await value(of: Property(viewModel.newTodoText)) { $0.isEmpty } == "")

            viewModel.toggle.apply(added.id).start()
            let finished = try #require(await value(of: viewModel.finishedTodos) { !$0.isEmpty }?.first)
            #expect(finished.id == added.id && finished.isChecked && !finished.isSyncing)
            #expect(viewModel.todos.value.isEmpty)

            // A second screen on the same service loads what the first one did.
            let second = makeViewModel(services)
            #expect(await value(of: second.finishedTodos) { !$0.isEmpty }?.map(\.title) == ["Buy milk"])
        }
    }

    @Test func anUpdateAnswered503RevertsTheTickAndSaysSo() async throws {
        let chaos = try ChaosConfiguration(seed: 21, routes: ["POST /todos/list/update": ChaosRoute(failures: [.unavailable: 1])])
        try await withTodoServices(chaos: chaos) { services in
            let viewModel = makeViewModel(services)
            viewModel.add("Buy milk")
            let added = try #require(await value(of: viewModel.todos) { !$0.isEmpty }?.first)
            _ = await value(of: viewModel.isLoading) { !$0 }

            viewModel.toggle.apply(added.id).start()
            let message = try #require(await value(of: viewModel.error) { $0 != nil } ?? nil)
            #expect(message == "Could not mark “Buy milk” as finished, so it stays in To Do: "
                + "The todo service refused (HTTP 503): service unavailable (chaos)")
            #expect(viewModel.todos.value == [added], "unticked, still to do")
            #expect(viewModel.finishedTodos.value.isEmpty)
            #expect(await value(of: viewModel.isLoading) { !$0 } == false)
        }
    }

    @Test func aSlowAddKeepsTheIndicatorOnUntilItsAnswer() async throws {
        // The add is held in the service until the test lets it answer.
        let latency = HeldLatency()
        let chaos = try ChaosConfiguration(seed: 21, routes: ["POST /todos/list": ChaosRoute(latency: .fixed(.milliseconds(1)))])
        try await withTodoServices(chaos: chaos, clock: latency.clock) { services in
            let viewModel = makeViewModel(services)
            _ = await value(of: viewModel.isLoading) { !$0 }
            viewModel.add("Buy milk")
            await latency.requestHeld()
            #expect(viewModel.isLoading.value, "on while the service holds the add")
            #expect(viewModel.todos.value.isEmpty)
            latency.release()
            _ = await value(of: viewModel.isLoading) { !$0 }
            #expect(viewModel.todos.value.map(\.title) == ["Buy milk"])
            #expect(viewModel.error.value == nil)
        }
    }

    @Test func aListThatNeverAnswersTimesOutWithAClearMessage() async throws {
        let chaos = try ChaosConfiguration(seed: 21, routes: ["GET /todos/list": ChaosRoute(failures: [.hang: 1])])
        try await withTodoServices(chaos: chaos) { services in
            let viewModel = makeViewModel(services, timeout: 0.5)
            let message = try #require(await value(of: viewModel.error) { $0 != nil } ?? nil)
            #expect(message == "Could not load the todos: The todo service did not answer within 0.5 s.")
            #expect(await value(of: viewModel.isLoading) { !$0 } == false)
            // Not checked: that the service holds the request. On a loaded machine the
            // 0.5 s can pass before the request has even reached it.
        }
    }
}
