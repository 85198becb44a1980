import Ripple
import SeedAppCore

// FullSizePhotoViewModel: the full-screen pager over the wall's photos — all of them,
// not only those loaded when it opened.
//
//     photos         the wall's photos themselves (a Property, not a copy): each page
//                    the wall loads shows here at once
//     currentIndex   the page shown, always 0 ≤ i < count; the wall's position is
//                    the same property, so "back" lands on the last photo viewed
//     each photo shown ─▶ collection.photoShown(i): near the end of what is loaded,
//                    the wall loads its next page (the wall stays the one that pages,
//                    one page at a time)
//     next()         one page on; on the last loaded photo while more exist, the
//                    pager waits ("loading more photos…") and moves as soon as the
//                    page arrives; a failure stops the wait and is shown (r: retry)
//     previous()     one page back; nothing on the first
//     currentPage    the PhotoViewModel of the photo shown, made when it shows (pages
//                    are inert until active: cheap to make)
//     showInfo()     detailRequests sends the current photo's PhotoDetailViewModel
//     active         set by the navigation while the pager is on top; the current
//                    page is active only then (and fetches again when it comes back)

/// The pager: which photo shows, its caption, its pages, and the way to its details.
///
/// ```swift
/// let pager = FullSizePhotoViewModel(collection: wall.collection, currentIndex: wall.selectedIndex, services: services, scheduler: scheduler)
/// pager.next()                 // currentIndex 1; the wall follows
/// pager.photoModel(at: -1)     // nil
/// ```
public final class FullSizePhotoViewModel<Picture: Sendable>: Sendable {
    /// The photos, in the wall's order, as the wall loads them.
    public let photos: Property<[Photo]>
    /// The page shown, 0 ≤ i < count (0 when there are no photos); the wall's
    /// position, shared with it.
    public let currentIndex: MutableProperty<Int>
    /// The index the pager opened at.
    public let initialPhotoIndex: Int
    /// The current page's ViewModel; `nil` only when there are no photos.
    public let currentPage: Property<PhotoViewModel<Picture>?>
    /// The current photo's name: the title.
    public let title: Property<String>
    /// `"by Ada · rating 3.00 · 3 votes · 2 of 42"`: the position among all the
    /// collection's photos, loaded or not.
    public let caption: Property<String>
    /// `"loading more photos…"` while → waits for the next page; empty otherwise.
    public let statusText: Property<String>
    /// The current page's failure, or else the collection's (a page of photos that
    /// did not load); empty when there is none.
    public let errorText: Property<String>
    /// Whether → waits for the next page of photos.
    public let isWaitingForMore: Property<Bool>
    /// Sends the detail screen to present for the current photo.
    public let detailRequests: Signal<PhotoDetailViewModel, Never>
    /// The keys of the pager: "→: next" whenever another photo exists or can be loaded.
    public let keyHints: Property<[KeyHint]>
    /// Whether the pager is on top (the navigation sets it): the current page is
    /// active only then, so it fetches again each time the pager comes back.
    public let active = MutableProperty(false)

    private let collection: PhotoCollection
    private let services: GalleryServices<Picture>
    private let scheduler: any Scheduler
    private let waitsForMore = MutableProperty(false)
    private let detailPipe = Signal<PhotoDetailViewModel, Never>.pipe()
    private let token: Lifetime.Token

    /// The pager over `collection`, showing `currentIndex` (clamped into range).
    public init(
        collection: PhotoCollection, currentIndex: MutableProperty<Int>, services: GalleryServices<Picture>,
        scheduler: some Scheduler
    ) {
        self.collection = collection
        photos = collection.photos
        self.services = services
        self.scheduler = scheduler
        self.currentIndex = currentIndex
        let clamped = Self.clamp(currentIndex.value, count: collection.photos.value.count)
        if clamped != currentIndex.value { currentIndex.value = clamped }
        initialPhotoIndex = clamped
        isWaitingForMore = Property(waitsForMore)

        // The page of the photo shown, made when that photo shows.
        let photos = collection.photos
        let currentPhoto = Property.combineLatest(currentIndex, photos)
            .map { index, photos -> Photo? in photos.indices.contains(index) ? photos[index] : nil }
            .skipRepeats { (old: Photo?, new: Photo?) in old === new }
        currentPage = currentPhoto.map { photo in
            photo.map { PhotoViewModel(photo: $0, services: services, scheduler: scheduler) }
        }
        title = currentPage.flatMap(.latest) { page -> Property<String> in
            page.map { Property($0.photo.name) } ?? Property(value: "No photos")
        }
        let position = Property.combineLatest(currentIndex, collection.totalCount)
        caption = currentPage.flatMap(.latest) { page -> Property<String> in
            guard let page else { return Property(value: "") }
            let photo = page.photo
            return Property.combineLatest(photo.photographerName, photo.rating, photo.votesCount, position)
                .map { author, rating, votes, position in
                    "by \(author) · rating \(PhotoDetailViewModel.ratingText(rating)) · "
                        + (votes == 1 ? "1 vote" : "\(votes) votes") + " · \(position.0 + 1) of \(position.1)"
                }
        }
        statusText = waitsForMore.map { $0 ? "loading more photos…" : "" }
        let pageError = currentPage.flatMap(.latest) { $0.map { Property($0.errorText) } ?? Property(value: "") }
        errorText = Property.combineLatest(pageError, collection.errorText)
            .map { page, collection in page.isEmpty ? collection : page }
        detailRequests = detailPipe.output
        keyHints = Property.combineLatest(currentIndex, photos, collection.hasMore, collection.errorText)
            .map { index, photos, hasMore, error in
                var hints: [KeyHint] = []
                if index > 0 { hints.append(KeyHint("←", "previous")) }
                if index < photos.count - 1 || (hasMore && !photos.isEmpty) { hints.append(KeyHint("→", "next")) }
                if !photos.isEmpty { hints.append(KeyHint("i", "details")) }
                if !error.isEmpty { hints.append(KeyHint("r", "retry")) }
                return hints + [KeyHint("Esc", "back to the wall")]
            }
        let (lifetime, token) = Lifetime.make()
        self.token = token

        // The page shown is active while the pager is; the one before is not.
        let activePage = MutableProperty<PhotoViewModel<Picture>?>(nil)
        Property.combineLatest(active, currentPage).producer
            .take(during: lifetime)
            .startWithValues { isActive, page in
                let next = isActive ? page : nil
                if let previous = activePage.value, previous !== next { previous.active.value = false }
                activePage.value = next
                next?.active.value = true
            }
        lifetime.observeEnded { activePage.value?.active.value = false }

        // Each photo shown tells the wall, which loads its next page near the end
        // (the first one once the pager is set up, below).
        let photoShown = collection.photoShown
        currentIndex.signal.skipRepeats().take(during: lifetime).observeValues { photoShown($0) }

        // → waiting on the last loaded photo: move once the next page arrives; stop
        // waiting when the load fails, when no page is left, or when the pager goes.
        let waitsForMore = self.waitsForMore
        photos.signal.take(during: lifetime).observeValues { photos in
            guard waitsForMore.value, currentIndex.value + 1 < photos.count else { return }
            waitsForMore.value = false
            currentIndex.value += 1
        }
        Property.combineLatest(collection.errorText, collection.hasMore).signal.take(during: lifetime)
            .observeValues { error, hasMore in
                if !error.isEmpty || !hasMore { waitsForMore.value = false }
            }
        active.signal.take(during: lifetime).filter { !$0 }.observeValues { _ in waitsForMore.value = false }
        photoShown(clamped)
    }

    /// The pager over `photos` alone: a collection that never grows.
    public convenience init(
        photos: [Photo], currentIndex: MutableProperty<Int>, services: GalleryServices<Picture>, scheduler: some Scheduler
    ) {
        self.init(collection: .fixed(photos), currentIndex: currentIndex, services: services, scheduler: scheduler)
    }

    /// The photo at `index`, or `nil` outside 0 ≤ index < count.
    public func photoModel(at index: Int) -> Photo? {
        let photos = photos.value
        return photos.indices.contains(index) ? photos[index] : nil
    }

    /// The page of `index`: the current page when `index` is the current one, else
    /// a new page of that photo (inert until active); `nil` outside 0 ≤ index < count.
    public func page(at index: Int) -> PhotoViewModel<Picture>? {
        if index == currentIndex.value, let page = currentPage.value { return page }
        return photoModel(at: index).map { PhotoViewModel(photo: $0, services: services, scheduler: scheduler) }
    }

    /// The next page (→). On the last loaded photo while the collection has more,
    /// the next page of photos is asked for and the pager moves when it arrives;
    /// nothing on the very last photo.
    public func next() {
        let index = currentIndex.value
        let count = photos.value.count
        if index + 1 < count {
            waitsForMore.value = false
            currentIndex.value = index + 1
            return
        }
        guard count > 0, collection.hasMore.value else { return }
        waitsForMore.value = true
        collection.photoShown(index)
    }

    /// The previous page (←); nothing on the first. It stops a wait for more photos.
    public func previous() {
        waitsForMore.value = false
        show(currentIndex.value - 1)
    }

    /// Shows page `index` when it exists.
    public func show(_ index: Int) {
        guard photos.value.indices.contains(index), index != currentIndex.value else { return }
        currentIndex.value = index
    }

    /// Retry (r): the collection's failed page is asked for again.
    public func retry() {
        guard !collection.errorText.value.isEmpty else { return }
        collection.retry()
    }

    /// Info (`i`): the current photo's detail screen is asked for.
    public func showInfo() {
        guard let photo = photoModel(at: currentIndex.value) else { return }
        detailPipe.input.send(value: PhotoDetailViewModel(
            photo: photo, votes: services.votes, login: services.login, scheduler: scheduler))
    }

    private static func clamp(_ index: Int, count: Int) -> Int {
        count == 0 ? 0 : min(max(index, 0), count - 1)
    }

    deinit {
        detailPipe.input.sendCompleted()
    }
}
