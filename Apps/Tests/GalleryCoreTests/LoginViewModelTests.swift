import GalleryCore
import GalleryStubs
import Ripple
import Testing

/// The log-in form: enabled iff both fields hold text; errors shown; success closes it.
@Suite struct LoginViewModelTests {
    @Test(arguments: [("", "password", false), ("username", "", false), ("username", "password", true)])
    func theActionIsEnabledOnlyWithBothFields(username: String, password: String, enabled: Bool) {
        let scheduler = TestScheduler()
        let form = LoginViewModel(service: StubGalleryService(photoCount: 1, scheduler: scheduler), scheduler: scheduler)
        form.username.value = username
        form.password.value = password
        #expect(form.logIn.isEnabled.value == enabled)
    }

    @Test func aWrongPasswordIsShownOnTheFormWhichStaysOpen() {
        let scheduler = TestScheduler()
        let stub = StubGalleryService(photoCount: 1, scheduler: scheduler)
        let form = LoginViewModel(service: stub, scheduler: scheduler)
        let closes = Recorder(form.closeRequests)
        form.username.value = "ada"
        form.password.value = "wrong"
        form.logIn.apply().start()
        #expect(!form.logIn.isEnabled.value)
        scheduler.advance(by: .seconds(1))
        #expect(form.errorText.value == "Could not log in: Invalid username or password.")
        #expect(closes.values.isEmpty && form.logIn.isEnabled.value)
        form.password.value = "secret"
        form.logIn.apply().start()
        #expect(form.errorText.value.isEmpty)
        scheduler.advance(by: .seconds(1))
        #expect(closes.values.count == 1 && stub.isLoggedIn)
    }
}
