import RippleTerminal
import Testing

@Suite struct ColorModeTests {
    @Test func colortermTruecolorAnnouncesTrueColor() {
        #expect(ColorMode.detect(environment: ["COLORTERM": "truecolor", "TERM": "xterm"]) == .trueColor)
        #expect(ColorMode.detect(environment: ["COLORTERM": "24bit"]) == .trueColor)
        #expect(ColorMode.detect(environment: ["TERM": "xterm-direct"]) == .trueColor)
    }

    @Test func a256ColorTermAnnouncesThePalette() {
        #expect(ColorMode.detect(environment: ["TERM": "xterm-256color"]) == .palette256)
        #expect(ColorMode.detect(environment: ["TERM": "tmux-256color", "COLORTERM": ""]) == .palette256)
    }

    @Test func anythingElseGetsTheSixteenBasicColors() {
        #expect(ColorMode.detect(environment: ["TERM": "xterm"]) == .palette16)
        #expect(ColorMode.detect(environment: [:]) == .palette16)
    }

    @Test func trueColorKeepsEveryColor() {
        #expect(ColorMode.trueColor.resolve(.rgb(1, 2, 3)) == .rgb(1, 2, 3))
        #expect(ColorMode.trueColor.resolve(.indexed(200)) == .indexed(200))
    }

    @Test func palette256MapsRGBToTheNearestCubeOrGreyEntry() {
        let mode = ColorMode.palette256
        #expect(mode.resolve(.rgb(255, 0, 0)) == .indexed(196))
        #expect(mode.resolve(.rgb(0, 0, 0)) == .indexed(16))
        #expect(mode.resolve(.rgb(255, 255, 255)) == .indexed(231))
        #expect(mode.resolve(.rgb(95, 135, 175)) == .indexed(67))
        #expect(mode.resolve(.rgb(128, 128, 128)) == .indexed(244))
        #expect(mode.resolve(.rgb(18, 18, 18)) == .indexed(233))
        #expect(mode.resolve(.indexed(42)) == .indexed(42))
        #expect(mode.resolve(.default) == .default)
    }

    @Test func palette16MapsToTheNearestBasicColor() {
        let mode = ColorMode.palette16
        #expect(mode.resolve(.rgb(255, 0, 0)) == .indexed(9))
        #expect(mode.resolve(.rgb(0, 0, 0)) == .indexed(0))
        #expect(mode.resolve(.indexed(196)) == .indexed(9))
        #expect(mode.resolve(.indexed(12)) == .indexed(12))
        #expect(mode.resolve(.indexed(255)) == .indexed(7))
    }

    @Test func resolvingAStyleResolvesBothColors() {
        let style = Style(foreground: .rgb(255, 0, 0), background: .rgb(0, 0, 0), attributes: .bold)
        #expect(ColorMode.palette256.resolve(style)
            == Style(foreground: .indexed(196), background: .indexed(16), attributes: .bold))
    }
}
