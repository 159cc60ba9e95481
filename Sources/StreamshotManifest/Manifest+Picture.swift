extension Manifest {
    /// One picture of a picture block, drawn from the file the team gave for its address.
    public struct Picture: Codable, Equatable, Sendable {
        /// The image's address as the answer wrote it.
        public var address: String
        /// Its alt text: what the picture stands for to a reader who cannot see it.
        public var alt: String
        /// The file's name (not its path, which differs from machine to machine).
        public var file: String
        /// Its box in pixels: x on the frame, y from the block's top.
        public var x: Double
        public var y: Double
        public var width: Double
        public var height: Double

        public init(address: String, alt: String, file: String, x: Double, y: Double, width: Double, height: Double) {
            self.address = address
            self.alt = alt
            self.file = file
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }
}
