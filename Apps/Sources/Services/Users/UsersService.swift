import Foundation
import Hummingbird
import Logging

/// The registration form's user service (seed 002, whose two calls were a coin
/// flip), over SQLite, with a dev SMS outbox in place of an SMS gateway.
///
/// | Route | Answer |
/// |---|---|
/// | `POST /verify-code` (`phone`) | 200 `{"expiresIn":300,"phone":…,"resendIn":60}`: a new 6-digit code, valid 5 minutes, in the outbox; 429 within 60 s of the phone's last code, with `Retry-After` |
/// | `POST /register` (`account`, `password`, `verifyCode`) | 201 `{"account":…,"createdAt":…}`; 400 for a wrong, expired or used code; 409 for an account that exists |
/// | `GET /sms-outbox?phone=` | 200, the outbox newest first (one phone's, or everyone's without `phone`), at most 100 |
///
/// Bodies are forms or JSON objects. Every error is `{"code":…,"message":…}` (with
/// `field` when a field is at fault; ``UserError`` lists them), except 404 and 405,
/// which keep the shape of every route.
///
/// The accounts are the ones the photo service's token login checks: ``store`` is
/// an ``AccountVerifying``.
public struct UsersService: LocalService {
    /// How long a code may be used.
    public static let codeLifetime: Duration = .seconds(300)
    /// How long a phone waits between two codes (the app's countdown).
    public static let resendInterval: Duration = .seconds(60)
    /// The most messages `GET /sms-outbox` answers.
    public static let outboxLimit = 100

    /// The accounts, codes and outbox.
    public let store: UserStore

    private let configuration: ServicesConfiguration
    private let logger: Logger

    /// Opens the user store under the configuration's data directory.
    /// - Parameter logger: Where each SMS is also logged (notice level).
    public init(configuration: ServicesConfiguration, logger: Logger) throws {
        self.store = try UserStore(directory: configuration.dataDirectory, passwordIterations: configuration.passwordIterations)
        self.configuration = configuration
        self.logger = logger
    }

    /// The service's paths and methods.
    public var routes: [String: Set<HTTPRequest.Method>] {
        [
            "/verify-code": [.post],
            "/register": [.post],
            "/sms-outbox": [.get],
        ]
    }

    /// Adds the routes to the router.
    public func mount(on router: Router<BasicRequestContext>) {
        router.post("/verify-code") { request, _ in try await verifyCode(request) }
        router.post("/register") { request, _ in try await register(request) }
        router.get("/sms-outbox") { request, _ in try await outbox(request) }
    }

    // MARK: Routes

    private func verifyCode(_ request: Request) async throws -> Response {
        let fields = try await Self.fields(request, limit: configuration.maxBodySize)
        let phone = try Self.phone(fields, "phone")
        let code = VerifyCode.random()
        let text = VerifyCode.smsText(code, lifetime: Self.codeLifetime)
        let issue = try await store.issueCode(
            code, to: phone, text: text, now: configuration.clock.now(),
            lifetime: Self.codeLifetime, resendInterval: Self.resendInterval
        )
        switch issue {
        case .sent:
            logger.notice("sms outbox: to \(phone): \(text)")
            let answer = CodeSent(expiresIn: Self.codeLifetime.components.seconds, phone: phone, resendIn: Self.resendInterval.components.seconds)
            return .json(ByteBuffer(bytes: try Self.encoder.encode(answer)))
        case .tooSoon(let wait):
            // Whole seconds, rounded up: asking again after them succeeds.
            let (seconds, rest) = (wait.components.seconds, wait.components.attoseconds)
            throw UserError.tooSoon(retryAfter: Int(seconds) + (rest > 0 ? 1 : 0))
        }
    }

    private func register(_ request: Request) async throws -> Response {
        let fields = try await Self.fields(request, limit: configuration.maxBodySize)
        let account = try Self.phone(fields, "account")
        guard let password = try? fields.string("password"), UserRules.isPassword(password) else {
            throw UserError.invalidPassword
        }
        guard let code = try? fields.string("verifyCode"), UserRules.isVerifyCode(code) else {
            throw UserError.malformedCode
        }
        let now = configuration.clock.now()
        // A wrong code is refused before any hashing, so wrong tries cost no PBKDF2.
        guard try await store.checkCode(code, for: account, now: now) else { throw UserError.wrongCode }
        let hash = try await store.hashPassword(password)
        switch try await store.register(account: account, code: code, password: hash, now: now) {
        case .created(let user):
            logger.notice("users: registered \(account)")
            return .json(status: .created, ByteBuffer(bytes: try Self.encoder.encode(user)))
        case .wrongCode:
            // Another registration used the code while this one hashed.
            throw UserError.wrongCode
        case .taken:
            throw UserError.accountTaken
        }
    }

    private func outbox(_ request: Request) async throws -> Response {
        guard let parameters = TweetsService.queryParameters(request.uri.query) else { throw UserError.malformed() }
        let phone = parameters["phone"]
        if let phone, !UserRules.isPhoneNumber(phone) {
            throw UserError.invalidPhone(field: "phone")
        }
        let messages = try await store.outbox(phone: phone, limit: Self.outboxLimit)
        return .json(ByteBuffer(bytes: try Self.encoder.encode(messages)))
    }

    // MARK: Helpers

    /// `POST /verify-code`'s answer.
    private struct CodeSent: Encodable {
        let expiresIn: Int64
        let phone: String
        let resendIn: Int64
    }

    private static let encoder: JSONEncoder = {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return encoder
    }()

    /// The body's fields; the shared parser's errors in this service's shape.
    private static func fields(_ request: Request, limit: Int) async throws -> RequestFields {
        do {
            return try await RequestFields.read(from: request, limit: limit)
        } catch let error as ServiceError {
            throw UserError.from(error)
        }
    }

    /// A phone number field (`phone` or `account`).
    private static func phone(_ fields: RequestFields, _ name: String) throws -> String {
        guard let phone = try? fields.string(name), UserRules.isPhoneNumber(phone) else {
            throw UserError.invalidPhone(field: name)
        }
        return phone
    }
}
