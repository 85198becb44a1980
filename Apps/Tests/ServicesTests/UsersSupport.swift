import Foundation
import Hummingbird
import HummingbirdTesting
import Services
import Synchronization
import Testing

/// A clock for the services that stands still until the test moves it: `now` is
/// what the test set, and a sleep returns once the test has moved the clock past its
/// end (or its task is cancelled). The waits asked for are recorded, and a test can
/// wait for a sleep to begin.
final class ManualClock: Sendable {
    private struct Sleeper: Sendable {
        let deadline: Date
        let continuation: CheckedContinuation<Void, any Error>
    }

    private struct State: Sendable {
        var now: Date
        var sleepers: [UInt64: Sleeper] = [:]
        var nextSleeper: UInt64 = 0
        var waits: [Duration] = []
    }

    private let state: WatchedState<State>

    /// A clock at 2026-01-01T00:00:00Z.
    init(start: Date = Date(timeIntervalSince1970: 1_767_225_600)) {
        state = WatchedState(State(now: start))
    }

    /// The clock to configure the services with.
    var servicesClock: ServicesClock {
        ServicesClock(now: { [self] in now }, sleep: { [self] duration in try await sleep(duration) })
    }

    /// The current time.
    var now: Date {
        state.value.now
    }

    /// The waits the services asked for, in order.
    var requestedWaits: [Duration] {
        state.value.waits
    }

    /// How many sleeps are waiting.
    var sleeping: Int {
        state.value.sleepers.count
    }

    /// Waits until `count` sleeps are waiting for the clock to move.
    @discardableResult
    func waitUntilSleeping(_ count: Int) async -> Bool {
        await state.wait { $0.sleepers.count == count }
    }

    /// Moves the clock forward, ending the sleeps whose end it passes: when it
    /// returns, they no longer count as ``sleeping``.
    func advance(by duration: Duration) {
        let due = state.update { state in
            state.now = state.now.addingTimeInterval(Self.seconds(duration))
            let now = state.now
            let due = state.sleepers.filter { $0.value.deadline <= now }
            for id in due.keys {
                state.sleepers[id] = nil
            }
            return due.values.map(\.continuation)
        }
        for continuation in due {
            continuation.resume()
        }
    }

    private func sleep(_ duration: Duration) async throws {
        let seconds = Self.seconds(duration)
        let id = state.update { state in
            state.waits.append(duration)
            state.nextSleeper += 1
            return state.nextSleeper
        }
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { (continuation: CheckedContinuation<Void, any Error>) in
                let result: Result<Void, any Error>? = state.update { state in
                    if Task.isCancelled { return .failure(CancellationError()) }
                    if seconds <= 0 { return .success(()) }
                    state.sleepers[id] = Sleeper(deadline: state.now.addingTimeInterval(seconds), continuation: continuation)
                    return nil
                }
                if let result { continuation.resume(with: result) }
            }
        } onCancel: {
            state.update { $0.sleepers.removeValue(forKey: id) }?.continuation.resume(throwing: CancellationError())
        }
    }

    private static func seconds(_ duration: Duration) -> TimeInterval {
        Double(duration.components.seconds) + Double(duration.components.attoseconds) / 1e18
    }
}

/// A phone number the registration form accepts.
let samplePhone = "13800138000"
/// Another one.
let otherPhone = "15912345678"
/// A password the registration form accepts.
let samplePassword = "abc123"

extension TestClientProtocol {
    /// The SMS outbox (everyone's, or one phone's), decoded.
    func outbox(phone: String? = nil) async throws -> [SMSMessage] {
        let response = try await execute(uri: "/sms-outbox" + (phone.map { "?phone=\($0)" } ?? ""), method: .get)
        #expect(response.status == .ok)
        return try JSONDecoder().decode([SMSMessage].self, from: Data(buffer: response.body))
    }

    /// Asks for a code for `phone` and returns it, read from the outbox.
    func requestCode(_ phone: String = samplePhone) async throws -> String {
        let response = try await postForm("/verify-code", "phone=\(phone)")
        try #require(response.status == .ok, "POST /verify-code: \(response.status) \(String(buffer: response.body))")
        let message = try #require(try await outbox(phone: phone).first)
        return try #require(smsCode(in: message.text))
    }

    /// Registers through `POST /register` (JSON).
    func register(_ account: String = samplePhone, password: String = samplePassword, code: String) async throws -> TestResponse {
        try await postJSON("/register", #"{"account":"\#(account)","password":"\#(password)","verifyCode":"\#(code)"}"#)
    }
}

/// The 6-digit code of an SMS text.
func smsCode(in text: String) -> String? {
    text.firstMatch(of: /code is (\d{6})\./).map { String($0.1) }
}

/// A Users error body: `code`, `message`, `field`.
struct UserErrorBody: Decodable, Equatable {
    let code: Int
    let message: String
    let field: String?
}

/// The body as a Users error, or `nil`.
func userError(_ body: ByteBuffer) -> UserErrorBody? {
    try? JSONDecoder().decode(UserErrorBody.self, from: Data(buffer: body))
}

/// A code that is not `code` (the next one, modulo a million).
func otherCode(than code: String) -> String {
    let next = (Int(code)! + 1) % 1_000_000
    let digits = String(next)
    return String(repeating: "0", count: 6 - digits.count) + digits
}
