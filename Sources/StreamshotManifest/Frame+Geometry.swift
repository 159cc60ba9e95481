/// The reader's check of a frame's positions and sizes: every one a finite number of pixels
/// within `Frame.coordinateLimit`, so the tools that turn them into pixel rows and columns (the
/// contrast judge, review's crops) never meet a value an integer cannot hold.
extension Frame {
    /// The largest position or size a manifest may give, in pixels: a million lines of text at
    /// a large pitch, far below what an integer holds.
    public static let coordinateLimit = 1e9

    /// The first position or size that is not finite or lies beyond the limit, or nil.
    func geometryProblem() -> String? {
        var pixels = PixelCheck()
        func check(_ value: Double?, _ name: @autoclosure () -> String) { pixels.check(value, name()) }
        check(scroll, "scroll")
        if let caret { for (name, value) in [("x", caret.x), ("y", caret.y), ("height", caret.height)] { check(value, "caret.\(name)") } }
        for (position, overlay) in (overlays ?? []).enumerated() {
            for (name, value) in [("x", overlay.x), ("y", overlay.y), ("width", overlay.width), ("height", overlay.height)] {
                check(value, "overlays[\(position)].\(name)")
            }
        }
        for (position, block) in blocks.enumerated() where pixels.problem == nil {
            pixels.problem = block.geometryProblem().map { "blocks[\(position)].\($0)" }
        }
        return pixels.problem
    }
}

/// The first position or size found that is not finite or lies beyond `Frame.coordinateLimit`.
struct PixelCheck {
    var problem: String?

    mutating func check(_ value: Double?, _ name: @autoclosure () -> String) {
        guard problem == nil, let value, !(value.isFinite && abs(value) <= Frame.coordinateLimit) else { return }
        problem = "\(name()) \(value): expected a finite number of pixels within ±\(Int(Frame.coordinateLimit))"
    }
}

extension Frame.Block {
    /// The first position or size of the block's that is not finite or lies beyond the limit, or nil.
    func geometryProblem() -> String? {
        var pixels = PixelCheck()
        func check(_ value: Double?, _ name: @autoclosure () -> String) { pixels.check(value, name()) }
        if !(opacity.isFinite && (0...1).contains(opacity)) { return "opacity \(opacity): expected a number from 0 to 1" }
        for (name, value) in [
            ("fontSize", fontSize), ("linePitch", linePitch), ("top", top), ("height", height), ("inkTop", inkTop),
            ("inkBottom", inkBottom)
        ] { check(value, name) }
        check(tableWidth, "tableWidth")
        check(tableScroll, "tableScroll")
        check(marker?.x, "marker.x")
        check(marker?.width, "marker.width")
        for (position, bar) in (quoteBars ?? []).enumerated() {
            check(bar.x, "quoteBars[\(position)].x")
            check(bar.width, "quoteBars[\(position)].width")
        }
        // Lines and cells field by field, with no list per line: a long render reads millions.
        for (position, line) in lines.enumerated() where pixels.problem == nil {
            check(line.x, "lines[\(position)].x")
            check(line.y, "lines[\(position)].y")
            check(line.width, "lines[\(position)].width")
            check(line.height, "lines[\(position)].height")
            check(line.baseline, "lines[\(position)].baseline")
            check(line.inkTop, "lines[\(position)].inkTop")
            check(line.inkBottom, "lines[\(position)].inkBottom")
        }
        for (position, cell) in (cells ?? []).enumerated() where pixels.problem == nil {
            check(cell.x, "cells[\(position)].x")
            check(cell.y, "cells[\(position)].y")
            check(cell.width, "cells[\(position)].width")
            check(cell.height, "cells[\(position)].height")
        }
        return pixels.problem
    }
}
