"""Golden-image tests: one per image kind and play direction (four and five seats)."""

from __future__ import annotations

import dataclasses

import pytest

from bot.engine.cards import parse_card
from rendering import render_hand, render_summary, render_table, render_trick, samples
from rendering.faces import CARD_H, CARD_W, card_face
from rendering.palette import to_png

from .golden_util import check_golden, compare

GOLDEN = {
    "hand_waiting": lambda: render_hand(samples.hand_waiting()),
    "hand_to_play": lambda: render_hand(samples.hand_to_play()),
    "hand_sixteen": lambda: render_hand(samples.hand_sixteen()),
    "trick_anticlockwise": lambda: render_trick(samples.trick_czech_complete()),
    "trick_clockwise": lambda: render_trick(samples.trick_nebraska_complete()),
    "trick_clockwise_partial": lambda: render_trick(samples.trick_nebraska_partial()),
    "trick_five_seats": lambda: render_trick(samples.trick_five_players()),
    "trick_varsava_talon": lambda: render_trick(samples.trick_varsava()),
    "table_anticlockwise": lambda: render_table(samples.table_czech()),
    "table_clockwise": lambda: render_table(samples.table_nebraska()),
    "table_five_seats": lambda: render_table(samples.table_five()),
    "summary_povinnost": lambda: render_summary(samples.summary_povinnost()),
    "summary_varsava": lambda: render_summary(samples.summary_varsava()),
    # The table as a phone shows it (Discord scales it to the screen, about 360 px wide).
    "phone_table_anticlockwise": lambda: phone(render_table(samples.table_czech())),
    "phone_table_clockwise": lambda: phone(render_table(samples.table_nebraska())),
    "phone_table_five_seats": lambda: phone(render_table(samples.table_five())),
    # A long name and long lines wrap at phone width rather than being cut.
    "phone_table_long_names": lambda: phone(render_table(samples.table_long_names())),
    "phone_summary_povinnost": lambda: phone(render_summary(samples.summary_povinnost())),
    "phone_summary_long": lambda: phone(render_summary(samples.summary_long())),
}

PHONE_WIDTH = 360


def phone(png: bytes) -> bytes:
    """``png`` scaled to a phone's width, as Discord shows it there."""
    import io

    from PIL import Image

    img = Image.open(io.BytesIO(png)).convert("RGB")
    height = round(img.height * PHONE_WIDTH / img.width)
    out = io.BytesIO()
    img.resize((PHONE_WIDTH, height), Image.Resampling.LANCZOS).save(out, "PNG", optimize=True)
    return out.getvalue()

#: A strip of faces that covers every kind of card design.
FACE_STRIP = "Sk XXI XVIII I KH QS CD JC 1H 4D 10S 7C"


def _face_strip() -> bytes:
    from PIL import Image

    cards = [parse_card(t) for t in FACE_STRIP.split()]
    img = Image.new("RGB", (len(cards) * (CARD_W + 4) + 4, CARD_H + 8), (24, 92, 58))
    for i, c in enumerate(cards):
        face = card_face(c)
        img.paste(face, (4 + i * (CARD_W + 4), 4), face)
    return to_png(img)


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_matches_golden(name: str) -> None:
    diff = check_golden(name, GOLDEN[name]())
    assert diff.ok, f"{name} differs from its golden image: {diff}"


def test_card_faces_match_golden() -> None:
    diff = check_golden("card_faces", _face_strip())
    assert diff.ok, diff


def test_changed_card_does_not_match() -> None:
    """The comparison is strict enough to catch one different card."""
    scene = samples.trick_czech_complete()
    plays = list(scene.plays)
    plays[1] = (plays[1][0], parse_card("4H"))
    changed = dataclasses.replace(scene, plays=tuple(plays))
    diff = compare(render_trick(scene), render_trick(changed))
    assert not diff.ok


def test_changed_winner_does_not_match() -> None:
    scene = samples.trick_czech_complete()
    diff = compare(render_trick(scene), render_trick(dataclasses.replace(scene, winner=None)))
    assert not diff.ok


def test_direction_changes_the_picture() -> None:
    scene = samples.trick_czech_complete()
    diff = compare(render_trick(scene), render_trick(dataclasses.replace(scene, clockwise=True)))
    assert not diff.ok


def test_identical_renders_match() -> None:
    a = render_table(samples.table_czech())
    assert compare(a, render_table(samples.table_czech())).ok


def test_removed_names_in_summary_do_not_match() -> None:
    """Small text changes in the largest image still exceed the tolerance."""
    scene = samples.summary_povinnost()
    sides = tuple(dataclasses.replace(s, members=()) for s in scene.sides)
    diff = compare(render_summary(scene), render_summary(dataclasses.replace(scene, sides=sides)))
    assert not diff.ok, diff


@pytest.mark.parametrize("scene", [samples.table_czech, samples.table_nebraska, samples.table_five])
def test_table_text_is_legible_at_phone_width(scene) -> None:
    """At 360 px wide every text is at least 11 px (issue 31): before, the legend and
    captions were 6-8 px (tests/rendering/test_phone.py watches every size drawn)."""
    import io

    from PIL import Image

    from rendering import images

    width = Image.open(io.BytesIO(render_table(scene()))).width
    scale = PHONE_WIDTH / width
    assert images._NAME_PX * scale >= 11
    assert min(images._SMALL_PX, images._LABEL_PX) * scale >= 11
