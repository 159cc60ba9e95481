import StreamshotOptions
import StreamshotStyle

/// One frame record in the journal's binary form: every field `Frame.encode(to:)` writes, in its
/// order, each number rounded as the manifest writes it (opacities and costs to 1/1000, the
/// rest to 1/100), so a frame read back equals the one a manifest reader would decode.
extension JournalBytes {
    func frame(_ frame: Frame, blocksRepeat: Bool) {
        byte(blocksRepeat ? 1 : 0)
        int(frame.index)
        number(frame.timeMs)
        string(frame.file)
        int(frame.revealedChars)
        int(frame.bufferedChars)
        int(frame.pendingChars)
        number(frame.scroll)
        optional(frame.pinned) { self.bool($0) }
        bool(frame.typingIndicator)
        optional(frame.direction) { self.string($0.rawValue) }
        bool(frame.ended)
        bool(frame.reconnecting)
        optional(frame.caret) { caret in
            self.int(caret.blockId)
            self.number(caret.x)
            self.number(caret.y)
            self.number(caret.height)
        }
        optional(frame.costMs) { costs in
            self.list(costs.sorted { $0.key.rawValue < $1.key.rawValue }) {
                self.string($0.key.rawValue)
                self.number($0.value, places: 3)
            }
        }
        if !blocksRepeat {
            int(frame.blocks.count)
            for block in frame.blocks { self.block(block) }
        }
        optional(frame.overlays) { self.list($0, self.overlay) }
        optional(frame.app) { self.string($0.rawValue) }
        optional(frame.traced) { self.list($0, self.string) }
        optional(frame.activity) { self.int($0) }
    }

    private func block(_ block: Frame.Block) {
        int(block.id)
        // The block's three names by their place in their lists, a byte each: the hot path.
        byte(JournalNames.place(of: block.kind, in: JournalNames.kinds))
        byte(JournalNames.place(of: block.direction, in: JournalNames.directions))
        byte(JournalNames.place(of: block.align, in: JournalNames.alignments))
        number(block.opacity, places: 3)
        number(block.fontSize)
        number(block.linePitch)
        number(block.top)
        number(block.height)
        number(block.inkTop)
        number(block.inkBottom)
        int(block.lines.count)
        for line in block.lines { self.line(line) }
        optionalInt(block.firstLine)
        optionalInt(block.lineCount)
        optional(block.marker) { marker in
            self.number(marker.x)
            self.number(marker.width)
            self.string(marker.side.rawValue)
        }
        optional(block.quoteBars) {
            self.list($0) { bar in
                self.number(bar.x)
                self.number(bar.width)
            }
        }
        optional(block.cells) { self.list($0, self.cell) }
        optionalInt(block.columns)
        optionalNumber(block.tableWidth)
        optionalNumber(block.tableScroll)
        optionalBool(block.growing)
        optional(block.hiddenLines) { hidden in
            self.int(hidden.above)
            self.int(hidden.below)
        }
    }

    private func optionalBool(_ value: Bool?) {
        byte(value.map { $0 ? 2 : 1 } ?? 0)
    }

    /// The hot path: a frame lists a few lines per block, written without generic helpers.
    private func line(_ line: Frame.Line) {
        number(line.x)
        number(line.y)
        number(line.width)
        number(line.height)
        number(line.baseline)
        optionalInt(line.start)
        optionalInt(line.end)
        optionalNumber(line.inkTop)
        optionalNumber(line.inkBottom)
        optionalInt(line.index)
    }

    private func cell(_ cell: Frame.Cell) {
        int(cell.row)
        int(cell.column)
        string(cell.direction.rawValue)
        optional(cell.align) { self.string($0.rawValue) }
        number(cell.x)
        number(cell.y)
        number(cell.width)
        number(cell.height)
    }

    private func overlay(_ overlay: Frame.Overlay) {
        string(overlay.kind.rawValue)
        optional(overlay.text) { self.string($0) }
        number(overlay.x)
        number(overlay.y)
        number(overlay.width)
        number(overlay.height)
        optional(overlay.spinner) { self.bool($0) }
        optional(overlay.warning) { self.bool($0) }
        optional(overlay.expanded) { self.bool($0) }
    }

    private func number(_ value: Double, places: Int = 2) {
        double(JSONText.roundTripped(value, places: places))
    }

    private func optionalNumber(_ value: Double?) {
        optionalDouble(value.map { JSONText.roundTripped($0) })
    }

    private func optional<T>(_ value: T?, _ write: (T) -> Void) {
        bool(value != nil)
        if let value { write(value) }
    }

    private func list<T>(_ items: [T], _ write: (T) -> Void) {
        int(items.count)
        for item in items { write(item) }
    }
}

extension JournalCursor {
    /// A frame as `JournalBytes.frame` wrote it; `previousBlocks` stand in for blocks that repeat.
    mutating func frame(previousBlocks: [Frame.Block]) throws -> Frame {
        let blocksRepeat = try byte() == 1
        let index = try int()
        let timeMs = try double()
        let file = try string()
        let revealed = try int()
        let buffered = try int()
        let pending = try int()
        let scroll = try double()
        let pinned = try optional { try $0.bool() }
        let typing = try bool()
        let direction = try optional { try $0.value(WritingDirection.self) }
        let ended = try bool()
        let reconnecting = try bool()
        let caret = try optional { try Frame.Caret(blockId: $0.int(), x: $0.double(), y: $0.double(), height: $0.double()) }
        let costMs = try optional { cursor in
            Dictionary(try cursor.list { try ($0.value(Stage.self), $0.double()) }, uniquingKeysWith: { first, _ in first })
        }
        var blocks = previousBlocks
        if !blocksRepeat {
            let count = try int()
            guard count >= 0 else { throw InputError("a frame journal record has a negative count") }
            blocks = []
            blocks.reserveCapacity(count)
            for _ in 0..<count { blocks.append(try block()) }
        }
        return Frame(
            index: index, timeMs: timeMs, file: file, revealedChars: revealed, bufferedChars: buffered, pendingChars: pending,
            scroll: scroll, pinned: pinned, typingIndicator: typing, direction: direction, ended: ended, reconnecting: reconnecting,
            caret: caret, costMs: costMs, blocks: blocks, overlays: try optional { try $0.list { try $0.overlay() } },
            app: try optional { try $0.value(AppState.self) }, traced: try optional { try $0.list { try $0.string() } },
            activity: try optional { try $0.int() })
    }

    private mutating func block() throws -> Frame.Block {
        let id = try int()
        let kind = try named(JournalNames.kinds)
        let direction = try named(JournalNames.directions)
        let align = try named(JournalNames.alignments)
        let opacity = try double()
        let fontSize = try double()
        let linePitch = try double()
        let top = try double()
        let height = try double()
        let inkTop = try double()
        let inkBottom = try double()
        let lineCount = try int()
        var lines: [Frame.Line] = []
        lines.reserveCapacity(max(0, lineCount))
        for _ in 0..<max(0, lineCount) { lines.append(try line()) }
        let firstLine = try optionalInt()
        let totalLines = try optionalInt()
        let marker = try optional { try Frame.Marker(x: $0.double(), width: $0.double(), side: $0.value(LineAlignment.self)) }
        let quoteBars = try optional { try $0.list { try Frame.QuoteBar(x: $0.double(), width: $0.double()) } }
        let cells = try optional { try $0.list { try $0.cell() } }
        return Frame.Block(
            id: id, kind: kind, direction: direction, align: align, opacity: opacity, fontSize: fontSize, linePitch: linePitch,
            top: top, height: height, inkTop: inkTop, inkBottom: inkBottom, lines: lines, firstLine: firstLine,
            lineCount: totalLines, marker: marker, quoteBars: quoteBars, cells: cells, columns: try optionalInt(),
            tableWidth: try optionalDouble(), tableScroll: try optionalDouble(),
            growing: try optionalBool(), hiddenLines: try optional { try Frame.HiddenLines(above: $0.int(), below: $0.int()) })
    }

    private mutating func line() throws -> Frame.Line {
        try Frame.Line(
            x: double(), y: double(), width: double(), height: double(), baseline: double(),
            start: optionalInt(), end: optionalInt(), inkTop: optionalDouble(), inkBottom: optionalDouble(),
            index: optionalInt())
    }

    private mutating func cell() throws -> Frame.Cell {
        try Frame.Cell(
            row: int(), column: int(), direction: value(WritingDirection.self), align: optional { try $0.value(PhysicalAlignment.self) },
            x: double(), y: double(), width: double(), height: double())
    }

    private mutating func overlay() throws -> Frame.Overlay {
        try Frame.Overlay(
            kind: value(OverlayKind.self), text: optional { try $0.string() }, x: double(), y: double(), width: double(),
            height: double(), spinner: optional { try $0.bool() }, warning: optional { try $0.bool() },
            expanded: optional { try $0.bool() })
    }

    private mutating func optionalBool() throws -> Bool? {
        switch try byte() {
        case 0: return nil
        case 1: return false
        default: return true
        }
    }

    /// A name written as its place in `names` (`JournalNames.place(of:in:)`).
    private mutating func named<Name>(_ names: [Name]) throws -> Name {
        let place = Int(try byte())
        guard place < names.count else { throw InputError("a frame journal record names a \(Name.self) it does not list (\(place))") }
        return names[place]
    }

    private mutating func value<T: RawRepresentable>(_ type: T.Type) throws -> T where T.RawValue == String {
        let raw = try string()
        guard let value = T(rawValue: raw) else { throw InputError("a frame journal record names an unknown \(T.self) \"\(raw)\"") }
        return value
    }

    private mutating func optional<T>(_ read: (inout JournalCursor) throws -> T) throws -> T? {
        try bool() ? try read(&self) : nil
    }

    private mutating func list<T>(_ read: (inout JournalCursor) throws -> T) throws -> [T] {
        let count = try int()
        guard count >= 0 else { throw InputError("a frame journal record has a negative count") }
        var items: [T] = []
        items.reserveCapacity(count)
        for _ in 0..<count { items.append(try read(&self)) }
        return items
    }
}

/// The names a block record stores by their place in these lists (a byte, not a string).
enum JournalNames {
    static let kinds = Array(BlockKindName.allCases)
    static let directions = Array(WritingDirection.allCases)
    static let alignments = Array(PhysicalAlignment.allCases)

    static func place<Name: Equatable>(of name: Name, in names: [Name]) -> UInt8 {
        UInt8(names.firstIndex(of: name) ?? 0)
    }
}
