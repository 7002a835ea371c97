"""PNG files put together from separately compressed bands of rows.

A table picture changes by a seat or two from one action to the next, yet zlib
compresses the whole picture each time (2.5 ms of a table's 3 to 4).  Here the picture's
rows (with their PNG filter byte, always 0: no filter, as Pillow writes palette images)
are cut into bands, each band is deflated on its own -- ended by a full flush, so it
refers to nothing before it and its bytes may follow any other band's -- and the
caller may keep a band's bytes and use them again wherever the same rows recur.  The
zlib stream is the bands' bytes between a zlib header and a final empty block, with the
Adler-32 of all the rows, combined from the bands' own checksums.

Everything here is the PNG and zlib formats (RFC 2083, RFC 1950, RFC 1951); the
pixels decode exactly as written, which ``tests/rendering/test_png.py`` checks with
Pillow's decoder.
"""

from __future__ import annotations

import struct
import zlib
from dataclasses import dataclass

try:
    # ISA-L's deflate (Intel's, the ``isal`` package): at its level 1, 2.5 times as
    # fast as zlib's level 1 on table pictures' rows and 10% smaller (0.61 against
    # 1.54 ms, 43 against 48 KB a whole picture, ``benchmarks/picture_bench.py
    # --deflate``, load 0.8).  Its streams are deflate streams: the pixels decode the same.
    # Its Adler-32 and CRC-32 are 5 and 13 times as fast as zlib's (0.02 against 0.11 ms
    # and 0.007 against 0.09 ms for a hand picture's 400 KB of rows, load 7).
    from isal import isal_zlib as _deflate
except ImportError:  # (an environment installed before isal was a dependency)
    _deflate = zlib  # type: ignore[misc]  # (the same API, the same pixels)

_SIGNATURE = b"\x89PNG\r\n\x1a\n"
_ZLIB_HEADER = b"\x78\x01"  # deflate, 32 KB window, fastest (RFC 1950: 0x7801 % 31 == 0)
_FINAL_EMPTY_BLOCK = b"\x03\x00"  # BFINAL=1, fixed Huffman codes, end of block
_ADLER_MOD = 65521
LEVEL = 1


@dataclass(frozen=True, slots=True, weakref_slot=True)
class Band:
    """Rows of a picture, deflated on their own: the bytes, the Adler-32 of the rows
    and their length uncompressed (filter bytes included).  (Weakly referable: the
    render process keeps one band of each bytes, ``rendering.render.shared_band``.)"""

    data: bytes
    adler: int
    length: int


def adler32_combine(adler1: int, adler2: int, len2: int) -> int:
    """The Adler-32 of A + B from those of A and of B and the length of B (zlib's
    ``adler32_combine``, which Python's :mod:`zlib` does not offer)."""
    rem = len2 % _ADLER_MOD
    sum1 = adler1 & 0xFFFF
    sum2 = (rem * sum1) % _ADLER_MOD
    sum1 += (adler2 & 0xFFFF) + _ADLER_MOD - 1
    sum2 += (adler1 >> 16) + (adler2 >> 16) + _ADLER_MOD - rem
    sum1 %= _ADLER_MOD
    sum2 %= _ADLER_MOD
    return sum1 | (sum2 << 16)


class BandCompressor:
    """Deflates bands one after another with one zlib stream, each ended by a full
    flush (so each band's bytes stand alone)."""

    def __init__(self) -> None:
        self._z = _deflate.compressobj(LEVEL, zlib.DEFLATED, -15)

    def band(self, rows: bytes) -> Band:
        """``rows`` (each a 0 filter byte and a row of palette indices) deflated."""
        data = self._z.compress(rows) + self._z.flush(_deflate.Z_FULL_FLUSH)
        return Band(data, _deflate.adler32(rows), len(rows))


def inflate(bands: list[Band]) -> bytes:
    """The rows of consecutive ``bands`` (each stands alone: any run of them is the
    start of a deflate stream)."""
    return _deflate.decompressobj(-15).decompress(b"".join(band.data for band in bands))


def _chunk(kind: bytes, body: bytes) -> bytes:
    return struct.pack(">I", len(body)) + kind + body + struct.pack(">I", _deflate.crc32(body, _deflate.crc32(kind)))


def png_from_bands(width: int, height: int, palette: bytes, bands: list[Band]) -> bytes:
    """A PNG of 8-bit palette indices: ``palette`` is the PLTE body (3 bytes a colour),
    ``bands`` all the rows, top to bottom."""
    adler = 1
    for b in bands:
        adler = adler32_combine(adler, b.adler, b.length)
    idat = b"".join([_ZLIB_HEADER, *(b.data for b in bands), _FINAL_EMPTY_BLOCK, struct.pack(">I", adler)])
    return b"".join(
        [
            _SIGNATURE,
            _chunk(b"IHDR", struct.pack(">IIBBBBB", width, height, 8, 3, 0, 0, 0)),
            _chunk(b"PLTE", palette),
            _chunk(b"IDAT", idat),
            _chunk(b"IEND", b""),
        ]
    )
