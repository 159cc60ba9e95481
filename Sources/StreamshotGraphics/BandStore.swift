import CPangoCairo
import Foundation

/// The compressed bands of the frames of one render, by content: each band of rows is deflated
/// once, the first time its rows appear, and every later frame that shows the same rows uses
/// those bytes. Which bands it holds changes speed, never bytes (a band's bytes depend on its
/// rows alone). Used from one thread; the plans it makes are encoded on any.
public final class BandStore {
    /// Rows per band: small enough that a typing frame recompresses little, large enough that a
    /// band compresses well.
    public let bandRows: Int
    /// Bands per generation: the store holds at most two.
    private let generation: Int
    /// The bands seen or used in this generation, and in the one before. A band read from the
    /// older one moves to this one, and a full generation becomes the older one (the oldest is
    /// dropped): the bands of the frames on screen stay, whatever the render scrolled past, and
    /// memory stays flat however long the answer (a store that kept every band it ever made
    /// grew by a screenful of bands per screenful scrolled).
    private var bands: [ContentHash: CompressedBand] = [:]
    private var older: [ContentHash: CompressedBand] = [:]
    /// Bands a plan took from the store, and bands it had to compress.
    public private(set) var reused = 0
    public private(set) var compressed = 0
    /// The bands held, each once.
    public var held: Int { bands.count + older.keys.filter { bands[$0] == nil }.count }

    /// - Parameter maxBands: the most it holds; at least twice a frame's bands (a 2532-row frame
    ///   has 159 of 16 rows), or a scrolling frame compresses bands it just dropped.
    public init(bandRows: Int = 16, maxBands: Int = 1024) {
        self.bandRows = max(1, bandRows)
        generation = max(1, maxBands / 2)
    }

    /// The plan for the frame whose rows are `pixels` and hash to `rowHashes`: its bands in order,
    /// with the rows of the ones not seen before copied out (filtered, as RGB) to compress.
    /// - Parameter offset: where the picture's first row lies on the page it shows (the scroll):
    ///   bands are cut at whole multiples of `bandRows` on the page, so a band that scrolls keeps
    ///   its rows, and its bytes, from one frame to the next.
    public func plan(rowHashes: [ContentHash], pixels: PixelRows, height: Int, offset: Int = 0) -> PNGPlan {
        var plan = PNGPlan(width: pixels.width, height: height)
        rowHashes.withUnsafeBytes { hashes in
            for rows in bandRanges(height: height, offset: offset) {
                let stride = MemoryLayout<ContentHash>.stride
                let key = ContentHash(
                    of: UnsafeRawBufferPointer(rebasing: hashes[(rows.lowerBound * stride)..<(rows.upperBound * stride)]),
                    seed: UInt64(pixels.bytesPerRow))
                if let band = bands[key] ?? older[key] {
                    reused += 1
                    plan.bands.append(band)
                    keep(band, as: key)
                    continue
                }
                compressed += 1
                let band = CompressedBand()
                keep(band, as: key)
                plan.bands.append(band)
                plan.work.append((band, Self.filtered(pixels, rows: rows)))
            }
        }
        return plan
    }

    /// Puts `band` in this generation, starting a new one when it is full.
    private func keep(_ band: CompressedBand, as key: ContentHash) {
        guard bands[key] == nil else { return }
        if bands.count >= generation {
            older = bands
            bands = [:]
        }
        bands[key] = band
    }

    /// A picture's bands: cut where its page row (`offset` + row) is a multiple of `bandRows`,
    /// the first and last ones shorter when the cuts fall so.
    func bandRanges(height: Int, offset: Int) -> [Range<Int>] {
        let firstCut = (bandRows - (offset % bandRows + bandRows) % bandRows) % bandRows
        let cuts = (firstCut > 0 ? [0] : []) + Array(stride(from: firstCut, to: height, by: bandRows)) + [height]
        return zip(cuts, cuts.dropFirst()).map { $0..<$1 }.filter { !$0.isEmpty }
    }

    /// The rows as PNG scanlines: a filter byte (None) and the row's RGB.
    static func filtered(_ pixels: PixelRows, rows: Range<Int>) -> [UInt8] {
        let rowBytes = pixels.width * 3
        return [UInt8](unsafeUninitializedCapacity: rows.count * (rowBytes + 1)) { buffer, count in
            for (offset, row) in rows.enumerated() {
                let line = buffer.baseAddress! + offset * (rowBytes + 1)
                line[0] = 0
                switch pixels.format {
                case .xrgb:
                    streamshot_xrgb_to_rgb(
                        pixels.row(row).baseAddress!.assumingMemoryBound(to: UInt8.self), Int32(pixels.stride),
                        line + 1, Int32(pixels.width), 1)
                case .rgb:
                    (line + 1).update(from: pixels.row(row).baseAddress!.assumingMemoryBound(to: UInt8.self), count: rowBytes)
                }
            }
            count = rows.count * (rowBytes + 1)
        }
    }
}

/// One band's deflated bytes and checksums, filled once by whichever encode compresses it and
/// read by every frame that shows it (waiting, if that encode is still running on another thread).
public final class CompressedBand: @unchecked Sendable {
    private let filled = NSCondition()
    private var result: Result<PNGStream.Band, any Error>?

    func fill(from filtered: [UInt8]) {
        let value = Result { try PNGStream.Band(filtered: filtered) }
        filled.lock()
        result = value
        filled.broadcast()
        filled.unlock()
    }

    func band() throws -> PNGStream.Band {
        filled.lock()
        defer { filled.unlock() }
        while result == nil { filled.wait() }
        return try result!.get()
    }
}

/// A frame's PNG as bands: compress the new ones, then stitch every band into the file. Safe to
/// encode on another thread: it holds copies of the rows it compresses, never the canvas.
public struct PNGPlan: @unchecked Sendable {
    public let width: Int
    public let height: Int
    var bands: [CompressedBand] = []
    var work: [(band: CompressedBand, filtered: [UInt8])] = []

    /// Bands this plan compresses (the others came from the store).
    public var newBands: Int { work.count }

    init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    /// Deflates the bands first seen in this frame.
    public func compress() {
        for item in work { item.band.fill(from: item.filtered) }
    }

    /// The PNG file, from every band (waiting for bands an earlier frame's encode is still compressing).
    /// - Throws: `GraphicsError` when zlib failed on a band.
    public func assemble() throws -> [UInt8] {
        PNGStream.png(width: width, height: height, bands: try bands.map { try $0.band() })
    }
}
