@testable import StreamshotModel

extension ClientProfile {
    /// The same client in an app that speaks `language` (`--app-language`).
    func speaking(_ language: AppLanguage) -> ClientProfile {
        var profile = self
        profile.appLanguage = language
        return profile
    }
}
