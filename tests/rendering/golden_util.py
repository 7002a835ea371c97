"""Golden-image comparison with a small tolerance.

Set ``UPDATE_GOLDEN=1`` to (re)write the golden PNGs from the current renderer, then
look at them before committing.
"""

from __future__ import annotations

import io
import os
from dataclasses import dataclass
from pathlib import Path

from PIL import Image, ImageChops

GOLDEN_DIR = Path(__file__).with_name("golden")

#: Tolerances: mean absolute difference per pixel (0..255, max over R, G, B), and the
#: share of pixels that differ by more than ``STRONG`` — enough for font rasteriser
#: differences between FreeType versions, not for a different card or name.
MAX_MEAN = 1.0
STRONG = 32
MAX_STRONG_SHARE = 0.002


@dataclass(frozen=True)
class Diff:
    """How two images differ."""

    same_size: bool
    mean: float
    strong_share: float

    @property
    def ok(self) -> bool:
        return self.same_size and self.mean < MAX_MEAN and self.strong_share < MAX_STRONG_SHARE


def compare(png_a: bytes, png_b: bytes) -> Diff:
    """Compare two PNGs pixel by pixel."""
    a = Image.open(io.BytesIO(png_a)).convert("RGB")
    b = Image.open(io.BytesIO(png_b)).convert("RGB")
    if a.size != b.size:
        return Diff(False, 255.0, 1.0)
    r, g, bl = ImageChops.difference(a, b).split()
    worst = ImageChops.lighter(ImageChops.lighter(r, g), bl)
    hist = worst.histogram()
    n = a.width * a.height
    mean = sum(i * c for i, c in enumerate(hist)) / n
    strong = sum(hist[STRONG + 1 :]) / n
    return Diff(True, mean, strong)


def check_golden(name: str, png: bytes) -> Diff:
    """Compare ``png`` with ``golden/<name>.png``; write it instead under UPDATE_GOLDEN=1."""
    path = GOLDEN_DIR / f"{name}.png"
    if os.environ.get("UPDATE_GOLDEN") == "1" or not path.exists():
        if os.environ.get("UPDATE_GOLDEN") != "1":
            raise AssertionError(f"No golden image {path}; run with UPDATE_GOLDEN=1 to create it.")
        GOLDEN_DIR.mkdir(exist_ok=True)
        path.write_bytes(png)
    return compare(path.read_bytes(), png)
