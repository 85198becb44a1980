/// What an ``ImageLoader`` has done since it was made: the requests it started and
/// how each ended, the images it decoded, and the loads the cache or a request in
/// flight answered. Tests assert on it: "no request left running for a cell that is
/// gone" is ``requestsRunning`` back at 0 with ``requestsCancelled`` counting the
/// cells; "no image decoded twice" is ``decodes`` equal to the distinct images shown.
public struct ImageLoadCounts: Sendable, Equatable {
    /// HTTP requests started (one per image not cached and not already in flight).
    public var requestsStarted = 0
    /// Requests cancelled because every load waiting for them was disposed.
    public var requestsCancelled = 0
    /// Requests answered with an image's bytes.
    public var requestsSucceeded = 0
    /// Requests that failed (no answer, an error status, a timeout).
    public var requestsFailed = 0
    /// Images decoded, successfully or not.
    public var decodes = 0
    /// Decodes that failed: bytes that are not a whole PNG or JPEG.
    public var decodeFailures = 0
    /// Loads answered from the cache, with no request and no decode.
    public var cacheHits = 0
    /// Loads that joined a request already in flight for the same URL.
    public var sharedLoads = 0

    /// A loader that has done nothing yet.
    public init() {}

    /// Requests started and not yet ended one way or another.
    public var requestsRunning: Int {
        requestsStarted - requestsCancelled - requestsSucceeded - requestsFailed
    }
}
