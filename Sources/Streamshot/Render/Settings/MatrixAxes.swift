/// A matrix's four dimensions, each under the option it sets: a cell's values
/// (`MatrixAxes<String>`: `{"device": "iphone-se", "text-size": "AX3"}`) or the matrix's lists
/// (`MatrixAxes<[String]>`). A dimension the matrix does not vary is absent.
public struct MatrixAxes<Value: Codable & Sendable & Equatable>: Codable, Sendable, Equatable {
    public var device: Value?
    public var textSize: Value?
    public var theme: Value?
    public var client: Value?

    public init(device: Value? = nil, textSize: Value? = nil, theme: Value? = nil, client: Value? = nil) {
        self.device = device
        self.textSize = textSize
        self.theme = theme
        self.client = client
    }

    enum CodingKeys: String, CodingKey {
        case device
        case textSize = "text-size"
        case theme, client
    }
}
