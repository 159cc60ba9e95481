import StreamshotStyle

/// A trace record's fields, read one by one: a field with a bad value is left out and named in
/// `problems`, so the rest of the record still counts.
struct TraceFields {
    package let object: [String: Any]
    package let place: String
    package private(set) var problems: [String] = []

    package init(object: [String: Any], place: String) {
        self.object = object
        self.place = place
    }

    package mutating func start() -> ClientTrace.Start {
        var start = ClientTrace.Start()
        if let platform = choice("platform", ClientTrace.Platform.self) { start.platform = platform }
        if let direction = choice("layoutDirection", WritingDirection.self) { start.layoutDirection = direction }
        start.fontSize = number("fontSize", range: 6...96)
        if let markdown = choice("markdown", MarkdownRendering.self) { start.markdown = markdown }
        start.appLanguage = choice("appLanguage", AppLanguage.self)
        if let footnotes = flag("footnotes") { start.footnotes = footnotes }
        if let open = flag("detailsOpen") { start.detailsAlwaysOpen = open }
        if let math = flag("math") { start.math = math }
        if let images = object["images"] {
            if let paths = images as? [String: String] {
                start.imagePaths = paths
            } else {
                problems.append("\(place): \"images\" must map each image's address to a PNG file's path; left out")
            }
        }
        if let viewport = object["viewport"] as? [String: Any] {
            var inner = TraceFields(object: viewport, place: place + " viewport")
            if let width = inner.number("width", range: 100...4096), let height = inner.number("height", range: 100...8192) {
                start.viewport = (width, height, inner.number("scale", range: 0.25...4) ?? 3)
            }
            problems += inner.problems
        }
        if let version = object["version"] as? Double, version > Double(ClientTrace.currentVersion) {
            problems.append(
                "\(place): trace version \(version) is newer than this Streamshot reads (\(ClientTrace.currentVersion)); reading it as "
                    + "\(ClientTrace.currentVersion)")
        }
        return start
    }

    package mutating func style() -> ClientTrace.Style {
        var style = ClientTrace.Style(
            direction: choice("direction", ClientTrace.Direction.self), textAlign: choice("textAlign", TextAlign.self),
            tableColumns: choice("tableColumns", ColumnRule.self), codeOverflow: choice("codeOverflow", CodeOverflow.self),
            wordBreak: choice("wordBreak", WordBreak.self), textColor: color("textColor"))
        if let multiple = number("lineHeight", range: 0.5...5) {
            style.lineHeight = .multiple(multiple)
        } else if let points = number("lineHeightPt", range: 4...400) {
            style.lineHeight = .points(points)
        }
        return style
    }

    mutating func blockIndex() -> Int? {
        number("block", range: 0...1_000_000).map { Int($0) }
    }

    package mutating func overlay() -> ClientTrace.Change? {
        guard let kind = choice("kind", Overlay.Kind.self) else {
            if object["kind"] == nil { problems.append("\(place): an overlay record needs \"kind\"; skipped") }
            return nil
        }
        return .overlay(kind, visible: object["visible"] as? Bool ?? true, text: object["text"] as? String)
    }

    mutating func readerAction() -> ReaderAction.Kind? {
        guard let name = object["action"] as? String, ReaderAction.names.contains(name) else {
            problems.append("\(place): a reader record needs \"action\", one of \(ReaderAction.names.joined(separator: ", ")); skipped")
            return nil
        }
        let by = number("by", range: -1_000_000...1_000_000)
        guard let kind = ReaderAction.kind(named: name, by: by) else {
            problems.append("\(place): \(name) needs \"by\", in points (negative scrolls \(name == "scroll" ? "up" : "back")); skipped")
            return nil
        }
        return kind
    }

    mutating func endKind() -> Ending.Kind {
        choice("kind", Ending.Kind.self) ?? .done
    }

    /// A colour in CSS's hex notation; anything else, a problem.
    package mutating func color(_ key: String) -> Color? {
        guard let raw = object[key] else { return nil }
        guard let text = raw as? String, let color = Color(css: text) else {
            problems.append("\(place): \"\(key)\" must be a colour as #RRGGBB or #RGB; ignored")
            return nil
        }
        return color
    }

    /// A number in `range`; out of it or not a number, a problem.
    package mutating func number(_ key: String, range: ClosedRange<Double>) -> Double? {
        guard let raw = object[key] else { return nil }
        guard let value = raw as? Double, value.isFinite, range.contains(value) else {
            problems.append("\(place): \"\(key)\" must be a number from \(range.lowerBound) to \(range.upperBound); ignored")
            return nil
        }
        return value
    }

    /// `true` or `false`; another value is a problem.
    package mutating func flag(_ key: String) -> Bool? {
        guard let raw = object[key] else { return nil }
        guard let value = raw as? Bool else {
            problems.append("\(place): \"\(key)\" must be true or false; ignored")
            return nil
        }
        return value
    }

    /// One of an enumeration's names; another value is a problem that lists them.
    package mutating func choice<Value: RawRepresentable & CaseIterable>(_ key: String, _ type: Value.Type) -> Value? where Value.RawValue == String {
        guard let raw = object[key] else { return nil }
        guard let name = raw as? String, let value = Value(rawValue: name) else {
            problems.append("\(place): \"\(key)\" must be one of \(Value.allCases.map(\.rawValue).joined(separator: ", ")); ignored")
            return nil
        }
        return value
    }
}
