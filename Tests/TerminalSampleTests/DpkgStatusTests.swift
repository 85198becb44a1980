import Foundation
import Ripple
import Testing
import TerminalSample

/// dpkg's status file: stanzas, continuation lines, installed packages only.
@Suite struct DpkgStatusTests {
    static let sample = """
        Package: zlib1g
        Status: install ok installed
        Installed-Size: 168
        Version: 1:1.2.13.dfsg-1
        Description: compression library - runtime
         zlib is a library implementing the deflate compression method found
         in gzip and PKZIP.
         .
         Continued: not a field

        Package: adduser
        Status: install ok installed
        Version: 3.134
        Description: add and remove users and groups
        Conffiles:
         /etc/adduser.conf cc3493ecd2d09837ffdcc3e25fdfff18

        Package: removed-one
        Status: deinstall ok config-files
        Version: 1.0
        Description: only its configuration is left

        Package: no-version
        Status: install ok installed
        Description: malformed: skipped
        """

    @Test func installedPackagesAreListedByNameWithTheirFirstDescriptionLine() {
        #expect(DpkgStatus.parse(Self.sample) == [
            Package(name: "adduser", version: "3.134", summary: "add and remove users and groups"),
            Package(name: "zlib1g", version: "1:1.2.13.dfsg-1", summary: "compression library - runtime", installedKibibytes: 168),
        ])
    }

    @Test func windowsLineEndingsAndTrailingBlankLinesAreTolerated() {
        let text = Self.sample.replacingOccurrences(of: "\n", with: "\r\n") + "\r\n\r\n\r\n"
        #expect(DpkgStatus.parse(text).map(\.name) == ["adduser", "zlib1g"])
        #expect(DpkgStatus.parse(text).first?.summary == "add and remove users and groups")
    }

    @Test func emptyOrGarbageTextGivesNoPackages() {
        #expect(DpkgStatus.parse("").isEmpty)
        #expect(DpkgStatus.parse("\u{0}\u{1}garbage without fields\n\n:::\n").isEmpty)
    }

    @Test func aMissingDatabaseFailsWithItsPathAndReason() {
        let catalog = DpkgCatalog(path: "/nonexistent/status", scheduler: ImmediateScheduler())
        var error: CatalogError?
        catalog.packages().startWithFailed { error = $0 }
        #expect(error == .unreadable(path: "/nonexistent/status", reason: "No such file or directory"))
        #expect(error?.description == "cannot read /nonexistent/status: No such file or directory")
    }

    @Test func theMachinesDatabaseParsesWhenPresent() throws {
        let catalog = DpkgCatalog(scheduler: ImmediateScheduler())
        var packages: [Package] = []
        var error: CatalogError?
        catalog.packages().start { event in
            switch event {
            case let .value(value): packages = value
            case let .failed(failure): error = failure
            default: break
            }
        }
        guard FileManager.default.isReadableFile(atPath: "/var/lib/dpkg/status") else {
            // Not a Debian machine: the catalogue must say so.
            #expect(error != nil)
            return
        }
        #expect(error == nil)
        #expect(!packages.isEmpty)
        #expect(packages.map(\.name) == packages.map(\.name).sorted())
        #expect(packages.allSatisfy { !$0.version.isEmpty })
    }
}
