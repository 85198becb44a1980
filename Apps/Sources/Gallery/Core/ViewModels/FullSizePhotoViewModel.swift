import Ripple
import SeedAppCore

// FullSizePhotoViewModel: the full-screen pager over the wall's photos.
//
//     currentIndex   the page shown, always 0 ≤ i < count; the wall's position is
//                    the same property, so "back" lands on the last photo viewed
//     next/previous  one page, nothing past either end
//     page(at:)      the PhotoViewModel of a page, made the first time it is asked
//     showInfo()     detailRequests sends the current photo's PhotoDetailViewModel
//     active         set by the navigation while the pager is on top; the current
//                    page is active only then (and fetches again when it comes back)

/// The pager: which photo shows, its caption, its pages, and the way to its details.
///
/// ```swift
/// let pager = FullSizePhotoViewModel(photos: photos, currentIndex: wallPosition, services: services, scheduler: scheduler)
/// pager.next()                 // currentIndex 1; the wall follows
/// pager.photoModel(at: -1)     // nil
/// ```
public final class FullSizePhotoViewModel<Picture: Sendable>: Sendable {
    /// The photos, in the wall's order.
    public let photos: [Photo]
    /// The page shown, 0 ≤ i < count (0 when there are no photos); the wall's
    /// position, shared with it.
    public let currentIndex: MutableProperty<Int>
    /// The index the pager opened at.
    public let initialPhotoIndex: Int
    /// The current page's ViewModel; `nil` only when there are no photos.
    public let currentPage: Property<PhotoViewModel<Picture>?>
    /// The current photo's name: the title.
    public let title: Property<String>
    /// `"by Ada · rating 3.00 · 3 votes · 2 of 42"`.
    public let caption: Property<String>
    /// Sends the detail screen to present for the current photo.
    public let detailRequests: Signal<PhotoDetailViewModel, Never>
    /// The keys of the pager.
    public let keyHints: Property<[KeyHint]>
    /// Whether the pager is on top (the navigation sets it): the current page is
    /// active only then, so it fetches again each time the pager comes back.
    public let active = MutableProperty(false)

    private let services: GalleryServices<Picture>
    private let scheduler: any Scheduler
    private let pages: [PhotoViewModel<Picture>]
    private let detailPipe = Signal<PhotoDetailViewModel, Never>.pipe()
    private let token: Lifetime.Token

    /// The pager over `photos`, showing `currentIndex` (clamped into range).
    public init(
        photos: [Photo], currentIndex: MutableProperty<Int>, services: GalleryServices<Picture>, scheduler: some Scheduler
    ) {
        self.photos = photos
        self.services = services
        self.scheduler = scheduler
        self.currentIndex = currentIndex
        let clamped = Self.clamp(currentIndex.value, count: photos.count)
        if clamped != currentIndex.value { currentIndex.value = clamped }
        initialPhotoIndex = clamped
        // One page per photo, each inert until it becomes active: cheap to make.
        pages = photos.map { PhotoViewModel(photo: $0, services: services, scheduler: scheduler) }
        let pages = self.pages
        currentPage = currentIndex.map { pages.indices.contains($0) ? pages[$0] : nil }
        let count = photos.count
        title = currentPage.flatMap(.latest) { page -> Property<String> in
            page.map { Property($0.photo.name) } ?? Property(value: "No photos")
        }
        caption = currentPage.flatMap(.latest) { page -> Property<String> in
            guard let page else { return Property(value: "") }
            let photo = page.photo
            return Property.combineLatest(photo.photographerName, photo.rating, photo.votesCount, currentIndex)
                .map { author, rating, votes, index in
                    "by \(author) · rating \(PhotoDetailViewModel.ratingText(rating)) · "
                        + (votes == 1 ? "1 vote" : "\(votes) votes") + " · \(index + 1) of \(count)"
                }
        }
        detailRequests = detailPipe.output
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
        keyHints = currentIndex.map { index in
            var hints: [KeyHint] = []
            if index > 0 { hints.append(KeyHint("←", "previous")) }
            if index < count - 1 { hints.append(KeyHint("→", "next")) }
            if count > 0 { hints.append(KeyHint("i", "details")) }
            return hints + [KeyHint("Esc", "back to the wall")]
        }
    }

    /// The photo at `index`, or `nil` outside 0 ≤ index < count.
    public func photoModel(at index: Int) -> Photo? {
        photos.indices.contains(index) ? photos[index] : nil
    }

    /// The page of `index`, or `nil` outside 0 ≤ index < count.
    public func page(at index: Int) -> PhotoViewModel<Picture>? {
        pages.indices.contains(index) ? pages[index] : nil
    }

    /// The next page (→); nothing on the last.
    public func next() {
        show(currentIndex.value + 1)
    }

    /// The previous page (←); nothing on the first.
    public func previous() {
        show(currentIndex.value - 1)
    }

    /// Shows page `index` when it exists.
    public func show(_ index: Int) {
        guard photos.indices.contains(index), index != currentIndex.value else { return }
        currentIndex.value = index
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
