/// Why a formula could not be read, and where.
public struct MathError: Error, Equatable, Sendable, CustomStringConvertible {
    /// In Unicode scalars from the formula's first character.
    public var offset: Int
    public var message: String

    public var description: String { "\(message) (at character \(offset + 1))" }
}

/// Reads the TeX subset answers use into `MathNode`s: groups, scripts, fractions, radicals,
/// `\left…\right`, `\big`, environments (`matrix` and its bracketed kinds, `cases`, `aligned`,
/// `gathered`, `array`), `\text`, font commands, accents, spacing, Greek and the symbol commands
/// of `MathSymbols`. Anything else is an error naming it: no command is guessed at.
public struct TeXParser {
    let scalars: [Unicode.Scalar]
    var index = 0
    /// The letter variant in force (`\mathbf{…}` sets it for its group).
    var variant = MathVariant.normal
    /// How deep the groups and arguments being read are nested: bounded, so that a formula of
    /// ten thousand `{` is an error, not a stack overflow in the parser or the layout after it.
    var depth = 0
    static let maximumDepth = 64

    /// - Throws: `MathError` naming the first thing it cannot read.
    public static func parse(_ source: String) throws(MathError) -> MathNode {
        var parser = TeXParser(scalars: Array(source.unicodeScalars))
        let row = try parser.parseRow(until: [])
        if parser.index < parser.scalars.count {
            throw MathError(offset: parser.index, message: "unexpected \(parser.describeNext())")
        }
        return .row(row)
    }

    init(scalars: [Unicode.Scalar]) { self.scalars = scalars }

    /// What ends a row being read.
    enum Terminator: Equatable {
        case brace, right
        case end(String)
        case bracket, cell
    }

    /// Atoms up to a terminator (not consumed), with scripts attached to the atom before them.
    mutating func parseRow(until terminators: [Terminator]) throws(MathError) -> [MathNode] {
        try descend()
        defer { depth -= 1 }
        var nodes: [MathNode] = []
        while true {
            skipSpaces()
            guard index < scalars.count else {
                if terminators.isEmpty || terminators == [.cell] { return nodes }
                throw MathError(offset: index, message: "formula ends before \(Self.describe(terminators[0]))")
            }
            if reachedTerminator(terminators) { return nodes }
            let scalar = scalars[index]
            switch scalar {
            case "^", "_", "'": try attachScript(to: &nodes)
            case "}": throw MathError(offset: index, message: "unmatched }")
            case "&": throw MathError(offset: index, message: "& outside a table")
            default:
                if case .styleChange(let style)? = try peekStyleCommand() {
                    let rest = try parseRow(until: terminators)
                    nodes.append(.styled(style, .row(rest)))
                    return nodes
                }
                if let atom = try parseAtom() { nodes.append(atom) }
            }
        }
    }

    private func reachedTerminator(_ terminators: [Terminator]) -> Bool {
        for terminator in terminators {
            switch terminator {
            case .brace where scalars[index] == "}": return true
            case .bracket where scalars[index] == "]": return true
            case .right where peekCommand() == "right": return true
            case .end where peekCommand() == "end": return true
            case .cell where scalars[index] == "&" || peekCommand() == "\\" || peekCommand() == "cr": return true
            default: continue
            }
        }
        return false
    }

    private static func describe(_ terminator: Terminator) -> String {
        switch terminator {
        case .brace: return "its closing }"
        case .bracket: return "its closing ]"
        case .right: return "\\right"
        case .end(let name): return "\\end{\(name)}"
        case .cell: return "the end of its cell"
        }
    }

    func describeNext() -> String {
        guard index < scalars.count else { return "end of formula" }
        if let name = peekCommand() { return "\\\(name)" }
        return "'\(scalars[index])'"
    }

    /// `^`, `_` or primes after an atom: its scripts, merged with any it has.
    private mutating func attachScript(to nodes: inout [MathNode]) throws(MathError) {
        let at = index
        var base = nodes.popLast() ?? .group([])
        var (sub, sup): (MathNode?, MathNode?) = (nil, nil)
        if case .scripts(let inner, let innerSub, let innerSup) = base { (base, sub, sup) = (inner, innerSub, innerSup) }
        if scalars[index] == "'" {
            var primes = 0
            while index < scalars.count, scalars[index] == "'" {
                primes += 1
                index += 1
            }
            // A math font draws its primes raised, at full size (unicode-math's and MathML's
            // reading): they follow the base rather than being set as a superscript.
            let prime: Unicode.Scalar = primes == 1 ? "′" : primes == 2 ? "″" : "‴"
            nodes.append(sub == nil && sup == nil ? base : .scripts(base: base, sub: sub, sup: sup))
            nodes.append(.symbol(prime, .ordinary))
            return
        } else {
            let isSup = scalars[index] == "^"
            index += 1
            let argument = try parseArgument()
            if isSup, sup == nil, argument.isPrimes {
                nodes.append(sub == nil ? base : .scripts(base: base, sub: sub, sup: nil))
                nodes.append(argument)
                return
            }
            if isSup {
                guard sup == nil else { throw MathError(offset: at, message: "double superscript") }
                sup = argument
            } else {
                guard sub == nil else { throw MathError(offset: at, message: "double subscript") }
                sub = argument
            }
        }
        nodes.append(.scripts(base: base, sub: sub, sup: sup))
    }

    /// A braced group, or one atom (a character or a command with its arguments).
    mutating func parseArgument() throws(MathError) -> MathNode {
        try descend()
        defer { depth -= 1 }
        skipSpaces()
        guard index < scalars.count else { throw MathError(offset: index, message: "formula ends where an argument was expected") }
        if scalars[index] == "{" { return .group(try parseGroup()) }
        guard let atom = try parseAtom() else { throw MathError(offset: index, message: "missing argument") }
        return atom
    }

    private mutating func descend() throws(MathError) {
        depth += 1
        guard depth <= Self.maximumDepth else {
            throw MathError(offset: index, message: "nested more than \(Self.maximumDepth) deep")
        }
    }

    /// `{…}`'s inside.
    mutating func parseGroup() throws(MathError) -> [MathNode] {
        index += 1
        let saved = variant
        defer { variant = saved }
        let row = try parseRow(until: [.brace])
        index += 1
        return row
    }

    mutating func skipSpaces() {
        while index < scalars.count, scalars[index].properties.isWhitespace { index += 1 }
    }

    /// The name of the command at the position (letters, or the one character after `\`), if any.
    func peekCommand() -> String? {
        guard index < scalars.count, scalars[index] == "\\", index + 1 < scalars.count else { return nil }
        var end = index + 1
        guard Self.isLetter(scalars[end]) else { return String(scalars[end]) }
        while end < scalars.count, Self.isLetter(scalars[end]) { end += 1 }
        return String(String.UnicodeScalarView(scalars[(index + 1)..<end]))
    }

    /// Reads the command at the position. - Returns: its name.
    mutating func readCommand() -> String {
        let name = peekCommand() ?? ""
        index += 1 + name.unicodeScalars.count
        return name
    }

    static func isLetter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar)
    }
}

extension MathNode {
    /// Only primes (`^{\prime}`, `^{\prime\prime}`): drawn at full size after the base.
    var isPrimes: Bool {
        switch self {
        case .symbol(let scalar, _): return "′″‴".unicodeScalars.contains(scalar)
        case .group(let nodes), .row(let nodes): return !nodes.isEmpty && nodes.allSatisfy(\.isPrimes)
        default: return false
        }
    }
}
