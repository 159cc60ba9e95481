/// How each UI framework turns a textAlign and a direction into an edge — including each one's
/// known trap, so a trace renders the way the team's client really drew it.
extension ClientTrace.Platform {
    /// - Parameters:
    ///   - align: the textAlign the client set (`auto` when it set none).
    ///   - direction: the paragraph's own direction (the client's `direction`, or its text's).
    ///   - layoutDirection: the app's layout direction.
    package func resolve(_ align: TextAlign, direction: WritingDirection, layoutDirection: WritingDirection) -> ResolvedAlignment {
        switch self {
        case .css, .flutter:
            // CSS `text-align` (CSS Text 3): left/right are physical, start/end follow the element's
            // `direction`. Flutter's `TextAlign.left/right` are physical and `start/end` follow the
            // `TextDirection` the Text is given; its default is `start`.
            return ResolvedAlignment.resolve(align, direction: direction)
        case .reactNative:
            // React Native swaps `left` and `right` when the layout is right-to-left (I18nManager.isRTL,
            // or a `direction: 'rtl'` view): RCTTextAttributes' effectiveTextAlignment on iOS and the
            // Android text view's gravity. `writingDirection: 'rtl'` with `textAlign: 'right'` in an
            // RTL app therefore lands on the LEFT: the double-mirroring trap of shared/seeds/000.
            let resolved = ResolvedAlignment.resolve(align, direction: direction)
            guard layoutDirection == .rtl, align == .left || align == .right else { return resolved }
            return ResolvedAlignment(lines: align == .left ? .right : .left, justify: false)
        case .swiftUI:
            // SwiftUI's `multilineTextAlignment(.leading/.trailing)` follows the environment's
            // `layoutDirection`, not the text's script: Arabic in a left-to-right app is set against
            // the left edge unless the view sets `.environment(\.layoutDirection, .rightToLeft)`.
            switch align {
            case .auto, .start, .justify:
                return ResolvedAlignment(lines: layoutDirection == .rtl ? .right : .left, justify: align == .justify)
            case .end: return ResolvedAlignment(lines: layoutDirection == .rtl ? .left : .right, justify: false)
            case .left, .right, .center: return ResolvedAlignment.resolve(align, direction: direction)
            }
        }
    }
}
