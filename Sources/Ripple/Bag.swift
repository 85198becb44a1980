// Bag: a collection that hands out a token for each insertion, and removes by token.
//
//     var bag = Bag<String>()
//     let a = bag.insert("a")       // [a]
//     bag.insert("b")               // [a, b]
//     bag.remove(using: a)          // [b]   ("a" returned)
//     bag.remove(using: a)          // [b]   (nil: already removed)
//
// The elements keep their insertion order; the same value may be inserted twice,
// each insertion with a token of its own. Tokens only grow, so the tokens of the
// elements left stay sorted and removal finds its element by binary search.

/// A collection, in insertion order, whose elements are removed by the token
/// their insertion returned: ReactiveSwift's `Bag`, for code that keeps a list of
/// callbacks or observers of its own.
///
/// ```swift
/// var handlers = Bag<(Int) -> Void>()
/// let token = handlers.insert { print("got \($0)") }
/// for handler in handlers { handler(1) }   // got 1
/// handlers.remove(using: token)
/// ```
///
/// A value type, like an array: guard a bag shared between threads yourself (an
/// ``Atomic`` of a bag, say).
public struct Bag<Element> {
    /// What ``insert(_:)`` returns: removes that one insertion with
    /// ``remove(using:)``.
    public struct Token: Hashable, Sendable {
        fileprivate let rawValue: UInt64
    }

    private var elements: ContiguousArray<Element>
    /// The token of each element, ascending.
    private var tokens: ContiguousArray<UInt64>
    private var nextToken: UInt64

    /// An empty bag.
    public init() {
        elements = []
        tokens = []
        nextToken = 0
    }

    /// A bag holding `elements`, in order; their tokens are not handed out, so they
    /// stay until the bag goes away.
    public init<S: Sequence>(_ elements: S) where S.Element == Element {
        self.elements = ContiguousArray(elements)
        nextToken = UInt64(self.elements.count)
        tokens = ContiguousArray(0..<nextToken)
    }

    /// Adds `value` at the end.
    ///
    /// - Returns: the token that removes this insertion.
    @discardableResult
    public mutating func insert(_ value: Element) -> Token {
        let token = nextToken
        nextToken += 1
        elements.append(value)
        tokens.append(token)
        return Token(rawValue: token)
    }

    /// Removes the element that the insertion which returned `token` added.
    ///
    /// - Returns: the removed element, or `nil` if it was removed already.
    @discardableResult
    public mutating func remove(using token: Token) -> Element? {
        var low = tokens.startIndex
        var high = tokens.endIndex
        while low < high {
            let middle = low + (high - low) / 2
            if tokens[middle] < token.rawValue { low = middle + 1 } else { high = middle }
        }
        guard low < tokens.endIndex, tokens[low] == token.rawValue else { return nil }
        tokens.remove(at: low)
        return elements.remove(at: low)
    }
}

extension Bag: RandomAccessCollection {
    /// The position of the first element.
    public var startIndex: Int { elements.startIndex }

    /// The position after the last element.
    public var endIndex: Int { elements.endIndex }

    /// The element at `position`.
    public subscript(position: Int) -> Element {
        elements[position]
    }
}

extension Bag: Sendable where Element: Sendable {}
