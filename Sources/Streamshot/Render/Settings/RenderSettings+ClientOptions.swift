import Foundation

extension RenderSettings {
    /// The client, then each of its rules given one by one (nil: the client's own).
    static let clientOptions: [RenderOption] = [
        RenderOption(
            .init(
                "client", .named(ClientProfile.builtin.map(\.name)), default: ClientProfile.reference.name,
                help: "The client whose rules the frames show: " + ClientProfile.builtin.map { "\($0.name), \($0.models)" }.joined(separator: "; ")
                    + " (docs/clients-and-traces.md, \"The clients\"). The options below override its rules one by one.")
        ) {
            $0.client = try pick(ClientProfile.builtin, \.name, $1)
        },
        RenderOption(
            .init(
                "pacing", .named(PacingPolicy.all.map(\.name)), default: "the client's",
                help: "Display buffer: smooth (steady words), batched (every 50 ms), raw (as it arrives), drain-200, typewriter (30 ms a "
                    + "character), typewriter-restart.")
        ) {
            $0.pacing = try pick(PacingPolicy.all, \.name, $1)
        },
        RenderOption(
            .init(
                "monospaced", .flag(negatable: true), default: "the client's",
                help: "Set body text monospaced, as the SwiftUI prototype does (swiftui's is on); --no-monospaced sets it proportional.")
        ) {
            $0.monospaced = $1 == "true"
        },
        RenderOption(
            .init(
                "typewriter-restart", .flag(negatable: false),
                help: "The typewriter restarting from nothing whenever the text changes: reproduces the SwiftUI prototype's bug (same as "
                    + "--pacing typewriter-restart).")
        ) {
            $0.typewriterRestart = $1 == "true"
        },
        RenderOption(
            .init(
                "direction-rule", .named(DirectionRule.all.map(\.name)), default: "the client's",
                help: "How a direction is read: seed (an RTL letter in the first 30 characters) or first-strong (Unicode P2/P3).")
        ) {
            $0.directionRule = try pick(DirectionRule.all, \.name, $1)
        },
        RenderOption(
            .init(
                "block-direction", .named(names(BlockDirectionMode.self)), default: "the client's",
                help: "auto: each block decides its own direction; response: every block takes the response's.")
        ) {
            $0.blockDirection = try raw($1)
        },
        RenderOption(
            .init(
                "writing-direction", .named(["auto"] + names(WritingDirection.self)), default: "auto",
                help: "auto, or force ltr / rtl for the response and every block (code stays LTR).")
        ) {
            $0.writingDirection = $1 == "auto" ? nil : try raw($1)
        },
        RenderOption(
            .init(
                "layout-direction", .named(names(WritingDirection.self)), default: "the client's",
                help: "The app's layout direction as the request was made: the side and language of what the client says before the answer "
                    + "(\"Thinking…\").")
        ) {
            $0.layoutDirection = try raw($1)
        },
        RenderOption(
            .init(
                "app-language", .named(names(AppLanguage.self)), default: "the layout direction's: en, or ar right to left",
                help: "The app's language: what its notices, pills, buttons, activity labels and alert titles say, and the side "
                    + "they start from (its layout direction too, unless --layout-direction says).")
        ) {
            $0.appLanguage = try raw($1)
        },
        RenderOption(
            .init("text-align", .named(names(TextAlign.self)), default: "the client's", help: "Resolved against each block's direction, once.")
        ) {
            $0.textAlign = try raw($1)
        },
        RenderOption(
            .init(
                "direction-lock", .named(names(DirectionLock.self)), default: "the client's",
                help: "before-first-token (the rule), or none: re-read the direction from the shown text every frame, reproducing the "
                    + "direction-flip bug.")
        ) {
            $0.directionLock = try raw($1)
        },
        RenderOption(
            .init(
                "align-resolution", .named(names(AlignmentResolution.self)), default: "the client's",
                help: "css (the rule), or mirrored-twice: mirror RTL blocks again as Pango's auto-dir does, reproducing the "
                    + "double-mirroring bug.")
        ) {
            $0.alignResolution = try raw($1)
        },
        RenderOption(
            .init(
                "line-pitch", .named(names(LinePitchMode.self)), default: "the client's",
                help: "enforced (1.8 x the font size for Arabic, the rule), or font-relative: 1.8 x the font's height as Pango's line "
                    + "spacing does (the bug).")
        ) {
            $0.linePitch = try raw($1)
        },
        RenderOption(
            .init(
                "draft-clauses", .integer(1...1000), default: "none",
                help: "How many clauses the requested draft has: the progress label counts toward it (\"Drafting clause 3 of 7…\"), for "
                    + "any client.")
        ) {
            $0.draftClauses = try number($1, "draft-clauses")
        },
        RenderOption(
            .init(
                "keep-last", .integer(100...10_000_000), default: "all",
                help: "With a client that renders no Markdown (swiftui): show only the last N characters, as the SwiftUI prototype's "
                    + "StreamingTextManager trims to 10000.")
        ) {
            $0.keepLast = try number($1, "keep-last")
        },
        RenderOption(
            .init(
                "token-budget", .text, placeholder: "left[/allowance]", default: "none",
                help:
                    "The reader's token budget sent with the request, as the React Native legal app's note shows it: tokens left (2400) or left/allowance "
                    + "(2400/12000); a pill by the composer says \"~2,400 tokens remaining this month\", in the warning colour under 20%; "
                    + "at 0 the request is never sent.")
        ) {
            settings, value in
            guard let budget = TokenBudget(value) else {
                throw InputError("--token-budget \(value): expected the tokens left, or left/allowance, such as 2400 or 2400/12000")
            }
            settings.tokenBudget = budget
        },
        RenderOption(
            .init(
                "code-overflow", .named(names(CodeOverflow.self)), default: "the client's: scroll",
                help: "A code line longer than its block: scroll (runs on under a fade, the reader drags it, as GitHub and the chat apps "
                    + "show code) or wrap (wraps inside the block, as a plain text view does).")
        ) {
            $0.codeOverflow = try raw($1)
        },
        RenderOption(
            .init(
                "timeout-ms", .integer(1000...86_400_000), default: "the client's",
                help: "How long the client waits for the stream before it ends the answer with a timeout, in ms (the client's own idle or "
                    + "hard rule).")
        ) {
            $0.client.ending.timeoutMs = try number($1, "timeout-ms")
        }
    ]

    /// The reader: a script of actions, or actions one by one.
    static let readerOptions: [RenderOption] = [
        RenderOption(
            .init(
                "interactions", .path, scope: .machine, placeholder: "file",
                help: "A reader's script, JSON Lines: {\"t\":3000,\"action\":\"scroll\",\"by\":-400}; actions "
                    + "\(ReaderAction.names.joined(separator: ", ")).")
        ) {
            $0.interactions = $1
        },
        RenderOption(
            .init(
                "interaction", .text, placeholder: "action@time[:by]", repeats: true,
                help: "One reader action (repeatable): scroll@3s:-400 drags up 400 pt at 3 s; stop@12s; tap-new-content@9.5s.")
        ) {
            $0.interaction.append($1)
        }
    ]
}
