import Foundation

/// The run report's HTML: a summary, then per failing assertion its message, the command that
/// accepts it, the stream's timeline and each differing moment's images. Everything taken from
/// the records is escaped.
extension RunReport {
    /// - Parameters:
    ///   - artifactsName: the artifacts folder as the page names it.
    ///   - linkBase: the artifacts folder relative to the page's folder (`""`, or ending in `/`).
    public static func html(_ contents: Contents, artifactsName: String, linkBase: String) -> String {
        let entries = contents.entries.enumerated().map { index, entry in
            assertion(entry, id: "a\(index + 1)", base: linkBase + (entry.folder.isEmpty ? "" : entry.folder + "/"))
        }
        return """
            <!doctype html>
            <html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width">
            <title>Streamshot run report: \(contents.entries.count) failing</title>
            <style>
            \(style)</style></head><body>
            <h1>Streamshot run report</h1>
            \(summary(contents, artifactsName: artifactsName))
            \(entries.joined(separator: "\n"))
            <script>
            \(script)</script></body></html>

            """
    }

    private static func summary(_ contents: Contents, artifactsName: String) -> String {
        let unreadable =
            contents.unreadable.isEmpty
            ? ""
            : "<div class=\"problems\"><p>Files that are not failure records:</p><ul>"
                + contents.unreadable.map { "<li>\(escape($0))</li>" }.joined() + "</ul></div>"
        guard !contents.entries.isEmpty else {
            return "<p class=\"none\">No failing golden assertions in <code>\(escape(artifactsName))</code>: the run that wrote it "
                + "passed, or no golden test ran.</p>" + unreadable
        }
        let count = contents.entries.count
        let list = contents.entries.enumerated().map { index, entry in
            "<li><a href=\"#a\(index + 1)\">\(escape(entry.record.test))</a> <span class=\"muted\">\(escape(entry.record.place))</span></li>"
        }.joined()
        return "<p>\(count) failing assertion\(count == 1 ? "" : "s") in <code>\(escape(artifactsName))</code>.</p><ol class=\"toc\">\(list)</ol>"
            + unreadable
    }

    /// One failing assertion.
    private static func assertion(_ entry: Entry, id: String, base: String) -> String {
        let record = entry.record
        let firstLine = record.message.prefix { $0 != "\n" }
        let differing = record.moments.enumerated().filter { $0.element.cause != nil }
        let change = textChange(record)
        return """
            <section class="assertion" id="\(id)">
            <h2>\(escape(record.test)) <span class="kind">\(record.kind == .checks ? "checks" : "snapshot")</span> \
            <span class="muted">\(escape(record.place))</span></h2>
            <p class="cause">\(escape(String(firstLine)))</p>
            \(change)
            <div class="accept"><span class="label">\(acceptLabel(record.kind))</span>
            <code id="\(id)-accept">\(escape(record.acceptCommand))</code><button class="copy" data-target="\(id)-accept">Copy</button></div>
            \(timeline(record, id: id))
            \(differing.map { moment($0.element, id: "\(id)-m\($0.offset)", base: base) }.joined(separator: "\n"))
            \(structure(record.structure, textChanged: record.textChange != nil, base: base))
            <details><summary>The failure as the test reported it</summary><pre>\(escape(record.message))</pre></details>
            </section>
            """
    }

    private static func acceptLabel(_ kind: FailureRecord.Kind) -> String {
        switch kind {
        case .snapshot: return "Accept the change (in the package's folder):"
        case .checks: return "Fix the client, or accept the findings in the test's code:"
        }
    }

    /// The stream as a bar from its first frame to its last: each compared moment a tick (red
    /// when it differs, linked to its images), the first diverging frame a marker with its reason.
    private static func timeline(_ record: FailureRecord, id: String) -> String {
        let last = max(1, record.frameCount - 1)
        func left(_ frame: Int) -> String { JSLiteral.number(Double(min(max(frame, 0), last)) / Double(last) * 100) + "%" }
        let ticks = record.moments.enumerated().map { index, moment in
            let state = moment.cause.map { record.kind == .checks ? " · \($0)" : " · differs" } ?? " · matches"
            let label = escape("\(moment.name) · frame \(moment.frame) · \(seconds(moment.timeMs))" + state)
            return moment.cause == nil
                ? "<span class=\"tick match\" style=\"left:\(left(moment.frame))\" title=\"\(label)\"></span>"
                : "<a class=\"tick differs\" style=\"left:\(left(moment.frame))\" title=\"\(label)\" href=\"#\(id)-m\(index)\"></a>"
        }.joined()
        let first = record.kind == .checks ? "First failing frame" : "First diverging frame"
        let divergence =
            record.firstDivergence.map { d in
                "<span class=\"divergence\" style=\"left:\(left(d.frame))\" title=\"\(first.lowercased()): \(d.frame)\"></span>"
            } ?? ""
        let note =
            record.firstDivergence.map { d in
                "<p class=\"divergence-note\"><span class=\"key divergence-key\"></span>\(first): <b>frame \(d.frame)</b> "
                    + "(\(seconds(d.timeMs))): \(escape(d.reason))</p>"
            } ?? "<p class=\"divergence-note muted\">No frame could be named as the first to diverge.</p>"
        return """
            <div class="timeline-block"><div class="timeline">\(ticks)\(divergence)</div>
            <div class="scale"><span>frame 0 · 0 s</span><span>this run: \(record.frameCount) frames</span>\
            <span>frame \(max(0, record.frameCount - 1)) · \(seconds(record.durationMs))</span></div>
            <p class="legend">\(record.kind == .checks ? "<span class=\"key differs\"></span>finding"
                : "<span class=\"key match\"></span>moment matches <span class=\"key differs\"></span>moment differs")</p>\(note)</div>
            """
    }

    /// A differing moment: its cause, expected and actual under a slider, and each image alone.
    private static func moment(_ moment: FailureRecord.Moment, id: String, base: String) -> String {
        func figure(_ file: String?, _ caption: String) -> String {
            file.map { "<figure><img src=\"\(escape(urlPath(base + $0)))\" alt=\"\(caption)\"><figcaption>\(caption)</figcaption></figure>" } ?? ""
        }
        var slider = ""
        if let expected = moment.expected, let actual = moment.actual {
            slider = """
                <figure class="compare" style="--pos:50%"><div class="stack"><img class="expected" src="\(escape(urlPath(base + expected)))" \
                alt="expected"><img class="actual" src="\(escape(urlPath(base + actual)))" alt="actual"></div>
                <input type="range" class="reveal" min="0" max="100" value="50" aria-label="expected or actual">
                <figcaption><span>◀ expected</span><span>actual ▶</span></figcaption></figure>
                """
        }
        let images =
            slider + figure(moment.expected, "expected") + figure(moment.actual, "actual") + figure(moment.diff, "diff: changed pixels in magenta")
        return """
            <div class="moment" id="\(id)"><h3>\(escape(moment.name)) <span class="muted">frame \(moment.frame) · \(seconds(moment.timeMs))</span></h3>
            <p class="cause">\(escape(moment.cause ?? ""))</p>\(images.isEmpty ? "" : "<div class=\"images\">\(images)</div>")</div>
            """
    }

    /// What the reference showed and what this run shows, a line of text to a line, each line in
    /// its own direction, the changed words marked.
    private static func textChange(_ record: FailureRecord) -> String {
        guard let before = record.textBefore, let after = record.textAfter else {
            return record.textChange.map { "<p class=\"change\">The text shown changed: <bdi>\(escape($0))</bdi></p>" } ?? ""
        }
        // Paragraphs one line apart: blank lines between them would only push the change apart.
        func lines(_ text: String) -> String { escape(text.replacingOccurrences(of: "\n\n", with: "\n")) }
        func side(_ excerpt: FailureRecord.TextExcerpt, _ tag: String, _ mark: String) -> String {
            "<div class=\"side\"><span class=\"tag\">\(tag)</span><p class=\"excerpt\">\(lines(excerpt.lead))<\(mark)>\(lines(excerpt.changed))</\(mark)>"
                + "\(lines(excerpt.trail))</p></div>"
        }
        return "<div class=\"change\"><p>The text shown changed:</p>\(side(before, "reference", "del"))\(side(after, "this run", "ins"))</div>"
    }

    private static func structure(_ structure: FailureRecord.Structure?, textChanged: Bool, base: String) -> String {
        guard let structure else { return "" }
        let cause = textChanged ? "The structural snapshot (manifest.txt) differs: the text shown changed (above)." : structure.cause
        let links = [("expected", structure.expected), ("actual", structure.actual)].compactMap { name, file in
            file.map { "<a href=\"\(escape(urlPath(base + $0)))\">\(name) manifest.txt</a>" }
        }
        return "<div class=\"structure\"><h3>Structure</h3><p>\(escape(cause))</p><p>\(links.joined(separator: " · "))</p></div>"
    }

    /// `2.95 s`.
    private static func seconds(_ ms: Double) -> String { String(format: "%.2f s", ms / 1000) }

    private static func escape(_ text: String) -> String { HTMLReport.escape(text) }
}
