import StreamshotHighlight
import Testing

/// Code is coloured as GtkSourceView's definitions say, line by line, in every language answers use.
struct HighlightTests {
    /// The kinds of the runs covering `word`'s first occurrence in `code`.
    static func kinds(of word: String, in code: String, _ language: String, highlighter: CodeHighlighter = CodeHighlighter()) -> Set<TokenKind> {
        guard let found = code.range(of: word) else { return [] }
        let start = code.utf8.distance(from: code.utf8.startIndex, to: found.lowerBound)
        let bytes = start..<start + word.utf8.count
        return Set(highlighter.runs(code, language: language).filter { $0.bytes.overlaps(bytes) }.map(\.kind))
    }

    @Test(
        arguments: [
            (
                "python3", "def rent(days: int) -> float:\n    # pro rata\n    return 45000 * days / 30  # \"x\"\nprint(\"done\")",
                [
                    ("def", TokenKind.keyword), ("rent", .entity), ("# pro rata", .comment), ("45000", .constant), ("\"done\"", .string)
                ]
            ),
            (
                "json", "{\"tenant\": \"سارة\", \"days\": 12, \"paid\": true, \"note\": null}",
                [
                    ("\"tenant\"", .constant), ("\"سارة\"", .string), ("12", .constant), ("true", .constant)
                ]
            ),
            (
                "swift", "import Foundation\nlet days = 12 // days\nfunc rent() -> String { return \"ok\" }",
                [
                    ("import", .keyword), ("let", .keyword), ("// days", .comment), ("\"ok\"", .string), ("12", .constant)
                ]
            ),
            (
                "js", "const total = await fetch(`/api/${id}`); // go\nif (x === null) { return 'a'; }",
                [
                    ("const", .keyword), ("// go", .comment), ("'a'", .string), ("null", .constant), ("return", .keyword)
                ]
            ),
            (
                "typescript", "interface Lease { days: number }\nconst n: number = 3;",
                [
                    ("interface", .keyword), ("number", .keyword), ("const", .keyword), ("3", .constant)
                ]
            ),
            ("sh", "#!/bin/bash\necho \"$HOME\" # say\nif [ -f x ]; then exit 1; fi", [("echo", .keyword), ("# say", .comment), ("if", .keyword)]),
            ("sql", "SELECT name FROM leases WHERE days > 30; -- long", [("SELECT", .keyword), ("-- long", .comment), ("30", .constant)]),
            ("diff", "--- a/lease.md\n+++ b/lease.md\n@@ -1 +1 @@\n-old rent\n+new rent", [("-old rent", .deleted), ("+new rent", .inserted)]),
            ("yaml", "tenant: Sara # name\ndays: 12", [("# name", .comment), ("12", .constant)]),
            ("html", "<p class=\"x\">Hi <!-- c --></p>", [("<!-- c -->", .comment), ("\"x\"", .string), ("<p", .tag), ("class", .entity)]),
            ("go", "package main\nfunc main() { fmt.Println(\"hi\") }", [("package", .keyword), ("\"hi\"", .string)]),
            ("rust", "fn main() { let x: u32 = 5; }", [("fn", .keyword), ("let", .keyword), ("u32", .keyword), ("5", .constant)]),
            ("c-sharp", "public class Lease { int days = 3; }", [("public", .keyword), ("int", .keyword), ("3", .constant)]),
            ("markdown", "# Title\n\n**bold** and `code`", [("Title", .heading), ("`code`", .string)])
        ] as [(String, String, [(String, TokenKind)])])
    func eachLanguageColoursItsWords(_ language: String, _ code: String, _ expected: [(String, TokenKind)]) {
        for (word, kind) in expected {
            #expect(Self.kinds(of: word, in: code, language).contains(kind), "\(language): \(word) is not \(kind)")
        }
    }

    @Test func everyBundledLanguageBuilds() throws {
        for language in Set([
            "python3", "js", "typescript", "json", "sh", "swift", "kotlin", "java", "sql", "yaml", "html", "xml", "c", "cpp", "go",
            "rust", "dart", "php", "ruby", "c-sharp", "markdown", "diff", "css"
        ]) {
            #expect(throws: Never.self, "\(language)") { try LanguageLibrary.bundled.grammar(language) }
        }
    }

    @Test func aFenceNamesItsLanguageInAnySpelling() {
        #expect(LanguageLibrary.language(forFence: "Python") == "python3")
        #expect(LanguageLibrary.language(forFence: "ts {title=x}") == "typescript")
        #expect(LanguageLibrary.language(forFence: "c++") == "cpp" && LanguageLibrary.language(forFence: "C#") == "c-sharp")
        #expect(LanguageLibrary.language(forFence: "bash") == "sh" && LanguageLibrary.language(forFence: "yml") == "yaml")
        #expect(LanguageLibrary.language(forFence: "cobol-2002") == nil && LanguageLibrary.language(forFence: "") == nil)
    }

    @Test func aStringLeftOpenColoursTheNextLines() {
        let code = "x = \"\"\"first\nsecond line\n\"\"\"\ny = 1"
        #expect(Self.kinds(of: "second line", in: code, "python3") == [.string])
        #expect(Self.kinds(of: "y", in: code, "python3").isEmpty, "after the string closes, plain again")
        #expect(Self.kinds(of: "/* two", in: "int a; /* two\nlines */ int b;", "c") == [.comment])
        #expect(Self.kinds(of: "lines */", in: "int a; /* two\nlines */ int b;", "c") == [.comment])
    }

    /// Streaming: the lines already shown keep their colours as the block grows.
    @Test func aFinishedLineKeepsItsColoursAsTheBlockGrows() {
        let full = "def f(x):\n    s = 'a'\n    return x + 1\n"
        let highlighter = CodeHighlighter()
        var shownBefore: [TokenRun] = []
        for end in full.indices {
            let shown = String(full[...end])
            let runs = highlighter.runs(shown, language: "python3")
            let finished = shown.utf8.count - (shown.split(separator: "\n", omittingEmptySubsequences: false).last?.utf8.count ?? 0)
            let before = shownBefore.filter { $0.bytes.upperBound <= finished - 1 }
            #expect(before.allSatisfy(runs.contains), "a finished line changed at \(shown.debugDescription)")
            shownBefore = runs
        }
    }

    @Test func arabicAndHebrewInCommentsAndStringsAreKeptWhole() {
        let code = "print(\"مرحبا بكم\")  # שלום עולם"
        let runs = CodeHighlighter().runs(code, language: "python3")
        let string = Self.kinds(of: "\"مرحبا بكم\"", in: code, "python3")
        #expect(string == [.string])
        #expect(Self.kinds(of: "# שלום עולם", in: code, "python3") == [.comment])
        let utf8 = Array(code.utf8)
        for run in runs {
            #expect(run.bytes.lowerBound == utf8.count || utf8[run.bytes.lowerBound] & 0xC0 != 0x80, "a run starts inside a character")
        }
    }

    /// A web address inside a comment stops where the comment ends (`can_apply_match`), so the
    /// code after the comment is code again.
    @Test func aCommentEndsEvenInsideAnAddress() {
        let c = "int a; /* see https://x.org/a*/ int b;"
        #expect(Self.kinds(of: "int b", in: c, "c") == [.keyword], "\(CodeHighlighter().runs(c, language: "c"))")
        let html = "<!-- https://x.org/docs--><p>Hi</p>"
        #expect(Self.kinds(of: "<p", in: html, "html") == [.tag])
    }

    /// `ignore-style` reaches everything inside the context it names: a string in a C
    /// preprocessor line is drawn as the line is.
    @Test func anIgnoredStyleReachesEveryContextInside() {
        #expect(Self.kinds(of: "\"%d\\n\"", in: "#define FMT \"%d\\n\"\nint x;", "c") == [.keyword])
    }

    /// A minified line stays plain, and the lines after it are coloured from where it left them.
    @Test func aVeryLongLineStaysPlain() {
        let long = "x = [" + String(repeating: "1, ", count: 2000) + "]"
        let code = long + "\ndef f(): pass"
        #expect(Self.kinds(of: "1, 1", in: code, "python3").isEmpty)
        #expect(Self.kinds(of: "def", in: code, "python3") == [.keyword])
    }

    @Test func anUnknownLanguageStaysPlain() {
        #expect(CodeHighlighter().runs("print(1)", language: "no-such-language").isEmpty)
    }
}
