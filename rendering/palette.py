"""The shared 256-colour palette all PNGs are written with.

Adaptive quantisation of every image costs more than drawing it (about 7 ms for a
trick); mapping onto a fixed palette costs under 1 ms.  The palette is learnt once per
process, deterministically, from the card sheet and every sample scene, which between
them contain every colour the renderers use and its antialiasing blends.  A colour
added later that is missing from the samples is mapped to its nearest neighbour — add
a sample that shows it.
"""

from __future__ import annotations

import io
import threading

from PIL import Image

from . import samples
from .faces import card_sheet
from .images import draw_hand, draw_summary, draw_table, draw_trick

_lock = threading.Lock()
_palette: Image.Image | None = None


def _build() -> Image.Image:
    parts = [
        card_sheet(),
        draw_hand(samples.hand_to_play()),
        draw_hand(samples.hand_sixteen()),
        draw_trick(samples.trick_czech_complete()),
        draw_trick(samples.trick_five_players()),
        draw_trick(samples.trick_varsava()),
        draw_table(samples.table_czech()),
        draw_table(samples.table_nebraska()),
        draw_summary(samples.summary_povinnost()),
        draw_summary(samples.summary_varsava()),
    ]
    width = max(p.width for p in parts)
    sheet = Image.new("RGB", (width, sum(p.height for p in parts)))
    y = 0
    for p in parts:
        sheet.paste(p.convert("RGB"), (0, y))
        y += p.height
    return sheet.quantize(256, method=Image.Quantize.MEDIANCUT, dither=Image.Dither.NONE)


def palette() -> Image.Image:
    """The shared palette as a 'P' image (built on first use; thread-safe)."""
    global _palette
    if _palette is None:
        with _lock:
            if _palette is None:
                _palette = _build()
    return _palette


#: zlib effort of the PNGs.  Level 1 against the old 3 (``benchmarks/picture_bench.py``,
#: a table): 2.7 against 3.0 ms to encode, 52 against 47 KB; the pixels are the same.
PNG_LEVEL = 1


def quantize(img: Image.Image) -> Image.Image:
    """``img`` mapped onto the shared palette, pixel by pixel (no dithering: each pixel
    becomes its nearest palette colour whatever its neighbours, so a part of a picture
    maps the same alone as in the whole)."""
    if img.mode != "RGB":
        img = img.convert("RGB")
    return img.quantize(palette=palette(), dither=Image.Dither.NONE)


def encode(pal: Image.Image) -> bytes:
    """A palette image (from :func:`quantize`) as PNG bytes."""
    buf = io.BytesIO()
    pal.save(buf, "PNG", compress_level=PNG_LEVEL)
    return buf.getvalue()


def to_png(img: Image.Image) -> bytes:
    """Encode ``img`` as a PNG with the shared 256-colour palette.

    The images are flat colours and antialiased text, so a palette loses nothing
    visible and keeps the files small; see :mod:`rendering.palette`.
    """
    return encode(quantize(img))
