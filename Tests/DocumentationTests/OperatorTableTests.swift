import Foundation
import Testing

// The Architecture article's table of operators ("Find an operator by name") cannot
// rot: every row names a file that declares that name with those argument labels,
// and every public function under Sources/Ripple/Operators has a row naming its file.

/// One row of the table: a name such as `take(first:)`, `SignalProducer(value:)` or
/// `empty`, and the file that holds it, under `Sources/`.
struct OperatorTableRow: CustomStringConvertible {
    let name: String
    let file: String
    let line: Int

    var description: String { "line \(line): \(name) → \(file)" }
}

/// A public declaration found in a Swift file: `func`, `init` or `var`/`let`, with its
/// name and, for a function or an initialiser, its argument labels (`_` for none).
struct PublicDeclaration: Equatable {
    enum Kind { case function, initialiser, property }
    let kind: Kind
    let name: String
    let labels: [String]
}

enum OperatorTable {
    static let article = "Sources/Ripple/Ripple.docc/Architecture.md"
    static let heading = "## Find an operator by name"

    /// The rows of the table under `heading`.
    static func rows(in text: String) -> [OperatorTableRow] {
        var rows: [OperatorTableRow] = []
        var isInSection = false
        for (index, line) in text.components(separatedBy: "\n").enumerated() {
            if line.hasPrefix("## ") { isInSection = line == heading }
            guard isInSection, line.hasPrefix("| `") else { continue }
            let cells = line.split(separator: "|").map { $0.trimmingCharacters(in: .whitespaces) }
            guard cells.count == 3 else { continue }
            rows.append(OperatorTableRow(name: unquoted(cells[0]), file: unquoted(cells[2]), line: index + 1))
        }
        return rows
    }

    /// A name as the table writes it, split into its base name and its labels
    /// (`nil` for a name written without parentheses).
    static func split(_ name: String) -> (base: String, labels: [String]?) {
        guard let open = name.firstIndex(of: "("), name.hasSuffix(")") else { return (name, nil) }
        let inside = name[name.index(after: open)..<name.index(before: name.endIndex)]
        let labels = inside.split(separator: ":", omittingEmptySubsequences: true).map(String.init)
        return (String(name[..<open]), labels)
    }

    /// Whether `declarations` hold what a row names: an initialiser of the type with
    /// those labels (`SignalProducer(value:)`), a function with those labels, or a
    /// property of that name (for a name without labels, or a callable property such
    /// as `merge`, whose instance form is written `merge(with:)`).
    static func declares(_ declarations: [PublicDeclaration], _ name: String) -> Bool {
        let (base, labels) = split(name)
        guard let labels else {
            return declarations.contains { $0.name == base && ($0.kind == .property || $0.kind == .function) }
        }
        if let first = base.first, first.isUppercase {
            return declarations.contains { $0.kind == .initialiser && $0.labels == labels }
        }
        return declarations.contains { $0.kind == .function && $0.name == base && $0.labels == labels }
            || (labels == ["with"] && declarations.contains { $0.kind == .property && $0.name == base })
    }

    /// The public declarations of a Swift source text.
    static func publicDeclarations(in source: String) -> [PublicDeclaration] {
        let pattern = try! NSRegularExpression(
            pattern: #"\bpublic\s+(?:(?:static|class|nonisolated|mutating|convenience|override|final)\s+)*(func|init|var|let)\b\s*(`?[A-Za-z_][A-Za-z0-9_]*`?|[-/=+!*%<>&|^~?]+)?"#
        )
        let text = withoutComments(source)
        let utf16 = NSString(string: text)
        var found: [PublicDeclaration] = []
        for match in pattern.matches(in: text, range: NSRange(location: 0, length: utf16.length)) {
            let keyword = utf16.substring(with: match.range(at: 1))
            let nameRange = match.range(at: 2)
            var name = nameRange.location == NSNotFound ? "" : utf16.substring(with: nameRange)
            // `init<T>(…)`: the pattern takes `<` for an operator's name.
            var position = match.range.location + match.range.length
            if keyword == "init", !name.isEmpty {
                position = nameRange.location
                name = ""
            }
            name = name.replacingOccurrences(of: "`", with: "")
            switch keyword {
            case "var", "let":
                found.append(PublicDeclaration(kind: .property, name: name, labels: []))
            default:
                let characters = Array(utf16.substring(from: position))
                guard let labels = parameterLabels(characters) else { continue }
                found.append(PublicDeclaration(kind: keyword == "init" ? .initialiser : .function, name: name, labels: labels))
            }
        }
        return found
    }

    /// The labels of the parameter list at the start of `characters` (after spaces
    /// and a generic parameter clause), or `nil` if none starts there.
    static func parameterLabels(_ characters: [Character]) -> [String]? {
        var index = 0
        func skipSpaces() { while index < characters.count, characters[index].isWhitespace { index += 1 } }
        skipSpaces()
        if index < characters.count, characters[index] == "<" {
            var depth = 0
            repeat {
                if characters[index] == "<" { depth += 1 }
                if characters[index] == ">", index == 0 || characters[index - 1] != "-" { depth -= 1 }
                index += 1
            } while depth > 0 && index < characters.count
            skipSpaces()
        }
        guard index < characters.count, characters[index] == "(" else { return nil }
        var parameters: [String] = []
        var current = ""
        var depth = 0
        index += 1
        while index < characters.count {
            let character = characters[index]
            let previous: Character = index > 0 ? characters[index - 1] : " "
            // `<` opens a generic argument list only right after a name (not in `..<`
            // or a comparison), and `>` of `->` closes nothing.
            let opensGeneric = character == "<" && (previous.isLetter || previous.isNumber || previous == "_")
            let closesGeneric = character == ">" && previous != "-" && previous != " "
            if "([".contains(character) || opensGeneric { depth += 1 }
            if ")]".contains(character) || closesGeneric {
                if depth == 0 { break }
                depth -= 1
            }
            if character == ",", depth == 0 {
                parameters.append(current)
                current = ""
            } else {
                current.append(character)
            }
            index += 1
        }
        if !current.trimmingCharacters(in: .whitespacesAndNewlines).isEmpty { parameters.append(current) }
        return parameters.map { parameter in
            let head = parameter.split(separator: ":", maxSplits: 1).first.map(String.init) ?? ""
            let words = head.split(whereSeparator: \.isWhitespace).filter { !$0.hasPrefix("@") }
            return words.first.map(String.init) ?? "?"
        }
    }

    /// `source` without its `//` and `/* */` comments (string literals are not
    /// told apart: the sources searched have no `//` inside a string before a
    /// declaration on the same line).
    static func withoutComments(_ source: String) -> String {
        var text = source.split(separator: "\n", omittingEmptySubsequences: false).map { line in
            line.range(of: "//").map { line[..<$0.lowerBound] } ?? line
        }.joined(separator: "\n")
        while let open = text.range(of: "/*"), let close = text.range(of: "*/", range: open.upperBound..<text.endIndex) {
            text.removeSubrange(open.lowerBound..<close.upperBound)
        }
        return text
    }

    private static func unquoted(_ cell: String) -> String {
        cell.trimmingCharacters(in: CharacterSet(charactersIn: "`"))
    }
}

@Suite("The Architecture article's table of operators")
struct OperatorTableTests {
    let root = DocumentationSources.root

    func rows() throws -> [OperatorTableRow] {
        let text = try String(contentsOf: root.appendingPathComponent(OperatorTable.article), encoding: .utf8)
        return OperatorTable.rows(in: text)
    }

    @Test("every row names a file that declares that name with those labels")
    func everyRowIsDeclaredInItsFile() throws {
        let rows = try rows()
        #expect(rows.count > 100, "the table was not found under \(OperatorTable.heading)")
        for row in rows {
            let url = root.appendingPathComponent("Sources").appendingPathComponent(row.file)
            guard let source = try? String(contentsOf: url, encoding: .utf8) else {
                Issue.record("\(row): no such file under Sources/")
                continue
            }
            let isDeclared = OperatorTable.declares(OperatorTable.publicDeclarations(in: source), row.name)
            #expect(isDeclared, "\(row): the file declares no public \(row.name)")
        }
    }

    @Test("every public function under Sources/Ripple/Operators has a row naming its file")
    func everyOperatorHasARow() throws {
        let rows = try rows()
        let directory = root.appendingPathComponent("Sources/Ripple/Operators")
        let files = try FileManager.default.contentsOfDirectory(atPath: directory.path).filter { $0.hasSuffix(".swift") }.sorted()
        #expect(files.count > 20)
        var checked = 0
        for file in files {
            let source = try String(contentsOf: directory.appendingPathComponent(file), encoding: .utf8)
            let path = "Ripple/Operators/\(file)"
            for declaration in OperatorTable.publicDeclarations(in: source)
            where declaration.kind == .function && declaration.name != "callAsFunction" {
                checked += 1
                let hasRow = rows.contains { row in
                    let (base, labels) = OperatorTable.split(row.name)
                    return row.file == path && base == declaration.name && labels == declaration.labels
                }
                let name = "\(declaration.name)(\(declaration.labels.map { "\($0):" }.joined()))"
                #expect(hasRow, "\(path): \(name) has no row in the table of \(OperatorTable.article)")
            }
        }
        #expect(checked > 100)
    }

    @Test("the declaration parser reads names, labels and generic clauses")
    func parserReadsDeclarations() {
        let source = """
        /// public func commented(out: Int)
        public func take(first count: Int) -> Self { self }
        public static func merge<S: Sequence>(_ signals: S) -> Self where S.Element == Self { fatalError() }
        public func on(event: ((Int) -> Void)? = nil, value: ((Int) -> Void)? = nil) {}
        public func validated(statusCodes: Range<Int> = 200..<300) -> Int { statusCodes.count < 2 ? 1 : 0 }
        public func `repeat`(_ count: Int) {}
        public init<S: Sequence>(_ values: S) {}
        public init(value: Int) {}
        public static func <~ <T>(target: T, source: T) {}
        public var merge: Int { 0 }
        func internalOne(x: Int) {}
        """
        let declarations = OperatorTable.publicDeclarations(in: source)
        #expect(declarations == [
            PublicDeclaration(kind: .function, name: "take", labels: ["first"]),
            PublicDeclaration(kind: .function, name: "merge", labels: ["_"]),
            PublicDeclaration(kind: .function, name: "on", labels: ["event", "value"]),
            PublicDeclaration(kind: .function, name: "validated", labels: ["statusCodes"]),
            PublicDeclaration(kind: .function, name: "repeat", labels: ["_"]),
            PublicDeclaration(kind: .initialiser, name: "", labels: ["_"]),
            PublicDeclaration(kind: .initialiser, name: "", labels: ["value"]),
            PublicDeclaration(kind: .function, name: "<~", labels: ["target", "source"]),
            PublicDeclaration(kind: .property, name: "merge", labels: []),
        ])
        #expect(OperatorTable.declares(declarations, "take(first:)"))
        #expect(!OperatorTable.declares(declarations, "take(last:)"))
        #expect(OperatorTable.declares(declarations, "SignalProducer(value:)"))
        #expect(OperatorTable.declares(declarations, "merge(with:)"))
        #expect(OperatorTable.declares(declarations, "<~"))
    }
}
