// GraphicsProbe: asks the terminal what it can show, and reads its answers out of the
// input without losing a key typed meanwhile.
//
// The query is three requests, answered in order by a terminal that knows them:
// a kitty graphics query for a one-pixel image (`ESC _ G i=31,a=q … ESC \`), answered
// `ESC _ G i=31;OK ESC \` by a terminal with the kitty protocol and ignored by the
// others; the cell size in pixels (`CSI 16 t`, answered `CSI 6 ; height ; width t`);
// and the primary device attributes (`CSI c`), which every VT100-compatible terminal
// answers (`CSI ? 62 ; 4 ; … c`, where attribute 4 means sixel graphics). The device
// attributes come last, so once they arrive every other answer has arrived too: the
// probe is complete. Bytes that are no answer (keys typed while the terminal thinks)
// are kept, in order, for the input decoder.

/// Reads a terminal's answers to ``query``: which graphics it shows and its cell size.
///
/// ```swift
/// var probe = GraphicsProbe()
/// write(GraphicsProbe.query)
/// while !probe.isComplete, let bytes = readWithTimeout() { probe.receive(bytes) }
/// probe.finish()
/// renderer.graphics = probe.graphics
/// reader.receive(probe.takeInput())     // keys typed meanwhile
/// ```
public struct GraphicsProbe: Sendable {
    /// The bytes that ask the terminal: kitty graphics, the cell size, then the
    /// device attributes.
    public static let query: [UInt8] = Array(
        "\u{1B}_Gi=\(queryImageID),s=1,v=1,a=q,t=d,f=24;AAAA\u{1B}\\\u{1B}[16t\u{1B}[c".utf8
    )
    /// The image id of the kitty query; its answer carries it.
    static let queryImageID = 31

    /// Whether the device attributes arrived: the terminal has answered everything.
    public private(set) var isComplete = false
    /// Whether the terminal answered the kitty graphics query with OK.
    public private(set) var supportsKitty = false
    /// Whether the device attributes list sixel graphics (attribute 4).
    public private(set) var supportsSixel = false
    /// The cell size the terminal reported, if it did.
    public private(set) var cellPixelSize: CellPixelSize?

    /// Bytes that were no answer, waiting for ``takeInput()``.
    private var input: [UInt8] = []
    /// The start of a sequence that has not ended yet.
    private var pending: [UInt8] = []

    /// A probe that has read nothing yet.
    public init() {}

    /// The best way the terminal has to show images: kitty graphics, else sixel, else
    /// half blocks.
    public var graphics: TerminalGraphics {
        supportsKitty ? .kitty : supportsSixel ? .sixel : .halfBlocks
    }

    /// Reads more of what the terminal sent. After the probe is complete, every byte
    /// is input.
    public mutating func receive(_ bytes: some Sequence<UInt8>) {
        guard !isComplete else {
            input.append(contentsOf: bytes)
            return
        }
        pending.append(contentsOf: bytes)
        var index = 0
        while index < pending.count {
            if isComplete {
                input.append(contentsOf: pending[index...])
                index = pending.count
                break
            }
            guard pending[index] == 0x1B else {
                input.append(pending[index])
                index += 1
                continue
            }
            guard let length = sequenceLength(at: index) else { break }
            consume(pending[index..<index + length])
            index += length
        }
        pending.removeFirst(index)
    }

    /// Gives up waiting (the terminal did not answer in time): a sequence still
    /// unfinished counts as input.
    public mutating func finish() {
        input.append(contentsOf: pending)
        pending.removeAll()
    }

    /// The bytes that were no answer, in the order they came; they are then forgotten.
    public mutating func takeInput() -> [UInt8] {
        defer { input.removeAll() }
        return input
    }

    /// The length of the escape sequence at `start`, or `nil` while it is unfinished.
    /// A lone ESC followed by another byte is one byte long.
    private func sequenceLength(at start: Int) -> Int? {
        let next = start + 1
        guard next < pending.count else { return nil }
        switch pending[next] {
        case UInt8(ascii: "_"), UInt8(ascii: "P"):
            // An application program command or a device control string: up to ST
            // (ESC \) or BEL.
            var index = next + 1
            while index < pending.count {
                if pending[index] == 0x07 { return index + 1 - start }
                if pending[index] == 0x1B {
                    guard index + 1 < pending.count else { return nil }
                    if pending[index + 1] == UInt8(ascii: "\\") { return index + 2 - start }
                }
                index += 1
            }
            return nil
        case UInt8(ascii: "["):
            var index = next + 1
            while index < pending.count {
                let byte = pending[index]
                if (0x40...0x7E).contains(byte) { return index + 1 - start }
                guard (0x20...0x3F).contains(byte) else { return index - start }
                index += 1
            }
            return nil
        default:
            return 1
        }
    }

    /// Takes an answer in, or keeps the sequence as input when it is none.
    private mutating func consume(_ sequence: ArraySlice<UInt8>) {
        let bytes = Array(sequence)
        guard bytes.count >= 2 else {
            input.append(contentsOf: bytes)
            return
        }
        switch bytes[1] {
        case UInt8(ascii: "_"):
            let text = String(decoding: bytes.dropFirst(2), as: UTF8.self)
            if text.hasPrefix("G"), text.contains("i=\(Self.queryImageID)"), text.contains(";OK") {
                supportsKitty = true
            }
        case UInt8(ascii: "P"):
            break
        case UInt8(ascii: "["):
            let final = bytes[bytes.count - 1]
            let parameters = String(decoding: bytes[2..<bytes.count - 1], as: UTF8.self)
            if final == UInt8(ascii: "c"), parameters.hasPrefix("?") {
                let attributes = parameters.dropFirst().split(separator: ";").compactMap { Int($0) }
                supportsSixel = attributes.dropFirst().contains(4)
                isComplete = true
            } else if final == UInt8(ascii: "t"), parameters.hasPrefix("6;") {
                let numbers = parameters.split(separator: ";").compactMap { Int($0) }
                if numbers.count == 3, numbers[1] > 0, numbers[2] > 0 {
                    cellPixelSize = CellPixelSize(width: numbers[2], height: numbers[1])
                }
            } else {
                input.append(contentsOf: bytes)
            }
        default:
            input.append(contentsOf: bytes)
        }
    }
}
