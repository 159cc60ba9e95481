import Testing

@testable import Streamshot
@testable import StreamshotModel

/// The textAlign x writingDirection table, asserted on where lines actually land.
@Suite struct AlignmentTests {
    static let arabic = "مدة هذا العقد سنة ميلادية واحدة تبدأ في 1 مارس 2026 وتنتهي في 28 فبراير 2027، وتتجدد تلقائيًا لمدة مماثلة."
    static let english = "The notice period runs from receipt, not from sending, and the draft should say so explicitly in clause 14."

    @Test func resolvesLikeCSS() {
        let expected: [TextAlign: (ltr: String, rtl: String)] = [
            .auto: ("left", "right"), .start: ("left", "right"), .end: ("right", "left"),
            .left: ("left", "left"), .right: ("right", "right"), .center: ("center", "center"),
            .justify: ("justify", "justify")
        ]
        for align in TextAlign.allCases {
            #expect(ResolvedAlignment.resolve(align, direction: .ltr).physical.rawValue == expected[align]!.ltr)
            #expect(ResolvedAlignment.resolve(align, direction: .rtl).physical.rawValue == expected[align]!.rtl)
        }
        #expect(ResolvedAlignment.resolve(.justify, direction: .rtl).lines == .right)
        #expect(ResolvedAlignment.resolve(.justify, direction: .ltr).lines == .left)
    }

    @Test(arguments: TextAlign.allCases)
    func linesLandWhereTheRuleSays(_ align: TextAlign) throws {
        for text in [Self.arabic, Self.english] {
            for forced in [nil, WritingDirection.ltr, .rtl] {
                var options = TestSupport.smallOptions()
                options.client.alignment.textAlign = align
                options.client.direction = DirectionPolicy(forced: forced)
                let (scenes, _) = try TestSupport.scenes(TestSupport.transcript(text, network: .instant), options: options)
                let block = scenes.last!.blocks[0].placed.layout
                let direction = forced ?? (text == Self.arabic ? .rtl : .ltr)
                #expect(block.direction == direction)
                let resolved = ResolvedAlignment.resolve(align, direction: direction)
                #expect(block.alignment == resolved)
                let left = options.theme.margin * options.scale
                let right = Double(options.widthPx) - left
                let lines = block.lines
                #expect(lines.count >= 2, "the sample must wrap")
                let context = "\(align) \(forced?.rawValue ?? "auto") \(text == Self.arabic ? "arabic" : "english")"
                for (index, line) in lines.enumerated() {
                    let isLast = index == lines.count - 1
                    let lands: String
                    if abs(line.x - left) < 0.5 && abs(line.x + line.width - right) < 1 {
                        lands = "full"
                    } else if abs(line.x - left) < 0.5 {
                        lands = "left"
                    } else if abs(line.x + line.width - right) < 0.5 {
                        lands = "right"
                    } else if abs((line.x + line.width / 2) - (left + right) / 2) < 0.5 {
                        lands = "center"
                    } else {
                        lands = "nowhere (x \(line.x), width \(line.width))"
                    }
                    let expected: String
                    switch resolved.physical.rawValue {
                    case "justify": expected = isLast ? (direction == .rtl ? "right" : "left") : "full"
                    default: expected = resolved.physical.rawValue
                    }
                    #expect(lands == expected || (lands == "full" && !isLast), "\(context): line \(index) lands \(lands), expected \(expected)")
                }
            }
        }
    }

    /// Every justified line but a paragraph's last is flush on both edges, also where a line
    /// breaks just before a change of font (italic, bold, code, Arabic after Latin), where
    /// Pango alone sets it one space short. Swept over widths so such breaks surely occur.
    @Test func justifiedLinesAreFlushWhereTheFontChanges() throws {
        let text =
            "The notice runs from *receipt*, not **sending**, under `clause 14.2` and the "
            + "*Civil Code* as amended; يحق للمؤجر إنهاء العقد *بإشعار* كتابي, then **written** notice *again*.\n"
        for width in stride(from: 300.0, through: 420.0, by: 6.0) {
            var options = TestSupport.smallOptions()
            options.widthPt = width
            options.client.alignment.textAlign = .justify
            let (scenes, _) = try TestSupport.scenes(TestSupport.transcript(text, network: .instant), options: options)
            let block = try #require(scenes.last?.blocks.first?.placed.layout)
            let left = options.theme.margin * options.scale
            let right = Double(options.widthPx) - left
            for (index, line) in block.lines.dropLast().enumerated() {
                #expect(
                    abs(line.x - left) < 0.5 && abs(line.x + line.width - right) < 0.5,
                    "width \(width): line \(index) spans \(line.x)...\(line.x + line.width), not \(left)...\(right)")
            }
        }
    }
}
