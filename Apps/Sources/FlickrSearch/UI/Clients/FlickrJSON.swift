import FlickrSearchCore
import Foundation

// The JSON of the Flickr-shaped service (`format=json&nojsoncallback=1`), as far as
// the app reads it. Flickr sends its counts as strings (`"total": "57"`) and some
// ids as numbers elsewhere; both are read.

/// `{"stat": "ok" | "fail", "code": N, "message": M}`: every answer's status.
struct FlickrStatusJSON: Decodable {
    var stat: String
    var code: Int?
    var message: String?
}

/// `flickr.photos.search`: `{"photos": {"total": "57", "photo": [{"id", "title", "secret", "server", "farm"}]}}`.
struct FlickrSearchJSON: Decodable {
    struct Photos: Decodable {
        var total: FlexibleInt
        var photo: [Photo]
    }

    struct Photo: Decodable {
        var id: FlexibleString
        var title: String?
        var secret: String
        var server: FlexibleString
        var farm: FlexibleInt?
    }

    var photos: Photos

    /// The results of searching `text`, each photo's thumbnail (`_m`) under `imageBase`
    /// as Flickr's URLs were built: `farm{farm}/{server}/{id}_{secret}_m.jpg`.
    func results(for text: String, imageBase: URL) -> FlickrSearchResults {
        FlickrSearchResults(
            searchText: text,
            photos: photos.photo.map { photo in
                let file = "farm\(photo.farm?.value ?? 1)/\(photo.server.value)/\(photo.id.value)_\(photo.secret)_m.jpg"
                return FlickrPhoto(id: photo.id.value, title: photo.title ?? "", thumbnailURL: imageBase.appendingPathComponent(file))
            },
            totalResults: photos.total.value
        )
    }
}

/// `flickr.photos.getFavorites`: `{"photo": {"total": "3", "person": […]}}`.
struct FlickrFavouritesJSON: Decodable {
    struct Photo: Decodable {
        var total: FlexibleInt
    }

    var photo: Photo
}

/// `flickr.photos.getInfo`: `{"photo": {"comments": {"_content": "1"}, …}}`.
struct FlickrInfoJSON: Decodable {
    struct Photo: Decodable {
        var comments: Content
    }

    struct Content: Decodable {
        var _content: FlexibleInt
    }

    var photo: Photo
}

/// A whole number sent as a number or as a string of digits (`57`, `"57"`).
struct FlexibleInt: Decodable {
    var value: Int

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int.self) {
            value = number
        } else if let number = Int(try container.decode(String.self)) {
            value = number
        } else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "not a whole number")
        }
    }
}

/// A text sent as a string or as a number (`"4"`, `4`).
struct FlexibleString: Decodable {
    var value: String

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int.self) {
            value = String(number)
        } else {
            value = try container.decode(String.self)
        }
    }
}
