import Ripple
import SeedAppCore

// PhotoDetailViewModel: the detail screen of one photo (the original's modal with
// the big rating and the Vote button), with the rebuild's fixes:
//
//     vote()  logged in?  ─▶ voteAction: POST vote ─▶ the shared Photo updated
//             not?        ─▶ loginRequests sends a LoginViewModel; the vote waits
//     active false → true, a vote waiting, now logged in ─▶ the vote runs
//     401 on the vote     ─▶ the same: log in, then the vote resumes
//     403                 ─▶ "Sorry, you have already voted for this Photo" shown;
//                            the photo counts as voted (the button says so)
//     any other failure   ─▶ shown (the original crashed calling subscribeNext: on
//                            the error)

/// The detail screen of a photo: its rating, name and photographer, and the vote.
///
/// ```swift
/// let detail = PhotoDetailViewModel(photo: photo, services: services, scheduler: scheduler)
/// detail.active.value = true
/// detail.vote()          // not logged in: loginRequests sends the log-in form
/// ```
public final class PhotoDetailViewModel: Sendable {
    /// What closes the screen, in its bar and its keys: "Done".
    public static let closeTitle = "Done"

    /// The photo shown (shared with the wall and the pager).
    public let photo: Photo
    /// The photo's name: the screen's title.
    public let photoName: Property<String>
    /// The rating as `"%0.2f"` writes it: `"3.00"`.
    public let ratingText: Property<String>
    /// Who took it.
    public let photographerName: Property<String>
    /// `"1 vote"`, `"12 votes"`.
    public let votesText: Property<String>
    /// `"Vote"`, or `"Voted For!"` once the photo has the user's vote.
    public let votePrompt: Property<String>
    /// Votes; enabled iff the photo has not been voted for and no vote runs.
    public let voteAction: Action<Void, PhotoRecord, GalleryError>
    /// The last failure as a sentence (the 403's "already voted" among them);
    /// empty when there is none.
    public let errorText: Property<String>
    /// Whether the screen is on top: set by the view when it appears and goes.
    public let active = MutableProperty(false)
    /// Sends a log-in form to present: the vote needs a logged-in user.
    public let loginRequests: Signal<LoginViewModel, Never>
    /// Sends when the screen should close (Done).
    public let closeRequests: Signal<Void, Never>
    /// The keys of the screen.
    public let keyHints: Property<[KeyHint]>

    private let services: LoginVoteServices
    private let scheduler: any Scheduler
    private let voteWaitsForLogIn = MutableProperty(false)
    private let lastError = MutableProperty("")
    private let loginPipe = Signal<LoginViewModel, Never>.pipe()
    private let closePipe = Signal<Void, Never>.pipe()

    /// What the screen needs of the services.
    private struct LoginVoteServices: Sendable {
        var votes: any VoteService
        var login: any LoginService
    }

    /// The detail of `photo`, voting and logging in through `votes` and `login`;
    /// what the view reads changes on `scheduler`.
    public init(photo: Photo, votes: any VoteService, login: any LoginService, scheduler: some Scheduler) {
        self.photo = photo
        self.scheduler = scheduler
        services = LoginVoteServices(votes: votes, login: login)
        photoName = Property(photo.name)
        ratingText = photo.rating.map(Self.ratingText)
        photographerName = Property(photo.photographerName)
        votesText = photo.votesCount.map { $0 == 1 ? "1 vote" : "\($0) votes" }
        votePrompt = photo.votedFor.map { $0 ? "Voted For!" : "Vote" }
        voteAction = Action(state: photo.votedFor, enabledIf: { !$0 }) { _, _ in
            votes.vote(forPhoto: photo.id).observe(on: scheduler)
        }
        errorText = Property(lastError)
        loginRequests = loginPipe.output
        closeRequests = closePipe.output
        keyHints = voteAction.isEnabled.map { enabled in
            (enabled ? [KeyHint("v", "vote")] : []) + [KeyHint("Esc", Self.closeTitle.lowercased())]
        }

        let lastError = self.lastError
        voteAction.values.observeValues { record in
            photo.update(from: record)
            lastError.value = ""
        }
        voteAction.errors.observeValues { [weak self] error in
            switch error {
            case .unauthorized:
                lastError.value = error.message
                self?.askToLogIn()
            case .alreadyVoted:
                photo.votedFor.value = true
                lastError.value = error.message
            default:
                lastError.value = error.message
            }
        }
        active.signal.skipRepeats().filter { $0 }.observeValues { [weak self] _ in self?.resumeVote() }
    }

    /// Vote (the Vote button, `v`): runs the vote when a user is logged in; else asks
    /// for the log-in form and runs the vote when this screen is active again.
    public func vote() {
        guard voteAction.isEnabled.value else { return }
        guard services.login.isLoggedIn else {
            askToLogIn()
            return
        }
        lastError.value = ""
        voteAction.apply().start()
    }

    /// The vote waits; the log-in form is asked for.
    private func askToLogIn() {
        voteWaitsForLogIn.value = true
        loginPipe.input.send(value: LoginViewModel(service: services.login, scheduler: scheduler))
    }

    /// Done (Esc): asks to close the screen.
    public func done() {
        closePipe.input.send(value: ())
    }

    /// The screen is active again: a vote that waited for a log-in runs now, if the
    /// user did log in (a cancelled form leaves it waiting for the next try).
    private func resumeVote() {
        guard voteWaitsForLogIn.value, services.login.isLoggedIn else { return }
        voteWaitsForLogIn.value = false
        vote()
    }

    /// `"%0.2f"`: two decimals, rounded half away from zero.
    static func ratingText(_ rating: Double) -> String {
        guard rating.isFinite else { return "0.00" }
        let hundredths = Int((abs(rating) * 100).rounded())
        let fraction = hundredths % 100
        return (rating < 0 && hundredths > 0 ? "-" : "") + "\(hundredths / 100)." + (fraction < 10 ? "0" : "") + "\(fraction)"
    }

    deinit {
        loginPipe.input.sendCompleted()
        closePipe.input.sendCompleted()
    }
}
