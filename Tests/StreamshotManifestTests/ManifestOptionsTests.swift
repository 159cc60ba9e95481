import Foundation
import Testing

@testable import StreamshotManifest

/// The options a manifest records are typed, written as their options spell them (keys sorted,
/// the JSON version 3 wrote), and read back the same; version 2's strings are still read, a value
/// outside its list is refused naming the option, and a key this reader does not know is skipped.
struct ManifestOptionsTests {
    static var everyField: ManifestOptions {
        var options = ManifestOptions()
        options.client = .profile("haqq-mobile")
        options.pacing = "batched"
        options.textAlign = .justify
        options.alignmentResolution = .mirroredTwice
        options.directionRule = "seed"
        options.blockDirection = .response
        options.writingDirection = .rtl
        options.directionLock = .beforeFirstToken
        options.layoutDirection = .rtl
        options.appLanguage = .persian
        options.linePitch = .fontRelative
        options.markdown = MarkdownRendering.none
        options.codeOverflow = .wrap
        options.tokenBudget = "2400/12000"
        options.timeout = .init(ms: 60000, resets: true)
        options.timeoutRecorded = true
        options.theme = "dark"
        options.bidiControls = .apply
        options.device = "iphone-se"
        options.textSize = "AX2"
        options.boldText = true
        options.contrast = .increased
        options.network = "3g"
        options.seed = 4
        options.mapping = "--map-text /delta"
        return options
    }

    static func text(_ options: ManifestOptions) throws -> String {
        try JSONValueEncoder().encode(options).text()
    }

    static func read(_ json: String) throws -> ManifestOptions {
        try JSONDecoder().decode(ManifestOptions.self, from: Data(json.utf8))
    }

    @Test func everyFieldIsWrittenAsItsOptionSpellsItAndReadBackTheSame() throws {
        let text = try Self.text(Self.everyField)
        #expect(
            text == #"{"alignmentResolution":"mirrored-twice","appLanguage":"fa","bidiControls":"apply","blockDirection":"response","#
                + #""boldText":true,"client":"haqq-mobile","codeOverflow":"wrap","contrast":"increased","device":"iphone-se","#
                + #""directionLock":"before-first-token","directionRule":"seed","layoutDirection":"rtl","linePitch":"font-relative","#
                + #""mapping":"--map-text /delta","markdown":"none","network":"3g","pacing":"batched","seed":4,"textAlign":"justify","#
                + #""textSize":"AX2","theme":"dark","timeout":{"ms":60000,"resets":true},"tokenBudget":"2400/12000","writingDirection":"rtl"}"#)
        #expect(try Self.read(text) == Self.everyField)
    }

    @Test func aTraceIsItsOwnClientAndATimeoutOfNoneIsRecorded() throws {
        var options = ManifestOptions()
        options.client = .trace
        options.platform = .reactNative
        options.timeoutRecorded = true
        let text = try Self.text(options)
        #expect(text == #"{"client":"trace","platform":"react-native","timeout":null}"#)
        let read = try Self.read(text)
        #expect(read.replaysTrace && read.platform == .reactNative && read.clientName == "trace")
        #expect(read.timeoutRecorded && read.timeout == nil)
        #expect(try Self.read(#"{"client":"reference"}"#).client == .profile("reference"))
        #expect(try Self.read("{}") == ManifestOptions(), "nothing recorded, nothing read")
    }

    @Test func version2sStringsAreRead() throws {
        let read = try Self.read(#"{"timeout":"30000 ms hard","seed":"7","boldText":"on"}"#)
        #expect(read.timeout == .init(ms: 30000, resets: false) && read.timeoutRecorded)
        #expect(read.seed == 7 && read.boldText == true)
        let none = try Self.read(#"{"timeout":"none","boldText":"off"}"#)
        #expect(none.timeoutRecorded && none.timeout == nil && none.boldText == false)
    }

    @Test func aValueOutsideItsListIsRefusedNamingTheOption() {
        #expect {
            _ = try Self.read(#"{"textAlign":"middle"}"#)
        } throws: { error in
            "\(error)".contains("options.textAlign: middle is not one of auto, start, end, left, right, center, justify")
        }
    }

    @Test func aKeyThisReaderDoesNotKnowIsSkipped() throws {
        #expect(try Self.read(#"{"theme":"light","someday":"a new option"}"#).theme == "light")
    }

    @Test func differencesNameEachOptionWithBothValues() {
        var other = Self.everyField
        other.theme = "light"
        other.seed = nil
        other.client = .trace
        #expect(Self.everyField.differences(from: other) == ["client haqq-mobile vs trace", "seed 4 vs -", "theme dark vs light"])
        #expect(Self.everyField.differences(from: Self.everyField).isEmpty)
    }
}
