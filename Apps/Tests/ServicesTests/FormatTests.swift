import Foundation
import Services
import Testing

@Suite("Todo formats")
struct FormatTests {
    @Test("Timestamps are ISO-8601 UTC with milliseconds")
    func timestamps() {
        #expect(TodoFormat.timestamp(Date(timeIntervalSince1970: 0)) == "1970-01-01T00:00:00.000Z")
        #expect(TodoFormat.timestamp(Date(timeIntervalSince1970: 1_795_647_018.123_9)) == "2026-11-25T22:50:18.123Z")
        #expect(TodoFormat.timestamp(Date(timeIntervalSince1970: -0.5)) == "1969-12-31T23:59:59.500Z")
    }

    @Test("Object ids are 24 hex characters, led by the creation second")
    func objectIds() {
        let id = TodoFormat.newObjectId(now: Date(timeIntervalSince1970: 0x6B06_1968))
        #expect(isObjectId(id))
        #expect(id.hasPrefix("6b061968"))
        #expect(TodoFormat.newObjectId() != TodoFormat.newObjectId())
        #expect(TodoFormat.isObjectId("0123456789abcdef01234567"))
        #expect(!TodoFormat.isObjectId("0123456789abcdef0123456"))
        #expect(!TodoFormat.isObjectId("0123456789abcdef0123456g"))
    }

    @Test("Base URLs bracket IPv6 hosts")
    func baseURLs() {
        #expect(ServicesConfiguration.baseURL(host: "127.0.0.1", port: 8080) == "http://127.0.0.1:8080")
        #expect(ServicesConfiguration.baseURL(host: "::1", port: 8080) == "http://[::1]:8080")
    }

    @Test("The default data directory follows XDG_DATA_HOME, else ~/.local/share")
    func defaultDataDirectory() {
        #expect(ServicesConfiguration.defaultDataDirectory(environment: ["XDG_DATA_HOME": "/x/data", "HOME": "/home/u"]).path == "/x/data/ripple")
        #expect(ServicesConfiguration.defaultDataDirectory(environment: ["HOME": "/home/u"]).path == "/home/u/.local/share/ripple")
    }
}
