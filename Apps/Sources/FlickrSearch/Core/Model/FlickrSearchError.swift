// Why a call to the Flickr service failed. The original had an error per failed
// request (ObjectiveFlickr's, domain "com.flickr" for a `stat="fail"` answer) and
// showed one alert whatever it was; the cases here keep what a log or a test needs
// to tell them apart. The alert's sentence is the ViewModel's.

/// Why a Flickr call failed.
public enum FlickrSearchError: Error, Sendable, Hashable {
    /// No response: nothing listens, or the connection was refused or lost.
    case unreachable
    /// No answer within the client's timeout.
    case timedOut
    /// The service answered Flickr's `{"stat":"fail","code":N,"message":M}` (or
    /// another failing status): `code` is Flickr's code when it sent one (100: a bad
    /// API key, 105: the service is unavailable), `status` the HTTP status.
    case failed(status: Int, code: Int?, message: String?)
    /// The app has no API key to call with (no readable `flickr-app.json`).
    case noAPIKey
    /// An answer that is not what was asked for; `reason` says which, for logs and
    /// tests.
    case invalidResponse(reason: String)
}
