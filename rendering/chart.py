"""A small line chart of figures over a season: ``/taroky stats`` draws a player's rating
hand by hand with it (issue 28), and any other figure over the same hands (accuracy,
luck) is one more named series.

The picture is 720 × 400 px, drawn for Discord's phone width (360 px, where it shows at
half size): its smallest text is 22 px, 11 px on the phone (``MIN_PHONE_TEXT_PX``).  The
words (title, series names, the axis's unit) come translated from the caller.
"""

from __future__ import annotations

import io
import math
from dataclasses import dataclass
from decimal import Decimal
from typing import Final

from PIL import Image, ImageDraw

from rendering._draw import INK, MUTED, PAPER, RGB, SANS, draw_text, ellipsize, text_width

__all__ = ["CHART_HEIGHT", "CHART_WIDTH", "COLOURS", "ChartScene", "Series", "chart_png", "draw_chart"]

CHART_WIDTH: Final = 720
CHART_HEIGHT: Final = 400
#: Text sizes in px (at least twice ``rendering.images.MIN_PHONE_TEXT_PX``: the picture
#: shows at half size on a phone).
TITLE_PX: Final = 26
LABEL_PX: Final = 22
#: The series' colours, in order (distinct for colour-blind readers too: blue, orange,
#: green-teal, purple).
COLOURS: Final[tuple[RGB, ...]] = ((0, 90, 181), (220, 110, 0), (0, 140, 120), (130, 60, 160))
GRID: Final[RGB] = (222, 222, 214)


@dataclass(frozen=True, slots=True)
class Series:
    """One line: its name (shown in the legend) and its value after each hand."""

    name: str
    values: tuple[float, ...]
    #: A thin line, for a figure that accompanies another (e.g. skill beside the rating).
    thin: bool = False


@dataclass(frozen=True, slots=True)
class ChartScene:
    """What a chart shows: a title, the series over the same hands, and the words for the
    horizontal axis (e.g. "hands")."""

    title: str
    series: tuple[Series, ...]
    x_label: str
    #: True where the reader's language writes a decimal comma (Czech, Polish, Romanian).
    decimal_comma: bool = False


def _nice_step(span: float, ticks: int = 4) -> float:
    """A round step (1, 2 or 5 × 10ⁿ) that cuts ``span`` into about ``ticks`` parts."""
    raw = max(span, 1e-9) / ticks
    power = 10 ** math.floor(math.log10(raw))
    for m in (1, 2, 5, 10):
        if m * power >= raw:
            return float(m * power)
    return float(10 * power)  # pragma: no cover - the loop always returns


def _number(x: float, step: float, comma: bool) -> str:
    places = max(0, -math.floor(math.log10(step))) if step < 1 else 0
    text = f"{Decimal(f'{x:.{places}f}'):f}".replace("-", "−")
    return text.replace(".", ",") if comma else text


def draw_chart(scene: ChartScene) -> Image.Image:
    """The chart as an RGB image (``CHART_WIDTH`` × ``CHART_HEIGHT``)."""
    img = Image.new("RGB", (CHART_WIDTH, CHART_HEIGHT), PAPER)
    d = ImageDraw.Draw(img)
    pad = 16
    draw_text(d, (pad, 10), ellipsize(scene.title, SANS, TITLE_PX, CHART_WIDTH - 2 * pad), TITLE_PX, INK)
    # The legend: a swatch and the name of each series, on one row (cut to fit).
    x, legend_y = pad, 10 + TITLE_PX + 12
    for i, s in enumerate(scene.series):
        colour = COLOURS[i % len(COLOURS)]
        d.line((x, legend_y + LABEL_PX // 2 + 2, x + 26, legend_y + LABEL_PX // 2 + 2), fill=colour,
               width=3 if s.thin else 6)
        name = ellipsize(s.name, SANS, LABEL_PX, CHART_WIDTH - x - 40 - pad)
        draw_text(d, (x + 34, legend_y), name, LABEL_PX, INK)
        x += 34 + text_width(name, SANS, LABEL_PX) + 24
    values = [v for s in scene.series for v in s.values]
    n = max((len(s.values) for s in scene.series), default=0)
    top = legend_y + LABEL_PX + 16
    bottom = CHART_HEIGHT - pad - LABEL_PX - 10
    if not values or n == 0:
        return img
    low, high = round(min(values), 9), round(max(values), 9)  # (0 is not −1e-15)
    step = _nice_step(high - low if high > low else max(abs(high), 1.0))
    low = math.floor(low / step) * step
    high = max(math.ceil(high / step) * step, low + step)
    labels = [_number(low + k * step, step, scene.decimal_comma)
              for k in range(round((high - low) / step) + 1)]
    left = pad + max(text_width(t, SANS, LABEL_PX) for t in labels) + 10
    right = CHART_WIDTH - pad - 8

    def y_of(v: float) -> float:
        return bottom - (v - low) / (high - low) * (bottom - top)

    def x_of(i: int) -> float:  # hand i + 1 (the first hand at the left edge)
        return left if n == 1 else left + i * (right - left) / (n - 1)

    for k, label in enumerate(labels):
        y = y_of(low + k * step)
        d.line((left, y, right, y), fill=GRID, width=1 if label != "0" else 3)
        draw_text(d, (left - 10 - text_width(label, SANS, LABEL_PX), y - LABEL_PX * 0.6), label, LABEL_PX, MUTED)
    d.line((left, top, left, bottom), fill=MUTED, width=2)
    # The horizontal axis: the first and last hand, and what they count.
    first, last = "1", str(n)
    draw_text(d, (left, bottom + 8), first, LABEL_PX, MUTED)
    draw_text(d, (right - text_width(last, SANS, LABEL_PX), bottom + 8), last, LABEL_PX, MUTED)
    unit = ellipsize(scene.x_label, SANS, LABEL_PX, max(40, right - left - 160))
    draw_text(d, ((left + right - text_width(unit, SANS, LABEL_PX)) / 2, bottom + 8), unit, LABEL_PX, MUTED)
    for i, s in enumerate(scene.series):
        colour = COLOURS[i % len(COLOURS)]
        points = [(x_of(j), y_of(v)) for j, v in enumerate(s.values)]
        if len(points) > 1:
            d.line(points, fill=colour, width=3 if s.thin else 5, joint="curve")
        r = 4 if s.thin else 6
        px, py = points[-1]
        d.ellipse((px - r, py - r, px + r, py + r), fill=colour)
    return img


def chart_png(scene: ChartScene) -> bytes:
    """The chart as PNG bytes."""
    out = io.BytesIO()
    draw_chart(scene).save(out, format="PNG", optimize=False, compress_level=6)
    return out.getvalue()

