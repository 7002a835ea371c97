"""A table picture drawn from the latest picture of its family (only the boxes of the
layers that changed redrawn, only the bands whose rows changed deflated) is the picture
drawn whole, pixel for pixel, at every moment of real hands; so is the trick picture
(its seats drawn in the same two layers each, put together from kept bands).

The scenes are the bot's own (``bot.tables.scenes``) of hands played on the engine from
stacked decks, every legal action chosen at random (seeded); the reference is
``to_png(draw_table(scene))``, the whole drawing mapped onto the palette at once.
"""

from __future__ import annotations

import dataclasses
import io
import random

import pytest
from PIL import Image

from bot.engine import new_game
from bot.tables.scenes import table_scene, trick_scene
from bot.tables.table import Table, TableConfig
from rendering import render_table, render_trick
from rendering.images import draw_table, draw_trick, table_layers
from rendering.palette import to_png
from rendering.render import LATEST, WORK
from rendering.scenes import TableScene, TrickScene
from tests.engine.helpers import stack


def pixels(png: bytes) -> tuple[tuple[int, int], bytes]:
    img = Image.open(io.BytesIO(png)).convert("RGB")
    return img.size, img.tobytes()


def moments(variant: str, seed: int) -> list[tuple[TableScene, TrickScene | None]]:
    """The table picture's scene (and the trick's, while a card lies on it) after every
    action of a whole hand: the auction, the talon, each card played, the end."""
    g = new_game(variant, dealer=3, deck=stack({0: "I XXI KH", 1: "XX QS"}, seed=seed))
    table = Table(guild_id=1, channel_id=2, host_id=3, config=TableConfig(variant=variant))
    table.game = g
    rng = random.Random(seed)
    out: list[tuple[TableScene, TrickScene | None]] = []
    while True:
        scene = table_scene(table)
        assert scene is not None
        trick = scene.trick
        out.append((scene, trick_scene(table, trick.plays, trick.winner) if trick and trick.plays else None))
        if g.result is not None:
            return out
        seat = g.to_act
        assert seat is not None
        g.act(seat, rng.choice(g.legal_actions(seat)))


def interleaved(*games: list[tuple[TableScene, TrickScene | None]]) -> list[tuple[TableScene, TrickScene | None]]:
    return [g[j] for j in range(max(map(len, games))) for g in games if j < len(g)]


@pytest.fixture()
def fresh() -> None:
    LATEST.clear()


@pytest.mark.usefixtures("fresh")
def test_pictures_patched_from_the_latest_are_the_pictures_drawn_whole() -> None:
    # (three tables at once, two with the same seat names: a family's latest picture
    # may be another table's, which only makes more of it dirty)
    scenes = interleaved(moments("czech", 5), moments("czech", 6), moments("nebraska", 7))
    hits = LATEST.hits
    for table, trick in scenes:
        assert pixels(render_table(table)) == pixels(to_png(draw_table(table)))
        if trick is not None:
            assert pixels(render_trick(trick)) == pixels(to_png(draw_trick(trick)))
    # (not vacuous: most table pictures were drawn from the one before)
    assert LATEST.hits - hits > len(scenes) * 3 // 4


@pytest.mark.usefixtures("fresh")
def test_a_hand_drawn_backwards_from_its_end_is_the_pictures_drawn_whole() -> None:
    # (every moment patched from the one after it: cards leave the trick, the turn
    # goes back, the panel loses lines)
    scenes = [table for table, _ in moments("czech", 8)]
    for scene in reversed(scenes):
        assert pixels(render_table(scene)) == pixels(to_png(draw_table(scene)))


def test_one_moment_to_the_next_changes_a_few_layers() -> None:
    """What the patching saves: between two moments of a hand under way, most of the
    table's layers are the same (a card played changes its seat's card slot and the
    plates whose turn or count changed)."""
    scenes = [table for table, _ in moments("czech", 9)]
    changed = []
    for before, after in zip(scenes, scenes[1:], strict=False):
        a, b = table_layers(before), table_layers(after)
        if a.base_key == b.base_key:
            changed.append(sum(x.key != y.key for x, y in zip(a.layers, b.layers, strict=True)))
    assert changed and sorted(changed)[len(changed) // 2] <= 4 < len(table_layers(scenes[-1]).layers)


@pytest.mark.usefixtures("fresh")
def test_a_table_whose_panel_grew_a_line_is_patched_from_its_latest_picture() -> None:
    """The panel grows a line (the contract, the called king, the last trick) every few
    moments, and with it the base; above the panel the base is the felt, the same, so
    the picture is still drawn from the latest one: the panel's rows anew, above them
    only what changed.  Each is the picture drawn whole."""
    scenes = [table for table, _ in moments("czech", 10)]
    grew = [(a, b) for a, b in zip(scenes, scenes[1:], strict=False)
            if table_layers(a).base_key != table_layers(b).base_key]
    assert grew  # (not vacuous: the hand's panel changed height)
    for before, after in grew:
        LATEST.clear()
        render_table(before)
        patched = WORK["table: patched over a new base"]
        assert pixels(render_table(after)) == pixels(to_png(draw_table(after)))
        assert WORK["table: patched over a new base"] == patched + 1


def test_above_the_panel_a_tables_base_is_its_head() -> None:
    """What patching over a new base rests on: the base's first ``head_rows`` rows are
    the same for every base of the same ``head_key``, whatever the panel below."""
    heads: dict[object, tuple[int, bytes]] = {}
    bases = set()
    for scene, _ in moments("czech", 11):
        layers = table_layers(scene)
        if layers.base_key in bases:
            continue
        bases.add(layers.base_key)
        rows = layers.base().crop((0, 0, layers.size[0], layers.head_rows))
        head = heads.setdefault(layers.head_key, (layers.head_rows, rows.tobytes()))
        assert head == (layers.head_rows, rows.tobytes())
    assert len(bases) > len(heads)  # (not vacuous: bases of one head, several panels)


@pytest.mark.usefixtures("fresh")
def test_tables_latest_pictures_keep_one_band_of_the_same_rows() -> None:
    """Issue #33 (memory a live table): the render process keeps each table's latest
    picture as its bands; rows two tables' pictures share (the felt, the panel's frame)
    are kept once, whichever table drew them first, and every picture is still the
    picture drawn whole."""
    games = [[dataclasses.replace(table, seats=tuple(dataclasses.replace(s, name=f"{s.name} {k}")
                                                     for s in table.seats))
              for table, _ in moments("czech", seed)]
             for k, seed in enumerate((20, 21, 22))]  # (three tables: their players' names differ)
    for scene in [g[j] for j in range(12) for g in games]:
        assert pixels(render_table(scene)) == pixels(to_png(draw_table(scene)))
    latest = LATEST.values()
    assert len(latest) == 3  # (one family a table)
    by_bytes: dict[bytes, set[int]] = {}
    for picture in latest:
        for band in picture.bands:
            by_bytes.setdefault(band.data, set()).add(id(band))
    assert all(len(ids) == 1 for ids in by_bytes.values())
    shared = sum(1 for picture in latest for band in picture.bands) - len(by_bytes)
    assert shared > 0  # (not vacuous: the tables' pictures do share rows)
