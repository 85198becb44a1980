import Ripple

// What the registration ViewModel needs from the outside world: the original's two
// calls, and the dev SMS outbox that stands for the phone. The Registration module's
// `UserClient` implements it against the local Users service; its `CoinFlipUserAPI`
// is the original's fake; the tests give the ViewModel stubs in virtual time.

/// The Users service as the registration form uses it.
public protocol UserAPI: Sendable {
    /// Sends a verification code to `phoneNumber` (by SMS: here, into the outbox).
    /// Sends one value and completes, or fails. Disposing a run abandons the request.
    func getVerifyCode(phoneNumber: String) -> SignalProducer<CodeSent, APIError>

    /// Creates the account `account` (a phone number) with `password`, proving the
    /// phone with `verifyCode`. Sends one value and completes, or fails.
    func register(account: String, password: String, verifyCode: String) -> SignalProducer<RegisteredAccount, APIError>

    /// The SMS messages sent to `phone`, newest first. Sends one list and completes,
    /// or fails.
    func smsOutbox(phone: String) -> SignalProducer<[SMSMessage], APIError>
}

/// A code on its way: to which phone, how long it lives, how long until another.
/// Decodes from the service's answer, `{"expiresIn":300,"phone":"…","resendIn":60}`.
public struct CodeSent: Sendable, Hashable, Decodable {
    /// The phone the code went to.
    public var phone: String
    /// Seconds the code stays valid.
    public var expiresIn: Int
    /// Seconds until the service sends another code to this phone.
    public var resendIn: Int

    /// A sent code's facts.
    public init(phone: String, expiresIn: Int, resendIn: Int) {
        self.phone = phone
        self.expiresIn = expiresIn
        self.resendIn = resendIn
    }
}

/// An account just created. Decodes from the service's answer,
/// `{"account":"…","createdAt":"…"}`.
public struct RegisteredAccount: Sendable, Hashable, Decodable {
    /// The account: the phone number it was registered with.
    public var account: String
    /// When it was created, as the service wrote it (ISO 8601 UTC,
    /// `2026-11-25T01:31:47.193Z`); empty when the service does not say.
    public var createdAt: String

    /// An account made of its fields.
    public init(account: String, createdAt: String) {
        self.account = account
        self.createdAt = createdAt
    }
}

/// One SMS of the dev outbox. Decodes from an element of the service's list,
/// `{"phone":"…","sentAt":"…","text":"…"}`.
public struct SMSMessage: Sendable, Hashable, Decodable {
    /// The phone it was sent to.
    public var phone: String
    /// What it says (`[Ripple] Your verification code is 873700. …`).
    public var text: String
    /// When it was sent, as the service wrote it (ISO 8601 UTC,
    /// `2026-11-25T01:31:42.989Z`).
    public var sentAt: String

    /// A message made of its fields.
    public init(phone: String, text: String, sentAt: String) {
        self.phone = phone
        self.text = text
        self.sentAt = sentAt
    }
}
