import Foundation

/// A file written with plain POSIX calls. Not `Data.write(to:)`: Foundation syncs every file it
/// writes to the disk, and a render writes thousands of frames — that sync was two thirds of a
/// scrolling render's time, for a durability no frame needs (the manifest, put in place last, is
/// what says a render is whole).
enum PlainFile {
    /// Writes `bytes` to a new file at `path` (replacing one that is there).
    /// - Throws: `InputError` naming the file and the system's reason.
    static func write(_ bytes: [UInt8], to path: String) throws {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { throw failure(path) }
        defer { close(descriptor) }
        try bytes.withUnsafeBytes { buffer in
            var written = 0
            while written < buffer.count {
                let result = Foundation.write(descriptor, buffer.baseAddress! + written, buffer.count - written)
                if result < 0, errno == EINTR { continue }
                guard result > 0 else { throw failure(path) }
                written += result
            }
        }
    }

    private static func failure(_ path: String) -> InputError {
        InputError("cannot write \(path): \(String(cString: strerror(errno)))")
    }
}
