import AppsTestSupport
import Foundation
#if canImport(FoundationNetworking)
import FoundationNetworking
#endif
import Registration
import RegistrationCore
import Ripple
import RippleTesting
import Services
import Testing

/// The HTTP client against the real Users service in process (a free loopback
/// port, a new data directory, cheap hashing), chaos seeded where a test needs a
/// failure: every answer of the service as `CodeSent`, `RegisteredAccount`, SMS
/// messages or `APIError`, in English.
@Suite(.timeLimit(.minutes(2)))
struct UserClientTests {
    let scheduler = QueueScheduler(name: "registration-client-tests")

    /// The one value of `producer`, or its error.
    func result<Value: Sendable>(_ producer: SignalProducer<Value, APIError>) async throws -> Result<Value, APIError> {
        do {
            return .success(try #require(try await producer.first()))
        } catch let error as APIError {
            return .failure(error)
        }
    }

    /// A client of `services`; its timeout is long, so that a loaded machine (a
    /// whole test suite on two cores) does not fail a request that only waits.
    func makeClient(_ services: LocalServices, timeout: Double = 60) -> UserClient {
        UserClient(baseURL: services.url, scheduler: scheduler, timeout: timeout)
    }

    @Test func aCodeGoesToTheOutboxAndASecondOneWithinTheMinuteIs429() async throws {
        try await withUsersService { services in
            let client = makeClient(services)
            let sent = try await result(client.getVerifyCode(phoneNumber: "13800138000"))
            #expect(sent == .success(CodeSent(phone: "13800138000", expiresIn: 300, resendIn: 60)))
            let messages = try await result(client.smsOutbox(phone: "13800138000")).get()
            #expect(messages.count == 1)
            #expect(messages.first.flatMap { code(in: $0.text) } != nil)
            #expect(messages.first?.phone == "13800138000")
            #expect(try await result(client.smsOutbox(phone: "15912345678")).get().isEmpty)

            let again = try await result(client.getVerifyCode(phoneNumber: "13800138000"))
            #expect(again.failureCode == 42900)
            let retry = try #require(again.failureReason?.firstMatch(of: /^Codes are asked too often: try again in ([0-9]+) s$/))
            #expect((1...60).contains(Int(retry.1) ?? 0), "the seconds the service says are left of its minute")
        }
    }

    @Test func aWrongCodeIs400TheRightOneCreatesTheAccountAndATakenOneIs409() async throws {
        let time = MovableClock()
        try await withUsersService(clock: time.clock) { services in
            let client = makeClient(services)
            _ = try await result(client.getVerifyCode(phoneNumber: "15912345678")).get()
            let sms = try await result(client.smsOutbox(phone: "15912345678")).get()
            let right = try #require(sms.first.flatMap { code(in: $0.text) })
            let wrong = right == "000000" ? "000001" : "000000"

            let refused = try await result(client.register(account: "15912345678", password: "abc123", verifyCode: wrong))
            #expect(refused == .failure(APIError(code: 40004, info: "Wrong or expired verification code")))

            let created = try await result(client.register(account: "15912345678", password: "abc123", verifyCode: right)).get()
            #expect(created.account == "15912345678")
            #expect(created.createdAt.hasSuffix("Z"))

            time.moveOn(by: 61)
            _ = try await result(client.getVerifyCode(phoneNumber: "15912345678")).get()
            let second = try #require(try await result(client.smsOutbox(phone: "15912345678")).get().first.flatMap { code(in: $0.text) })
            let taken = try await result(client.register(account: "15912345678", password: "xyz789", verifyCode: second))
            #expect(taken == .failure(APIError(code: 40901, info: "This phone number is already registered")))
        }
    }

    @Test func badInputGetsTheFormsOwnMessages() async throws {
        try await withUsersService { services in
            let client = makeClient(services)
            let phone = try await result(client.getVerifyCode(phoneNumber: "12345"))
            let password = try await result(client.register(account: "13800138000", password: "abc", verifyCode: "123456"))
            let code = try await result(client.register(account: "13800138000", password: "abc123", verifyCode: "12ab"))
            #expect(phone == .failure(APIError(code: 40001, info: "Invalid phone number")))
            #expect(password == .failure(APIError(code: 40002, info: "Invalid password")))
            #expect(code == .failure(APIError(code: 40003, info: "Invalid verification code")))
        }
    }

    @Test func a503CarriesTheServicesBody() async throws {
        try await withUsersService(chaos: try chaos(on: "POST /register", failures: [.unavailable: 1])) { services in
            let answer = try await result(makeClient(services).register(account: "13800138000", password: "abc123", verifyCode: "123456"))
            #expect(answer == .failure(APIError(code: 50300, info: "The service is unavailable: try again later")))
        }
    }

    /// A session whose own timeout never comes first: the deadline under test is
    /// the client's, in virtual time, however long a loaded machine takes in real
    /// time (the default session's timeout is the client's plus 5 s of real time).
    func patientSession() -> URLSession {
        let configuration = URLSessionConfiguration.ephemeral
        configuration.timeoutIntervalForRequest = 3_600
        return URLSession(configuration: configuration)
    }

    @Test func aLateAnswerIsWaitedForUntilTheDeadline() async throws {
        // The outbox read is held in the service until the test lets it answer; the
        // client's deadline is in virtual time, nearly reached meanwhile.
        let latency = HeldLatency()
        let virtual = TestScheduler()
        try await withUsersService(chaos: try chaos(on: "GET /sms-outbox", latency: .fixed(.milliseconds(1))), clock: latency.clock) { services in
            let client = UserClient(baseURL: services.url, scheduler: virtual, timeout: 10, session: patientSession())
            let answer = Task { try await result(client.smsOutbox(phone: "13800138000")) }
            await latency.requestHeld()
            await virtual.advance(by: 9.9)
            latency.release()
            let messages = try await answer.value
            #expect(messages == .success([]), "the answer, not the deadline")
        }
    }

    @Test func aNeverAnsweringRequestTimesOutOnTheScheduler() async throws {
        let virtual = TestScheduler()
        try await withUsersService(chaos: try chaos(on: "POST /verify-code", failures: [.hang: 1])) { services in
            let client = UserClient(baseURL: services.url, scheduler: virtual, timeout: 10, session: patientSession())
            let outcome = virtual.record(client.getVerifyCode(phoneNumber: "13800138000"))
            await virtual.advance(by: 9.9)
            #expect(outcome.events.isEmpty, "still waiting")
            await virtual.advance(by: 0.1)
            #expect(outcome.terminalEvent?.error == APIError(code: APIError.timeout))
            #expect(outcome.terminalEvent?.error?.reason == "The request timed out")
        }
    }

    @Test func noServiceIsNoNetwork() async throws {
        let client = UserClient(baseURL: URL(string: "http://127.0.0.1:9")!, scheduler: scheduler, timeout: 5)
        let answer = try await result(client.smsOutbox(phone: "13800138000"))
        #expect(answer.failureCode == APIError.noNetwork)
        #expect(answer.failureReason == "No network connection")
    }
}

extension Result where Failure == APIError {
    var failureCode: Int? {
        if case let .failure(error) = self { return error.code }
        return nil
    }

    var failureReason: String? {
        if case let .failure(error) = self { return error.reason }
        return nil
    }
}
