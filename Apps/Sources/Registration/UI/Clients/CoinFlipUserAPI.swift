import RegistrationCore
import Ripple
import Synchronization

// CoinFlipUserAPI: the original's `UserAPIManager`, which faked both
// calls with `arc4random() % 2 == 1`: heads fails, tails succeeds, answered at once.
// Here the coin is a seedable generator, so a run can be replayed. The coin sends no
// SMS: its outbox is always empty, and any code registers on tails.

/// The original's fake service: each call succeeds or fails on a coin flip.
///
/// ```swift
/// let viewModel = RegisterViewModel(api: CoinFlipUserAPI(seed: 42), scheduler: QueueScheduler.main)
/// ```
public final class CoinFlipUserAPI: UserAPI, Sendable {
    /// The error of a failed `getVerifyCode` flip.
    public static let getVerifyCodeFailure = 489_489
    /// The error of a failed `register` flip.
    public static let registerFailure = 789_465

    private let coin: Mutex<XorShift64Star>

    /// A coin whose flips follow from `seed`.
    public init(seed: UInt64) {
        coin = Mutex(XorShift64Star(seed: seed))
    }

    /// A code "sent" (valid 5 minutes, another in 60 s, as the real service), or
    /// `APIError(489489)`.
    public func getVerifyCode(phoneNumber: String) -> SignalProducer<CodeSent, APIError> {
        SignalProducer { [self] observer, _ in
            if flip() {
                observer.send(error: APIError(code: Self.getVerifyCodeFailure))
            } else {
                observer.send(value: CodeSent(phone: phoneNumber, expiresIn: 300, resendIn: 60))
                observer.sendCompleted()
            }
        }
    }

    /// The account "created" (with no creation time), or `APIError(789465)`.
    public func register(account: String, password: String, verifyCode: String) -> SignalProducer<RegisteredAccount, APIError> {
        SignalProducer { [self] observer, _ in
            if flip() {
                observer.send(error: APIError(code: Self.registerFailure))
            } else {
                observer.send(value: RegisteredAccount(account: account, createdAt: ""))
                observer.sendCompleted()
            }
        }
    }

    /// No messages: the coin sends no SMS.
    public func smsOutbox(phone: String) -> SignalProducer<[SMSMessage], APIError> {
        SignalProducer(value: [])
    }

    /// The original's `arc4random() % 2 == 1` (here the top bit, xorshift's best):
    /// `true` fails the call.
    private func flip() -> Bool {
        coin.withLock { $0.next() >> 63 == 1 }
    }
}

/// Marsaglia's xorshift64* (as Vigna tuned it): a tiny seedable generator, enough
/// for a coin.
struct XorShift64Star: RandomNumberGenerator {
    private var state: UInt64

    /// A generator started from `seed` (0, which xorshift cannot leave, is moved).
    init(seed: UInt64) {
        state = seed == 0 ? 0x853C_49E6_748F_EA9B : seed
    }

    mutating func next() -> UInt64 {
        state ^= state >> 12
        state ^= state << 25
        state ^= state >> 27
        return state &* 0x2545_F491_4F6C_DD1D
    }
}
