import CGraphviz
import Foundation

/// Graphviz's `dot` layout, in process: a graph in DOT in, where each node and edge went out, in
/// Graphviz's points (1/72 inch), which the caller gives its sizes in as pixels, y down.
///
/// Graphviz keeps global state and is not thread-safe: every call holds one process-wide lock.
public enum GraphvizLayout {
    public struct Result: Sendable {
        public var width: Double
        public var height: Double
        /// Each node's centre, by name.
        public var nodes: [String: (x: Double, y: Double)]
        /// Each edge's spline as Graphviz drew it (cubic Bézier control points, start first), and
        /// its arrowhead's tip when it has one; in the order the DOT gave the edges.
        public var edges: [(points: [(x: Double, y: Double)], tip: (x: Double, y: Double)?)]
    }

    private static let lock = NSLock()

    /// Lays `dot` out with `dot`.
    /// - Throws: `GraphicsError` when Graphviz cannot read the graph or lay it out.
    public static func layout(dot: String) throws -> Result {
        let json: Data = try lock.withLock {
            guard let context = gvContext() else { throw GraphicsError("lay out a diagram", "Graphviz has no context") }
            defer { gvFreeContext(context) }
            guard let graph = agmemread(dot) else { throw GraphicsError("lay out a diagram", "Graphviz cannot read the graph") }
            defer { agclose(graph) }
            guard gvLayout(context, graph, "dot") == 0 else { throw GraphicsError("lay out a diagram", "Graphviz's dot layout failed") }
            defer { gvFreeLayout(context, graph) }
            var buffer: UnsafeMutablePointer<CChar>?
            var length: UInt32 = 0
            guard gvRenderData(context, graph, "json0", &buffer, &length) == 0, let buffer else {
                throw GraphicsError("lay out a diagram", "Graphviz cannot write its layout (is its json plugin installed?)")
            }
            defer { gvFreeRenderData(buffer) }
            return Data(bytes: buffer, count: Int(length))
        }
        return try read(json)
    }

    /// The layout from Graphviz's `json0` output, y turned to point down.
    static func read(_ json: Data) throws -> Result {
        guard let object = try JSONSerialization.jsonObject(with: json) as? [String: Any],
            let box = (object["bb"] as? String)?.split(separator: ",").compactMap({ Double($0) }), box.count == 4
        else { throw GraphicsError("lay out a diagram", "Graphviz's layout has no bounding box") }
        let height = box[3]
        func point(_ text: Substring) -> (x: Double, y: Double)? {
            let parts = text.split(separator: ",").compactMap { Double($0) }
            return parts.count == 2 ? (parts[0], height - parts[1]) : nil
        }
        var nodes: [String: (x: Double, y: Double)] = [:]
        for node in object["objects"] as? [[String: Any]] ?? [] {
            if let name = node["name"] as? String, let pos = (node["pos"] as? String).flatMap({ point(Substring($0)) }) { nodes[name] = pos }
        }
        let edges = (object["edges"] as? [[String: Any]] ?? []).map { edge -> (points: [(x: Double, y: Double)], tip: (x: Double, y: Double)?) in
            var points: [(x: Double, y: Double)] = []
            var tip: (x: Double, y: Double)?
            for part in (edge["pos"] as? String ?? "").split(separator: " ") {
                if part.hasPrefix("e,") {
                    tip = point(part.dropFirst(2))
                } else if !part.hasPrefix("s,"), let p = point(part) {
                    points.append(p)
                }
            }
            return (points, tip)
        }
        return Result(width: box[2], height: height, nodes: nodes, edges: edges)
    }
}
