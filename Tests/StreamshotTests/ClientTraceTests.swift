import Foundation
import Testing

@testable import Streamshot
@testable import StreamshotModel

/// Client traces read exactly, bad records named, and each platform's alignment rule.
@Suite struct ClientTraceTests {
    private func read(_ lines: [String]) throws -> Transcript {
        try ClientTraceReader.transcript(bytes: Array(lines.joined(separator: "\n").utf8))
    }

    @Test func showsAppendAndReplaceAndEndTheStream() throws {
        let transcript = try read([
            #"{"t":0,"type":"start","platform":"flutter","layoutDirection":"rtl","viewport":{"width":360,"height":800,"scale":2},"fontSize":16}"#,
            #"{"t":100,"type":"show","append":"مدة "}"#,
            #"{"t":160,"type":"show","append":"العقد"}"#,
            #"{"t":200,"type":"show","text":"مدة العقد سنة."}"#,
            #"{"t":300,"type":"end","kind":"timeout"}"#
        ])
        let trace = try #require(transcript.clientTrace)
        #expect(trace.start.platform == .flutter && trace.start.layoutDirection == .rtl && trace.start.fontSize == 16)
        #expect(trace.start.viewport?.width == 360 && trace.start.viewport?.scale == 2)
        // Each record keeps what it added (a whole text that kept what was shown adds its end).
        #expect(trace.records.map(\.change) == [.append("مدة "), .append("العقد"), .append(" سنة."), .end(.timeout)])
        #expect(transcript.events.map(\.kind) == [.delta("مدة "), .delta("العقد"), .delta(" سنة."), .done])
        #expect(transcript.warnings.isEmpty && transcript.format == "client-trace")
    }

    /// A trace's `appLanguage` is the app's: its alerts are titled in it (Persian, in a Persian
    /// app), and the manifest records it.
    @Test func aTracesAppLanguageTitlesItsAlerts() throws {
        let transcript = try read([
            #"{"t":0,"type":"start","platform":"swiftui","layoutDirection":"rtl","appLanguage":"fa"}"#,
            #"{"t":100,"type":"show","append":"> [!NOTE]\n> مبلغ اجاره هر ماه پرداخت می‌شود.\n"}"#,
            #"{"t":300,"type":"end","kind":"done"}"#
        ])
        #expect(transcript.clientTrace?.start.appLanguage == .persian)
        var options = TestSupport.smallOptions()
        options.encodesFrames = false
        let manifest = try RenderJob(input: .transcript(transcript), options: options, fontsDirectory: TestSupport.fontsDirectory).render { _, _ in }
        #expect(manifest.blocks.first?.text.hasPrefix(Alert.iconRoom + "یادداشت") == true, "\(manifest.blocks.first?.text ?? "")")
        #expect(manifest.options.appLanguage == .persian)
    }

    /// A bad line or field is a warning naming the line; the rest of the record, and of the trace, counts.
    @Test func badRecordsAreNamedAndNothingShownIsLost() throws {
        let transcript = try read([
            #"{"t":0,"type":"style","direction":"sideways","textAlign":"right"}"#,
            "not json",
            #"{"t":50,"type":"wobble"}"#,
            #"{"t":60,"type":"show"}"#,
            #"{"t":70,"type":"show","append":"Hello "}"#,
            #"{"t":40,"type":"show","append":"world"}"#,
            #"{"t":90,"type":"overlay","visible":true}"#,
            #"{"t":95,"type":"scroll","offset":-3}"#
        ])
        let messages = transcript.warnings.map(\.message)
        #expect(messages.contains { $0.hasPrefix("line 1: \"direction\" must be one of ltr, rtl, auto") })
        #expect(messages.contains { $0.hasPrefix("line 2: JSON does not parse") })
        #expect(messages.contains { $0.hasPrefix("line 3: unknown record type wobble") })
        #expect(messages.contains { $0.hasPrefix("line 4: a show record needs \"text\"") })
        #expect(messages.contains { $0.hasPrefix("line 6: t=40.0 is earlier than the previous record's 70.0") })
        #expect(messages.contains { $0.hasPrefix("line 7: an overlay record needs \"kind\"") })
        #expect(messages.contains { $0.hasPrefix("line 8: \"offset\" must be a number") })
        let trace = try #require(transcript.clientTrace)
        #expect(trace.records.first?.change == .style(ClientTrace.Style(textAlign: .right), block: nil))
        #expect(trace.records.last { if case .append = $0.change { return true } else { return false } }?.change == .append("world"))
        #expect(Playback.finalText(transcript).text == "Hello world")
    }

    /// The fields added for the judge's planted faults (`scroll.pinned`, `show.ready`,
    /// `style.wordBreak`, `style.textColor`) name the line and field when bad, and lose no text.
    @Test func badNewFieldsAreNamedAndNothingShownIsLost() throws {
        let transcript = try read([
            #"{"t":0,"type":"style","wordBreak":"anywhere"}"#,
            #"{"t":10,"type":"show","append":"Hello ","ready":-3}"#,
            #"{"t":20,"type":"scroll","offset":40,"pinned":"yes"}"#,
            #"{"t":30,"type":"show","append":"world","ready":5}"#,
            #"{"t":40,"type":"style","textColor":"grey"}"#,
            ##"{"t":50,"type":"style","textColor":"#AEAEB2"}"##
        ])
        let messages = transcript.warnings.map(\.message)
        #expect(messages.contains { $0.hasPrefix("line 1: \"wordBreak\" must be one of normal, break-all") }, "\(messages)")
        #expect(messages.contains { $0.hasPrefix("line 2: \"ready\" must be a number") }, "\(messages)")
        #expect(messages.contains { $0.hasPrefix("line 3: \"pinned\" must be true or false") }, "\(messages)")
        #expect(messages.contains { $0.hasPrefix("line 5: \"textColor\" must be a colour as #RRGGBB or #RGB") }, "\(messages)")
        #expect(messages.count == 4, "\(messages)")
        let trace = try #require(transcript.clientTrace)
        #expect(trace.records.contains { $0.change == .scroll(40, pinned: nil) } && trace.records.contains { $0.change == .ready(5) })
        #expect(Playback.finalText(transcript).text == "Hello world")
    }

    @Test func aTraceIsRecognisedByItsFirstRecord() {
        #expect(ClientTraceReader.looksLikeTrace(Array("\n{\"t\":0,\"type\":\"start\",\"platform\":\"css\"}\n".utf8)))
        #expect(ClientTraceReader.looksLikeTrace(Array("{\"t\":5,\"type\":\"show\",\"append\":\"x\"}".utf8)))
        #expect(!ClientTraceReader.looksLikeTrace(Array("{\"t\":5,\"type\":\"delta\",\"content\":\"x\"}".utf8)))
    }

    /// Each platform's textAlign under RTL, with its trap.
    @Test(arguments: [
        (ClientTrace.Platform.css, TextAlign.right, WritingDirection.rtl, PhysicalAlignment.right),
        (.css, .start, .ltr, .right),  // start follows the text's direction, not the layout
        (.flutter, .end, .ltr, .left),
        (.reactNative, .right, .rtl, .left),  // the trap: swapped in an RTL app
        (.reactNative, .auto, .rtl, .right),
        (.swiftUI, .auto, .ltr, .left),  // the trap: leading follows the layout, not the Arabic text
        (.swiftUI, .auto, .rtl, .right)
    ])
    func platformsResolveAlignmentTheirWay(
        platform: ClientTrace.Platform, align: TextAlign, layout: WritingDirection,
        expected: PhysicalAlignment
    ) {
        #expect(platform.resolve(align, direction: .rtl, layoutDirection: layout).physical == expected)
    }

    /// The trace's decisions are the frames': its text exactly, its direction, its line height, its scroll.
    @Test func theFramesShowTheClientsDecisions() throws {
        let transcript = try read([
            #"{"t":0,"type":"start","platform":"css"}"#,
            #"{"t":0,"type":"style","direction":"rtl","lineHeight":1.5}"#,
            #"{"t":100,"type":"show","text":"مدة العقد سنة ميلادية واحدة.\n\nThe second paragraph."}"#,
            #"{"t":200,"type":"style","block":1,"direction":"ltr"}"#,
            #"{"t":300,"type":"scroll","offset":5}"#,
            #"{"t":400,"type":"end","kind":"done"}"#
        ])
        var options = TestSupport.smallOptions()
        options.heightPt = 120
        let (scenes, _) = try TestSupport.scenes(transcript, options: options)
        let last = try #require(scenes.last)
        #expect(last.content.revealedChars == "مدة العقد سنة ميلادية واحدة.\n\nThe second paragraph.".unicodeScalars.count)
        let decisions = last.blocks.map(\.placed.decision)
        #expect(decisions.map(\.direction) == [.rtl, .ltr])
        #expect(decisions.allSatisfy { $0.pitch.factor == 1.5 })
        #expect(last.scroll == 5)
        #expect(scenes.first { $0.timeMs >= 100 && $0.timeMs < 200 }?.blocks.map(\.placed.decision.direction) == [.rtl, .rtl])
    }

    /// `"codeOverflow":"wrap"` makes its code blocks wrap, from that style record on; a code block
    /// scrolls without it.
    @Test func aTraceSaysWhetherItsCodeWraps() throws {
        let code = "```sh\ncontract-check --keys returned --jurisdiction AE-DU --notice-days 60 lease.json\n```"
        let transcript = try read([
            #"{"t":0,"type":"start","platform":"css"}"#,
            "{\"t\":100,\"type\":\"show\",\"text\":\(String(reflecting: code))}",
            #"{"t":200,"type":"style","codeOverflow":"wrap"}"#,
            #"{"t":300,"type":"end","kind":"done"}"#
        ])
        let (scenes, _) = try TestSupport.scenes(transcript, options: TestSupport.smallOptions())
        let wraps = { (timeMs: Double) in scenes.last { $0.timeMs < timeMs }?.blocks.first?.placed.decision.codeWraps }
        #expect(wraps(200) == false)
        #expect(wraps(400) == true)
    }

    /// A trace that stops without an `end` is rendered to its last record and ends `incomplete`
    /// (not left running to the frame limit), with the missing end named.
    @Test func aTraceWithoutAnEndIsIncomplete() throws {
        let transcript = try read([#"{"t":0,"type":"show","text":"Hello there."}"#, #"{"t":500,"type":"show","append":" More."}"#])
        var options = TestSupport.smallOptions()
        options.fps = 10
        let (scenes, loop) = try TestSupport.scenes(transcript, options: options)
        #expect(loop.ending?.kind == .incomplete)
        #expect(scenes.count < 20)
        #expect(loop.warnings.contains { $0.kind == .missingDone })
    }
}
