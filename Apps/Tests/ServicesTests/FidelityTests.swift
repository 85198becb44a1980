import Foundation
import Hummingbird
import HummingbirdTesting
import Services
import Testing

/// `Fidelity.original`: the let.swift backend's broken answers, kept for clients
/// that depended on them.
@Suite("Todos fidelity: original")
struct FidelityTests {
    @Test("Unknown id on update: 200 with the not-JSON body {'status':'failed'}")
    func updateNotFoundOriginal() async throws {
        try await withServices(fidelity: .original) { client, _ in
            let response = try await client.postForm("/todos/list/update", "objectId=0123456789abcdef01234567&status=todo")
            #expect(response.status == .ok)
            #expect(String(buffer: response.body) == "{'status':'failed'}")
            #expect(jsonObject(response.body) == nil)
        }
    }

    @Test("Update looks only among the newest 100, as the original's one-page scan did")
    func updateOnlyAmongNewest100() async throws {
        for fidelity in Fidelity.allCases {
            try await withServices(fidelity: fidelity) { client, _ in
                let oldest = try await client.createTodo("oldest")
                for index in 0..<100 {
                    _ = try await client.createTodo("newer-\(index)")
                }
                let response = try await client.postForm("/todos/list/update", "objectId=\(oldest.objectId)&status=finished")
                switch fidelity {
                case .original:
                    #expect(response.status == .ok)
                    #expect(String(buffer: response.body) == "{'status':'failed'}")
                case .corrected:
                    #expect(response.status == .ok)
                    #expect(String(buffer: response.body) == #"{"status":"success"}"#)
                }
            }
        }
    }

    @Test("POST /todos/list ignores status, as the original did")
    func createIgnoresStatusOriginal() async throws {
        try await withServices(fidelity: .original) { client, _ in
            let response = try await client.postForm("/todos/list", "content=x&status=finished")
            #expect(response.status == .ok)
            #expect(try JSONDecoder().decode(Todo.self, from: Data(buffer: response.body)).status == .todo)
        }
    }

    @Test("A list query error answers only after the original's 15 s timeout, with 503")
    func listStoreFailureOriginal() async throws {
        let clock = SteppingClock()
        try await withServices(fidelity: .original, clock: clock.servicesClock) { client, directory in
            try dropTodosTable(in: directory)
            let response = try await client.execute(uri: "/todos/list", method: .get)
            #expect(clock.requestedWaits == [.seconds(15)])
            #expect(response.status == .serviceUnavailable)
            #expect(String(buffer: response.body) == "Response timeout")
        }
    }
}
