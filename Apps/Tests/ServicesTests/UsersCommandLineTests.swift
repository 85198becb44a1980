import AppsTestSupport
import Foundation
import Services
import Testing

/// The user service through the `ripple-services` executable.
@Suite("ripple-services command line: users", .timeLimit(.minutes(5)))
struct UsersCommandLineTests {
    @Test("The users database and the SMS outbox URL are printed at start; the outbox answers there")
    func printsOutbox() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let noImages = try TemporaryDirectory()
        defer { noImages.remove() }
        let server = try ServerProcess(arguments: [
            "--port", "0", "--data-dir", directory.url.path, "--tweets-corpus", fixtureChangelogs.path, "--photos", noImages.url.path,
            "--password-iterations", "1000",
        ])
        defer { server.kill() }
        let port = try await server.waitForPort()
        let users = directory.url.appendingPathComponent("users.sqlite").path
        #expect(server.output.contains("ripple-services users: \(users), passwords PBKDF2-HMAC-SHA256 × 1000\n"))
        #expect(server.output.contains("ripple-services sms outbox: http://127.0.0.1:\(port)/sms-outbox (codes are also logged)\n"))
        #expect(server.output.contains("ripple-services chaos: off\n"))

        let client = LoopbackClient()
        let base = URL(string: "http://127.0.0.1:\(port)")!
        #expect(try await client.get(base.appendingPathComponent("sms-outbox")).text == "[]")
        #expect(try await client.postForm(base.appendingPathComponent("verify-code"), "phone=\(samplePhone)").status == 200)
        let outbox = try await client.get(base.appendingPathComponent("sms-outbox"))
        let message = try #require(try JSONDecoder().decode([SMSMessage].self, from: outbox.body).first)
        let code = try #require(smsCode(in: message.text))
        server.signal(SIGTERM)
        _ = try await server.waitForExit()
        // The code is also logged.
        #expect(server.errors.contains("sms outbox: to \(samplePhone): [Ripple] Your verification code is \(code)."))
    }

    @Test("An acknowledged registration survives SIGKILL right after its 201 (WAL durability)")
    func registrationSurvivesSIGKILL() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let noImages = try TemporaryDirectory()
        defer { noImages.remove() }
        let server = try ServerProcess(arguments: [
            "--port", "0", "--data-dir", directory.url.path, "--tweets-corpus", fixtureChangelogs.path, "--photos", noImages.url.path,
            "--password-iterations", "1000",
        ])
        defer { server.kill() }
        let port = try await server.waitForPort()
        let client = LoopbackClient()
        let base = URL(string: "http://127.0.0.1:\(port)")!
        #expect(try await client.postForm(base.appendingPathComponent("verify-code"), "phone=\(samplePhone)").status == 200)
        let outbox = try await client.get(base.appendingPathComponent("sms-outbox"))
        let message = try #require(try JSONDecoder().decode([SMSMessage].self, from: outbox.body).first)
        let code = try #require(smsCode(in: message.text))
        let created = try await client.postForm(
            base.appendingPathComponent("register"), "account=\(samplePhone)&password=\(samplePassword)&verifyCode=\(code)"
        )
        #expect(created.status == 201)
        server.signal(SIGKILL)
        let exit = try await server.waitForExit()
        #expect(exit.reason == .uncaughtSignal)

        let store = try UserStore(directory: directory.url, passwordIterations: 1000)
        #expect(try await store.verify(account: samplePhone, password: samplePassword))
        let account = try await store.account(samplePhone)
        #expect(account == (try JSONDecoder().decode(UserAccount.self, from: created.body)))
        // The code is used, and the minute before the next one is kept: both read at
        // the time the code was sent, not at whatever time the test reaches here.
        let sentAt = try #require(sentTime(message))
        #expect(try await store.hasUsableCode(for: samplePhone, now: sentAt) == false)
        let issue = try await store.issueCode(
            "000000", to: samplePhone, text: "again", now: sentAt.addingTimeInterval(1), lifetime: .seconds(300),
            resendInterval: .seconds(60)
        )
        guard case .tooSoon = issue else {
            Issue.record("a code was sent again within the minute: \(issue)")
            return
        }
    }

    @Test("--password-iterations out of range is refused with a usage error")
    func passwordIterationsOutOfRange() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let server = try ServerProcess(arguments: ["--password-iterations", "0", "--data-dir", directory.url.path])
        defer { server.kill() }
        let exit = try await server.waitForExit()
        #expect(exit.reason == .exit)
        #expect(exit.status != 0)
        #expect(server.errors.contains("--password-iterations must be between 1 and 100000000"))
    }
}

/// When a message was sent (its `sentAt`, ISO 8601 with milliseconds).
private func sentTime(_ message: SMSMessage) -> Date? {
    let formatter = ISO8601DateFormatter()
    formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
    return formatter.date(from: message.sentAt)
}
