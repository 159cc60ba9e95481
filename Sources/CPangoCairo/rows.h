#ifndef STREAMSHOT_CPANGOCAIRO_ROWS_H
#define STREAMSHOT_CPANGOCAIRO_ROWS_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* A 128-bit content hash of `length` bytes: four independent xxHash64-style lanes (so the
   multiplies overlap), folded two different ways and each avalanched. Not cryptographic; it
   names pixel rows and bands of rows, whose collisions would need 2^64 distinct rows. In C so it
   runs at memory speed even in debug builds of the Swift code. */
static inline uint64_t streamshot_rotl64(uint64_t value, int bits) {
    return (value << bits) | (value >> (64 - bits));
}

static inline uint64_t streamshot_avalanche64(uint64_t h) {
    h ^= h >> 33;
    h *= 0xC2B2AE3D27D4EB4FULL;
    h ^= h >> 29;
    h *= 0x165667B19E3779F9ULL;
    h ^= h >> 32;
    return h;
}

static inline void streamshot_hash128(const unsigned char *data, size_t length, uint64_t seed, uint64_t *out) {
    const uint64_t p1 = 0x9E3779B185EBCA87ULL, p2 = 0xC2B2AE3D27D4EB4FULL;
    const uint64_t p3 = 0x165667B19E3779F9ULL, p4 = 0x85EBCA77C2B2AE63ULL;
    uint64_t v1 = seed + p1 + p2, v2 = seed + p2, v3 = seed, v4 = seed - p1;
    size_t index = 0;
    for (; index + 32 <= length; index += 32) {
        uint64_t words[4];
        memcpy(words, data + index, 32);
        v1 = streamshot_rotl64(v1 + words[0] * p2, 31) * p1;
        v2 = streamshot_rotl64(v2 + words[1] * p2, 31) * p1;
        v3 = streamshot_rotl64(v3 + words[2] * p2, 31) * p1;
        v4 = streamshot_rotl64(v4 + words[3] * p2, 31) * p1;
    }
    for (; index + 8 <= length; index += 8) {
        uint64_t word;
        memcpy(&word, data + index, 8);
        v1 = streamshot_rotl64(v1 ^ (word * p2), 27) * p1 + p4;
    }
    for (; index < length; index++) v2 = streamshot_rotl64(v2 ^ ((uint64_t)data[index] * p3), 11) * p1;
    uint64_t first = streamshot_rotl64(v1, 1) + streamshot_rotl64(v2, 7) + streamshot_rotl64(v3, 12) + streamshot_rotl64(v4, 18);
    uint64_t second = (v1 * p3) ^ streamshot_rotl64(v2 * p4, 23) ^ streamshot_rotl64(v3 * p1, 41) ^ streamshot_rotl64(v4 * p2, 53);
    out[0] = streamshot_avalanche64(first ^ (uint64_t)length);
    out[1] = streamshot_avalanche64(second + (uint64_t)length * p4);
}

#endif
