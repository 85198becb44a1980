import RegistrationCore
import Testing

/// `APIError.reason`: the original's fixed sentences for its four codes, the
/// service's words for the others.
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
}
