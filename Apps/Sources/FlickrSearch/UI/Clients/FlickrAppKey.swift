import Foundation

/// The Flickr app's API key, as the services write it in their data directory
/// (`flickr-app.json`: `{"api_key": …, "api_secret": …}`) on their first start.
///
/// ```swift
/// let key = FlickrAppKey.read(fromDirectory: dataDirectory)   // nil: no readable file
/// ```
public struct FlickrAppKey: Sendable, Hashable, Decodable {
    /// The file's name in the data directory.
    public static let fileName = "flickr-app.json"

    /// The key every call names (`api_key`).
    public var apiKey: String

    private enum CodingKeys: String, CodingKey {
        case apiKey = "api_key"
    }

    /// A key made of its text.
    public init(apiKey: String) {
        self.apiKey = apiKey
    }

    /// The key in `directory`'s `flickr-app.json`; `nil` when there is no such file,
    /// or it holds no key.
    public static func read(fromDirectory directory: URL) -> FlickrAppKey? {
        guard let data = try? Data(contentsOf: directory.appendingPathComponent(fileName)),
            let key = try? JSONDecoder().decode(FlickrAppKey.self, from: data), !key.apiKey.isEmpty
        else { return nil }
        return key
    }
}
