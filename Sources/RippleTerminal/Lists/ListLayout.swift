// ListLayout: where each header and row of a list sits, in lines from the top of
// the content — the arithmetic behind scrolling, without building anything.
//
//     line 0   Header 0          section 0: first line 0, first item 0
//     line 1   row 0.0  ┐ rowHeight 2
//     line 2            ┘
//     line 3   row 0.1
//     …
//     line 5   Header 1          section 1: first line 5, first item 2
//
// Every row has the same height, and a section's header takes one line, so a
// section's lines follow from its first line: the layout keeps one prefix array of
// first lines and one of first items (flat offsets over all sections), rebuilt only
// when the items change. Finding the element at a line, or the path of a flat
// offset, is a binary search over the sections; walking the elements of a viewport
// costs the elements it holds. So scrolling costs the same for ten items or 100,000.

/// The geometry of a list's content: sections, headers and rows in lines.
struct ListLayout {
    /// What occupies a line.
    enum Element: Equatable {
        /// The header of a section.
        case header(section: Int)
        /// A row, by its path and its flat offset over all sections.
        case row(ListIndexPath, flatIndex: Int)
    }

    /// The lines of every row.
    let rowHeight: Int
    /// The line each section starts at (its header, or its first row).
    private let firstLines: [Int]
    /// The flat offset of each section's first item.
    private let firstItems: [Int]
    /// Whether each section has a header line.
    private let hasHeader: [Bool]
    /// The number of lines of all sections.
    let contentHeight: Int
    /// The number of items of all sections.
    let itemCount: Int

    /// The layout of sections with these headers and item counts, rows of
    /// `rowHeight` lines (at least 1).
    init(rowHeight: Int, sections: [(hasHeader: Bool, count: Int)]) {
        self.rowHeight = max(rowHeight, 1)
        var firstLines: [Int] = [], firstItems: [Int] = []
        var line = 0, item = 0
        for section in sections {
            firstLines.append(line)
            firstItems.append(item)
            line += (section.hasHeader ? 1 : 0) + section.count * self.rowHeight
            item += section.count
        }
        self.firstLines = firstLines
        self.firstItems = firstItems
        self.hasHeader = sections.map(\.hasHeader)
        contentHeight = line
        itemCount = item
    }

    /// An empty layout.
    static let empty = ListLayout(rowHeight: 1, sections: [])

    /// The number of sections.
    var sectionCount: Int {
        firstLines.count
    }

    /// The lines of the header of `section` (0 or 1).
    func headerHeight(ofSection section: Int) -> Int {
        hasHeader[section] ? 1 : 0
    }

    /// The number of items in `section`.
    func itemCount(inSection section: Int) -> Int {
        (section + 1 < sectionCount ? firstItems[section + 1] : itemCount) - firstItems[section]
    }

    /// The first line of the row at `indexPath`.
    func line(of indexPath: ListIndexPath) -> Int {
        firstLines[indexPath.section] + headerHeight(ofSection: indexPath.section) + indexPath.row * rowHeight
    }

    /// The line of the header of `section`, if it has one.
    func headerLine(ofSection section: Int) -> Int? {
        hasHeader[section] ? firstLines[section] : nil
    }

    /// The flat offset of the item at `indexPath`.
    func flatIndex(of indexPath: ListIndexPath) -> Int {
        firstItems[indexPath.section] + indexPath.row
    }

    /// The path of the item at flat offset `index` (in `0..<itemCount`).
    func indexPath(ofFlatIndex index: Int) -> ListIndexPath {
        let section = lastSection(in: firstItems, notAfter: index)
        return ListIndexPath(row: index - firstItems[section], section: section)
    }

    /// Whether `indexPath` names an item of this layout.
    func contains(_ indexPath: ListIndexPath) -> Bool {
        indexPath.section >= 0 && indexPath.section < sectionCount
            && indexPath.row >= 0 && indexPath.row < itemCount(inSection: indexPath.section)
    }

    /// The element at `line` and the line it starts at; `nil` outside the content.
    func element(atLine line: Int) -> (element: Element, firstLine: Int)? {
        guard line >= 0, line < contentHeight else { return nil }
        // The last section starting at or before the line holds it: an empty
        // section starts where the next one does, so it is never the last.
        let section = lastSection(in: firstLines, notAfter: line)
        let header = headerHeight(ofSection: section)
        let offset = line - firstLines[section]
        if offset < header { return (.header(section: section), firstLines[section]) }
        let row = (offset - header) / rowHeight
        let indexPath = ListIndexPath(row: row, section: section)
        return (.row(indexPath, flatIndex: firstItems[section] + row), firstLines[section] + header + row * rowHeight)
    }

    /// The elements with a line in `lines`, top to bottom, each with its first line
    /// (which may lie above `lines` for a row cut at the top).
    func elements(in lines: Range<Int>) -> [(element: Element, firstLine: Int)] {
        guard var current = element(atLine: max(lines.lowerBound, 0)) else { return [] }
        var elements: [(element: Element, firstLine: Int)] = []
        while true {
            elements.append(current)
            let next = current.firstLine + (current.element.isHeader ? 1 : rowHeight)
            guard next < lines.upperBound, let following = element(atLine: next) else { break }
            current = following
        }
        return elements
    }

    /// The greatest `i` with `starts[i] <= value`, for ascending `starts` whose
    /// first element is at most `value`.
    private func lastSection(in starts: [Int], notAfter value: Int) -> Int {
        var low = 0, high = starts.count - 1
        while low < high {
            let middle = (low + high + 1) / 2
            if starts[middle] <= value { low = middle } else { high = middle - 1 }
        }
        return low
    }
}

extension ListLayout.Element {
    /// Whether this is a section header.
    var isHeader: Bool {
        if case .header = self { true } else { false }
    }
}
