import Ripple
import RippleTesting
import Testing

// The samples of the catalogs' landing pages (Ripple.md).
@Suite("Landing page samples")
struct LandingPageSamples {
    @Test("the Ripple landing page's search sends the query once typing pauses")
    func rippleOverview() {
        let scheduler = TestScheduler()
        let query = MutableProperty("")
        let searched = query.producer
            .debounce(.milliseconds(300), on: scheduler)
            .skipRepeats()
            .map { $0.lowercased() }

        let recording = scheduler.record(searched)
        query.value = "Sw"
        scheduler.advance(by: .milliseconds(100))
        query.value = "Swift"
        scheduler.advance(by: .milliseconds(300))
        #expect(recording.values == ["swift"])
    }
}
