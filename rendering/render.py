"""The pictures as PNG bytes: each scene drawn (:mod:`rendering.images`) and encoded
with the shared palette (:mod:`rendering.palette`).

These sit above both so that the palette, which is learnt from drawings, never has to
import the module that encodes with it.
"""

from __future__ import annotations

import functools
import itertools
import threading
from collections import OrderedDict
from collections.abc import Hashable

from PIL import Image

from ._draw import TEXT_RUNS, BoundedCache
from .images import Layers, draw_hand, draw_summary, table_layers, trick_layers
from .palette import palette, quantize, to_png
from .png import Band, BandCompressor, png_from_bands
from .scenes import HandScene, SummaryScene, TableScene, TrickScene

#: Rows a band of a layered picture's PNG holds (see :mod:`rendering.png`).
BAND_ROWS = 32

#: The static bases of the pictures drawn in layers, as drawn (RGB, 4 bytes a pixel:
#: about 5 MB for a table) and mapped onto the palette (a byte a pixel, one column wider
#: for the PNG rows' filter bytes).  Keyed by everything a base depends on.
RGB_BASES: BoundedCache[Hashable, Image.Image] = BoundedCache(
    "picture bases (RGB)", 16, 24 << 20, lambda img: 4 * img.width * img.height
)
PALETTE_BASES: BoundedCache[Hashable, Image.Image] = BoundedCache(
    "picture bases (palette)", 32, 16 << 20, lambda img: img.width * img.height
)
#: Deflated bands of rows, keyed by the base and the layers they show: a table's next
#: picture reuses the bands its change does not touch.  A table's latest picture keeps
#: about 55 KB here (35 bands), so 64 MB holds the latest pictures of about 1,200 tables;
#: beyond that a table's bands are forgotten before its next picture and it is drawn
#: whole (as fast as without the bands, ``benchmarks/pictures.py --tables``).
BANDS: BoundedCache[tuple[int, ...], Band] = BoundedCache(
    "PNG bands", 1 << 17, 64 << 20, lambda band: len(band.data) + 120
)


class _Ids:
    """Small numbers standing for layer and base keys, so that a band's key is a few
    ints however big the keys (a seat's look holds the picture's words).  A number is
    never given twice: when a key is forgotten and comes back it gets a new one, and the
    bands keyed by the old one are simply never found again."""

    def __init__(self, size: int) -> None:
        self._ids: OrderedDict[Hashable, int] = OrderedDict()
        self._next = itertools.count()
        self._size = size
        self._lock = threading.Lock()

    def __call__(self, key: Hashable) -> int:
        with self._lock:
            found = self._ids.get(key)
            if found is not None:
                self._ids.move_to_end(key)
                return found
            n = self._ids[key] = next(self._next)
            if len(self._ids) > self._size:
                self._ids.popitem(last=False)
            return n

    def __len__(self) -> int:
        return len(self._ids)


IDS = _Ids(1 << 16)


@functools.lru_cache(maxsize=1)
def _plte() -> bytes:
    return bytes(palette().getpalette() or [])[:768]


def _palette_base(layers: Layers) -> Image.Image:
    def make() -> Image.Image:
        width, height = layers.size
        out = Image.new("P", (width + 1, height), 0)
        out.paste(quantize(_rgb_base(layers)), (1, 0))
        return out

    return PALETTE_BASES.get(layers.base_key, make)


def _rgb_base(layers: Layers) -> Image.Image:
    return RGB_BASES.get(layers.base_key, layers.base)


def _layered_png(layers: Layers) -> bytes:
    """The PNG of a picture drawn in layers.

    The picture's rows are cut into bands of :data:`BAND_ROWS`; a band's pixels are a
    function of the base and of the layers whose boxes it crosses, so its deflated bytes
    are kept under their keys and reused.  Only the layers that cross a band not kept
    are drawn, over a copy of the base (down to the lowest of them); only those bands' rows are mapped onto the
    palette (pixel by pixel, so the same as mapping the whole) and deflated.  The result
    decodes to the same pixels as ``to_png(layers.draw())``.
    """
    width, height = layers.size
    base_id = IDS(layers.base_key)
    boxes = [layer.box for layer in layers.layers if layer.box[2] > layer.box[0] and layer.box[3] > layer.box[1]]
    drawn = [layer for layer in layers.layers if layer.box[2] > layer.box[0] and layer.box[3] > layer.box[1]]
    ids = [IDS(layer.key) for layer in drawn]
    n = -(-height // BAND_ROWS)
    keys: list[tuple[int, ...]] = []
    for b in range(n):
        r0, r1 = b * BAND_ROWS, min(height, (b + 1) * BAND_ROWS)
        keys.append((base_id, b, *(i for i, box in zip(ids, boxes, strict=True) if box[1] < r1 and box[3] > r0)))
    bands: list[Band | None] = [BANDS.lookup(k) for k in keys]
    missing = [b for b, band in enumerate(bands) if band is None]
    if missing:
        spans: list[tuple[int, int]] = []  # runs of missing bands, as rows
        for b in missing:
            r0, r1 = b * BAND_ROWS, min(height, (b + 1) * BAND_ROWS)
            if spans and spans[-1][1] == r0:
                spans[-1] = (spans[-1][0], r1)
            else:
                spans.append((r0, r1))
        needed = [k for k, box in enumerate(boxes) if any(box[1] < r1 and box[3] > r0 for r0, r1 in spans)]
        # (the canvas stops under the lowest layer drawn: nothing below it is needed)
        img = _rgb_base(layers).crop((0, 0, width, max(boxes[k][3] for k in needed) if needed else 1))
        for k in needed:
            drawn[k].draw(img)
        pbase = _palette_base(layers)
        compressor = BandCompressor()
        stride = width + 1
        for r0, r1 in spans:
            rows = pbase.crop((0, r0, stride, r1))
            for k in needed:
                x0, y0, x1, y1 = boxes[k]
                y0, y1 = max(y0, r0), min(y1, r1)
                if y1 > y0:
                    rows.paste(quantize(img.crop((x0, y0, x1, y1))), (x0 + 1, y0 - r0))
            raw = rows.tobytes()
            for b in range(r0 // BAND_ROWS, -(-r1 // BAND_ROWS)):
                start = (b * BAND_ROWS - r0) * stride
                end = (min(height, (b + 1) * BAND_ROWS) - r0) * stride
                band = compressor.band(raw[start:end])
                bands[b] = band
                BANDS.put(keys[b], band)
    return png_from_bands(width, height, _plte(), [band for band in bands if band is not None])


def cache_stats() -> dict[str, tuple[int, int]]:
    """The bounded caches of the pictures: name -> (entries, bytes) kept now."""
    return {c.name: c.stats() for c in (TEXT_RUNS, RGB_BASES, PALETTE_BASES, BANDS)}


def render_hand(scene: HandScene) -> bytes:
    """A player's hand as a PNG: sorted, overlapping so every index shows; when
    ``scene.legal`` is given, playable cards raised and outlined, the others dimmed."""
    return to_png(draw_hand(scene))


def render_trick(scene: TrickScene) -> bytes:
    """One trick as a PNG: seats round the table in play order, each card by its
    player's name, the leader and (when complete) the winner marked."""
    return _layered_png(trick_layers(scene))


def render_table(scene: TableScene) -> bytes:
    """The table as a PNG: seats with dealer, forehand, bidder, scores and whose turn
    it is; the current trick in the middle; under it the contract, level, called card,
    flek, announcements, exposed talon cards and the last trick."""
    return _layered_png(table_layers(scene))


def render_summary(scene: SummaryScene) -> bytes:
    """The end of a hand as a PNG score sheet: card points per side (with a bar of
    the 70 points), every payment line, each player's result and the pool."""
    return to_png(draw_summary(scene))
