import CPangoCairo

// One check per C library: every status or NULL that crosses the graphics boundary is turned
// into a `GraphicsError` here, with the library's own words for the failure.

/// Cairo's status codes.
enum Cairo {
    /// - Parameters:
    ///   - status: what `cairo_status`, `cairo_surface_status`, `cairo_font_options_status` or a
    ///     writing call returned.
    ///   - operation: what was being attempted, e.g. "create image surface".
    ///   - cleanup: frees what the caller created before the failure; run before throwing.
    /// - Throws: `GraphicsError` with `cairo_status_to_string` when `status` is not success.
    static func check(_ status: cairo_status_t, _ operation: String, cleanup: () -> Void = {}) throws {
        guard status == CAIRO_STATUS_SUCCESS else {
            cleanup()
            throw GraphicsError(operation, String(cString: cairo_status_to_string(status)))
        }
    }
}

/// libspng's error codes (0 is success).
enum SPNG {
    /// A decoding context skips the zlib stream's Adler-32: the CRC-32 of every IDAT chunk, which
    /// libspng still checks, covers the same bytes, and the second checksum was 14% of `compare`.
    static let decoderFlags = Int32(SPNG_CTX_IGNORE_ADLER32.rawValue)

    /// - Throws: `GraphicsError` with `spng_strerror` when `code` is not 0.
    static func check(_ code: Int32, _ operation: String) throws {
        guard code == 0 else { throw error(code, operation) }
    }

    /// The error for `code`, for calls that report failure by returning NULL and an out-parameter.
    static func error(_ code: Int32, _ operation: String) -> GraphicsError {
        GraphicsError(operation, String(cString: spng_strerror(code)))
    }
}

/// The object a C creator returned, or an error naming the creator when it returned NULL
/// (fontconfig, Pango, Cairo and libspng constructors report failure only that way).
/// - Parameters:
///   - pointer: the creator's result.
///   - operation: what was being attempted, e.g. "create Pango layout".
///   - creator: the C function's name, for the error's detail.
///   - cleanup: frees what the caller created before; run before throwing.
/// - Throws: `GraphicsError` "`creator` returned NULL".
func nonNull<Pointer>(
    _ pointer: Pointer?, _ operation: String, creator: String,
    cleanup: () -> Void = {}
) throws -> Pointer {
    guard let pointer else {
        cleanup()
        throw GraphicsError(operation, "\(creator) returned NULL")
    }
    return pointer
}
