extension Manifest {
    /// A source the answer cites, under the number its chips and its Sources row show.
    public struct Source: Codable, Equatable, Sendable {
        public var number: Int
        public var title: String
        public var url: String?
        public var domain: String?
        /// The first and last page cited in it, when the provider said.
        public var pages: [Int]?

        public init(number: Int, title: String, url: String? = nil, domain: String? = nil, pages: [Int]? = nil) {
            self.number = number
            self.title = title
            self.url = url
            self.domain = domain
            self.pages = pages
        }
    }

    /// A citation chip the client showed: its source's number, where it stands in the answer's
    /// text (`at`, in Unicode scalars of `text`; the words it cites, `span`, when the provider
    /// tied it to words), since when, and whether putting it there moved words already shown.
    public struct Citation: Codable, Equatable, Sendable {
        public var number: Int
        public var at: Int
        /// The text's own marker it stands in for (`[3]`): how many characters from `at` (absent when none).
        public var replaces: Int?
        public var span: [Int]?
        public var shownAtMs: Double
        /// True when it arrived after the words following its place were shown (absent otherwise).
        public var reflowed: Bool?

        public init(number: Int, at: Int, replaces: Int? = nil, span: [Int]? = nil, shownAtMs: Double, reflowed: Bool? = nil) {
            self.number = number
            self.at = at
            self.replaces = replaces
            self.span = span
            self.shownAtMs = shownAtMs
            self.reflowed = reflowed
        }
    }

    /// A citation chip in a block: its label (the number, or a pill's domain) and its box, x on
    /// the frame and y from the block's top, in pixels.
    public struct Chip: Codable, Equatable, Sendable {
        public var label: String
        public var x: Double
        public var y: Double
        public var width: Double
        public var height: Double

        public init(label: String, x: Double, y: Double, width: Double, height: Double) {
            self.label = label
            self.x = x
            self.y = y
            self.width = width
            self.height = height
        }
    }
}
