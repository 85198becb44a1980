import Foundation

// LaunchDataDirectory: where the services that `ripple-apps` starts keep their data.
// A person using the apps keeps theirs in the standard place (or the one they name);
// a walkthrough — scripted input on real services — must never write into it, so it
// runs on a temporary directory of its own unless `--data-dir` names one.
//
//     --data-dir given              → that directory, whatever the mode
//     interactive, no --data-dir    → the standard data directory
//     walkthrough, no --data-dir    → a new temporary directory, removed at the end

/// Where the in-process services of one launch keep their data.
public enum LaunchDataDirectory: Equatable, Sendable {
    /// The directory the user named with `--data-dir`.
    case given(URL)
    /// The standard data directory (the user's todos, users and tweet index).
    case standard(URL)
    /// A temporary directory for a walkthrough, so that it leaves the user's data
    /// alone; removed when the walkthrough ends.
    case temporary(URL)

    /// The directory to use for a launch with `--data-dir` `given` (or none), as a
    /// walkthrough or not; a walkthrough without one gets a new directory under
    /// `temporaryRoot`.
    public static func choose(
        given: String?, isWalkthrough: Bool, standard: URL,
        temporaryRoot: URL = FileManager.default.temporaryDirectory
    ) throws -> LaunchDataDirectory {
        if let given { return .given(URL(fileURLWithPath: given, isDirectory: true)) }
        guard isWalkthrough else { return .standard(standard) }
        let directory = temporaryRoot.appendingPathComponent("ripple-apps-walkthrough-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return .temporary(directory)
    }

    /// The directory.
    public var url: URL {
        switch self {
        case let .given(url), let .standard(url), let .temporary(url): url
        }
    }

    /// Removes a temporary directory and everything in it; nothing otherwise.
    public func removeIfTemporary() {
        if case let .temporary(url) = self { try? FileManager.default.removeItem(at: url) }
    }
}
