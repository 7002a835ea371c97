"""The hand picture put together on the palette from kept parts (faces, corners, the
title strip: ``rendering.render.hand_rows``) is the picture drawn whole, pixel for pixel,
whatever is kept; a change in anything a part depends on changes the picture; the parts'
cache stays in its bounds.

The reference is ``to_png(draw_hand(scene))``: the whole drawing mapped onto the palette
at once and encoded by Pillow, which is how every hand picture was made before.
"""

from __future__ import annotations

import dataclasses
import io
import random
from collections.abc import Iterator

import pytest
from PIL import Image

from bot.engine.cards import CARDS, Card, parse_cards
from bot.tables.scenes import picture_words
from rendering import render_hand, samples
from rendering.images import draw_hand, hand_plan
from rendering.palette import to_png
from rendering.render import HAND_PARTS, HAND_PICTURES, _head_tiles
from rendering.scenes import HandScene


@pytest.fixture(autouse=True)
def no_kept_pictures(monkeypatch: pytest.MonkeyPatch) -> Iterator[None]:
    """These tests are of the parts: every picture is put together, none handed back
    whole from ``HAND_PICTURES`` (a budget of no bytes keeps nothing)."""
    HAND_PICTURES.clear()
    monkeypatch.setattr(HAND_PICTURES, "max_bytes", 0)
    yield
    HAND_PICTURES.clear()


def pixels(png: bytes) -> tuple[tuple[int, int], bytes]:
    img = Image.open(io.BytesIO(png)).convert("RGB")
    return img.size, img.tobytes()


def whole(scene: HandScene) -> tuple[tuple[int, int], bytes]:
    return pixels(to_png(draw_hand(scene)))


def hands(seed: int, n: int) -> list[HandScene]:
    """Random hands of 1 to 20 cards (one row or two), waiting or to play with a random
    set of playable cards (none, some, all), in English and Czech."""
    rng = random.Random(seed)
    bases = [samples.hand_waiting(), samples.hand_to_play(), samples.hand_sixteen(),
             dataclasses.replace(samples.hand_to_play(), words=picture_words("cs"))]
    out = []
    for k in range(n):
        cards = rng.sample(list(CARDS), rng.randint(1, 20))
        legal = None if k % 3 == 0 else frozenset(c for c in cards if rng.random() < (k % 4) / 3)
        out.append(dataclasses.replace(bases[k % len(bases)], cards=tuple(cards), legal=legal))
    return out


def played_down(scene: HandScene, seed: int) -> list[HandScene]:
    """A hand as its player sees it through a game: waiting, then to play (some cards
    playable), then waiting with the card played gone, until one card is left."""
    rng = random.Random(seed)
    cards = list(scene.cards)
    out = []
    while len(cards) > 1:
        legal = frozenset(c for c in cards if rng.random() < 0.5) or frozenset(cards[:1])
        out += [dataclasses.replace(scene, cards=tuple(cards), legal=None),
                dataclasses.replace(scene, cards=tuple(cards), legal=legal)]
        cards.remove(rng.choice(sorted(legal)))
    return out


def test_hand_pictures_put_together_from_parts_are_the_pictures_drawn_whole() -> None:
    HAND_PARTS.clear()
    scenes = hands(1, 60)
    for scene in scenes:
        assert pixels(render_hand(scene)) == whole(scene), (scene.cards, scene.legal)
    # (not vacuous: later pictures were made of faces and corners kept from earlier ones)
    assert HAND_PARTS.hits > 10 * len(scenes)


def test_a_hand_played_down_is_drawn_as_whole_at_every_step() -> None:
    for k, base in enumerate([samples.hand_to_play(), samples.hand_sixteen()]):
        for scene in played_down(base, k):
            assert pixels(render_hand(scene)) == whole(scene), (scene.cards, scene.legal)


def test_a_hand_without_cards_and_titles_of_any_glyphs_and_length_are_drawn_as_whole() -> None:
    """Titles are the bot's sentences with names in them: the title strip's tiles hold a
    title of tall glyphs; one whose marks reach below the strip, or so long it is cut
    and reaches the hint, is drawn whole."""
    empty = dataclasses.replace(samples.hand_waiting(), cards=())
    tall = dataclasses.replace(samples.hand_to_play(), title="ŠŤŽÝÁÍÉ Ǻǿ ÅĄ̊ gjpqyÿ Ǫ̧ — Ĳǅ")
    deep = dataclasses.replace(samples.hand_to_play(), title="ƒ\u0326\u0326\u0326")
    long = dataclasses.replace(samples.hand_to_play(), title="Your turn — " + "Maximilián " * 12)
    assert _head_tiles(hand_plan(tall)) is not None
    assert _head_tiles(hand_plan(deep)) is None and _head_tiles(hand_plan(long)) is None
    for scene in (empty, tall, deep, long):
        assert pixels(render_hand(scene)) == whole(scene)


def test_a_picture_from_kept_parts_is_byte_for_byte_the_one_drawn_cold() -> None:
    scenes = hands(2, 12)
    HAND_PARTS.clear()
    cold = []
    for scene in scenes:
        HAND_PARTS.clear()
        cold.append(render_hand(scene))
    for scene in hands(3, 30):  # other hands in between, their parts kept
        render_hand(scene)
    hits = HAND_PARTS.hits
    warm = [render_hand(scene) for scene in scenes]
    assert HAND_PARTS.hits > hits
    assert warm == cold


def _changed(base: HandScene, changed: HandScene) -> None:
    """``changed`` differs from ``base`` in one thing its parts are keyed on: drawn with
    ``base``'s parts kept, it is its own picture, not ``base``'s."""
    before = render_hand(base)
    after = render_hand(changed)
    assert pixels(after) != pixels(before)
    assert pixels(after) == whole(changed)
    assert render_hand(base) == before


def test_another_playable_card_changes_the_picture() -> None:
    base = samples.hand_to_play()
    assert base.legal
    cards = sorted(base.cards)
    other = next(c for c in cards if c not in base.legal)
    _changed(base, dataclasses.replace(base, legal=base.legal | {other}))


def test_another_card_changes_the_picture() -> None:
    base = samples.hand_waiting()
    held = set(base.cards)
    swap = next(c for c in CARDS if c not in held and c.is_tarok == base.cards[0].is_tarok)
    _changed(base, dataclasses.replace(base, cards=(swap, *base.cards[1:])))


def test_another_language_changes_the_faces_and_the_hint() -> None:
    # a court card's face shows a word (KING / KRÁL): the faces are keyed on the words
    base = dataclasses.replace(samples.hand_to_play(), title="—")
    kings: list[Card] = parse_cards("KH QS")
    court = dataclasses.replace(base, cards=tuple(kings), legal=frozenset(kings))
    for lang in ("cs", "pl", "ro"):
        _changed(court, dataclasses.replace(court, words=picture_words(lang)))


def test_the_hand_parts_stay_in_their_bounds() -> None:
    saved = HAND_PARTS.max_entries, HAND_PARTS.max_bytes
    try:
        HAND_PARTS.max_entries, HAND_PARTS.max_bytes = 50, 200_000
        HAND_PARTS.clear()
        for scene in hands(4, 20):
            assert pixels(render_hand(scene)) == whole(scene)
            entries, size = HAND_PARTS.stats()
            assert entries <= 50 and size <= 200_000
    finally:
        HAND_PARTS.max_entries, HAND_PARTS.max_bytes = saved
    HAND_PARTS.clear()
    for scene in hands(5, 40):
        render_hand(scene)
    entries, size = HAND_PARTS.stats()
    assert entries <= HAND_PARTS.max_entries and size <= HAND_PARTS.max_bytes
