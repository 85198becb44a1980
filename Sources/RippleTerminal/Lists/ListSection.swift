// ListSection and ListIndexPath: what a list shows and where an item sits in it.
//
// A list is a sequence of sections; each has an optional header line and its items.
// An index path names an item by its section and its row within the section, as
// UIKit's `IndexPath(row:section:)` does (Foundation's `IndexPath` is not used:
// RippleTerminal depends on the C library only, and the name would clash in apps
// that import Foundation).

/// One section of a ``ListView``: an optional header title and the items under it.
///
/// ```swift
/// list.sections = [
///     ListSection(title: "未完成", items: todos),
///     ListSection(title: "已完成", items: finished),
/// ]
/// ```
public struct ListSection<Item> {
    /// The header line above the items; `nil` for no header (an empty string
    /// still takes a line).
    public var title: String?
    /// The items, top to bottom.
    public var items: [Item]

    /// A section of `items` under `title` (no header when `nil`).
    public init(title: String? = nil, items: [Item]) {
        self.title = title
        self.items = items
    }
}

extension ListSection: Sendable where Item: Sendable {}
extension ListSection: Equatable where Item: Equatable {}
extension ListSection: Hashable where Item: Hashable {}

/// An item's place in a list: its section and its row within the section, both
/// from 0. Ordered section first, then row.
public struct ListIndexPath: Sendable, Hashable, Comparable, CustomStringConvertible {
    /// The row within the section.
    public var row: Int
    /// The section.
    public var section: Int

    /// The path of `row` in `section`, UIKit's argument order.
    public init(row: Int, section: Int = 0) {
        self.row = row
        self.section = section
    }

    /// Whether `lhs` comes before `rhs` in the list.
    public static func < (lhs: ListIndexPath, rhs: ListIndexPath) -> Bool {
        (lhs.section, lhs.row) < (rhs.section, rhs.row)
    }

    /// "section.row", e.g. "1.4".
    public var description: String {
        "\(section).\(row)"
    }
}
