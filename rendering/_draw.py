"""Shared drawing helpers: bundled fonts, colours, text fitting, suit shapes, PNG output.

Thread safety: fonts are loaded per thread (a FreeType face must not be used by two
threads at once); everything else here is pure or works on images the caller owns.
"""

from __future__ import annotations

import math
import threading
from collections import OrderedDict
from collections.abc import Callable, Hashable
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING, Final, Generic, TypeVar

from PIL import Image, ImageDraw, ImageFont

from bot.engine.cards import Suit

if TYPE_CHECKING:
    from PIL._imaging import ImagingCore

FONT_DIR: Final = Path(__file__).with_name("fonts")
SANS: Final = "DejaVuSans-Bold.ttf"
SERIF: Final = "DejaVuSerif-Bold.ttf"

RGB = tuple[int, int, int]
RGBA = tuple[int, int, int, int]

# Colours.
FELT: Final[RGB] = (24, 92, 58)
FELT_DARK: Final[RGB] = (17, 70, 44)
WOOD: Final[RGB] = (92, 58, 33)
WOOD_LIGHT: Final[RGB] = (128, 84, 48)
BACKDROP: Final[RGB] = (43, 45, 49)
INK: Final[RGB] = (26, 26, 28)
RED: Final[RGB] = (200, 24, 44)
NAVY: Final[RGB] = (28, 42, 84)
GOLD: Final[RGB] = (214, 170, 48)
GOLD_DARK: Final[RGB] = (150, 112, 20)
PAPER: Final[RGB] = (253, 252, 248)
IVORY: Final[RGB] = (250, 244, 224)
WHITE: Final[RGB] = (255, 255, 255)
CREAM_TEXT: Final[RGB] = (240, 236, 220)
MUTED: Final[RGB] = (150, 160, 150)
HIGHLIGHT: Final[RGB] = (255, 226, 92)
LEAD: Final[RGB] = (120, 190, 255)
GAIN: Final[RGB] = (30, 130, 60)
LOSS: Final[RGB] = (190, 30, 40)

class _ThreadFonts(threading.local):
    """Each thread's fonts (a FreeType face must not be shared between threads)."""

    def __init__(self) -> None:
        self.fonts: dict[tuple[str, int], ImageFont.FreeTypeFont] = {}


_local = _ThreadFonts()


def font(face: str, size: int) -> ImageFont.FreeTypeFont:
    """A bundled font at ``size`` px, loaded once per thread.

    The basic layout engine is forced so that output does not depend on whether the
    machine's Pillow was built with libraqm.
    """
    cache = _local.fonts
    key = (face, size)
    f = cache.get(key)
    if f is None:
        f = ImageFont.truetype(
            str(FONT_DIR / face), size, layout_engine=ImageFont.Layout.BASIC
        )
        cache[key] = f
    return f


@lru_cache(maxsize=8192)
def text_width(text: str, face: str, size: int) -> int:
    """Advance width of ``text`` in px (kept: a table picture measures about 45 texts,
    mostly the same labels and names as the picture before)."""
    return math.ceil(text_length(text, face, size))


@lru_cache(maxsize=8192)
def text_length(text: str, face: str, size: int) -> float:
    """Advance width of ``text`` in px, unrounded (as ``FreeTypeFont.getlength``)."""
    return font(face, size).getlength(text)


K = TypeVar("K", bound=Hashable)
V = TypeVar("V")


class BoundedCache(Generic[K, V]):
    """A least-recently-used cache bounded both in entries and in bytes (thread-safe).

    ``size`` says what a value weighs; a value heavier than the whole budget is made
    but not kept.  Values are shared: whoever gets one must not change it.
    """

    def __init__(self, name: str, max_entries: int, max_bytes: int, size: Callable[[V], int]) -> None:
        self.name = name
        self.max_entries = max_entries
        self.max_bytes = max_bytes
        self._size = size
        self._items: OrderedDict[K, tuple[V, int]] = OrderedDict()
        self._bytes = 0
        self._lock = threading.Lock()
        self.hits = 0
        self.misses = 0

    def get(self, key: K, make: Callable[[], V]) -> V:
        """The value kept for ``key``, made (outside the lock) and kept when missing."""
        found = self.lookup(key)
        if found is not None:
            return found
        value = make()
        self.put(key, value)
        return value

    def lookup(self, key: K) -> V | None:
        """The value kept for ``key``, or None."""
        with self._lock:
            found = self._items.get(key)
            if found is None:
                self.misses += 1
                return None
            self._items.move_to_end(key)
            self.hits += 1
            return found[0]

    def put(self, key: K, value: V) -> None:
        """Keep ``value`` for ``key`` (unless it alone outweighs the budget), dropping
        the least recently used values beyond the bounds."""
        weight = self._size(value)
        if weight > self.max_bytes:
            return
        with self._lock:
            old = self._items.pop(key, None)
            if old is not None:
                self._bytes -= old[1]
            self._items[key] = (value, weight)
            self._bytes += weight
            while len(self._items) > self.max_entries or self._bytes > self.max_bytes:
                _, (_, w) = self._items.popitem(last=False)
                self._bytes -= w

    def values(self) -> list[V]:
        """The values kept now, least recently used first."""
        with self._lock:
            return [value for value, _ in self._items.values()]

    def stats(self) -> tuple[int, int]:
        """(entries, bytes) kept now."""
        with self._lock:
            return len(self._items), self._bytes

    def clear(self) -> None:
        with self._lock:
            self._items.clear()
            self._bytes = 0


TextRun = tuple["ImagingCore", tuple[int, int]]

#: Rasterised text runs: an 'L' mask of a run's pixels and its offset, a few KB each.  A
#: table picture draws about 45 runs, nearly all of them (labels, names, scores) the same
#: as in the picture before; rasterising them was a third of its cost.
TEXT_RUNS: Final[BoundedCache[tuple[str, str, int, float, float], TextRun]] = BoundedCache(
    "text runs", 32768, 32 << 20, lambda run: run[0].size[0] * run[0].size[1] + 200
)


def draw_text(d: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int, fill: RGB,
              face: str = SANS) -> None:
    """``d.text(xy, text, font=font(face, size), fill=fill)``, pixel for pixel, with the
    rasterised run kept in :data:`TEXT_RUNS`: the mask is made at the same sub-pixel
    start as ``ImageDraw.text`` makes it and blended with the same call."""
    if not text:
        return
    if "\n" in text:  # (never in a picture's texts; exact all the same)
        d.text(xy, text, font=font(face, size), fill=fill)
        return
    x, y = xy
    fx, fy = math.modf(x)[0], math.modf(y)[0]

    def make() -> TextRun:
        return font(face, size).getmask2(text, "L", None, None, None, 0, "la", 0, (fx, fy), stroke_filled=True)

    mask, (ox, oy) = TEXT_RUNS.get((text, face, size, fx, fy), make)
    d.draw.draw_bitmap((int(x) + ox, int(y) + oy), mask, d.draw.draw_ink(fill))


def fit_text(text: str, face: str, size: int, max_width: int, min_size: int = 9) -> int:
    """The largest size <= ``size`` at which ``text`` fits ``max_width`` px."""
    while size > min_size and text_width(text, face, size) > max_width:
        size -= 1
    return size


def ellipsize(text: str, face: str, size: int, max_width: int) -> str:
    """``text`` shortened with an ellipsis so that it fits ``max_width`` px."""
    if text_width(text, face, size) <= max_width:
        return text
    while text and text_width(text + "…", face, size) > max_width:
        text = text[:-1]
    return text + "…"


def text_image(text: str, face: str, size: int, fill: RGB, max_width: int | None = None) -> Image.Image:
    """``text`` drawn tightly into an RGBA image, squeezed horizontally to ``max_width``.

    Squeezing (rather than shrinking) keeps long Roman numerals as tall as short ones.
    """
    f = font(face, size)
    left, top, right, bottom = f.getbbox(text)
    w, h = max(1, math.ceil(right - left)), max(1, math.ceil(bottom - top))
    img = Image.new("RGBA", (w + 2, h + 2), (*fill, 0))
    ImageDraw.Draw(img).text((1 - left, 1 - top), text, font=f, fill=(*fill, 255))
    if max_width is not None and img.width > max_width:
        img = img.resize((max_width, img.height), Image.Resampling.LANCZOS)
    return img


def rounded_mask(size: tuple[int, int], radius: int) -> Image.Image:
    """An 'L' mask of a rounded rectangle filling ``size``."""
    mask = Image.new("L", size, 0)
    ImageDraw.Draw(mask).rounded_rectangle((0, 0, size[0] - 1, size[1] - 1), radius, fill=255)
    return mask


def suit_shape(draw: ImageDraw.ImageDraw, suit: Suit, cx: float, cy: float, size: float, fill: RGB) -> None:
    """Draw a suit symbol as polygons and circles, ``size`` px tall, centred on (cx, cy).

    Shapes rather than font glyphs, so the symbols are the same on every machine.
    """
    s = size / 2
    if suit is Suit.DIAMONDS:
        draw.polygon(
            [(cx, cy - s), (cx + s * 0.74, cy), (cx, cy + s), (cx - s * 0.74, cy)], fill=fill
        )
    elif suit is Suit.HEARTS:
        r = s * 0.52
        y = cy - s * 0.42
        draw.ellipse((cx - 2 * r + s * 0.02, y - r, cx + s * 0.02, y + r), fill=fill)
        draw.ellipse((cx - s * 0.02, y - r, cx + 2 * r - s * 0.02, y + r), fill=fill)
        draw.polygon(
            [(cx - s * 0.99, y + r * 0.25), (cx + s * 0.99, y + r * 0.25), (cx, cy + s)],
            fill=fill,
        )
    elif suit is Suit.SPADES:
        r = s * 0.5
        y = cy + s * 0.12
        draw.ellipse((cx - 2 * r + s * 0.02, y - r, cx + s * 0.02, y + r), fill=fill)
        draw.ellipse((cx - s * 0.02, y - r, cx + 2 * r - s * 0.02, y + r), fill=fill)
        draw.polygon(
            [(cx - s * 0.97, y - r * 0.2), (cx + s * 0.97, y - r * 0.2), (cx, cy - s)], fill=fill
        )
        draw.polygon(
            [(cx, cy + s * 0.2), (cx + s * 0.36, cy + s), (cx - s * 0.36, cy + s)], fill=fill
        )
    elif suit is Suit.CLUBS:
        r = s * 0.42
        draw.ellipse((cx - r, cy - s, cx + r, cy - s + 2 * r), fill=fill)
        yb = cy + s * 0.05
        draw.ellipse((cx - s * 0.98, yb - r, cx - s * 0.98 + 2 * r, yb + r), fill=fill)
        draw.ellipse((cx + s * 0.98 - 2 * r, yb - r, cx + s * 0.98, yb + r), fill=fill)
        draw.polygon(
            [(cx - s * 0.3, cy - s * 0.2), (cx + s * 0.3, cy - s * 0.2), (cx + s * 0.3, cy + s * 0.2), (cx - s * 0.3, cy + s * 0.2)],
            fill=fill,
        )
        draw.polygon(
            [(cx, cy - s * 0.1), (cx + s * 0.36, cy + s), (cx - s * 0.36, cy + s)], fill=fill
        )
    else:
        raise ValueError("Taroky have no suit symbol.")


def star(draw: ImageDraw.ImageDraw, cx: float, cy: float, outer: float, inner: float, points: int, fill: RGB) -> None:
    """A star polygon with ``points`` tips."""
    pts = []
    for i in range(points * 2):
        r = outer if i % 2 == 0 else inner
        a = -math.pi / 2 + i * math.pi / points
        pts.append((cx + r * math.cos(a), cy + r * math.sin(a)))
    draw.polygon(pts, fill=fill)


@lru_cache(maxsize=64)
def _suit_icon(suit: Suit, size: int, fill: RGB) -> Image.Image:
    big = Image.new("RGBA", (size * 4, size * 4), (*fill, 0))
    suit_shape(ImageDraw.Draw(big), suit, size * 2, size * 2, size * 4 - 2, (*fill, 255))  # type: ignore[arg-type]
    return big.resize((size, size), Image.Resampling.LANCZOS)


def suit_icon(suit: Suit, size: int, fill: RGB) -> Image.Image:
    """An antialiased suit symbol, ``size`` px square, RGBA (cached; do not modify)."""
    return _suit_icon(suit, size, fill)
