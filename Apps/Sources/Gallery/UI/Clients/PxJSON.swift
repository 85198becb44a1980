import GalleryCore

// The 500px-shaped answers of the local photo service, as the client reads them.

/// `GET /v1/photos`: a page of photos.
struct PxPageJSON: Decodable {
    var current_page: Int
    var total_pages: Int
    var total_items: Int
    var photos: [PxPhotoJSON]

    var page: PhotoPage {
        PhotoPage(number: current_page, pageCount: total_pages, totalCount: total_items, photos: photos.map(\.record))
    }
}

/// `GET /v1/photos/:id` and `POST /v1/photos/:id/vote`: `{"photo": …}`.
struct PxPhotoAnswerJSON: Decodable {
    var photo: PxPhotoJSON
}

/// A photo in 500px's shape.
struct PxPhotoJSON: Decodable {
    struct User: Decodable {
        var username: String
    }

    struct ImageJSON: Decodable {
        var size: Int
        var url: String
    }

    var id: Int
    var name: String
    var rating: Double?
    var votes_count: Int?
    var user: User
    var images: [ImageJSON]
    var voted: Bool?
    var comments_count: Int?

    /// The record, as the original's `configure` read it: the thumbnail is the first
    /// size-3 image; the full-size one (size 4) only in a detail answer.
    var record: PhotoRecord {
        PhotoRecord(
            id: id, name: name, photographerName: user.username, rating: rating ?? 0, votesCount: votes_count ?? 0,
            thumbnailURL: images.first { $0.size == 3 }?.url,
            fullSizeURL: comments_count == nil ? nil : images.first { $0.size == 4 }?.url,
            voted: voted
        )
    }
}
