#!/usr/bin/env python3
"""Makes the photo service's committed images: the bundled fallback corpus
(Sources/Services/Photos/BundledPhotos/images/, used when a machine has no PNG or
JPEG images) and the test fixtures (Tests/ServicesTests/Fixtures/photos/).

Every picture is computed here (gradients, rings, bands, noise: no image is copied
from anywhere). PNGs are written by this script (zlib-deflated rows, tEXt chunks);
JPEGs are PNM pixels compressed by `cjpeg` (Debian's libjpeg-turbo-progs), with an
EXIF segment spliced in where a fixture needs one. The output is deterministic.

    python3 Apps/Scripts/make-photo-images.py
"""
import math
import os
import random
import shutil
import struct
import subprocess
import sys
import tempfile
import zlib

HERE = os.path.dirname(os.path.abspath(__file__))
APPS = os.path.dirname(HERE)
BUNDLED = os.path.join(APPS, "Sources/Services/Photos/BundledPhotos/images")
FIXTURES = os.path.join(APPS, "Tests/ServicesTests/Fixtures/photos")


def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)


def png(path, width, height, pixel, texts=(), colour_type=2, depth=8):
    """pixel(x, y) gives a tuple of samples (3 for RGB, 2 for grey+alpha)."""
    samples = {0: 1, 2: 3, 4: 2, 6: 4}[colour_type]
    raw = bytearray()
    for y in range(height):
        raw.append(0)
        for x in range(width):
            for value in pixel(x, y)[:samples]:
                raw += struct.pack(">H", value) if depth == 16 else bytes([value])
    data = b"\x89PNG\r\n\x1a\n"
    data += chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, depth, colour_type, 0, 0, 0))
    for key, text in texts:
        data += chunk(b"tEXt", key.encode("latin-1") + b"\x00" + text.encode("latin-1"))
    data += chunk(b"IDAT", zlib.compress(bytes(raw), 9))
    data += chunk(b"IEND", b"")
    write(path, data)


def jpeg(path, width, height, pixel, quality=85, exif=None):
    with tempfile.TemporaryDirectory() as folder:
        ppm = os.path.join(folder, "image.ppm")
        with open(ppm, "wb") as out:
            out.write(b"P6\n%d %d\n255\n" % (width, height))
            out.write(bytes(v for y in range(height) for x in range(width) for v in pixel(x, y)[:3]))
        data = subprocess.run(["cjpeg", "-quality", str(quality), "-optimize", ppm], check=True, capture_output=True).stdout
    if exif is not None:
        segment = b"Exif\x00\x00" + exif
        data = data[:2] + b"\xff\xe1" + struct.pack(">H", len(segment) + 2) + segment + data[2:]
    write(path, data)
    return data


def tiff(entries, exif_entries):
    """A little-endian TIFF structure with ASCII entries, and an EXIF directory."""
    def directory(start, items, extra):
        # items: (tag, ascii text) or (tag, None) for the EXIF pointer filled later.
        count = len(items)
        heap_at = start + 2 + count * 12 + 4
        body = struct.pack("<H", count)
        heap = b""
        for tag, value in items:
            if isinstance(value, int):
                body += struct.pack("<HHII", tag, 4, 1, value)
                continue
            text = value.encode("ascii") + b"\x00"
            if len(text) <= 4:
                body += struct.pack("<HHI", tag, 2, len(text)) + text.ljust(4, b"\x00")
            else:
                body += struct.pack("<HHII", tag, 2, len(text), heap_at + len(heap))
                heap += text
        return body + struct.pack("<I", extra) + heap

    header = b"II*\x00" + struct.pack("<I", 8)
    # The main directory's size decides where the EXIF directory goes.
    first = directory(8, entries + [(0x8769, 0)], 0)
    exif_at = 8 + len(first)
    first = directory(8, entries + [(0x8769, exif_at)], 0)
    return header + first + directory(exif_at, exif_entries, 0)


def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as out:
        out.write(data)
    print(f"{os.path.relpath(path, APPS)}: {len(data)} bytes")


def clamp(value):
    return max(0, min(255, int(value)))


def bundled():
    shutil.rmtree(BUNDLED, ignore_errors=True)
    made_by = "Ripple (Apps/Scripts/make-photo-images.py)"

    def aurora(x, y):
        wave = math.sin(x / 37.0 + math.sin(y / 23.0) * 2.0)
        return (clamp(20 + 60 * wave), clamp(90 + 120 * (1 - y / 240) + 40 * wave), clamp(120 + 80 * y / 240))

    png(os.path.join(BUNDLED, "aurora-waves.png"), 360, 240, aurora, texts=[
        ("Title", "Aurora waves"), ("Author", made_by), ("Creation Time", "Mon, 01 Jun 2026 12:00:00 +0000"),
        ("Description", "Green and blue waves over a dark sky, computed from sines."),
    ])

    def rings(x, y):
        distance = math.hypot(x - 320, y - 213)
        ring = (math.sin(distance / 9.0) + 1) / 2
        return (clamp(30 + 200 * ring), clamp(60 + 120 * ring * (1 - distance / 500)), clamp(160 + 60 * (1 - ring)))

    jpeg(os.path.join(BUNDLED, "ripple-rings.jpg"), 640, 426, rings, exif=tiff(
        [(0x010E, "Rings spreading from a centre, like a drop in still water."), (0x013B, made_by)],
        [(0x9003, "2026:06:01 12:00:00")],
    ))

    def bands(x, y):
        t = y / 480
        return (clamp(250 - 80 * t + 10 * math.sin(x / 50)), clamp(150 - 110 * t), clamp(60 + 90 * t))

    jpeg(os.path.join(BUNDLED, "sunset-bands.jpg"), 720, 480, bands, exif=tiff(
        [(0x010E, "Bands of a sunset's colours, from orange to violet."), (0x013B, made_by)],
        [(0x9003, "2026:06:01 12:00:00")],
    ))

    def dunes(x, y):
        ridge = math.sin(x / 41.0 + y / 17.0) * 0.5 + math.sin(x / 13.0 - y / 29.0) * 0.25
        return (clamp(200 + 40 * ridge), clamp(160 + 40 * ridge), clamp(100 + 30 * ridge))

    png(os.path.join(BUNDLED, "sand-dunes.png"), 320, 240, dunes, texts=[
        ("Title", "Sand dunes"), ("Author", made_by), ("Creation Time", "Mon, 01 Jun 2026 12:00:00 +0000"),
        ("Description", "Ridges of sand in warm light, computed from crossing sines."),
    ])


def fixtures():
    shutil.rmtree(FIXTURES, ignore_errors=True)

    def meadow(x, y):
        return (clamp(90 + x / 4), clamp(150 + 60 * math.sin(x / 30.0)), clamp(60 + y / 3))

    jpeg(os.path.join(FIXTURES, "meadow/wide_meadow-view.jpg"), 480, 240, meadow)

    def harbour(x, y):
        light = max(0, 1 - math.hypot(x - 250, y - 60) / 90)
        return (clamp(10 + 230 * light), clamp(20 + 200 * light), clamp(60 + 120 * (y / 200) + 60 * light))

    texts = [
        ("Title", "Harbour at Night"), ("Author", "Test Photographer"),
        ("Creation Time", "Sat, 07 Jan 2023 13:06:21 +0000"),
        ("Description", "A lighthouse beam over a dark harbour."),
    ]
    png(os.path.join(FIXTURES, "harbour-night.png"), 320, 200, harbour, texts=texts)
    # The same bytes at another path: a copy, imported once.
    png(os.path.join(FIXTURES, "spare/harbour-copy.png"), 320, 200, harbour, texts=texts)

    def portrait(x, y):
        grain = 40 * math.sin(x * 1.7) * math.cos(y * 1.3)
        return (clamp(120 + y / 3 + grain), clamp(90 + x / 2 - grain), clamp(200 - y / 2 + grain))

    jpeg(os.path.join(FIXTURES, "exif-portrait.jpg"), 200, 300, portrait, exif=tiff(
        [(0x010E, "A portrait with EXIF"), (0x013B, "Exif Author"), (0x0132, "2022:02:02 02:02:02")],
        [(0x9003, "2021:06:15 08:30:00")],
    ))

    # 16-bit grey with alpha: libpng converts it to 8-bit RGB on white.
    png(os.path.join(FIXTURES, "fog-16bit.png"), 160, 120,
        lambda x, y: (int(65535 * x / 159), int(65535 * y / 119)), colour_type=4, depth=16)

    # A button, not a photo: over the size minimum in bytes, under it in pixels.
    noise = random.Random(20)
    png(os.path.join(FIXTURES, "noise-button.png"), 64, 64,
        lambda x, y: (noise.randrange(256), noise.randrange(256), noise.randrange(256)))

    # Too small a file to be looked at.
    png(os.path.join(FIXTURES, "tiny.png"), 8, 8, lambda x, y: (200, 0, 0))

    # Malformed: a PNG signature and noise; a JPEG cut in half.
    write(os.path.join(FIXTURES, "broken.png"), b"\x89PNG\r\n\x1a\n" + bytes(random.Random(7).randrange(256) for _ in range(6000)))
    whole = jpeg(os.path.join(FIXTURES, "truncated.jpg"), 320, 240, lambda x, y: portrait(x, y % 200))
    write(os.path.join(FIXTURES, "truncated.jpg"), whole[: len(whole) // 2])

    # A KDE wallpaper package: one photo (its largest image), named by metadata.json.
    package = os.path.join(FIXTURES, "wallpapers/Evening")
    write(os.path.join(package, "metadata.json"), b"""{
    "KPlugin": {
        "Authors": [{"Email": "dawn@example.org", "Name": "Dawn Painter"}],
        "Id": "Evening",
        "Name": "Evening Glow"
    }
}
""")

    def glow(x, y, width, height):
        return (clamp(240 - 120 * y / height), clamp(120 + 60 * x / width - 80 * y / height), clamp(80 + 100 * y / height))

    jpeg(os.path.join(package, "contents/images/640x400.jpg"), 640, 400, lambda x, y: glow(x, y, 640, 400))
    jpeg(os.path.join(package, "contents/images/320x200.jpg"), 320, 200, lambda x, y: glow(x, y, 320, 200))
    png(os.path.join(package, "contents/screenshot.png"), 200, 125, lambda x, y: glow(x, y, 200, 125))


if __name__ == "__main__":
    if shutil.which("cjpeg") is None:
        sys.exit("cjpeg is missing: apt-get install libjpeg-turbo-progs")
    bundled()
    fixtures()
