import Foundation
import Testing

/// The README is a landing page; the guides in docs/ hold the rest. Every relative link and image
/// in them leads to a file of the repository, and every `#anchor` to a heading of its file, by
/// GitHub's rules. Links that leave the repository are listed, not fetched.
@Suite struct DocumentationLinkTests {
    static let root = TestSupport.root
    static let documents = DocumentationLinks.documents(root: root)

    @Test func theReadmeIsALandingPage() throws {
        let size = try Data(contentsOf: Self.root.appendingPathComponent("README.md")).count
        #expect(size <= 25_000, "README.md is \(size) bytes, over the 25,000 of a landing page: move the detail into a guide in docs/")
    }

    @Test func theGuidesAreFound() {
        #expect(Self.documents.count > 10, "\(Self.documents)")
        #expect(Self.documents.contains("docs/getting-started.md"))
    }

    @Test(arguments: documents)
    func everyRelativeLinkResolves(_ document: String) throws {
        let problems = try DocumentationLinks.problems(in: document, root: Self.root)
        #expect(problems.isEmpty, "\(document):\n\(problems.joined(separator: "\n"))")
    }

    @Test func externalLinksAreListed() throws {
        for document in Self.documents {
            for target in try DocumentationLinks.external(in: document, root: Self.root) {
                print("\(document): external, not fetched: \(target)")
                #expect(URL(string: target)?.host != nil || target.hasPrefix("mailto:"), "\(document): \(target) is not a URL")
            }
        }
    }
}

/// The checker itself, on files written for it: it finds what is broken and passes what is not.
@Suite struct MarkdownLinkCheckerTests {
    @Test func aMissingFileImageOrAnchorIsFound() throws {
        let root = URL(fileURLWithPath: NSTemporaryDirectory()).appendingPathComponent("streamshot-links-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: root.appendingPathComponent("docs"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: root) }
        try "# Guide\n\n## Run as a service\n\n## Run as a service\n![ok](pic.png) [up](../README.md#top)\n"
            .write(to: root.appendingPathComponent("docs/guide.md"), atomically: true, encoding: .utf8)
        try Data().write(to: root.appendingPathComponent("docs/pic.png"))
        let readme = """
            # Top
            [fine](docs/guide.md#run-as-a-service-1) [also](docs/guide.md) [here](#top) [web](https://example.com/x)
            [gone](docs/missing.md) ![gone](docs/missing.png)
            [no anchor](docs/guide.md#run-as-a-service-2) [not here](#bottom) `[code](nowhere.md)`
            [out](../elsewhere.md) see https://example.org/spec#x; and `https://in.code/`
            """
        try readme.write(to: root.appendingPathComponent("README.md"), atomically: true, encoding: .utf8)

        #expect(try DocumentationLinks.problems(in: "docs/guide.md", root: root).isEmpty)
        let problems = try DocumentationLinks.problems(in: "README.md", root: root)
        #expect(problems.count == 5, "\(problems)")
        #expect(problems.contains("line 3: docs/missing.md: no file or folder docs/missing.md"))
        #expect(problems.contains("line 3: docs/missing.png: no file or folder docs/missing.png"))
        #expect(problems.contains { $0.hasPrefix("line 4: docs/guide.md#run-as-a-service-2: no heading of docs/guide.md") })
        #expect(problems.contains { $0.hasPrefix("line 4: #bottom: no heading of README.md") })
        #expect(problems.contains("line 5: ../elsewhere.md: leads outside the repository"))
        #expect(try DocumentationLinks.external(in: "README.md", root: root) == ["https://example.com/x", "https://example.org/spec#x"])
    }

    @Test func anchorsAreGitHubsSlugs() {
        let document = MarkdownDocument(
            """
            # The manifest (`manifest.json`)
            ## `check` and the detectors
            ### Live sessions: a client's stream, rendered while it runs
            ## البند الأول: الأطراف
            ## Rule by rule, note by note
            ## Rule by rule, note by note
            ```sh
            # a comment, not a heading
            ```
            #not-a-heading
            ## snake_case and [a link](x.md) ##
            """)
        #expect(
            document.anchors == [
                "the-manifest-manifestjson", "check-and-the-detectors",
                "live-sessions-a-clients-stream-rendered-while-it-runs", "البند-الأول-الأطراف",
                "rule-by-rule-note-by-note", "rule-by-rule-note-by-note-1", "snake_case-and-a-link"
            ])
    }

    @Test func linksInCodeAreNotLinks() {
        let document = MarkdownDocument(
            """
            Shown as code: `[text](target)`, `` `[a](b)` ``, and a link [across
            two lines](real.md).

            ```
            [in a fence](fenced.md)
            ```
            ![picture](p.png "its title")
            """)
        #expect(document.links == [.init(line: 1, target: "real.md", isImage: false), .init(line: 7, target: "p.png", isImage: true)])
    }
}
