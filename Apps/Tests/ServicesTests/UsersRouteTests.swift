import AppsTestSupport
import Foundation
import Hummingbird
import HummingbirdTesting
import Services
import Testing

/// One test per row of the user service's routes (Apps/docs/Services.md), against real SQLite files, on
/// a clock the tests move (no test sleeps through 60 s or 5 minutes).
@Suite("Users routes")
struct UsersRouteTests {
    // MARK: POST /verify-code

    @Test("POST /verify-code (form): 200, a 6-digit code in the outbox, the database file created")
    func verifyCodeSends() async throws {
        let clock = ManualClock()
        try await withServices(clock: clock.servicesClock) { client, directory in
            let response = try await client.postForm("/verify-code", "phone=\(samplePhone)")
            #expect(response.status == .ok)
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            #expect(String(buffer: response.body) == #"{"expiresIn":300,"phone":"13800138000","resendIn":60}"#)
            let outbox = try await client.outbox()
            try #require(outbox.count == 1)
            #expect(outbox[0].phone == samplePhone)
            #expect(outbox[0].sentAt == "2026-01-01T00:00:00.000Z")
            let code = try #require(smsCode(in: outbox[0].text))
            #expect(outbox[0].text == "[Ripple] Your verification code is \(code). It is valid for 5 minutes; do not share it.")
            #expect(FileManager.default.fileExists(atPath: directory.appendingPathComponent("users.sqlite").path))
        }
    }

    @Test("POST /verify-code (JSON): 200")
    func verifyCodeJSON() async throws {
        try await withServices { client, _ in
            let response = try await client.postJSON("/verify-code", #"{"phone":"13800138000"}"#)
            #expect(response.status == .ok)
            #expect(try await client.outbox(phone: samplePhone).count == 1)
        }
    }

    @Test(
        "POST /verify-code: every prefix the app's patterns accept is a phone number",
        arguments: ["130", "131", "132", "133", "134", "135", "136", "137", "138", "139",
                    "150", "151", "152", "153", "155", "156", "157", "158", "159",
                    "180", "182", "185", "186", "187", "188", "189"]
    )
    func verifyCodeAcceptsPrefixes(_ prefix: String) async throws {
        try await withServices { client, _ in
            let phone = prefix + "12345678"
            let response = try await client.postForm("/verify-code", "phone=\(phone)")
            #expect(response.status == .ok)
            #expect(try await client.outbox(phone: phone).count == 1)
        }
    }

    @Test(
        "POST /verify-code: 400 40001 for what is not a phone number, nothing sent",
        arguments: [
            "12345678901",  // no such prefix
            "15412345678",  // 154 is not in the app's patterns
            "17012345678", "1381234567", "138123456789", "13812a45678", "+8613812345678",
            "138 1234 5678", "１３８１２３４５６７８",  // full-width digits: ASCII only
            "١٣٨١٢٣٤٥٦٧٨",  // Arabic-Indic digits
            "",
        ]
    )
    func verifyCodeRefusesNonPhones(_ text: String) async throws {
        try await withServices { client, _ in
            let encoded = text.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? ""
            let response = try await client.postForm("/verify-code", "phone=\(encoded)")
            #expect(response.status == .badRequest)
            #expect(userError(response.body) == UserErrorBody(code: 40001, message: "手机号格式不正确", field: "phone"))
            #expect(try await client.outbox().isEmpty)
        }
    }

    @Test("POST /verify-code again within 60 s: 429 with Retry-After; after 60 s a new code replaces the first")
    func verifyCodeTooSoon() async throws {
        let clock = ManualClock()
        try await withServices(clock: clock.servicesClock) { client, _ in
            let first = try await client.requestCode()

            clock.advance(by: .milliseconds(30_500))
            let soon = try await client.postForm("/verify-code", "phone=\(samplePhone)")
            #expect(soon.status == .tooManyRequests)
            #expect(soon.headers[.retryAfter] == "30")  // 29.5 s left, rounded up
            #expect(userError(soon.body) == UserErrorBody(code: 42900, message: "获取验证码太频繁，请 30 秒后再试", field: "phone"))

            clock.advance(by: .milliseconds(29_000))
            let last = try await client.postForm("/verify-code", "phone=\(samplePhone)")
            #expect(last.status == .tooManyRequests)
            #expect(last.headers[.retryAfter] == "1")
            #expect(try await client.outbox().count == 1)

            clock.advance(by: .milliseconds(500))  // exactly 60 s after the first
            let second = try await client.requestCode()
            let outbox = try await client.outbox(phone: samplePhone)
            #expect(outbox.count == 2)
            #expect(outbox.map(\.sentAt) == ["2026-01-01T00:01:00.000Z", "2026-01-01T00:00:00.000Z"])

            if first != second {
                let withFirst = try await client.register(code: first)
                #expect(userError(withFirst.body)?.code == 40004)
            }
            #expect(try await client.register(code: second).status == .created)
        }
    }

    @Test("The minute between codes is per phone")
    func verifyCodePerPhone() async throws {
        try await withServices { client, _ in
            _ = try await client.requestCode(samplePhone)
            _ = try await client.requestCode(otherPhone)
            #expect(try await client.postForm("/verify-code", "phone=\(samplePhone)").status == .tooManyRequests)
        }
    }

    @Test("Codes are 6 digits and differ from one request to the next")
    func codesAreRandom() async throws {
        var codes: Set<String> = []
        for _ in 0..<200 {
            let code = VerifyCode.random()
            #expect(UserRules.isVerifyCode(code))
            codes.insert(code)
        }
        // 200 draws from a million: a repeat is possible (2 %), a dozen is not.
        #expect(codes.count > 190)
    }

    // MARK: GET /sms-outbox

    @Test("GET /sms-outbox: newest first, one phone's with ?phone=, everyone's without, at most 100")
    func outbox() async throws {
        let clock = ManualClock()
        try await withServices(clock: clock.servicesClock) { client, _ in
            #expect(String(buffer: try await client.execute(uri: "/sms-outbox", method: .get).body) == "[]")
            for index in 0..<105 {
                clock.advance(by: .seconds(1))
                let phone = "1390000" + String(format: "%04d", index)
                #expect(try await client.postForm("/verify-code", "phone=\(phone)").status == .ok)
            }
            let all = try await client.outbox()
            #expect(all.count == 100)
            #expect(all.first?.phone == "13900000104")
            #expect(all.last?.phone == "13900000005")
            let one = try await client.outbox(phone: "13900000007")
            #expect(one.map(\.phone) == ["13900000007"])
            #expect(one.first?.sentAt == "2026-01-01T00:00:08.000Z")
            #expect(try await client.outbox(phone: samplePhone).isEmpty)
        }
    }

    @Test("GET /sms-outbox: the exact bytes")
    func outboxBytes() async throws {
        let clock = ManualClock()
        try await withServices(clock: clock.servicesClock) { client, _ in
            let code = try await client.requestCode()
            let response = try await client.execute(uri: "/sms-outbox?phone=\(samplePhone)", method: .get)
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            #expect(String(buffer: response.body) == #"[{"phone":"13800138000","sentAt":"2026-01-01T00:00:00.000Z","text":"[Ripple] Your verification code is \#(code). It is valid for 5 minutes; do not share it."}]"#)
        }
    }

    @Test("GET /sms-outbox?phone= that is not a phone number: 400 40001; a bad encoding: 400 40000")
    func outboxBadPhone() async throws {
        try await withServices { client, _ in
            let response = try await client.execute(uri: "/sms-outbox?phone=123", method: .get)
            #expect(response.status == .badRequest)
            #expect(userError(response.body)?.code == 40001)
            let malformed = try await client.execute(uri: "/sms-outbox?phone=%zz", method: .get)
            #expect(malformed.status == .badRequest)
            #expect(userError(malformed.body)?.code == 40000)
        }
    }

    // MARK: POST /register

    @Test("POST /register (JSON): 201 {account, createdAt}; the password verifies, a wrong one does not")
    func registerCreates() async throws {
        let clock = ManualClock()
        try await withServices(clock: clock.servicesClock) { client, directory in
            let code = try await client.requestCode()
            clock.advance(by: .seconds(10))
            let response = try await client.register(code: code)
            #expect(response.status == .created)
            #expect(response.headers[.contentType] == "application/json; charset=utf-8")
            #expect(String(buffer: response.body) == #"{"account":"13800138000","createdAt":"2026-01-01T00:00:10.000Z"}"#)

            let store = try UserStore(directory: directory, passwordIterations: testPasswordIterations)
            #expect(try await store.verify(account: samplePhone, password: samplePassword))
            #expect(try await store.verify(account: samplePhone, password: "abc124") == false)
            #expect(try await store.verify(account: samplePhone, password: "") == false)
            #expect(try await store.verify(account: otherPhone, password: samplePassword) == false)
            #expect(try await store.account(samplePhone) == UserAccount(account: samplePhone, createdAt: "2026-01-01T00:00:10.000Z"))
        }
    }

    @Test("POST /register (form): 201")
    func registerForm() async throws {
        try await withServices { client, _ in
            let code = try await client.requestCode()
            let response = try await client.postForm("/register", "account=\(samplePhone)&password=abc%21123&verifyCode=\(code)")
            #expect(response.status == .created)
        }
    }

    @Test("POST /register with a wrong code: 400 40004, and the right code still works")
    func registerWrongCode() async throws {
        try await withServices { client, directory in
            let code = try await client.requestCode()
            let wrong = try await client.register(code: otherCode(than: code))
            #expect(wrong.status == .badRequest)
            #expect(userError(wrong.body) == UserErrorBody(code: 40004, message: "验证码错误或已过期", field: "verifyCode"))
            let store = try UserStore(directory: directory)
            #expect(try await store.accountCount() == 0)
            #expect(try await client.register(code: code).status == .created)
        }
    }

    @Test("Five wrong codes spend the code: the right one is refused after them")
    func registerWrongCodeFiveTimes() async throws {
        try await withServices { client, _ in
            let code = try await client.requestCode()
            for _ in 0..<UserStore.maximumCodeAttempts {
                #expect(try await client.register(code: otherCode(than: code)).status == .badRequest)
            }
            let right = try await client.register(code: code)
            #expect(right.status == .badRequest)
            #expect(userError(right.body)?.code == 40004)
        }
    }

    @Test("POST /register 299 s after the code: 201")
    func registerJustInTime() async throws {
        let clock = ManualClock()
        try await withServices(clock: clock.servicesClock) { client, _ in
            let code = try await client.requestCode()
            clock.advance(by: .seconds(299))
            #expect(try await client.register(code: code).status == .created)
        }
    }

    @Test("POST /register 5 minutes after the code: 400 40004 (expired), nothing stored")
    func registerExpired() async throws {
        let clock = ManualClock()
        try await withServices(clock: clock.servicesClock) { client, directory in
            let code = try await client.requestCode()
            clock.advance(by: .seconds(300))
            let response = try await client.register(code: code)
            #expect(response.status == .badRequest)
            #expect(userError(response.body)?.code == 40004)
            #expect(try await UserStore(directory: directory).accountCount() == 0)
            // A new code (the minute has passed) works.
            #expect(try await client.register(code: try await client.requestCode()).status == .created)
        }
    }

    @Test("POST /register without a code sent, or with another phone's code: 400 40004")
    func registerCodeOfNobody() async throws {
        try await withServices { client, _ in
            #expect(userError(try await client.register(code: "123456").body)?.code == 40004)
            let code = try await client.requestCode(otherPhone)
            #expect(userError(try await client.register(samplePhone, code: code).body)?.code == 40004)
            #expect(try await client.register(otherPhone, code: code).status == .created)
        }
    }

    @Test("A code is used once: the same code again is 400, not 409")
    func registerCodeSingleUse() async throws {
        try await withServices { client, _ in
            let code = try await client.requestCode()
            #expect(try await client.register(code: code).status == .created)
            let again = try await client.register(password: "xyz789", code: code)
            #expect(again.status == .badRequest)
            #expect(userError(again.body)?.code == 40004)
        }
    }

    @Test("POST /register of an account that exists: 409 40901 with a right code, which is used; the password is unchanged")
    func registerTaken() async throws {
        let clock = ManualClock()
        try await withServices(clock: clock.servicesClock) { client, directory in
            #expect(try await client.register(code: try await client.requestCode()).status == .created)
            clock.advance(by: .seconds(60))
            let code = try await client.requestCode()
            let taken = try await client.register(password: "xyz789", code: code)
            #expect(taken.status == .conflict)
            #expect(userError(taken.body) == UserErrorBody(code: 40901, message: "该手机号已注册", field: "account"))
            let again = try await client.register(password: "xyz789", code: code)
            #expect(again.status == .badRequest)

            let store = try UserStore(directory: directory)
            #expect(try await store.accountCount() == 1)
            #expect(try await store.verify(account: samplePhone, password: samplePassword))
            #expect(try await store.verify(account: samplePhone, password: "xyz789") == false)
        }
    }

    @Test("An existing account with a wrong code: 400, which does not tell the account exists")
    func registerTakenWrongCode() async throws {
        let clock = ManualClock()
        try await withServices(clock: clock.servicesClock) { client, _ in
            #expect(try await client.register(code: try await client.requestCode()).status == .created)
            clock.advance(by: .seconds(60))
            let code = try await client.requestCode()
            #expect(try await client.register(code: otherCode(than: code)).status == .badRequest)
        }
    }

    @Test("Two registrations with one code at once: one 201, one 400")
    func registerRace() async throws {
        try await withServices { client, directory in
            let code = try await client.requestCode()
            let statuses = try await withThrowingTaskGroup(of: HTTPResponse.Status.self) { group in
                for password in ["abc123", "xyz789"] {
                    group.addTask { try await client.register(password: password, code: code).status }
                }
                return try await group.reduce(into: []) { $0.append($1) }
            }
            #expect(statuses.sorted { $0.code < $1.code } == [.created, .badRequest])
            #expect(try await UserStore(directory: directory).accountCount() == 1)
        }
    }

    @Test(
        "POST /register: passwords the app's rule accepts",
        arguments: ["abc123", "abc!@#", "a1b2c3d4e5f6g7h8", "密码abc123", "abc 12", "123!!!", "Pass-1"]
    )
    func registerAcceptsPasswords(_ password: String) async throws {
        try await withServices { client, directory in
            let code = try await client.requestCode()
            let body = try JSONSerialization.data(withJSONObject: ["account": samplePhone, "password": password, "verifyCode": code])
            let response = try await client.execute(uri: "/register", method: .post, headers: jsonHeaders, body: ByteBuffer(bytes: body))
            #expect(response.status == .created)
            #expect(try await UserStore(directory: directory).verify(account: samplePhone, password: password))
        }
    }

    @Test(
        "POST /register: 400 40002 for passwords the app's rule refuses; the code is not used",
        arguments: ["abc12", "a1b2c3d4e5f6g7h8i", "abcdef", "123456", "!!!!!!", "", "abc\n123"]
    )
    func registerRefusesPasswords(_ password: String) async throws {
        try await withServices { client, _ in
            let code = try await client.requestCode()
            let body = try JSONSerialization.data(withJSONObject: ["account": samplePhone, "password": password, "verifyCode": code])
            let response = try await client.execute(uri: "/register", method: .post, headers: jsonHeaders, body: ByteBuffer(bytes: body))
            #expect(response.status == .badRequest)
            #expect(userError(response.body) == UserErrorBody(code: 40002, message: "密码格式不正确", field: "password"))
            #expect(try await client.register(code: code).status == .created)
        }
    }

    @Test("POST /register: 400 40003 for a code that is not 6 digits; 40001 for an account that is not a phone number")
    func registerRefusesShapes() async throws {
        try await withServices { client, _ in
            for code in ["12345", "1234567", "abcdef", "１２３４５６"] {
                let response = try await client.register(code: code)
                #expect(userError(response.body) == UserErrorBody(code: 40003, message: "验证码格式不正确", field: "verifyCode"))
            }
            let response = try await client.register("1234", code: "123456")
            #expect(userError(response.body) == UserErrorBody(code: 40001, message: "手机号格式不正确", field: "account"))
        }
    }

    @Test("A password typed with a combining accent verifies against the same text precomposed")
    func passwordNormalisation() async throws {
        try await withServices { client, directory in
            let code = try await client.requestCode()
            #expect(try await client.register(password: "caf\u{E9}12", code: code).status == .created)
            let store = try UserStore(directory: directory)
            #expect(try await store.verify(account: samplePhone, password: "cafe\u{301}12"))
        }
    }
}

/// The user store across stops and starts of the services.
@Suite("Users storage")
struct UsersStorageTests {
    @Test("Users survive a restart; the minute between codes holds across it")
    func survivesRestart() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let configuration = ServicesConfiguration(
            port: 0, dataDirectory: directory.url, tweetCorpus: fixtureCorpus, photoCorpus: noPhotos,
            passwordIterations: testPasswordIterations
        )
        let client = LoopbackClient()

        let first = try await LocalServices.start(configuration: configuration)
        let sent = try await client.postForm(first.url.appendingPathComponent("verify-code"), "phone=\(samplePhone)")
        #expect(sent.status == 200)
        let outbox = try await client.get(first.url.appendingPathComponent("sms-outbox"))
        let messages = try JSONDecoder().decode([SMSMessage].self, from: outbox.body)
        let code = try #require(messages.first.flatMap { smsCode(in: $0.text) })
        let created = try await client.postForm(
            first.url.appendingPathComponent("register"), "account=\(samplePhone)&password=\(samplePassword)&verifyCode=\(code)"
        )
        #expect(created.status == 201)
        await first.stop()

        let second = try await LocalServices.start(configuration: configuration)
        #expect(try await second.accounts.verify(account: samplePhone, password: samplePassword))
        #expect(try await second.accounts.verify(account: samplePhone, password: "wrong1") == false)
        let again = try await client.postForm(second.url.appendingPathComponent("verify-code"), "phone=\(samplePhone)")
        let kept = try await client.get(second.url.appendingPathComponent("sms-outbox"))
        await second.stop()
        #expect(again.status == 429)
        #expect(try JSONDecoder().decode([SMSMessage].self, from: kept.body) == messages)
    }

    @Test("A password hashed with another iteration count still verifies (the count is stored with it)")
    func iterationCountTravels() async throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let now = Date(timeIntervalSince1970: 1_767_225_600)
        let low = try UserStore(directory: directory.url, passwordIterations: 1_000)
        _ = try await low.issueCode("123456", to: samplePhone, text: "code", now: now, lifetime: .seconds(300), resendInterval: .seconds(60))
        let hash = try await low.hashPassword(samplePassword)
        #expect(hash.iterations == 1_000)
        #expect(try await low.register(account: samplePhone, code: "123456", password: hash, now: now) == .created(
            UserAccount(account: samplePhone, createdAt: "2026-01-01T00:00:00.000Z")
        ))
        let high = try UserStore(directory: directory.url, passwordIterations: 5_000)
        #expect(try await high.hashPassword(samplePassword).iterations == 5_000)
        #expect(try await high.verify(account: samplePhone, password: samplePassword))
    }

    @Test("The store is an AccountVerifying, as the photo service takes it")
    func accountVerifying() async throws {
        try await withServices { client, directory in
            #expect(try await client.register(code: try await client.requestCode()).status == .created)
            let accounts: any AccountVerifying = try UserStore(directory: directory)
            #expect(try await accounts.verify(account: samplePhone, password: samplePassword))
            #expect(try await accounts.verify(account: samplePhone, password: "abc124") == false)
            #expect(try await accounts.verify(account: "nobody", password: samplePassword) == false)
        }
    }
}
