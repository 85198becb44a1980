import Registration
import RegistrationCore
import Ripple
import Testing

/// The original's fake service: a coin flip per call, replayed from its seed.
@Suite struct CoinFlipUserAPITests {
    @Test func theCoinFlipIsReplayedFromItsSeedAndFailsWithTheOriginalsCodes() {
        func outcomes(seed: UInt64) -> [String] {
            let api = CoinFlipUserAPI(seed: seed)
            return (0..<8).map { index in
                let result = index.isMultiple(of: 2)
                    ? api.getVerifyCode(phoneNumber: "13800138000").single()?.map(\.phone)
                    : api.register(account: "13800138000", password: "abc123", verifyCode: "1").single()?.map(\.account)
                switch result {
                case let .success(phone): return "ok \(phone)"
                case let .failure(error): return "\(error.code) \(error.reason)"
                case nil: return "no answer"
                }
            }
        }
        let first = outcomes(seed: 42)
        #expect(outcomes(seed: 42) == first)
        #expect(first.contains("ok 13800138000"))
        #expect(first.contains("489489 The request failed") || first.contains("789465 The request failed"))
        #expect(Set(outcomes(seed: 7).map { $0.hasPrefix("ok") }) == [true, false], "both sides of the coin")
        #expect((try? CoinFlipUserAPI(seed: 1).smsOutbox(phone: "13800138000").single()?.get()) == [])
    }
}
