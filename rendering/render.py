"""The pictures as PNG bytes: each scene drawn (:mod:`rendering.images`) and encoded
with the shared palette (:mod:`rendering.palette`).

These sit above both so that the palette, which is learnt from drawings, never has to
import the module that encodes with it.
"""

from __future__ import annotations

import functools
import itertools
import math
import threading
import weakref
from collections import Counter, OrderedDict
from collections.abc import Hashable
from dataclasses import dataclass
from typing import Any

from PIL import Image, ImageDraw

from ._draw import FELT, FELT_DARK, HIGHLIGHT, SANS, TEXT_RUNS, BoundedCache, text_length
from .faces import card_face, face_words
from .images import (
    Box,
    HandCard,
    HandPlan,
    Layers,
    TextRun,
    draw_hand,
    draw_hand_card,
    draw_runs,
    draw_summary,
    hand_border,
    hand_head_runs,
    hand_outline,
    hand_plan,
    table_layers,
    trick_layers,
)
from .palette import palette, quantize, to_png
from .png import Band, BandCompressor, inflate, png_from_bands
from .scenes import ENGLISH_FACES, FaceWords, HandScene, SummaryScene, TableScene, TrickScene

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
#: Deflated bands of rows, keyed by the base and the layers they show: a trick picture
#: reuses the bands its card does not touch, and a table's first picture (or one whose
#: latest was forgotten) those of pictures drawn like it.  A table picture after its
#: first is drawn from its latest (:data:`LATEST`), never from here: under
#: ``benchmarks/load.py`` at 200 tables no table picture looked a band up (session 38),
#: so this holds mostly the review's trick pictures, which can no longer push out the
#: tables' latest pictures (``pictures.py --tables 1000`` draws 1,000 tables' tricks).
BANDS: BoundedCache[tuple[int, ...], Band] = BoundedCache(
    "PNG bands", 1 << 16, 24 << 20, lambda band: len(band.data) + 120
)


#: Every band kept (by :data:`LATEST` or :data:`BANDS`), by its bytes: many tables'
#: pictures share rows (the felt between the seats, the panel's frame, a seat plate of
#: the same computer), and their latest pictures held each its own copy of them; 261
#: tables' latest pictures under ``benchmarks/table_memory.py`` held 10.3 MB of bands,
#: 5.4 MB of them distinct (session 39).  A band's bytes stand alone and decode to its
#: rows, so two bands of the same bytes are the same band.
_SAME_BANDS: weakref.WeakValueDictionary[bytes, Band] = weakref.WeakValueDictionary()
_SAME_LOCK = threading.Lock()


def shared_band(band: Band) -> Band:
    """The band of ``band``'s bytes kept already (by any table's picture), else ``band``."""
    with _SAME_LOCK:
        return _SAME_BANDS.setdefault(band.data, band)


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

#: What the layered pictures cost in work, counted as they are drawn (read by the
#: benchmarks, ``picture_work``): how each table or trick picture was put together
#: (``table: patched``, ``table: latest not kept``, ...), the layers drawn, the bands
#: deflated and inflated, and the bases drawn.  Cheap ints; never read by the bot.
WORK: Counter[str] = Counter()


def picture_work() -> dict[str, int]:
    """The counts of :data:`WORK` so far, and each picture cache's hits and misses."""
    return {**WORK, **{f"{c.name} {what}": n for c in _caches() for what, n in (("hits", c.hits), ("misses", c.misses))}}


@functools.lru_cache(maxsize=1)
def _plte() -> bytes:
    return bytes(palette().getpalette() or [])[:768]


def _palette_base(layers: Layers) -> Image.Image:
    def make() -> Image.Image:
        WORK["palette bases mapped"] += 1
        width, height = layers.size
        out = Image.new("P", (width + 1, height), 0)
        out.paste(quantize(_rgb_base(layers)), (1, 0))
        return out

    return PALETTE_BASES.get(layers.base_key, make)


def _rgb_base(layers: Layers) -> Image.Image:
    def make() -> Image.Image:
        WORK["RGB bases drawn"] += 1
        return layers.base()

    return RGB_BASES.get(layers.base_key, make)


def _layered_png(layers: Layers) -> bytes:
    """The PNG of a picture drawn in layers: from the latest picture of its family
    (:func:`_patched`) when one is kept, else from kept bands (:func:`_banded`).  It
    decodes to the same pixels as ``to_png(layers.draw())``."""
    width, height = layers.size
    kind = str(layers.base_key[0]) if isinstance(layers.base_key, tuple) else "picture"
    if layers.family is None:
        WORK[f"{kind}: from kept bands"] += 1
        return png_from_bands(width, height, _plte(), _banded(layers))
    # (a family's pictures over bases of the same head follow one another: a table's
    # panel grows a line every few moments)
    base_id = IDS(layers.base_key)
    family = (IDS(layers.head_key) if layers.head_rows else base_id, layers.family)
    shown = tuple((IDS(layer.key), layer.box) for layer in layers.layers)
    latest = LATEST.lookup(family)
    if latest is None or len(latest.layers) != len(shown):
        WORK[f"{kind}: latest not kept" if latest is None else f"{kind}: latest of other layers"] += 1
        bands = _banded(layers)
    else:
        same = latest.base == base_id
        WORK[f"{kind}: patched" if same else f"{kind}: patched over a new base"] += 1
        bands = _patched(layers, shown, latest, height if same else layers.head_rows)
    LATEST.put(family, _Latest(base_id, shown, tuple(bands)))
    return png_from_bands(width, height, _plte(), bands)


@dataclass(frozen=True, slots=True)
class _Latest:
    """A family's latest picture: its base and each layer's key (their numbers in
    ``IDS``) and box, and the picture's PNG bands."""

    base: int
    layers: tuple[tuple[int, Box], ...]
    bands: tuple[Band, ...]


#: The latest picture of each family of pictures (a table's), as its PNG bands (about
#: 50-62 KB for a table; a picture put together from kept bands shares them with
#: :data:`BANDS`): 104 MB holds the latest pictures of about 1,700 tables (1,000 tables
#: took 62 MB in ``pictures.py --tables 1000``, session 38); a table whose latest
#: picture is forgotten is drawn from kept bands, as before.
LATEST: BoundedCache[Hashable, _Latest] = BoundedCache(
    "latest pictures (PNG bands)", 1 << 14, 104 << 20,
    lambda latest: sum(len(band.data) + 120 for band in latest.bands) + 40 * len(latest.layers) + 200,
)


def _meets(a: Box, b: Box) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def _patched(layers: Layers, shown: tuple[tuple[int, Box], ...], latest: _Latest, kept: int) -> list[Band]:
    """The PNG bands of a picture drawn from the latest of its family.

    ``kept``: the rows above which the latest picture's base is this one's (all of them
    when its base is this one's; else the base's head, ``Layers.head_rows``); the rows
    from ``kept`` down are drawn anew.  Above them, a layer whose key or box changed
    makes its old and new boxes *dirty*.  Outside the dirty boxes, every pixel is
    covered by the same layers with the same keys, in the same order, over the same
    base: it is the latest picture's.  Inside them, the picture is the base and every
    layer that meets a dirty box, drawn in order (each pixel as in the whole drawing:
    the layers that cover it, in order).  So only those layers are drawn, only the dirty
    boxes are mapped onto the palette, into the latest picture's rows (inflated from its
    bands), and only the bands whose rows changed are deflated.
    """
    width, height = layers.size
    dirty: list[Box] = [(0, kept, width, height)] if kept < height else []
    for (old_id, old_box), (new_id, new_box) in zip(latest.layers, shown, strict=True):
        if old_id != new_id or old_box != new_box:
            for x0, y0, x1, y1 in (old_box, new_box):
                box = (x0, y0, x1, min(y1, kept))  # (below ``kept`` all is drawn anew)
                if box[2] > box[0] and box[3] > box[1] and box not in dirty:
                    dirty.append(box)
    n = -(-height // BAND_ROWS)
    bands: list[Band | None] = [*latest.bands[:n], *[None] * (n - len(latest.bands))]
    if not dirty:
        return [band for band in bands if band is not None]
    drawn = [layer for layer in layers.layers if any(_meets(layer.box, box) for box in dirty)]
    WORK["layers drawn"] += len(drawn)
    WORK["dirty px"] += sum((x1 - x0) * (y1 - y0) for x0, y0, x1, y1 in dirty)
    # (the canvas stops under the lowest layer drawn or box dirty: nothing below is needed)
    img = _rgb_base(layers).crop((0, 0, width, max(box[3] for box in [*dirty, *(layer.box for layer in drawn)])))
    for layer in drawn:
        layer.draw(img)
    spans: list[tuple[int, int]] = []  # runs of bands holding dirty rows, as rows
    for b in range(n):
        r0, r1 = b * BAND_ROWS, min(height, (b + 1) * BAND_ROWS)
        if any(box[1] < r1 and box[3] > r0 for box in dirty):
            if spans and spans[-1][1] == r0:
                spans[-1] = (spans[-1][0], r1)
            else:
                spans.append((r0, r1))
    compressor = BandCompressor()
    stride = width + 1
    for r0, r1 in spans:
        first, end = r0 // BAND_ROWS, -(-r1 // BAND_ROWS)
        # (the latest picture's rows of the span above ``kept``; those below it are all
        # dirty, so any bytes do there: zeros, the filter bytes of column 0)
        above = -(-min(r1, kept) // BAND_ROWS)
        old = inflate(list(latest.bands[first:above]))[:(min(r1, kept) - r0) * stride] if above > first else b""
        WORK["bands inflated"] += max(0, above - first)
        old += bytes((r1 - r0) * stride - len(old))
        rows = Image.frombytes("P", (stride, r1 - r0), old)
        for x0, y0, x1, y1 in dirty:
            y0, y1 = max(y0, r0), min(y1, r1)
            if y1 > y0:
                rows.paste(quantize(img.crop((x0, y0, x1, y1))), (x0 + 1, y0 - r0))
        raw = rows.tobytes()
        for b in range(first, end):
            start = (b * BAND_ROWS - r0) * stride
            stop = (min(height, (b + 1) * BAND_ROWS) - r0) * stride
            # (a band wholly above ``kept`` whose rows came out as they were keeps its bytes)
            if min(height, (b + 1) * BAND_ROWS) > kept or raw[start:stop] != old[start:stop]:
                WORK["bands deflated"] += 1
                bands[b] = shared_band(compressor.band(raw[start:stop]))
    return [band for band in bands if band is not None]


def _banded(layers: Layers) -> list[Band]:
    """The PNG bands of a picture drawn in layers, every row.

    The picture's rows are cut into bands of :data:`BAND_ROWS`; a band's pixels are a
    function of the base and of the layers whose boxes it crosses, so its deflated bytes
    are kept under their keys and reused.  Only the layers that cross a band not kept
    are drawn, over a copy of the base (down to the lowest of them); only those bands' rows are mapped onto the
    palette (pixel by pixel, so the same as mapping the whole) and deflated.  The bands
    decode to the same pixels as ``to_png(layers.draw())``.
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
        WORK["layers drawn"] += len(needed)
        WORK["bands deflated"] += len(missing)
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
                band = shared_band(compressor.band(raw[start:end]))
                bands[b] = band
                BANDS.put(keys[b], band)
    return [band for band in bands if band is not None]


def cache_stats() -> dict[str, tuple[int, int]]:
    """The bounded caches of the pictures: name -> (entries, bytes) kept now."""
    return {c.name: c.stats() for c in _caches()}


def _caches() -> tuple[BoundedCache[Any, Any], ...]:
    return (TEXT_RUNS, RGB_BASES, PALETTE_BASES, BANDS, LATEST, HAND_PARTS, HAND_PICTURES)


@dataclass(frozen=True, slots=True)
class _Part:
    """A part of a hand picture on the palette: ``image``, and for a face the mask of its
    opaque pixels and the boxes of the others (its corners)."""

    image: Image.Image
    mask: Image.Image | None = None
    corners: tuple[Box, ...] = ()


#: Parts of hand pictures, already mapped onto the palette (a byte a pixel): each card's
#: face with the mask of its opaque pixels (43 KB a face: 4.7 MB for every face, dimmed
#: and not, in one language), the title and the hint (a tile of their own, 5-15 KB),
#: and the corners of a card as it lies over the cards before it (9 by 9 px).  A
#: part's key is everything drawn into it, so it is never another's.
HAND_PARTS: BoundedCache[Hashable, _Part] = BoundedCache(
    "hand parts (palette)", 1 << 15, 16 << 20,
    lambda part: (1 + (part.mask is not None)) * part.image.width * part.image.height + 200,
)


@functools.lru_cache(maxsize=4)
def _index(colour: tuple[int, int, int]) -> int:
    """The palette index a pixel of ``colour`` maps onto."""
    index = quantize(Image.new("RGB", (1, 1), colour)).getpixel((0, 0))
    assert isinstance(index, int)
    return index


def _corners(alpha: Image.Image) -> tuple[Box, ...]:
    """Boxes (one a quadrant) holding every pixel of a face that is not opaque: its
    rounded corners."""
    w, h = alpha.size
    out = []
    for x0, y0, x1, y1 in ((0, 0, w // 2, h // 2), (w // 2, 0, w, h // 2), (0, h // 2, w // 2, h),
                           (w // 2, h // 2, w, h)):
        box = alpha.crop((x0, y0, x1, y1)).point(lambda a: 255 if a < 255 else 0).getbbox()
        if box is not None:
            out.append((x0 + box[0], y0 + box[1], x0 + box[2], y0 + box[3]))
    return tuple(out)


def _palette_face(c: HandCard, faces: FaceWords, words_id: int, english_id: int) -> _Part:
    """A card's face on the palette, the mask of its opaque pixels and its corners
    (``words_id``, ``english_id``: the numbers ``IDS`` gives ``faces`` and the English
    words, which a face without words is drawn with)."""
    def make() -> _Part:
        face = card_face(c.card, dim=c.dim, words=faces)
        alpha = face.getchannel("A")
        return _Part(quantize(face.convert("RGB")), alpha.point(lambda a: 255 if a == 255 else 0),
                     _corners(alpha))

    words = face_words(c.card, faces)
    assert words is faces or words is ENGLISH_FACES
    return HAND_PARTS.get(("face", int(c.card), c.dim, words_id if words is faces else english_id), make)


def _covers(c: HandCard, face: _Part, box: Box) -> bool:
    """Whether ``box`` lies wholly on the opaque pixels of ``c``'s face (inside the face
    and clear of its corners)."""
    x0, y0, x1, y1 = box[0] - c.x, box[1] - c.y, box[2] - c.x, box[3] - c.y
    w, h = face.image.size
    return (x0 >= 0 and y0 >= 0 and x1 <= w and y1 <= h
            and not any(x0 < k[2] and x1 > k[0] and y0 < k[3] and y1 > k[1] for k in face.corners))


def _head_tiles(plan: HandPlan) -> list[tuple[int, Image.Image]] | None:
    """The title and the hint on the palette, each a tile (x where it goes, the tile) of
    the rows above the first card's outline, as wide as its text and a few px; None
    when one's pixels reach past its tile or the two would overlap (drawn whole)."""
    rows, pad = plan.head - 3, 6
    tiles: list[tuple[int, Image.Image]] = []
    for run in hand_head_runs(plan):
        x, _, text, size, _ = run
        x0 = max(0, math.floor(x) - pad)
        x1 = min(plan.width, math.ceil(x + text_length(text, SANS, size)) + pad)

        def make(run: TextRun = run, x0: int = x0, x1: int = x1) -> _Part:
            img = Image.new("RGB", (x1 - x0, rows + 2 * pad), FELT)
            draw_runs(img, (run,), -x0)
            tile = quantize(img)
            w, h = tile.size
            margins = [(0, rows, w, h)] + [(0, 0, pad, h)] * (x0 > 0) + [(w - pad, 0, w, h)] * (x1 < plan.width)
            spill = any(tile.crop(box).getcolors(1) is None for box in margins)
            # (a run that spills past its tile is kept as an empty box: drawn whole)
            return _Part(tile.crop((0, 0, w, rows)), corners=((0, 0, 0, 0),) if spill else ())

        part = HAND_PARTS.get(("run", x - x0, x1 - x0, rows, run[1:]), make)
        if part.corners or (tiles and tiles[-1][0] + tiles[-1][1].width > x0):
            return None
        tiles.append((x0, part.image))
    return tiles


def hand_rows(scene: HandScene) -> Image.Image:
    """The hand picture on the shared palette, one column wider on the left (column 0
    is 0: the PNG rows' filter bytes), put together on the palette: its pixels are
    those of ``quantize(draw_hand(scene))``.

    The cards are laid in drawing order: a lit card's outline (one colour), then its
    face's opaque pixels from the face kept on the palette, then its rounded corners,
    the only pixels that blend with what lies under them: each corner is drawn as in
    the whole picture (felt, then every card reaching it so far, by the same calls at
    whole-pixel offsets), mapped onto the palette and kept.  After each card, every
    pixel it touched is as in the whole picture mapped pixel by pixel.
    """
    plan = hand_plan(scene)
    head = _head_tiles(plan)
    out = Image.new("P", (plan.width + 1, plan.height), _index(FELT))
    out.paste(0, (0, 0, 1, plan.height))
    if head is None or not any(plan.rows):  # (drawn whole)
        out.paste(quantize(draw_hand(scene)), (1, 0))
        return out
    # (pasted by Pillow's core, as ``Image.paste`` pastes images of one mode: the
    # wrapper's checks cost more than the small pastes themselves)
    core = out.im
    for x, tile in head:
        core.paste(tile.im, (x + 1, 0, x + 1 + tile.width, tile.height))
    lit = _index(HIGHLIGHT)
    d = ImageDraw.Draw(out)
    words_id, english_id = IDS(plan.faces), IDS(ENGLISH_FACES)
    for row in plan.rows:
        parts = [_palette_face(c, plan.faces, words_id, english_id) for c in row]
        for i, (c, face) in enumerate(zip(row, parts, strict=True)):
            if c.lit:
                hand_outline(d, c, lit, dx=1)
            fw, fh = face.image.size
            assert face.mask is not None
            core.paste(face.image.im, (c.x + 1, c.y, c.x + 1 + fw, c.y + fh), face.mask.im)
            for cx0, cy0, cx1, cy1 in face.corners:
                x0, y0, x1, y1 = c.x + cx0, c.y + cy0, c.x + cx1, c.y + cy1
                if i + 1 < len(row) and _covers(row[i + 1], parts[i + 1], (x0, y0, x1, y1)):
                    continue  # (the next card's opaque pixels will cover the whole corner)
                reach: list[HandCard] = []  # this card and those before it that reach the corner
                for o in reversed(row[:i + 1]):
                    bx0, by0, bx1, by1 = o.box
                    if bx1 <= x0:
                        break  # (the cards lie left to right: none further back reaches it)
                    if bx0 < x1 and by0 < y1 and by1 > y0:
                        reach.insert(0, o)

                def make(reach: list[HandCard] = reach, x0: int = x0, y0: int = y0,
                         x1: int = x1, y1: int = y1) -> _Part:
                    img = Image.new("RGB", (x1 - x0, y1 - y0), FELT)
                    for o in reach:
                        draw_hand_card(img, o, plan.faces, -x0, -y0)
                    return _Part(quantize(img))

                key = ("corner", x1 - x0, y1 - y0, words_id,
                       tuple((o.card, o.x - x0, o.y - y0, o.dim, o.lit) for o in reach))
                core.paste(HAND_PARTS.get(key, make).image.im, (x0 + 1, y0, x1 + 1, y1))
    hand_border(out, plan, _index(FELT_DARK), dx=1)
    return out


#: Hand pictures drawn lately, by everything they show (not the text twin's card words):
#: while an auction goes round, a player's panel goes back and forth between two
#: pictures of the same cards (their turn, then waiting) and the bot keeps only the
#: bytes of the picture a message shows, so the other came back to be drawn again (12% of
#: the hand pictures drawn in ``benchmarks/load.py --tables 100 --mode human``).  A hand
#: picture is about 15 KB: 8 MB holds the last 500 or so, a few seconds of a busy bot's.
HAND_PICTURES: BoundedCache[Hashable, bytes] = BoundedCache(
    "hand pictures (PNG)", 1 << 12, 8 << 20, lambda png: len(png) + 120
)


def render_hand(scene: HandScene) -> bytes:
    """A player's hand as a PNG: sorted, overlapping so every index shows; when
    ``scene.legal`` is given, playable cards raised and outlined, the others dimmed."""
    key = ("hand", scene.cards, scene.legal, scene.title, scene.red_ace_high, IDS(scene.words))
    return HAND_PICTURES.get(key, lambda: encode_rows(hand_rows(scene)))


def encode_rows(rows: Image.Image) -> bytes:
    """The PNG of a palette picture one column wider on the left, that column 0 (as
    :func:`hand_rows` makes it): its bytes are the PNG rows, deflated at once."""
    return png_from_bands(rows.width - 1, rows.height, _plte(), [BandCompressor().band(rows.tobytes())])


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
