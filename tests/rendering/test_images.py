"""Card faces, image sizes, layout, determinism and thread safety."""

from __future__ import annotations

import hashlib
import io
from concurrent.futures import ThreadPoolExecutor

import pytest
from PIL import Image

from bot.engine.cards import CARDS, SKYZ, parse_cards
from rendering import (
    HandScene,
    PlayedTrick,
    SeatInfo,
    TableScene,
    TrickScene,
    card_face,
    render_card,
    render_hand,
    render_summary,
    render_table,
    render_trick,
    samples,
    sort_hand,
)
from rendering._draw import SANS, font
from rendering.faces import CARD_H, CARD_W, index_width
from rendering.gallery import SCENES, write_gallery
from rendering.images import _PLATE_H, _PLATE_W, _layout, _SeatSpot

MAX_W = 1200
MAX_BYTES = 200_000


def _size(png: bytes) -> tuple[int, int]:
    with Image.open(io.BytesIO(png)) as img:
        assert img.format == "PNG"
        return img.size


def test_every_card_has_its_own_face() -> None:
    digests = {hashlib.sha1(card_face(c).tobytes()).hexdigest() for c in CARDS}
    assert len(digests) == 54
    for c in CARDS:
        assert card_face(c).size == (CARD_W, CARD_H)
        assert card_face(c).mode == "RGBA"


def test_faces_are_cached_and_render_card_copies() -> None:
    assert card_face(CARDS[5]) is card_face(CARDS[5])
    img = render_card(CARDS[5])
    assert img is not card_face(CARDS[5])
    img.paste((0, 0, 0, 255), (0, 0, 50, 50))
    assert card_face(CARDS[5]).getpixel((20, 20)) != (0, 0, 0, 255)


def test_skyz_is_visibly_special() -> None:
    """The škýz is the only dark card: its average brightness is far below the rest."""

    def brightness(card: int) -> float:
        grey = card_face(CARDS[card]).convert("L")
        return sum(i * n for i, n in enumerate(grey.histogram())) / (CARD_W * CARD_H)

    others = [brightness(c) for c in range(54) if c != SKYZ]
    assert brightness(SKYZ) < min(others) - 60


def test_five_point_cards_have_a_gold_frame() -> None:
    gold = (214, 170, 48)
    for c in CARDS:
        r, g, b, _ = card_face(c).getpixel((CARD_W // 2, 4))
        near_gold = abs(r - gold[0]) + abs(g - gold[1]) + abs(b - gold[2]) < 60
        assert near_gold == (c.points == 5 and c != SKYZ), c.short


def test_czech_letters_have_glyphs() -> None:
    f = font(SANS, 20)
    # A caron or acute makes the letter taller than its bare form; a missing glyph would not.
    for accented, bare in (("Š", "S"), ("Ý", "Y"), ("Ř", "R"), ("á", "a"), ("ě", "e")):
        assert f.getbbox(accented)[1] < f.getbbox(bare)[1], accented


def test_hand_sort_order() -> None:
    cards = parse_cards("7C I KH Sk 1H 2H 10S XXI QS KD")
    assert [c.short for c in sort_hand(cards)] == ["Sk", "XXI", "I", "KH", "1H", "2H", "QS", "10S", "KD", "7C"]
    # Nebraska ranks red 4 high (suit_strength): 2H then 1H.
    assert [c.short for c in sort_hand(parse_cards("1H 2H KH"), red_ace_high=False)] == ["KH", "2H", "1H"]


def test_index_fits_the_overlap() -> None:
    for c in CARDS:
        assert 40 < index_width(c) < CARD_W


@pytest.mark.parametrize("name", sorted(SCENES))
def test_sample_sizes(name: str) -> None:
    render, _, make = SCENES[name]
    png = render(make())
    w, h = _size(png)
    assert w <= MAX_W
    assert len(png) <= MAX_BYTES


def test_hand_of_many_cards_wraps_within_width() -> None:
    hand = HandScene(CARDS[:27], frozenset(CARDS[:5]))
    png = render_hand(hand)
    assert _size(png)[0] <= MAX_W
    assert len(png) <= MAX_BYTES


def test_empty_hand_and_no_legal_card() -> None:
    assert _size(render_hand(HandScene(())))[0] <= MAX_W
    assert render_hand(HandScene(parse_cards("KH 7C"), frozenset()))


@pytest.mark.parametrize("n", [2, 3, 4, 5])
@pytest.mark.parametrize("clockwise", [False, True])
def test_layout_has_no_overlaps(n: int, clockwise: bool) -> None:
    lay = _layout(n, clockwise, 38)
    assert lay.width <= MAX_W
    rects = []
    for spot in lay.spots:
        x, y = spot.card
        rects.append((x, y, x + CARD_W, y + CARD_H))
        px, py = spot.plate
        rects.append((px, py, px + _PLATE_W, py + _PLATE_H))
    for x0, y0, x1, y1 in rects:
        assert x0 >= 0 and x1 <= lay.width and y0 >= 38 and y1 <= lay.height
    for i, a in enumerate(rects):
        for b in rects[i + 1 :]:
            overlap = a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]
            assert not overlap, (a, b)


@pytest.mark.parametrize("n", [2, 3, 4, 5])
@pytest.mark.parametrize("clockwise", [False, True])
def test_seats_keep_apart(n: int, clockwise: bool) -> None:
    """The narrow layout (issue 31: side seats' plates under their cards) keeps every
    seat's card, plate and sitting-out plate at least 6 px from every other seat's."""
    lay = _layout(n, clockwise, 38)

    def seat_rects(spot: _SeatSpot) -> list[tuple[int, int, int, int]]:
        (x, y), (px, py), (ax, ay) = spot.card, spot.plate, spot.plate_alone
        return [(x, y, x + CARD_W, y + CARD_H), (px, py, px + _PLATE_W, py + _PLATE_H),
                (ax, ay, ax + _PLATE_W, ay + _PLATE_H)]

    for i, a in enumerate(lay.spots):
        for r in seat_rects(a):
            assert r[0] >= 0 and r[2] <= lay.width and r[1] >= 38 and r[3] <= lay.height
        for b in lay.spots[i + 1 :]:
            for ra in seat_rects(a):
                for rb in seat_rects(b):
                    near = ra[0] < rb[2] + 6 and rb[0] < ra[2] + 6 and ra[1] < rb[3] + 6 and rb[1] < ra[3] + 6
                    assert not near, (n, ra, rb)


def test_direction_mirrors_the_seats() -> None:
    """C-1: seat 1 is drawn right of seat 0 anticlockwise, left of it clockwise."""
    acw = _layout(4, False, 38)
    cw = _layout(4, True, 38)
    assert acw.spots[1].card[0] > acw.spots[0].card[0] > acw.spots[3].card[0]
    assert cw.spots[1].card[0] < cw.spots[0].card[0] < cw.spots[3].card[0]
    assert acw.spots[2].card[1] < acw.spots[0].card[1]


@pytest.mark.parametrize("n", [2, 3, 4, 5])
def test_tricks_and_tables_for_every_seat_count(n: int) -> None:
    seats = [SeatInfo(f"Player {i}", is_dealer=i == n - 1) for i in range(n)]
    plays = [(i, CARDS[22 + i]) for i in range(n)]
    trick = TrickScene(seats, plays, leader=0, winner=0)
    assert _size(render_trick(trick))[0] <= MAX_W
    table = TableScene(seats, to_act=1, trick=PlayedTrick(plays[:1], 0), scores=["0"] * n)
    assert _size(render_table(table))[0] <= MAX_W


def test_long_names_are_shortened() -> None:
    seats = [SeatInfo("W" * 60), SeatInfo("Ž" * 40), SeatInfo("x"), SeatInfo("y")]
    png = render_trick(TrickScene(seats, [(0, CARDS[3])], leader=0))
    assert _size(png)[0] <= MAX_W


def test_deterministic() -> None:
    for render, _, make in SCENES.values():
        assert render(make()) == render(make())


def test_thread_safe() -> None:
    jobs = [(render, make) for render, _, make in SCENES.values()] * 4
    expected = [render(make()) for render, make in jobs]
    with ThreadPoolExecutor(max_workers=8) as pool:
        got = list(pool.map(lambda job: job[0](job[1]()), jobs))
    assert got == expected


def test_summary_with_many_sides_and_no_pool() -> None:
    scene = samples.summary_varsava()
    assert _size(render_summary(scene))[0] <= MAX_W


def test_gallery_writes_everything(tmp_path: object) -> None:
    from pathlib import Path

    assert isinstance(tmp_path, Path)
    files = write_gallery(tmp_path)
    assert len([f for f in files if f.parent.name == "cards"]) == 54
    for name in SCENES:
        assert (tmp_path / f"{name}.png").stat().st_size > 1000
        assert (tmp_path / f"{name}.txt").read_text(encoding="utf-8").strip()
