import Foundation
import Testing
@testable import Launcher

/// Where a launch keeps the services' data: a walkthrough never in the user's.
@Suite struct LaunchDataDirectoryTests {
    let standard = URL(fileURLWithPath: "/home/someone/.local/share/ripple", isDirectory: true)

    @Test func aWalkthroughWithoutADataDirectoryRunsOnATemporaryOne() throws {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("launch-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: root) }
        let choice = try LaunchDataDirectory.choose(given: nil, isWalkthrough: true, standard: standard, temporaryRoot: root)
        guard case let .temporary(url) = choice else {
            Issue.record("expected a temporary directory, got \(choice)")
            return
        }
        #expect(url.path.hasPrefix(root.path))
        #expect(url != standard)
        #expect(FileManager.default.fileExists(atPath: url.path))
        choice.removeIfTemporary()
        #expect(!FileManager.default.fileExists(atPath: url.path))
    }

    @Test func anInteractiveLaunchUsesTheStandardDirectory() throws {
        #expect(try LaunchDataDirectory.choose(given: nil, isWalkthrough: false, standard: standard) == .standard(standard))
    }

    @Test func aGivenDirectoryIsUsedInEitherModeAndNeverRemoved() throws {
        for walkthrough in [false, true] {
            let choice = try LaunchDataDirectory.choose(given: "/srv/ripple", isWalkthrough: walkthrough, standard: standard)
            #expect(choice == .given(URL(fileURLWithPath: "/srv/ripple", isDirectory: true)))
        }
        let kept = FileManager.default.temporaryDirectory.appendingPathComponent("kept-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: kept, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: kept) }
        LaunchDataDirectory.given(kept).removeIfTemporary()
        #expect(FileManager.default.fileExists(atPath: kept.path))
    }
}
