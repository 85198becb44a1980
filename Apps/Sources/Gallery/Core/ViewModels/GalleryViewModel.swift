import Ripple
import SeedAppCore

// GalleryViewModel: the photo wall (the original's "Popular on 500px").
//
//     init            ─▶ page 1
//     itemShown(i)    ─▶ i within `pageThreshold` of the end, another page exists,
//                        none loading ─▶ the next page, appended
//     a page fails    ─▶ errorText says why (the original swallowed it and stayed
//                        empty); retry() (r) asks again; while the service is still
//                        importing (503) the page is asked again every 2 s by itself
//     open(i)         ─▶ fullSizeRequests: a FullSizePhotoViewModel over the wall's
//                        `collection` (its photos as they grow, its paging) sharing
//                        `selectedIndex`, so the wall follows the pager and the pager
//                        pages through every photo, asking the wall for more
//     logIn()         ─▶ loginRequests: a LoginViewModel

/// The photo wall: its cells, paging, errors, the wall's position, and where the
/// user goes from it.
///
/// ```swift
/// let wall = GalleryViewModel(services: services, scheduler: QueueScheduler.main)
/// wall.itemShown(at: wall.cells.value.count - 1)   // the next page loads
/// wall.open(at: 3)                                 // fullSizeRequests sends the pager
/// ```
public final class GalleryViewModel<Picture: Sendable>: Sendable {
    /// The wall's title.
    public static var title: String { "Popular on 500px" }
    /// Photos asked for a page.
    public static var pageSize: Int { 20 }
    /// A page loads when an item this close to the end shows.
    public static var pageThreshold: Int { 8 }
    /// Seconds between two asks while the service is still importing its photos.
    public static var notReadyRetryDelay: Double { 2 }

    /// The cells, in order: the pages loaded so far.
    public let cells: Property<[PhotoCellViewModel<Picture>]>
    /// Whether a page is loading.
    public let isLoading: Property<Bool>
    /// The last failure as a sentence; empty when there is none.
    public let errorText: Property<String>
    /// `"loading…"`, `"42 photos"`, `"40 of 120 photos"` while more pages exist.
    public let statusText: Property<String>
    /// The photos of the cells, in order, as pages load.
    public let photos: Property<[Photo]>
    /// How many photos there are: the service's total while pages remain, the
    /// photos loaded once none does.
    public let totalCount: Property<Int>
    /// Whether another page can be loaded (true until the first page says otherwise).
    public let hasMorePages: Property<Bool>
    /// The wall's position: the selected photo, shared with the pager.
    public let selectedIndex = MutableProperty(0)
    /// Sends the pager to push.
    public let fullSizeRequests: Signal<FullSizePhotoViewModel<Picture>, Never>
    /// Sends the log-in form to present.
    public let loginRequests: Signal<LoginViewModel, Never>
    /// The keys of the wall.
    public let keyHints: Property<[KeyHint]>

    private let services: GalleryServices<Picture>
    private let scheduler: any DateScheduler
    private let state = MutableProperty(PagingState())
    private let fullSizePipe = Signal<FullSizePhotoViewModel<Picture>, Never>.pipe()
    private let loginPipe = Signal<LoginViewModel, Never>.pipe()
    private let token: Lifetime.Token
    private let lifetime: Lifetime

    /// What is loaded and what is loading.
    private struct PagingState: Sendable {
        var pagesLoaded = 0
        var pageCount: Int?
        var totalCount = 0
        var isLoading = false
        var error: String?
    }

    /// The wall over `services`, its first page asked for at once; what the view
    /// reads changes on `scheduler`.
    public init(services: GalleryServices<Picture>, scheduler: some DateScheduler) {
        self.services = services
        self.scheduler = scheduler
        let rows = MutableProperty<[PhotoCellViewModel<Picture>]>([])
        cells = Property(rows)
        self.rows = rows
        isLoading = state.map(\.isLoading).skipRepeats()
        errorText = state.map { $0.error ?? "" }.skipRepeats()
        statusText = Property.combineLatest(state, rows).map { state, rows in
            if rows.isEmpty { return state.isLoading ? "loading…" : (state.error == nil ? "no photos" : "") }
            if let pages = state.pageCount, state.pagesLoaded < pages {
                return "\(rows.count) of \(state.totalCount) photos"
            }
            return rows.count == 1 ? "1 photo" : "\(rows.count) photos"
        }.skipRepeats()
        photos = rows.map { $0.map(\.photo) }
        hasMorePages = state.map { state in state.pageCount.map { state.pagesLoaded < $0 } ?? true }.skipRepeats()
        totalCount = Property.combineLatest(state, rows).map { state, rows in
            if let pages = state.pageCount, state.pagesLoaded < pages { return max(state.totalCount, rows.count) }
            return rows.count
        }.skipRepeats()
        fullSizeRequests = fullSizePipe.output
        loginRequests = loginPipe.output
        keyHints = Property.combineLatest(rows, state).map { rows, state in
            var hints: [KeyHint] = []
            if !rows.isEmpty { hints += [KeyHint("arrows", "move"), KeyHint("Enter", "open")] }
            if state.error != nil { hints.append(KeyHint("r", "retry")) }
            return hints + [KeyHint("l", "log in"), KeyHint("Esc", "menu")]
        }
        (lifetime, token) = Lifetime.make()
        loadNextPage()
    }

    private let rows: MutableProperty<[PhotoCellViewModel<Picture>]>

    /// The wall's photos for a pager: these properties themselves (the pager sees
    /// each page as it loads), and the wall's paging, which stays the wall's.
    public var collection: PhotoCollection {
        PhotoCollection(
            photos: photos, totalCount: totalCount, hasMore: hasMorePages, isLoading: isLoading, errorText: errorText,
            photoShown: { [weak self] index in self?.itemShown(at: index) },
            retry: { [weak self] in self?.retry() })
    }

    /// The item at `index` shows on the wall (or is selected): near the end, the
    /// next page loads.
    public func itemShown(at index: Int) {
        if index >= rows.value.count - Self.pageThreshold { loadNextPage() }
    }

    /// Retry (r): the page that failed is asked for again.
    public func retry() {
        guard state.value.error != nil else { return }
        loadNextPage()
    }

    /// Opens the pager at `index` (Enter on a cell).
    public func open(at index: Int) {
        guard rows.value.indices.contains(index) else { return }
        selectedIndex.value = index
        fullSizePipe.input.send(value: FullSizePhotoViewModel(
            collection: collection, currentIndex: selectedIndex, services: services, scheduler: scheduler))
    }

    /// Log in (l): the log-in form is asked for.
    public func logIn() {
        loginPipe.input.send(value: LoginViewModel(service: services.login, scheduler: scheduler))
    }

    /// Asks for the next page unless one is loading or none is left.
    private func loadNextPage() {
        let current = state.value
        guard !current.isLoading else { return }
        if let pages = current.pageCount, current.pagesLoaded >= pages { return }
        let page = current.pagesLoaded + 1
        state.modify {
            $0.isLoading = true
            $0.error = nil
        }
        let (state, rows, images, scheduler) = (state, rows, services.thumbnails, self.scheduler)
        services.photos.popularPhotos(page: page, perPage: Self.pageSize)
            .observe(on: scheduler)
            .take(during: lifetime)
            .startWithResult { [weak self] result in
                switch result {
                case let .success(answer):
                    let known = Set(rows.value.map(\.id))
                    let start = rows.value.count
                    let added = answer.photos.filter { !known.contains($0.id) }.enumerated().map { offset, record in
                        PhotoCellViewModel(photo: Photo(record), index: start + offset, images: images, scheduler: scheduler)
                    }
                    rows.value += added
                    state.modify {
                        $0.pagesLoaded = answer.number
                        $0.pageCount = answer.pageCount
                        $0.totalCount = answer.totalCount
                        $0.isLoading = false
                    }
                case let .failure(error):
                    state.modify {
                        $0.isLoading = false
                        $0.error = error.message
                    }
                    if error == .notReady { self?.retryLater() }
                }
            }
    }

    /// Asks for the page again after ``notReadyRetryDelay`` seconds, unless the
    /// user retried meanwhile.
    private func retryLater() {
        SignalProducer<Void, Never>(value: ())
            .delay(Self.notReadyRetryDelay, on: scheduler)
            .take(during: lifetime)
            .startWithValues { [weak self] in self?.retry() }
    }

    deinit {
        fullSizePipe.input.sendCompleted()
        loginPipe.input.sendCompleted()
    }
}
