// Package: one software package installed on the machine — the sample app's data.
//
// The sample searches the packages the machine really has: on Debian and its
// derivatives, dpkg's status database (`/var/lib/dpkg/status`), one stanza per
// package. Nothing is invented; a machine without that database shows an error
// and an empty list.

/// A package installed on the machine.
public struct Package: Identifiable, Hashable, Sendable {
    /// The package's name, unique on the machine.
    public var name: String
    /// The installed version.
    public var version: String
    /// The one-line description.
    public var summary: String
    /// The installed size in kibibytes, when the database records it.
    public var installedKibibytes: Int?

    /// The package's name.
    public var id: String { name }

    /// A package from its fields.
    public init(name: String, version: String, summary: String, installedKibibytes: Int? = nil) {
        self.name = name
        self.version = version
        self.summary = summary
        self.installedKibibytes = installedKibibytes
    }
}
