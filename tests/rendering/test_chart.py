"""The season chart of ``/taroky stats`` (issue 28, item 4): several named series over
the same hands, readable at Discord's phone width, pinned by golden images."""

from __future__ import annotations

import pytest
from PIL import ImageDraw

from rendering import chart
from rendering.chart import ChartScene, Series, chart_png
from rendering.images import MIN_PHONE_TEXT_PX, PHONE_WIDTH

from .golden_util import check_golden

RATING = (0.0, 2.1, 4.0, 3.2, 5.9, 7.5, 6.8, 9.4, 11.0, 10.2, 12.8, 14.1)
SKILL = (25.0, 26.4, 27.3, 25.9, 27.6, 28.4, 27.5, 29.0, 29.8, 28.9, 30.5, 31.0)


def rating_scene(lang: str = "en") -> ChartScene:
    if lang == "cs":
        return ChartScene("Hodnocení: Alice — Český tarok (Hlučín)",
                          (Series("Hodnocení", RATING), Series("Dovednost", SKILL, thin=True)),
                          "partie této sezóny", decimal_comma=True)
    return ChartScene("Rating of Alice — Czech Taroky (Hlučín)",
                      (Series("Rating", RATING), Series("Skill", SKILL, thin=True)), "hands this season")


@pytest.mark.parametrize("lang", ["en", "cs"])
def test_rating_chart_golden(lang: str) -> None:
    diff = check_golden(f"chart_rating_{lang}", chart_png(rating_scene(lang)))
    assert diff.ok, diff


def test_smallest_text_is_legible_at_phone_width(monkeypatch: pytest.MonkeyPatch) -> None:
    """Discord shows the chart 360 px wide on a phone: every text stays 11 px or more."""
    sizes: list[int] = []
    real = chart.draw_text

    def watch(d: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int,
              fill: tuple[int, int, int], *args: object, **kwargs: object) -> None:
        sizes.append(size)
        real(d, xy, text, size, fill, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(chart, "draw_text", watch)
    img = chart.draw_chart(rating_scene())
    assert sizes and min(sizes) * PHONE_WIDTH / img.width >= MIN_PHONE_TEXT_PX


def test_more_series_each_in_its_colour() -> None:
    """A third and fourth series (accuracy, luck) are drawn each in its own colour and
    named in the legend."""
    scene = ChartScene("x", (Series("a", (1.0, 2.0)), Series("b", (2.0, 1.0)), Series("c", (1.5, 1.5)),
                             Series("d", (0.0, 3.0))), "hands")
    img = chart.draw_chart(scene)
    colours = {c for _, c in img.getcolors(maxcolors=1 << 16) or []}
    assert set(chart.COLOURS) <= colours


def test_a_single_hand_and_no_hands() -> None:
    one = chart.draw_chart(ChartScene("x", (Series("Rating", (0.0,)),), "hands"))
    empty = chart.draw_chart(ChartScene("x", (), "hands"))
    assert one.size == empty.size == (chart.CHART_WIDTH, chart.CHART_HEIGHT)
