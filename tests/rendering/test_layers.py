"""The table picture drawn in layers and put together from kept PNG bands is the
picture drawn whole, pixel for pixel, whatever is kept; the caches stay in their bounds.

The reference everywhere is ``to_png(draw_table(scene))``: the whole drawing mapped onto
the palette at once and encoded by Pillow, which is how every picture was made before.
"""

from __future__ import annotations

import dataclasses
import io
import random
import zlib
from collections.abc import Iterator

import pytest
from PIL import Image, ImageChops

from bot.engine.cards import CARDS, Card, parse_cards
from rendering import render_table, render_trick, samples
from rendering._draw import TEXT_RUNS, BoundedCache
from rendering.images import Layers, draw_table, draw_trick, table_layers, trick_layers
from rendering.palette import to_png
from rendering.png import BandCompressor, adler32_combine, png_from_bands
from rendering.render import BANDS, LATEST, PALETTE_BASES, RGB_BASES
from rendering.scenes import PlayedTrick, TableScene, TrickScene

BASES = (samples.table_czech, samples.table_nebraska, samples.table_five, samples.table_taper,
         samples.table_long_names)


def game(base: TableScene, seed: int, tricks: int = 3) -> Iterator[TableScene]:
    """The table after every action of a few tricks: a card joins the trick, the turn
    passes, a hand count falls; a complete trick shows its winner, then is the last."""
    rng = random.Random(seed)
    seats = tuple(dataclasses.replace(s, name=f"{s.name} {seed}") for s in base.seats)
    playing = [k for k, s in enumerate(seats) if not s.sitting_out]
    counts = list(base.hand_counts)
    leader, last = playing[0], None
    for _ in range(tricks):
        cards = rng.sample(list(CARDS), len(playing))
        order = playing[playing.index(leader):] + playing[:playing.index(leader)]
        plays: list[tuple[int, Card]] = []
        for j, seat in enumerate(order):
            trick = PlayedTrick(list(plays), leader) if plays else None
            yield dataclasses.replace(base, seats=seats, to_act=seat, trick=trick, last_trick=last,
                                      hand_counts=tuple(counts))
            plays.append((seat, cards[j]))
            if counts:
                counts[seat] -= 1
        winner = rng.choice(order)
        done = PlayedTrick(plays, leader, winner)
        yield dataclasses.replace(base, seats=seats, to_act=winner, trick=done, last_trick=last,
                                  hand_counts=tuple(counts))
        last, leader = done, winner


def pixels(png: bytes) -> tuple[tuple[int, int], bytes]:
    img = Image.open(io.BytesIO(png)).convert("RGB")
    return img.size, img.tobytes()


def interleaved(seeds: range) -> list[TableScene]:
    games = [list(game(BASES[s % len(BASES)](), s)) for s in seeds]
    return [g[j] for j in range(max(map(len, games))) for g in games if j < len(g)]


def tricks() -> list[TrickScene]:
    """Every sample trick card by card (four and five seats, both directions, Varšava's
    talon card)."""
    out = []
    for make in (samples.trick_czech_complete, samples.trick_nebraska_complete, samples.trick_five_players,
                 samples.trick_varsava):
        base = make()
        for j in range(len(base.plays) + 1):
            done = j == len(base.plays)
            out.append(dataclasses.replace(base, plays=base.plays[:j], winner=base.winner if done else None))
    return out


def strays(layers: Layers) -> list[object]:
    """The keys of the layers that, drawn in order over the base, change a pixel
    outside their own box (none may: a picture is patched box by box)."""
    img, out = layers.base(), []
    for layer in layers.layers:
        before = img.copy()
        layer.draw(img)
        diff = ImageChops.difference(img, before)
        diff.paste((0, 0, 0), layer.box)
        if diff.getbbox() is not None:
            out.append(layer.key)
    return out


def test_each_layer_draws_inside_its_own_box() -> None:
    for layers in [*map(table_layers, interleaved(range(5))), *map(trick_layers, tricks())]:
        assert strays(layers) == [], layers.layers[0].key


def test_table_pictures_made_of_kept_bands_are_the_pictures_drawn_whole(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(LATEST, "max_bytes", 0)  # (no latest picture kept: every picture from bands)
    LATEST.clear()
    scenes = interleaved(range(10))
    hits = BANDS.hits
    for scene in scenes:
        assert pixels(render_table(scene)) == pixels(to_png(draw_table(scene)))
    # (not vacuous: later pictures of each table were made of bands kept from earlier ones)
    assert BANDS.hits - hits > 5 * len(scenes)


def test_trick_pictures_drawn_in_layers_are_the_pictures_drawn_whole() -> None:
    for scene in tricks():
        assert pixels(render_trick(scene)) == pixels(to_png(draw_trick(scene)))


def test_the_same_pictures_when_nothing_can_be_kept() -> None:
    scenes = interleaved(range(3))
    saved = BANDS.max_bytes, RGB_BASES.max_bytes, PALETTE_BASES.max_bytes, LATEST.max_bytes
    try:
        BANDS.max_bytes, RGB_BASES.max_bytes, PALETTE_BASES.max_bytes, LATEST.max_bytes = 3000, 0, 0, 0
        BANDS.clear()
        LATEST.clear()
        for scene in scenes:
            assert pixels(render_table(scene)) == pixels(to_png(draw_table(scene)))
            assert BANDS.stats()[1] <= 3000
            assert LATEST.stats() == (0, 0)
    finally:
        BANDS.max_bytes, RGB_BASES.max_bytes, PALETTE_BASES.max_bytes, LATEST.max_bytes = saved


def test_a_changed_table_never_gets_the_picture_before() -> None:
    base = samples.table_czech()
    before = render_table(base)
    # one card of the trick changed, and only the seat that shows it
    trick = PlayedTrick([(2, parse_cards("KS")[0]), (3, parse_cards("9S")[0])], leader=2)
    changed = dataclasses.replace(base, trick=trick)
    after = render_table(changed)
    assert pixels(after) != pixels(before)
    assert pixels(after) == pixels(to_png(draw_table(changed)))
    assert pixels(render_table(base)) == pixels(before)


def test_bands_put_together_decode_to_the_rows_written() -> None:
    rng = random.Random(3)
    width, height = 37, 70
    rows = [bytes([0, *(rng.choice((1, 2, 2, 2, 200)) for _ in range(width))]) for _ in range(height)]
    compressor = BandCompressor()
    bands = [compressor.band(b"".join(rows[y : y + 16])) for y in range(0, height, 16)]
    # a band deflated by another stream may stand in for one: each stands alone
    bands[2] = BandCompressor().band(b"".join(rows[32:48]))
    palette = bytes(range(256)) * 3
    png = png_from_bands(width, height, palette, bands)
    img = Image.open(io.BytesIO(png))
    assert img.mode == "P" and img.size == (width, height)
    assert img.tobytes() == b"".join(r[1:] for r in rows)


@pytest.mark.parametrize("split", [0, 1, 5000, 65521, 70000, 200000])
def test_adler32_combine_is_the_adler32_of_the_whole(split: int) -> None:
    data = random.Random(split).randbytes(300000)
    a, b = data[:split], data[split:]
    assert adler32_combine(zlib.adler32(a), zlib.adler32(b), len(b)) == zlib.adler32(data)


def test_a_bounded_cache_keeps_to_its_bounds_and_forgets_the_least_used() -> None:
    cache: BoundedCache[int, bytes] = BoundedCache("test", 4, 100, len)
    for i in range(10):
        cache.put(i, bytes(30))
        entries, size = cache.stats()
        assert entries <= 4 and size <= 100
    assert cache.lookup(9) is not None and cache.lookup(0) is None
    cache.put(100, bytes(101))  # heavier than the whole budget: not kept
    assert cache.lookup(100) is None


def test_the_picture_caches_stay_in_their_bounds() -> None:
    for scene in interleaved(range(10)):
        render_table(scene)
    for cache in (TEXT_RUNS, BANDS, RGB_BASES, PALETTE_BASES, LATEST):
        entries, size = cache.stats()
        assert entries <= cache.max_entries and size <= cache.max_bytes, cache.name


def test_a_name_of_the_tallest_glyphs_stays_inside_its_seats_box() -> None:
    """Display names are the players' own.  The glyphs of the bundled font that reach
    highest and lowest (U+1EB2 and U+06B8, found by measuring every code point), and
    combining marks, which the basic layout engine does not stack, stay inside a seat's
    box: no layer reaches into a band kept for other layers (where it would show in
    another table's picture), nor past its box into another's (where a picture patched
    from the one before would keep a stale pixel)."""
    piled = "\u1eb2\u06b8\u0e38Z" + "\u0301\u0316\u030a\u0324" * 12 + "\u1eb2\u06b8"
    base = samples.table_czech()
    seats = list(base.seats)
    seats[2] = dataclasses.replace(seats[2], name=piled)
    scene = dataclasses.replace(base, seats=tuple(seats), title=piled, announcements=(piled,))
    assert strays(table_layers(scene)) == []
    assert pixels(render_table(scene)) == pixels(to_png(draw_table(scene)))
    trick = samples.trick_czech_complete()
    assert strays(trick_layers(dataclasses.replace(trick, seats=tuple(seats)))) == []
