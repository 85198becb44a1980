import Registration
import Ripple
import Testing

/// `APIError.reason` as APPS.md §3.3 maps it, and the original's coin flip.
@Suite struct APIErrorTests {
    @Test func theFourKnownCodesHaveTheirOwnReasonsAndOthersTheirInfo() {
        #expect(APIError(code: 102, info: "x").reason == "The request timed out")
        #expect(APIError(code: 104).reason == "No network connection")
        #expect(APIError(code: 105).reason == "Nothing here")
        #expect(APIError(code: 106).reason == "No more")
        #expect(APIError(code: 40004, info: "Wrong or expired verification code").reason == "Wrong or expired verification code")
        #expect(APIError(code: 489_489).reason == "The request failed")
        #expect(APIError(code: 40901, info: "taken").description == "APIError(40901): taken")
    }

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
