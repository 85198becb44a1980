// How often the sync asks the server, and how long it waits after a failure:
// exponential backoff from `firstRetryDelay`, doubling to `maximumRetryDelay`,
// back to the first delay after any answer.

/// The sync's delays, in seconds of the ViewModel's scheduler.
///
/// ```swift
/// SyncTiming().retryDelay(afterFailures: 1)   // 1
/// SyncTiming().retryDelay(afterFailures: 4)   // 8
/// SyncTiming().retryDelay(afterFailures: 9)   // 30: the cap
/// ```
public struct SyncTiming: Sendable, Hashable {
    /// How long after an answer of the changes feed it is read again.
    public var pollInterval: Double
    /// The wait after the first failure in a row.
    public var firstRetryDelay: Double
    /// The longest wait.
    public var maximumRetryDelay: Double

    /// Polls every second; retries after 1 s, 2 s, 4 s … up to 30 s.
    public init(pollInterval: Double = 1, firstRetryDelay: Double = 1, maximumRetryDelay: Double = 30) {
        self.pollInterval = pollInterval
        self.firstRetryDelay = firstRetryDelay
        self.maximumRetryDelay = maximumRetryDelay
    }

    /// The wait before the next try after `failures` failures in a row (at least 1).
    public func retryDelay(afterFailures failures: Int) -> Double {
        var delay = firstRetryDelay
        for _ in 1..<max(1, failures) {
            delay *= 2
            if delay >= maximumRetryDelay { break }
        }
        return min(delay, maximumRetryDelay)
    }
}
