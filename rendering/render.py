"""The pictures as PNG bytes: each scene drawn (:mod:`rendering.images`) and encoded
with the shared palette (:mod:`rendering.palette`).

These sit above both so that the palette, which is learnt from drawings, never has to
import the module that encodes with it.
"""

from __future__ import annotations

from collections.abc import Hashable

from PIL import Image

from ._draw import BoundedCache
from .images import Layers, draw_hand, draw_summary, draw_trick, table_layers
from .palette import encode, quantize, to_png
from .scenes import HandScene, SummaryScene, TableScene, TrickScene

#: The static bases of the pictures drawn in layers, already mapped onto the palette (a
#: byte a pixel: about 1.2 MB for a table).  Keyed by everything a base depends on.
BASES: BoundedCache[Hashable, Image.Image] = BoundedCache(
    "picture bases", 64, 24 << 20, lambda img: img.width * img.height
)


def _layered_png(layers: Layers) -> bytes:
    """The PNG of a picture drawn in layers: its base mapped onto the palette once (and
    kept), and of each picture only the layers' boxes.  The palette maps pixel by pixel,
    so this is the PNG of the whole drawing, pixel for pixel."""
    base = BASES.get(layers.base_key, lambda: quantize(layers.base()))
    img = layers.draw()
    out = base.copy()
    for layer in layers.layers:
        x0, y0, x1, y1 = layer.box
        if x1 > x0 and y1 > y0:
            out.paste(quantize(img.crop(layer.box)), (x0, y0))
    return encode(out)


def render_hand(scene: HandScene) -> bytes:
    """A player's hand as a PNG: sorted, overlapping so every index shows; when
    ``scene.legal`` is given, playable cards raised and outlined, the others dimmed."""
    return to_png(draw_hand(scene))


def render_trick(scene: TrickScene) -> bytes:
    """One trick as a PNG: seats round the table in play order, each card by its
    player's name, the leader and (when complete) the winner marked."""
    return to_png(draw_trick(scene))


def render_table(scene: TableScene) -> bytes:
    """The table as a PNG: seats with dealer, forehand, bidder, scores and whose turn
    it is; the current trick in the middle; under it the contract, level, called card,
    flek, announcements, exposed talon cards and the last trick."""
    return _layered_png(table_layers(scene))


def render_summary(scene: SummaryScene) -> bytes:
    """The end of a hand as a PNG score sheet: card points per side (with a bar of
    the 70 points), every payment line, each player's result and the pool."""
    return to_png(draw_summary(scene))
