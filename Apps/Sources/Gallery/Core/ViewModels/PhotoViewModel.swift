import Ripple

// PhotoViewModel: one page of the full-size pager. Each time the page becomes active
// (the view sets `active` when it shows and clears it when it goes) it fetches the
// photo's details again, which update the shared Photo, then loads the full-size
// picture:
//
//     active false → true ─▶ didBecomeActive ─▶ loading = true
//                            ─▶ details(id) ─▶ photo.update ─▶ image(fullSizeURL)
//                            ─▶ picture, loading = false
//                            failure ─▶ loading = false, errorText (the original left
//                                       its HUD up for good and only logged)
//     active true → false ─▶ what runs is cancelled

/// A page of the pager: the photo's full-size picture, loaded each time the page
/// becomes active.
///
/// ```swift
/// let page = PhotoViewModel(photo: photo, services: services, scheduler: scheduler)
/// page.active.value = true     // details fetched, then the picture loaded
/// ```
public final class PhotoViewModel<Picture: Sendable>: Sendable {
    /// The photo shown.
    public let photo: Photo
    /// Its name.
    public let photoName: Property<String>
    /// The full-size picture; `nil` until loaded (the thumbnail's place holder shows).
    public let image: Property<Picture?>
    /// Whether the details or the picture are being fetched: the HUD.
    public let loading: Property<Bool>
    /// The last failure as a sentence; empty when there is none.
    public let errorText: Property<String>
    /// Whether the page is on screen: set by the view.
    public let active = MutableProperty(false)
    /// Sends each time ``active`` turns true.
    public let didBecomeActive: Signal<Void, Never>

    private let token: Lifetime.Token

    /// The page of `photo`; details from `services.photos`, the picture from
    /// `services.images`, what the view reads set on `scheduler`.
    public init(photo: Photo, services: GalleryServices<Picture>, scheduler: some Scheduler) {
        self.photo = photo
        photoName = Property(photo.name)
        let picture = MutableProperty<Picture?>(nil)
        let isLoading = MutableProperty(false)
        let lastError = MutableProperty("")
        image = Property(picture)
        loading = Property(isLoading)
        errorText = Property(lastError)
        didBecomeActive = active.signal.skipRepeats().filter { $0 }.map { _ in () }
        let (lifetime, token) = Lifetime.make()
        self.token = token

        let photos = services.photos
        let images = services.images
        active.producer
            .skipRepeats()
            .flatMap(.latest) { isActive -> SignalProducer<Picture?, Never> in
                guard isActive else {
                    isLoading.value = false   // what ran is cancelled by the switch
                    return .empty
                }
                return photos.details(ofPhoto: photo.id)
                    .observe(on: scheduler)
                    .on(started: {
                        isLoading.value = true
                        lastError.value = ""
                    }, value: { photo.update(from: $0) })
                    .flatMap(.latest) { record -> SignalProducer<Picture?, GalleryError> in
                        guard let url = record.fullSizeURL ?? photo.fullSizeURL.value else {
                            return SignalProducer(value: nil)
                        }
                        return images.image(at: url).map { Optional($0) }.observe(on: scheduler)
                    }
                    .on(value: { _ in isLoading.value = false })
                    .flatMapError { error -> SignalProducer<Picture?, Never> in
                        isLoading.value = false
                        lastError.value = error.message
                        return .empty
                    }
            }
            .take(during: lifetime)
            .startWithValues { value in
                if let value { picture.value = value }
            }
    }
}
