import Foundation

extension RenderSettings {
    /// The client, then each of its rules given one by one (nil: the client's own).
    static let clientOptions: [RenderOption] = [
        RenderOption(
            .init(
                "client", .named(ClientProfile.optionNames), default: ClientProfile.reference.name,
                help: "The client whose rules the frames show: " + ClientProfile.builtin.map { "\($0.name), \($0.models)" }.joined(separator: "; ")
                    + " (docs/clients-and-traces.md, \"The clients\"). The options below override its rules one by one."),
            at: \.client),
        RenderOption(
            .init(
                "pacing", .named(PacingPolicy.optionNames), default: "the client's",
                help: "Display buffer: smooth (steady words), batched (every 50 ms), raw (as it arrives), drain-200, typewriter (30 ms a "
                    + "character), typewriter-restart."),
            at: \.pacing),
        RenderOption(
            .init(
                "monospaced", .flag(negatable: true), default: "the client's",
                help: "Set body text monospaced, as the SwiftUI prototype does (swiftui's is on); --no-monospaced sets it proportional."),
            at: \.monospaced),
        RenderOption(
            .init(
                "typewriter-restart", .flag(negatable: false),
                help: "The typewriter restarting from nothing whenever the text changes: reproduces the SwiftUI prototype's bug (same as "
                    + "--pacing typewriter-restart)."),
            at: \.typewriterRestart),
        RenderOption(
            .init(
                "direction-rule", .named(DirectionRule.optionNames), default: "the client's",
                help: "How a direction is read: seed (an RTL letter in the first 30 characters) or first-strong (Unicode P2/P3)."),
            at: \.directionRule),
        RenderOption(
            .init(
                "block-direction", .named(BlockDirectionMode.optionNames), default: "the client's",
                help: "auto: each block decides its own direction; response: every block takes the response's."),
            at: \.blockDirection),
        RenderOption(
            .init(
                "writing-direction", .named(ManifestOptions.ForcedDirection.optionNames), default: "auto",
                help: "auto, or force ltr / rtl for the response and every block (code stays LTR).")
        ) {
            $0.writingDirection = try ManifestOptions.ForcedDirection(optionValue: $1, option: "writing-direction").writingDirection
        },
        RenderOption(
            .init(
                "layout-direction", .named(WritingDirection.optionNames), default: "the client's",
                help: "The app's layout direction as the request was made: the side and language of what the client says before the answer "
                    + "(\"Thinking…\")."),
            at: \.layoutDirection),
        RenderOption(
            .init(
                "app-language", .named(AppLanguage.optionNames), default: "the layout direction's: en, or ar right to left",
                help: "The app's language: what its notices, pills, buttons, activity labels and alert titles say, and the side "
                    + "they start from (its layout direction too, unless --layout-direction says)."),
            at: \.appLanguage),
        RenderOption(
            .init("text-align", .named(TextAlign.optionNames), default: "the client's", help: "Resolved against each block's direction, once."),
            at: \.textAlign),
        RenderOption(
            .init(
                "direction-lock", .named(DirectionLock.optionNames), default: "the client's",
                help: "before-first-token (the rule), or none: re-read the direction from the shown text every frame, reproducing the "
                    + "direction-flip bug."),
            at: \.directionLock),
        RenderOption(
            .init(
                "align-resolution", .named(AlignmentResolution.optionNames), default: "the client's",
                help: "css (the rule), or mirrored-twice: mirror RTL blocks again as Pango's auto-dir does, reproducing the "
                    + "double-mirroring bug."),
            at: \.alignResolution),
        RenderOption(
            .init(
                "line-pitch", .named(LinePitchMode.optionNames), default: "the client's",
                help: "enforced (1.8 x the font size for Arabic, the rule), or font-relative: 1.8 x the font's height as Pango's line "
                    + "spacing does (the bug)."),
            at: \.linePitch),
        RenderOption(
            .init(
                "draft-clauses", .integer(1...1000), default: "none",
                help: "How many clauses the requested draft has: the progress label counts toward it (\"Drafting clause 3 of 7…\"), for "
                    + "any client."),
            at: \.draftClauses),
        RenderOption(
            .init(
                "keep-last", .integer(100...10_000_000), default: "all",
                help: "With a client that renders no Markdown (swiftui): show only the last N characters, as the SwiftUI prototype's "
                    + "StreamingTextManager trims to 10000."),
            at: \.keepLast),
        RenderOption(
            .init(
                "token-budget", .text, placeholder: "left[/allowance]", default: "none",
                help:
                    "The reader's token budget sent with the request, as the React Native legal app's note shows it: tokens left (2400) or left/allowance "
                    + "(2400/12000); a pill by the composer says \"~2,400 tokens remaining this month\", in the warning colour under 20%; "
                    + "at 0 the request is never sent."),
            at: \.tokenBudget),
        RenderOption(
            .init(
                "code-overflow", .named(CodeOverflow.optionNames), default: "the client's: scroll",
                help: "A code line longer than its block: scroll (runs on under a fade, the reader drags it, as GitHub and the chat apps "
                    + "show code) or wrap (wraps inside the block, as a plain text view does)."),
            at: \.codeOverflow),
        RenderOption(
            .init(
                "code-highlighting", .named(CodeHighlighting.optionNames), default: "the client's: primer, none for swiftui",
                help: "How code is coloured: primer (token by token from the fence's language, in GitHub's Primer colours, as GitHub "
                    + "and the chat apps show code) or none (one colour, as a view without a highlighter does)."),
            at: \.codeHighlighting),
        RenderOption(
            .init(
                "citations", .named(CitationStyle.optionNames), default: "the client's: numbered, none for haqq-mobile, lume-polling and swiftui",
                help: "How the answer's citations are drawn: numbered (a numbered chip after the cited sentence, as Claude and Perplexity "
                    + "show them), domain (a pill with the source's domain, as ChatGPT shows them), each with a Sources list under the answer; "
                    + "or none (a client that drops citation events)."),
            at: \.citations),
        RenderOption(
            .init(
                "timeout-ms", .integer(1000...86_400_000), default: "the client's",
                help: "How long the client waits for the stream before it ends the answer with a timeout, in ms (the client's own idle or "
                    + "hard rule)."),
            at: \.client.ending.timeoutMs)
    ]

    /// The reader: a script of actions, or actions one by one.
    static let readerOptions: [RenderOption] = [
        RenderOption(
            .init(
                "interactions", .path, scope: .machine, placeholder: "file",
                help: "A reader's script, JSON Lines: {\"t\":3000,\"action\":\"scroll\",\"by\":-400}; actions "
                    + "\(ReaderAction.names.joined(separator: ", "))."),
            at: \.interactions),
        RenderOption(
            .init(
                "interaction", .text, placeholder: "action@time[:by]", repeats: true,
                help:
                    "One reader action (repeatable): scroll@3s:-400 drags up 400 pt at 3 s; stop@12s; tap-new-content@9.5s; "
                    + "expand@11s:reasoning opens the reasoning; scroll-reasoning@13s:120 reads on 120 pt inside its box.")
        ) {
            $0.interaction.append($1.text)
        }
    ]
}
