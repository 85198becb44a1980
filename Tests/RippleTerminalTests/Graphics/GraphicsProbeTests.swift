@testable import RippleTerminal
import Testing

/// GraphicsProbe: the terminal's answers to the graphics query decide the mode and the
/// cell size; bytes that are no answer (keys typed meanwhile) reach the input, in order.
@Suite struct GraphicsProbeTests {
    private func bytes(_ text: String) -> [UInt8] { Array(text.utf8) }

    @Test func theQueryAsksForKittyGraphicsTheCellSizeAndTheDeviceAttributesLast() {
        let query = String(decoding: GraphicsProbe.query, as: UTF8.self)
        #expect(query.hasPrefix("\u{1B}_Gi=31,s=1,v=1,a=q,"))
        #expect(query.hasSuffix("\u{1B}[16t\u{1B}[c"))
    }

    @Test func aKittyTerminalThatAnswersOKIsShownKittyGraphicsAtItsCellSize() {
        var probe = GraphicsProbe()
        probe.receive(bytes("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[6;20;10t\u{1B}[?62;c"))
        #expect(probe.isComplete)
        #expect(probe.graphics == .kitty)
        #expect(probe.cellPixelSize == CellPixelSize(width: 10, height: 20))
        #expect(probe.takeInput().isEmpty)
    }

    @Test func aTerminalListingAttributeFourIsShownSixel() {
        var probe = GraphicsProbe()
        probe.receive(bytes("\u{1B}[6;16;8t\u{1B}[?63;1;2;4;6;9;15;22c"))
        #expect(probe.graphics == .sixel)
        #expect(probe.cellPixelSize == CellPixelSize(width: 8, height: 16))
    }

    @Test func kittyIsPreferredWhenATerminalAlsoListsSixel() {
        var probe = GraphicsProbe()
        probe.receive(bytes("\u{1B}_Gi=31;OK\u{1B}\\\u{1B}[?62;4c"))
        #expect(probe.graphics == .kitty)
    }

    @Test func aTerminalWithNeitherGetsHalfBlocksAndTheClassAloneIsNoSixel() {
        var probe = GraphicsProbe()
        // A class of 4 would not be attribute 4: only the attributes after it count.
        probe.receive(bytes("\u{1B}[?4;2c"))
        #expect(probe.isComplete)
        #expect(probe.graphics == .halfBlocks)
        #expect(probe.cellPixelSize == nil)
    }

    @Test func aKittyErrorAnswerIsNoKittySupport() {
        var probe = GraphicsProbe()
        probe.receive(bytes("\u{1B}_Gi=31;ENOTSUPPORTED:no graphics\u{1B}\\\u{1B}[?62c"))
        #expect(probe.graphics == .halfBlocks)
    }

    @Test func keysTypedWhileTheTerminalAnswersReachTheInputInOrder() {
        var probe = GraphicsProbe()
        let stream = bytes("a\u{1B}_Gi=31;OK\u{1B}\\b\u{1B}[A\u{1B}[6;20;10tc\u{1B}[?62;4cd\u{1B}[B")
        // One byte at a time: every answer and key is split across reads.
        for byte in stream { probe.receive([byte]) }
        #expect(probe.graphics == .kitty)
        #expect(probe.takeInput() == bytes("ab\u{1B}[Acd\u{1B}[B"))
    }

    @Test func withoutAnyAnswerTheProbeIsIncompleteAndAPendingEscapeBecomesInputWhenItGivesUp() {
        var probe = GraphicsProbe()
        probe.receive(bytes("x\u{1B}"))
        #expect(!probe.isComplete)
        #expect(probe.takeInput() == bytes("x"))
        probe.finish()
        #expect(probe.takeInput() == [0x1B])
        #expect(probe.graphics == .halfBlocks)
    }

    @Test func anEscapeKeyFollowedByTheAnswersStaysAKey() {
        var probe = GraphicsProbe()
        probe.receive(bytes("\u{1B}\u{1B}[?62;4c"))
        #expect(probe.isComplete)
        #expect(probe.graphics == .sixel)
        #expect(probe.takeInput() == [0x1B])
    }

    @Test func bytesAfterTheAnswersAreInputUnread() {
        var probe = GraphicsProbe()
        probe.receive(bytes("\u{1B}[?62c\u{1B}[?62;4c"))
        #expect(probe.graphics == .halfBlocks)
        #expect(probe.takeInput() == bytes("\u{1B}[?62;4c"))
    }

    @Test func ripplesGraphicsSettingForcesAModeAndRejectsAMisspeltOne() throws {
        #expect(try TerminalGraphics.forced(by: [:]) == nil)
        #expect(try TerminalGraphics.forced(by: ["RIPPLE_GRAPHICS": "auto"]) == nil)
        #expect(try TerminalGraphics.forced(by: ["RIPPLE_GRAPHICS": "Sixel"]) == .sixel)
        #expect(try TerminalGraphics.forced(by: ["RIPPLE_GRAPHICS": "halfblocks"]) == .halfBlocks)
        #expect(throws: TerminalGraphicsError.unknownMode("kity")) {
            try TerminalGraphics.forced(by: ["RIPPLE_GRAPHICS": "kity"])
        }
        #expect(TerminalGraphicsError.unknownMode("kity").description
            == "RIPPLE_GRAPHICS=kity is not a graphics mode (use one of halfblocks, kitty, sixel, or auto)")
    }

    @Test func insideTmuxOrScreenTheTerminalIsNotAsked() {
        #expect(TerminalGraphics.shouldProbe(environment: [:]))
        #expect(!TerminalGraphics.shouldProbe(environment: ["TMUX": "/tmp/tmux-0/default,1,0"]))
        #expect(!TerminalGraphics.shouldProbe(environment: ["STY": "1234.pts-0.host"]))
        #expect(TerminalGraphics.shouldProbe(environment: ["TMUX": ""]))
    }
}
