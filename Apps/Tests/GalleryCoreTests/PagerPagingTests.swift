import GalleryCore
import GalleryStubs
import Ripple
import Testing

/// The pager over the wall's whole collection: it asks the wall for its next pages,
/// counts every photo, waits on the last loaded one for the page on its way, and
/// shows a page that failed.
@Suite struct PagerPagingTests {
    /// A wall of `count` photos with its first page loaded, and a pager opened on it
    /// at `index`. The test keeps the wall: it owns the paging (its requests end with it).
    func openPager(photos count: Int, at index: Int) -> (FullSizePhotoViewModel<String>, GalleryViewModel<String>, StubGalleryService, TestScheduler) {
        let (wall, stub, scheduler) = makeGallery(photos: count)
        let pagers = Recorder(wall.fullSizeRequests)
        scheduler.advance(by: .seconds(1))
        wall.open(at: index)
        return (pagers.values[0], wall, stub, scheduler)
    }

    @Test func thePagerPagesPastTheFirstPageAndTheWallLoadsEachPageOnce() {
        let (pager, wall, stub, scheduler) = openPager(photos: 42, at: 0)
        #expect(pager.caption.value == "by Author 1 · rating 0.00 · 0 votes · 1 of 42")
        for _ in 0..<11 { pager.next() }
        #expect(stub.requests == ["page 1"], "photo 12 is not yet within 8 of the end")
        pager.next()
        pager.next()
        #expect(stub.requests == ["page 1", "page 2"], "one request while the page loads")
        scheduler.advance(by: .seconds(1))
        #expect(pager.photos.value.count == 40 && wall.cells.value.count == 40)
        #expect(pager.caption.value.hasSuffix("· 14 of 42"))
        for _ in 0..<30 { pager.next() }
        scheduler.advance(by: .seconds(1))
        for _ in 0..<30 { pager.next() }
        #expect(pager.currentIndex.value == 41 && pager.title.value == "Photo 42")
        #expect(pager.caption.value.hasSuffix("· 42 of 42"))
        #expect(stub.requests == ["page 1", "page 2", "page 3"])
        #expect(wall.selectedIndex.value == 41, "the wall's position follows")
    }

    @Test func theKeysOfferNextWhileAPhotoCanBeLoadedAndNotAtTheTrueEnd() {
        let (pager, wall, _, scheduler) = openPager(photos: 25, at: 19)
        #expect(pager.keyHints.value.map(\.key) == ["←", "→", "i", "Esc"], "the last loaded photo, more to come")
        scheduler.advance(by: .seconds(1))
        for _ in 0..<9 { pager.next() }
        #expect(pager.currentIndex.value == 24 && pager.caption.value.hasSuffix("· 25 of 25"))
        #expect(pager.keyHints.value.map(\.key) == ["←", "i", "Esc"])
        pager.next()
        #expect(pager.currentIndex.value == 24 && !pager.isWaitingForMore.value)
        withExtendedLifetime(wall) {}   // the wall owns the paging
    }

    @Test func nextOnTheLastLoadedPhotoWaitsForThePageAndMovesWhenItArrives() {
        let (pager, wall, stub, scheduler) = openPager(photos: 42, at: 19)
        #expect(stub.requests == ["page 1", "page 2"], "opening near the end asks for the next page")
        let page = pager.currentPage.value.map(ObjectIdentifier.init)
        pager.next()
        pager.next()
        #expect(pager.currentIndex.value == 19 && pager.isWaitingForMore.value)
        #expect(pager.statusText.value == "loading more photos…")
        #expect(stub.requests == ["page 1", "page 2"])
        scheduler.advance(by: .seconds(1))
        #expect(pager.currentIndex.value == 20 && !pager.isWaitingForMore.value && pager.statusText.value.isEmpty)
        #expect(pager.title.value == "Photo 21" && pager.caption.value.hasSuffix("· 21 of 42"))
        #expect(page != pager.currentPage.value.map(ObjectIdentifier.init))
        withExtendedLifetime(wall) {}   // the wall owns the paging
    }

    @Test func aPageOfPhotosIsNotMadeAgainWhenTheCollectionGrows() {
        let (pager, wall, stub, scheduler) = openPager(photos: 42, at: 15)
        let page = pager.currentPage.value.map(ObjectIdentifier.init)
        scheduler.advance(by: .seconds(1))
        #expect(stub.cancelled.isEmpty && stub.running.isEmpty)
        #expect(pager.photos.value.count == 40)
        #expect(pager.currentPage.value.map(ObjectIdentifier.init) == page)
        #expect(pager.page(at: 15).map(ObjectIdentifier.init) == page)
        let other = pager.page(at: 16)
        #expect(other != nil && other?.active.value == false, "another page is made inert")
        withExtendedLifetime(wall) {}   // the wall owns the paging
    }

    @Test func previousStopsTheWait() {
        let (pager, wall, _, scheduler) = openPager(photos: 42, at: 19)
        pager.next()
        pager.previous()
        scheduler.advance(by: .seconds(1))
        #expect(pager.currentIndex.value == 18 && !pager.isWaitingForMore.value)
        withExtendedLifetime(wall) {}   // the wall owns the paging
    }

    @Test func aFailedPageOfPhotosIsShownInThePagerAndRetried() {
        let (wall, stub, scheduler) = makeGallery(photos: 42)
        let pagers = Recorder(wall.fullSizeRequests)
        scheduler.advance(by: .seconds(1))
        stub.fail("page", with: .unreachable("connection refused"))
        wall.open(at: 19)
        let pager = pagers.values[0]
        pager.next()
        scheduler.advance(by: .seconds(1))
        #expect(pager.errorText.value == "The photo service did not answer: connection refused")
        #expect(!pager.isWaitingForMore.value && pager.currentIndex.value == 19)
        #expect(pager.keyHints.value.map(\.key) == ["←", "→", "i", "r", "Esc"])
        pager.retry()
        #expect(pager.errorText.value.isEmpty && stub.requests == ["page 1", "page 2", "page 2"])
        scheduler.advance(by: .seconds(1))
        #expect(pager.photos.value.count == 40 && pager.currentIndex.value == 19)
        #expect(pager.keyHints.value.map(\.key) == ["←", "→", "i", "Esc"])
        stub.fail("page", with: .unreachable("connection refused"))
        for _ in 0..<13 { pager.next() }
        scheduler.advance(by: .seconds(1))
        #expect(pager.errorText.value.hasPrefix("The photo service did not answer"))
        pager.next()   // → after a failure asks again, and moves when the page comes
        #expect(pager.isWaitingForMore.value == false && pager.currentIndex.value == 33)
        #expect(stub.requests.suffix(2) == ["page 3", "page 3"])
        scheduler.advance(by: .seconds(1))
        #expect(pager.photos.value.count == 42 && pager.errorText.value.isEmpty)
    }
}
