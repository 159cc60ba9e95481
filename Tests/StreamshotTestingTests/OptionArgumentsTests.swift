import Streamshot
import Testing

@testable import StreamshotTesting

/// The testing library reads options with the same list as the CLI (it takes no argument
/// parser): named values in any case, a slip answered with the name it probably meant.
@Suite struct OptionArgumentsTests {
    @Test func optionsAreReadByTheOneList() throws {
        let settings = try SnapshotAssertion.settings(arguments: "--theme DARK --Client haqq-mobile --timeout-ms 20000").get()
        #expect(settings.theme.name == "dark" && settings.client.name == "haqq-mobile" && settings.clientProfile().ending.timeoutMs == 20000)
        #expect(settings.scale == RenderSettings.snapshot.scale, "the snapshot's own defaults stay")
    }

    @Test func aSlipNamesWhatItProbablyMeant() {
        guard case .failure(let error) = SnapshotAssertion.settings(arguments: "--thme dark") else {
            Issue.record("--thme was taken")
            return
        }
        #expect(error.message.hasPrefix("--thme: not a render option (did you mean --theme?)"))
        guard case .failure(let value) = SnapshotAssertion.settings(arguments: "--client haqq-mobil") else {
            Issue.record("haqq-mobil was taken")
            return
        }
        #expect(value.message.contains("(did you mean haqq-mobile?)"))
    }
}
