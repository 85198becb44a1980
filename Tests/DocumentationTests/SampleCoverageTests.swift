import Foundation
import Testing

// The documentation cannot rot: every ```swift block of every article in the DocC
// catalogs (`Sources/<Module>/<Module>.docc/**/*.md`) must appear, line for line, in
// one of this target's source files, which the compiler checks and whose tests run the
// code. Lines are compared without their leading and trailing whitespace, and blank
// lines are ignored, so a sample may sit indented inside a test function.
//
// A block that must not compile (a compiler error shown on purpose) or that is another
// library's code (a migration guide's "before" column) takes another fence name:
// ```text, or the library's name (```rxswift, ```combine).

/// One ```swift block of an article.
struct ArticleSample: CustomStringConvertible {
    let article: String
    let line: Int
    let lines: [String]

    var description: String { "\(article):\(line)" }
}

enum DocumentationSources {
    /// The repository's root, found from this file's path.
    static let root: URL = URL(fileURLWithPath: #filePath)
        .deletingLastPathComponent()   // DocumentationTests
        .deletingLastPathComponent()   // Tests
        .deletingLastPathComponent()

    /// Every Markdown file of every `.docc` catalog under `Sources/`.
    static func articles() throws -> [URL] {
        let sources = root.appendingPathComponent("Sources")
        var found: [URL] = []
        for module in try FileManager.default.contentsOfDirectory(atPath: sources.path).sorted() {
            let moduleURL = sources.appendingPathComponent(module)
            guard let entries = try? FileManager.default.contentsOfDirectory(atPath: moduleURL.path) else { continue }
            for entry in entries.sorted() where entry.hasSuffix(".docc") {
                found += files(under: moduleURL.appendingPathComponent(entry)) { $0.hasSuffix(".md") }
            }
        }
        return found
    }

    /// The Swift files of this test target, the compiled samples, less this checker.
    static func sampleFiles() -> [URL] {
        files(under: root.appendingPathComponent("Tests/DocumentationTests")) {
            $0.hasSuffix(".swift") && !$0.hasSuffix("SampleCoverageTests.swift")
        }
    }

    private static func files(under directory: URL, where keep: (String) -> Bool) -> [URL] {
        guard let enumerator = FileManager.default.enumerator(atPath: directory.path) else { return [] }
        var found: [URL] = []
        while let relative = enumerator.nextObject() as? String {
            if keep(relative) { found.append(directory.appendingPathComponent(relative)) }
        }
        return found.sorted { $0.path < $1.path }
    }

    /// The ```swift blocks of one Markdown text, each with the line it starts on.
    static func swiftBlocks(in text: String, article: String) -> [ArticleSample] {
        enum State { case prose, swift([String], start: Int, fence: String), other(fence: String) }
        var state = State.prose
        var samples: [ArticleSample] = []
        for (index, rawLine) in text.components(separatedBy: "\n").enumerated() {
            let line = rawLine.trimmingCharacters(in: .whitespaces)
            switch state {
            case .prose:
                guard line.hasPrefix("```") || line.hasPrefix("~~~") else { continue }
                let fence = String(line.prefix(3))
                let info = line.dropFirst(3).trimmingCharacters(in: .whitespaces)
                state = info == "swift" ? .swift([], start: index + 1, fence: fence) : .other(fence: fence)
            case .swift(let lines, let start, let fence):
                if line == fence {
                    samples.append(ArticleSample(article: article, line: start, lines: normalised(lines)))
                    state = .prose
                } else {
                    state = .swift(lines + [rawLine], start: start, fence: fence)
                }
            case .other(let fence):
                if line == fence { state = .prose }
            }
        }
        return samples
    }

    /// Lines without their surrounding whitespace, blank lines dropped.
    static func normalised(_ lines: [String]) -> [String] {
        lines.map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
    }

    /// Whether `needle` appears as consecutive elements of `haystack`.
    static func contains(_ haystack: [String], run needle: [String]) -> Bool {
        guard !needle.isEmpty else { return true }
        guard needle.count <= haystack.count else { return false }
        for start in 0...(haystack.count - needle.count) where haystack[start] == needle[0] {
            if Array(haystack[start..<(start + needle.count)]) == needle { return true }
        }
        return false
    }
}

@Suite("The articles' code samples")
struct SampleCoverageTests {
    @Test("every swift block of every article is compiled by this target")
    func everySwiftBlockIsCompiled() throws {
        let corpus = try DocumentationSources.sampleFiles().map {
            DocumentationSources.normalised(try String(contentsOf: $0, encoding: .utf8).components(separatedBy: "\n"))
        }
        var checked = 0
        for article in try DocumentationSources.articles() {
            let text = try String(contentsOf: article, encoding: .utf8)
            let name = article.path.replacingOccurrences(of: DocumentationSources.root.path + "/", with: "")
            for sample in DocumentationSources.swiftBlocks(in: text, article: name) where !sample.lines.isEmpty {
                checked += 1
                let compiled = corpus.contains { DocumentationSources.contains($0, run: sample.lines) }
                #expect(compiled, "\(sample): this ```swift block is in no file of Tests/DocumentationTests; its first line: \(sample.lines[0])")
            }
        }
        #expect(checked > 0, "no ```swift block was found under Sources/*/*.docc")
    }

    @Test("a block is found only as consecutive lines, whatever their indentation")
    func matchingIgnoresIndentationButNotOrder() {
        let corpus = DocumentationSources.normalised(["func f() {", "    let a = 1", "", "    let b = 2", "}"])
        #expect(DocumentationSources.contains(corpus, run: DocumentationSources.normalised(["let a = 1", "let b = 2"])))
        #expect(!DocumentationSources.contains(corpus, run: ["let b = 2", "let a = 1"]))
        #expect(!DocumentationSources.contains(corpus, run: ["let a = 1", "}"]))
    }

    @Test("only blocks fenced as swift are checked")
    func onlySwiftFencesAreChecked() {
        let text = """
        Prose.
        ```swift
        let x = 1
        ```
        ```text
        does not compile
        ```
        ```rxswift
        let o = Observable.just(1)
        ```
        """
        let blocks = DocumentationSources.swiftBlocks(in: text, article: "A.md")
        #expect(blocks.map(\.lines) == [["let x = 1"]])
        #expect(blocks.first?.line == 2)
    }
}
