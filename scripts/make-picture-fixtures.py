#!/usr/bin/env python3
"""Writes the pictures the image examples use (Examples/pictures/*.png), in plain Python (zlib
only), so anyone can make them again: a lease's floor plan (opaque, wider than a phone's column,
so it is shrunk to fit) and a landlord's seal (transparent round the seal, smaller than the
column, so it is drawn at its own size)."""
import math
import os
import struct
import zlib

OUT = os.path.join(os.path.dirname(__file__), "..", "Examples", "pictures")


def png(path, width, height, pixel):
    """pixel(x, y) -> (r, g, b, a); written as 8-bit RGBA."""
    rows = bytearray()
    for y in range(height):
        rows.append(0)
        for x in range(width):
            rows.extend(pixel(x, y))

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    with open(path, "wb") as out:
        out.write(b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header) + chunk(b"IDAT", zlib.compress(bytes(rows), 9)) + chunk(b"IEND", b""))


# Rooms of the floor plan: (left, top, right, bottom, fill).
ROOMS = [
    (40, 40, 420, 330, (232, 240, 250)),  # living room
    (420, 40, 760, 330, (240, 247, 236)),  # bedroom 1
    (760, 40, 1160, 330, (240, 247, 236)),  # bedroom 2
    (40, 330, 460, 660, (252, 243, 228)),  # kitchen
    (460, 330, 760, 660, (236, 236, 244)),  # bathrooms
    (760, 330, 1160, 660, (240, 247, 236)),  # bedroom 3
]
DOORS = [(330, 330, 400, 330), (560, 330, 630, 330), (900, 330, 970, 330), (420, 150, 420, 220), (760, 450, 760, 520)]


def floor_plan(x, y):
    wall = 10
    for left, top, right, bottom in [(l, t, r, b) for l, t, r, b, _ in ROOMS]:
        on_vertical = (abs(x - left) < wall / 2 or abs(x - right) < wall / 2) and top - wall / 2 <= y <= bottom + wall / 2
        on_horizontal = (abs(y - top) < wall / 2 or abs(y - bottom) < wall / 2) and left - wall / 2 <= x <= right + wall / 2
        if on_vertical or on_horizontal:
            in_door = any(
                (dy0 == dy1 and abs(y - dy0) < wall and dx0 <= x <= dx1) or (dx0 == dx1 and abs(x - dx0) < wall and dy0 <= y <= dy1)
                for dx0, dy0, dx1, dy1 in DOORS)
            return (255, 255, 255, 255) if in_door else (52, 58, 64, 255)
    for left, top, right, bottom, fill in ROOMS:
        if left <= x < right and top <= y < bottom:
            # A light grid, as a drawing's tiles: half a metre a square.
            if (x - left) % 40 == 0 or (y - top) % 40 == 0:
                return tuple(max(0, c - 18) for c in fill) + (255,)
            return fill + (255,)
    return (255, 255, 255, 255)


def seal(x, y):
    size = 200
    cx = cy = (size - 1) / 2
    r = math.hypot(x - cx, y - cy)
    ink = (32, 86, 160)
    # Edges antialiased: coverage of the ring's boundary over one pixel.
    def coverage(inner, outer):
        return max(0.0, min(1.0, outer - r + 0.5)) * max(0.0, min(1.0, r - inner + 0.5))
    a = max(coverage(86, 98), coverage(70, 76), coverage(0, 22))
    star = 0.0
    angle = math.atan2(y - cy, x - cx)
    spoke = abs(math.sin(angle * 4))
    if 30 <= r <= 62 and spoke < 0.12:
        star = 1.0
    alpha = int(round(255 * max(a, star) * 0.92))
    return ink + (alpha,)


def main():
    os.makedirs(OUT, exist_ok=True)
    png(os.path.join(OUT, "floor-plan.png"), 1200, 700, floor_plan)
    png(os.path.join(OUT, "seal.png"), 200, 200, seal)


if __name__ == "__main__":
    main()
