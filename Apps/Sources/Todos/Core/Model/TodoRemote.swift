import Ripple

// What the app needs of the todo server to sync: send one change, read the changes
// feed. The Todos module's `TodoClient` implements it over HTTP; the tests give the
// ViewModel a server in virtual time (TodosStubs).

/// The todo server as the sync sees it. Each call is a cold producer: one request
/// per start, abandoned when the run is disposed.
public protocol TodoRemote: Sendable {
    /// Sends one change: sends one value once the server committed it (or already
    /// had it: a retried add) and completes, or fails.
    func send(_ change: TodoChange) -> SignalProducer<Void, TodoError>

    /// The changes committed after `cursor` (0: all of them), in commit order.
    func changes(since cursor: Int64) -> SignalProducer<ChangesPage, TodoError>
}
