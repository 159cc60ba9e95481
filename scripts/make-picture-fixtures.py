#!/usr/bin/env python3
"""Writes the pictures the image examples use (Examples/pictures/), in plain Python (zlib only),
so anyone can make them again: a lease's floor plan (opaque, wider than a phone's column, so it
is shrunk to fit), a landlord's seal (transparent round the seal, smaller than the column, so it
is drawn at its own size), and a phone's photo of the signed last page — a JPEG stored sideways,
as a camera stores it, with the Exif orientation (6) that turns it upright; encoded with Pillow
(`pip install pillow`), the one package besides Python's own it needs."""
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


PAGE_WIDTH, PAGE_HEIGHT = 480, 640


def signed_page(x, y):
    """The page upright: a desk round a sheet, lines of text, a signature and its line."""
    margin = 28
    if not (margin <= x < PAGE_WIDTH - margin and margin <= y < PAGE_HEIGHT - margin):
        return (118, 96, 74, 255)  # the desk
    paper = (246, 244, 238)
    # Lines of text, right-aligned as an Arabic page's are, ragged at their left end.
    row = (y - 70) // 22
    if 0 <= row < 17 and (y - 70) % 22 < 7:
        left = margin + 40 + (row * 37) % 90
        if left <= x < PAGE_WIDTH - margin - 36:
            return (96, 96, 104, 255)
    # The signature's line and a scribble above it.
    if 560 <= y < 562 and 80 <= x < 300:
        return (60, 60, 70, 255)
    wave = 530 + 18 * math.sin((x - 90) / 17.0) * math.cos((x - 90) / 41.0)
    if 95 <= x < 280 and abs(y - wave) < 2.2:
        return (28, 52, 120, 255)
    return paper + (255,)


def exif_orientation(value):
    """An APP1 segment whose Exif says how to turn the picture (tag 0x0112, big-endian TIFF)."""
    tiff = b"MM\x00\x2a" + struct.pack(">I", 8) + struct.pack(">H", 1) + struct.pack(">HHIHH", 0x0112, 3, 1, value, 0) + struct.pack(">I", 0)
    body = b"Exif\x00\x00" + tiff
    return b"\xff\xe1" + struct.pack(">H", len(body) + 2) + body


def photo(path):
    """The page stored a quarter turn anticlockwise (orientation 6 turns it back), as a JPEG."""
    import io

    from PIL import Image

    width, height = PAGE_HEIGHT, PAGE_WIDTH
    pixels = bytearray()
    for sy in range(height):
        for sx in range(width):
            pixels.extend(signed_page(PAGE_WIDTH - 1 - sy, sx)[:3])
    encoded = io.BytesIO()
    Image.frombytes("RGB", (width, height), bytes(pixels)).save(encoded, "JPEG", quality=85)
    data = encoded.getvalue()
    with open(path, "wb") as out:
        out.write(data[:2] + exif_orientation(6) + data[2:])


def main():
    os.makedirs(OUT, exist_ok=True)
    png(os.path.join(OUT, "floor-plan.png"), 1200, 700, floor_plan)
    png(os.path.join(OUT, "seal.png"), 200, 200, seal)
    photo(os.path.join(OUT, "signed-page.jpg"))


if __name__ == "__main__":
    main()
