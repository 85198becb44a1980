import FlickrSearchCore
import Foundation
import Synchronization

// The recent searches between runs: a JSON file in the app's data directory,
// `flickr-recent-searches.json`, an array of `{"searchText", "totalResults",
// "thumbnail"}`, most recent first, written whole (atomically) after each search. A
// thumbnail under the services' URL is kept relative to it
// (`farm1/3323/30_6dd01cba66_m.jpg`) and read back under the services' URL of the
// run that reads it: the launcher's services listen on a new port each run. A file that cannot be read or is not such an array is not an error that
// stops the app: the ViewModel starts with no recent searches and says why, and the
// next search writes the file anew.

/// The recent searches kept in a JSON file.
///
/// ```swift
/// let store = RecentSearchFile(directory: dataDirectory)
/// store.load()          // .success([]) before the first search
/// ```
public struct RecentSearchFile: RecentSearchStore {
    /// The file's name in the data directory.
    public static let fileName = "flickr-recent-searches.json"

    /// The file.
    public let url: URL
    /// The services' URL the thumbnails are kept relative to; `nil`: kept as they are.
    public let imageBase: URL?

    /// The store of `directory`'s ``fileName``, its thumbnails kept relative to
    /// `imageBase` when under it.
    public init(directory: URL, imageBase: URL? = nil) {
        url = directory.appendingPathComponent(Self.fileName)
        self.imageBase = imageBase
    }

    /// One search as the file holds it.
    private struct Stored: Codable {
        var searchText: String
        var totalResults: Int
        var thumbnail: String?
    }

    /// The base's text, ending with one "/".
    private var basePrefix: String? {
        imageBase.map { $0.absoluteString.hasSuffix("/") ? $0.absoluteString : $0.absoluteString + "/" }
    }

    private func stored(_ search: RecentSearch) -> Stored {
        var thumbnail = search.thumbnailURL?.absoluteString
        if let base = basePrefix, let text = thumbnail, text.hasPrefix(base) {
            thumbnail = String(text.dropFirst(base.count))
        }
        return Stored(searchText: search.searchText, totalResults: search.totalResults, thumbnail: thumbnail)
    }

    private func search(_ stored: Stored) -> RecentSearch {
        let thumbnail = stored.thumbnail.flatMap { text -> URL? in
            if let absolute = URL(string: text), absolute.scheme != nil { return absolute }
            return basePrefix.flatMap { URL(string: $0 + text) }
        }
        return RecentSearch(searchText: stored.searchText, totalResults: stored.totalResults, thumbnailURL: thumbnail)
    }

    /// The searches in the file; none when there is no file yet; a failure saying
    /// what is wrong with a file that cannot be read or decoded.
    public func load() -> Result<[RecentSearch], RecentSearchStoreError> {
        guard FileManager.default.fileExists(atPath: url.path) else { return .success([]) }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            return .failure(RecentSearchStoreError(reason: "\(url.path) cannot be read"))
        }
        do {
            return .success(try JSONDecoder().decode([Stored].self, from: data).map(search))
        } catch {
            return .failure(RecentSearchStoreError(reason: "\(url.path) is not a list of searches"))
        }
    }

    /// Writes `searches` to the file, in place of what it held.
    public func save(_ searches: [RecentSearch]) -> Result<Void, RecentSearchStoreError> {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        do {
            try encoder.encode(searches.map(stored)).write(to: url, options: [.atomic])
            return .success(())
        } catch {
            return .failure(RecentSearchStoreError(reason: "\(url.path) cannot be written"))
        }
    }
}

/// The recent searches of one run, kept in memory: for an app that has no data
/// directory to keep them in.
public final class RecentSearchesInMemory: RecentSearchStore {
    private let searches = Mutex<[RecentSearch]>([])

    /// A store holding nothing yet.
    public init() {}

    /// The searches kept so far in this run.
    public func load() -> Result<[RecentSearch], RecentSearchStoreError> {
        .success(searches.withLock { $0 })
    }

    /// Keeps `searches` for this run.
    public func save(_ searches: [RecentSearch]) -> Result<Void, RecentSearchStoreError> {
        self.searches.withLock { $0 = searches }
        return .success(())
    }
}
