import AppsTestSupport
import Foundation
import Ripple
import Services
import Testing
import Todos
import TodosCore

/// The offline-first ViewModel on its SQLite copy, the real client and the real
/// services (in process, on a loopback port), in real time on a queue of its own,
/// with short sync delays: changes made while the server is stopped all reach it,
/// once each, when it starts again on the same data directory; a change made through
/// another client (another copy) appears.
@Suite(.timeLimit(.minutes(2)))
struct TodosIntegrationTests {
    let scheduler = QueueScheduler(name: "todos-integration-tests")
    /// Fast enough for a test, and still a backoff.
    let timing = SyncTiming(pollInterval: 0.1, firstRetryDelay: 0.1, maximumRetryDelay: 0.4)

    /// The first value of `property` (current or later) that satisfies `condition`.
    func value<Value: Sendable>(of property: Property<Value>, where condition: @escaping @Sendable (Value) -> Bool) async -> Value? {
        await property.producer.filter(condition).first()
    }

    /// A ViewModel on a copy in `directory`, syncing with the server at `url`.
    func makeViewModel(_ url: URL, copyIn directory: URL) throws -> HomeViewModel {
        HomeViewModel(copy: try SQLiteTodoCopy(directory: directory),
                      remote: TodoClient(baseURL: url, scheduler: scheduler, timeout: 2), scheduler: scheduler, timing: timing)
    }

    /// Runs `body` on the ViewModel's scheduler, as the screen would.
    func onScheduler(_ body: @escaping @Sendable () -> Void) async {
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            scheduler.schedule {
                body()
                done.resume()
            }
        }
    }

    /// The titles of the todos in both sections, newest first.
    func titles(_ viewModel: HomeViewModel) -> [String] {
        (viewModel.todos.value + viewModel.finishedTodos.value).map(\.text)
    }

    @Test func changesMadeWhileTheServerIsStoppedReachItOnceEachWhenItIsBack() async throws {
        let server = try TemporaryDirectory(prefix: "todos-server")
        let first = try TemporaryDirectory(prefix: "todos-client-a")
        let second = try TemporaryDirectory(prefix: "todos-client-b")
        defer { [server, first, second].forEach { $0.remove() } }
        let configuration = testServicesConfiguration(directory: server.url)
        let running = try await LocalServices.start(configuration: configuration, logger: quietLogger)
        let url = running.url
        let viewModel = try makeViewModel(url, copyIn: first.url)
        await onScheduler { viewModel.add("Buy milk") }
        _ = await value(of: viewModel.waitingChanges) { $0 == 0 }
        let milk = try #require(viewModel.todos.value.first)

        await running.stop()
        await onScheduler {
            viewModel.add("Call mum")
            viewModel.toggle(milk.id)
            viewModel.add("Water the plants")
        }
        #expect(await value(of: viewModel.syncStatus) { $0 == "offline — 3 changes waiting" } != nil)
        #expect(titles(viewModel) == ["[ ] Water the plants …", "[ ] Call mum …", "[x] Buy milk …"])

        // The same data directory, the same port.
        var again = configuration
        again.port = running.port
        let restarted = try await LocalServices.start(configuration: again, logger: quietLogger)
        _ = await value(of: viewModel.waitingChanges) { $0 == 0 }
        #expect(await value(of: viewModel.syncStatus) { $0 == nil } != nil)
        #expect(titles(viewModel) == ["[ ] Water the plants", "[ ] Call mum", "[x] Buy milk"])

        // On the server, once each: another client reads them all.
        let page = try #require(try await TodoClient(baseURL: url, scheduler: scheduler).changes(since: 0).first())
        #expect(page.changes.map(\.kind) == [.created, .created, .updated, .created])
        #expect(page.changes.map(\.item.title) == ["Buy milk", "Call mum", "Buy milk", "Water the plants"])
        let other = try makeViewModel(url, copyIn: second.url)
        #expect(await value(of: other.lists) { $0.toDo.count == 2 && $0.finished.count == 1 } != nil)
        #expect(titles(other) == titles(viewModel))

        // A change through the other client appears on the first.
        await onScheduler { other.add("From the other client") }
        #expect(await value(of: viewModel.todos) { $0.first?.text == "[ ] From the other client" } != nil)
        await restarted.stop()
    }

    @Test func theCopyOpensWithTheLastKnownTodosWithoutTheServer() async throws {
        let copyDirectory = try TemporaryDirectory(prefix: "todos-client")
        defer { copyDirectory.remove() }
        let url = try await withTestServices { services, _ in
            let viewModel = try makeViewModel(services.url, copyIn: copyDirectory.url)
            await onScheduler { viewModel.add("Buy milk") }
            _ = await value(of: viewModel.waitingChanges) { $0 == 0 }
            return services.url
        }
        // The services are gone: a new screen on the same copy shows the todo at once.
        let reopened = try makeViewModel(url, copyIn: copyDirectory.url)
        #expect(titles(reopened) == ["[ ] Buy milk"])
        #expect(await value(of: reopened.syncStatus) { $0 != nil } == "offline")
    }
}
