import Ripple

// What the ViewModels need from the outside world, as protocols: the HTTP client
// of the TwitterSearch module implements them against the local tweet service, and
// the tests give the ViewModels stubs in virtual time.

/// Twitter's search, as seed 000 used it: ask for access once, then search.
public protocol TwitterSearchService: Sendable {
    /// Asks for access to the search. Completes without a value when access is
    /// granted; fails with ``TwitterSearchError/accessDenied`` or
    /// ``TwitterSearchError/noTwitterAccounts``. Each start asks again.
    func requestAccess() -> SignalProducer<Never, TwitterSearchError>

    /// Searches for tweets matching `text` (100 at most, in English). Sends one
    /// response and completes, or fails: ``TwitterSearchError/notReady(progress:)``,
    /// ``TwitterSearchError/unreachable`` and ``TwitterSearchError/timedOut`` say
    /// that the same search may answer later. Disposing a run abandons the request.
    func search(_ text: String) -> SignalProducer<TwitterResponse, TwitterSearchError>
}

/// Loads the avatar pictures that tweets name.
public protocol AvatarService: Sendable {
    /// Sends the picture at `url` and completes, or fails when it cannot be loaded
    /// or read. Disposing a run abandons the request.
    func avatar(at url: String) -> SignalProducer<AvatarImage, TwitterSearchError>
}
