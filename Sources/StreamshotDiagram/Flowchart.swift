/// A mermaid flowchart as read (`FlowchartParser`): its direction, nodes and edges.
public struct Flowchart: Equatable, Sendable {
    public enum Direction: String, Sendable {
        case topDown = "TD"
        case bottomUp = "BT"
        case leftRight = "LR"
        case rightLeft = "RL"
    }

    public enum Shape: Sendable, Equatable {
        /// `A[text]` and the kinds drawn as a box here (`[[…]]`, `[(…)]`, `>…]`, `{{…}}`).
        case box
        /// `A(text)`.
        case rounded
        /// `A([text])`: rounded at both ends.
        case stadium
        /// `A{text}`: a decision.
        case diamond
        /// `A((text))`.
        case circle
    }

    public struct Node: Equatable, Sendable {
        public var id: String
        public var label: String
        public var shape: Shape
    }

    public enum Stroke: Sendable, Equatable { case solid, dotted, thick }

    public struct Edge: Equatable, Sendable {
        public var from: String
        public var to: String
        public var label: String?
        public var stroke: Stroke
        public var arrow: Bool
    }

    public var direction: Direction
    /// In order of first mention.
    public var nodes: [Node]
    public var edges: [Edge]
}
