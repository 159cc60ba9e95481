extension Manifest {
    /// A typeset formula in a block: as written, and its box on the frame (x) and from the
    /// block's top (y and baseline), in pixels.
    public struct Formula: Codable, Equatable, Sendable {
        /// As written, delimiters included (`$x^2$`, `$$…$$`, a `math` fence).
        public var source: String
        public var display: Bool
        public var x: Double
        /// The top of its box, from the block's top.
        public var y: Double
        public var width: Double
        /// Its height above the baseline plus its depth below it.
        public var height: Double
        /// Its baseline, from the block's top.
        public var baseline: Double

        public init(source: String, display: Bool, x: Double, y: Double, width: Double, height: Double, baseline: Double) {
            self.source = source
            self.display = display
            self.x = x
            self.y = y
            self.width = width
            self.height = height
            self.baseline = baseline
        }
    }
}
