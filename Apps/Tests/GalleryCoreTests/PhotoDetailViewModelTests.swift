import GalleryCore
import GalleryStubs
import Ripple
import Testing

/// The detail: the rating's format, the vote, and its log-in and error paths.
@Suite struct PhotoDetailViewModelTests {
    func detail(loggedIn: Bool) -> (PhotoDetailViewModel, StubGalleryService, TestScheduler) {
        let scheduler = TestScheduler()
        let stub = StubGalleryService(photoCount: 3, scheduler: scheduler)
        stub.withState { $0.loggedIn = loggedIn }
        let detail = PhotoDetailViewModel(photo: Photo(StubGalleryService.record(2)), votes: stub, login: stub, scheduler: scheduler)
        detail.active.value = true
        return (detail, stub, scheduler)
    }

    @Test func theRatingIsWrittenWithTwoDecimals() {
        let photo = Photo(PhotoRecord(id: 1, name: "A", photographerName: "B", rating: 4.567, votesCount: 1))
        let scheduler = TestScheduler()
        let stub = StubGalleryService(photoCount: 1, scheduler: scheduler)
        let detail = PhotoDetailViewModel(photo: photo, votes: stub, login: stub, scheduler: scheduler)
        #expect(detail.ratingText.value == "4.57" && detail.votesText.value == "1 vote")
        photo.rating.value = 12
        #expect(detail.ratingText.value == "12.00")
        photo.rating.value = 0.005
        #expect(detail.ratingText.value == "0.01")
    }

    @Test func aVoteWhileLoggedInUpdatesTheSharedPhotoAndDisablesTheButton() {
        let (detail, _, scheduler) = detail(loggedIn: true)
        #expect(detail.voteAction.isEnabled.value && detail.votePrompt.value == "Vote")
        detail.vote()
        #expect(!detail.voteAction.isEnabled.value)   // executing
        scheduler.advance(by: .seconds(1))
        #expect(detail.photo.votedFor.value && detail.votePrompt.value == "Voted For!")
        #expect(detail.ratingText.value == "1.00" && detail.votesText.value == "1 vote")
        #expect(!detail.voteAction.isEnabled.value && detail.keyHints.value.map(\.key) == ["Esc"])
    }

    @Test func aVoteWhileLoggedOutAsksToLogInThenResumesWhenTheDetailIsActiveAgain() {
        let (detail, stub, scheduler) = detail(loggedIn: false)
        let forms = Recorder(detail.loginRequests)
        detail.vote()
        #expect(forms.values.count == 1 && stub.requests.isEmpty)
        let form = forms.values[0]
        detail.active.value = false
        form.username.value = "ada"
        form.password.value = "secret"
        form.logIn.apply().start()
        scheduler.advance(by: .seconds(1))
        #expect(stub.isLoggedIn && stub.requests == ["login ada"])
        detail.active.value = true
        #expect(stub.requests == ["login ada", "vote 2"])
        scheduler.advance(by: .seconds(1))
        #expect(detail.photo.votedFor.value)
    }

    @Test func aCancelledLogInLeavesTheVoteUnsent() {
        let (detail, stub, _) = detail(loggedIn: false)
        let forms = Recorder(detail.loginRequests)
        detail.vote()
        detail.active.value = false
        forms.values[0].cancel()
        detail.active.value = true
        #expect(stub.requests.isEmpty && detail.voteAction.isEnabled.value)
    }

    @Test func a401OnTheVoteAsksToLogInAndResumes() {
        let (detail, stub, scheduler) = detail(loggedIn: true)
        stub.fail("vote", with: .unauthorized)   // the token expired
        let forms = Recorder(detail.loginRequests)
        detail.vote()
        scheduler.advance(by: .seconds(1))
        #expect(forms.values.count == 1 && detail.errorText.value == "Log in to vote.")
        detail.active.value = false
        detail.active.value = true
        scheduler.advance(by: .seconds(1))
        #expect(stub.requests == ["vote 2", "vote 2"] && detail.photo.votedFor.value && detail.errorText.value.isEmpty)
    }

    @Test func a403IsShownAndThePhotoCountsAsVoted() {
        let (detail, stub, scheduler) = detail(loggedIn: true)
        stub.withState { $0.votedIds = [2] }
        detail.vote()
        scheduler.advance(by: .seconds(1))
        #expect(detail.errorText.value == "Sorry, you have already voted for this Photo")
        #expect(detail.votePrompt.value == "Voted For!" && !detail.voteAction.isEnabled.value)
    }

    @Test func doneAsksToClose() {
        let (detail, _, _) = detail(loggedIn: false)
        let closes = Recorder(detail.closeRequests)
        detail.done()
        #expect(closes.values.count == 1)
    }
}
