import StreamshotDiagram
import Testing

@Suite struct FlowchartParserTests {
    @Test func readsNodesShapesChainsAndEdgeLabels() throws {
        let chart = try FlowchartParser.parse(
            """
            flowchart LR
                %% a comment
                A[Start] --> B{Is it?}
                B -->|Yes| C(Done) --> D((End))
                B -- No --> E([Stadium]); E -.-> A
                C ==> D
                classDef red fill:#f00
            """)
        #expect(chart.direction == .leftRight)
        #expect(chart.nodes.map(\.id) == ["A", "B", "C", "D", "E"])
        #expect(chart.nodes.map(\.shape) == [.box, .diamond, .rounded, .circle, .stadium])
        #expect(chart.nodes.map(\.label) == ["Start", "Is it?", "Done", "End", "Stadium"])
        #expect(chart.edges.map { "\($0.from)>\($0.to)" } == ["A>B", "B>C", "C>D", "B>E", "E>A", "C>D"])
        #expect(chart.edges.map(\.label) == [nil, "Yes", nil, "No", nil, nil])
        #expect(chart.edges.map(\.stroke) == [.solid, .solid, .solid, .solid, .dotted, .thick])
    }

    @Test func hebrewLabelsAndQuotedLabelsReadAsWritten() throws {
        let chart = try FlowchartParser.parse("graph TD\n  A[\"קבלת הוותק\"] -->|כן| B[יום על כל חודש]")
        #expect(chart.direction == .topDown)
        #expect(chart.nodes.map(\.label) == ["קבלת הוותק", "יום על כל חודש"])
        #expect(chart.edges.first?.label == "כן")
    }

    @Test func otherDiagramKindsAreNotFlowcharts() {
        #expect(FlowchartParser.isFlowchart("flowchart TD\nA-->B"))
        #expect(FlowchartParser.isFlowchart("graph LR\nA-->B"))
        #expect(!FlowchartParser.isFlowchart("sequenceDiagram\nAlice->>Bob: Hi"))
        #expect(!FlowchartParser.isFlowchart("pie title Pets\n\"Dogs\" : 386"))
    }

    @Test func whatCannotBeReadNamesItsLine() {
        #expect(throws: FlowchartParser.Failure(line: 2, message: "[ is never closed")) {
            try FlowchartParser.parse("graph TD\nA[Start --> B")
        }
    }
}
