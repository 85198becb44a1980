import AppClients
import Foundation

/// Why an image could not be shown.
public enum ImageLoadError: Error, Sendable, CustomStringConvertible {
    /// The request for its bytes failed.
    case request(url: URL, failure: ServiceFailure)
    /// The bytes arrived but are not a PNG or JPEG this app can decode.
    case undecodable(url: URL, reason: String)

    /// What went wrong, in a sentence: "the image at http://…/3.jpg could not be
    /// decoded: libjpeg: Not a JPEG file".
    public var description: String {
        switch self {
        case let .request(url, failure):
            "the image at \(url.absoluteString) could not be loaded: \(failure)"
        case let .undecodable(url, reason):
            "the image at \(url.absoluteString) could not be decoded: \(reason)"
        }
    }
}
