"""The four image kinds: hand, trick, table and hand summary, returned as PNG bytes.

All functions are pure: they read a scene and the cached card faces and return new
bytes, so callers may run them in worker threads (``asyncio.to_thread``).
"""

from __future__ import annotations

import dataclasses
import functools
import math
from collections.abc import Callable, Hashable, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Final

from PIL import Image, ImageDraw

from bot.engine.cards import Card

from ._draw import (
    BACKDROP,
    CREAM_TEXT,
    FELT,
    FELT_DARK,
    GAIN,
    GOLD,
    GOLD_DARK,
    HIGHLIGHT,
    INK,
    LEAD,
    LOSS,
    MUTED,
    NAVY,
    PAPER,
    RED,
    RGB,
    SANS,
    WHITE,
    WOOD,
    WOOD_LIGHT,
    draw_text,
    ellipsize,
    fit_text,
    text_length,
    text_width,
)
from .faces import CARD_H, CARD_W, card_face, index_width, sort_hand
from .names import name_forms, shorten_name
from .scenes import (
    ENGLISH_FACES,
    ENGLISH_WORDS,
    FaceWords,
    HandScene,
    PictureWords,
    PlayedTrick,
    SeatInfo,
    SummaryScene,
    TableScene,
    TrickScene,
)

MAX_WIDTH: Final = 1200
_MARGIN: Final = 16


# --------------------------------------------------------------------------- hand


def _hand_rows(cards: list[Card], avail: int) -> list[list[Card]]:
    """Split a sorted hand into as few rows as fit ``avail`` px at natural overlap."""
    n = len(cards)
    for rows in range(1, n + 1):
        per = math.ceil(n / rows)
        chunks = [cards[i : i + per] for i in range(0, n, per)]
        if all(_row_width(c) <= avail for c in chunks):
            return chunks
    return [[c] for c in cards]


def _strips(cards: list[Card]) -> list[int]:
    """Horizontal advance after each card: enough to show its index, plus a gap
    where the suit changes."""
    out = []
    for a, b in zip(cards, cards[1:], strict=False):
        step = max(index_width(a) + 8, 58)
        if a.suit != b.suit:
            step += 10
        out.append(step)
    return out


def _row_width(cards: list[Card]) -> int:
    return sum(_strips(cards)) + CARD_W if cards else 0


@dataclass(frozen=True, slots=True)
class HandCard:
    """One card of a hand picture: where its face goes (top-left), whether it is dimmed
    (not playable) and whether it is outlined (playable, on the player's turn)."""

    card: Card
    x: int
    y: int
    dim: bool
    lit: bool

    @property
    def box(self) -> tuple[int, int, int, int]:
        """Every pixel the card may change, its outline included (x0, y0, x1, y1, ends
        excluded)."""
        return (self.x - 3, self.y - 3, self.x + CARD_W + 3, self.y + CARD_H + 3)


@dataclass(frozen=True, slots=True)
class HandPlan:
    """A hand picture laid out: its size, the title and hint as drawn (``hint_x``: where
    the hint starts), and its rows of cards in drawing order, each with the top of its
    band (``row_top``: a card's outline starts 3 px above it)."""

    width: int
    height: int
    title: str
    hint: str
    hint_x: float
    head: int  # the rows' first band starts here
    row_h: int
    rows: tuple[tuple[HandCard, ...], ...]
    no_cards: str
    faces: FaceWords


def hand_plan(scene: HandScene) -> HandPlan:
    """Where everything of the hand picture goes (:func:`draw_hand` draws it; the PNG
    renderer puts it together from kept tiles)."""
    cards = sort_hand(scene.cards, scene.red_ace_high)
    legal = scene.legal
    rows = _hand_rows(cards, MAX_WIDTH - 2 * _MARGIN) if cards else [[]]
    raise_px = 18 if legal is not None else 0
    w = scene.words
    title = scene.title or f"{w.your_hand} — {len(cards)}"
    hint = ""
    if legal is not None:
        hint = w.playable if legal else w.none_playable
    head = 40
    row_h = CARD_H + raise_px + 10
    width = max(max(_row_width(r) for r in rows) + 2 * _MARGIN, 360)
    if hint:
        width = max(width, min(MAX_WIDTH, text_width(title, SANS, 20) + text_width(hint, SANS, 15) + 3 * _MARGIN + 10))
    height = head + row_h * len(rows) + _MARGIN - 10
    planned: list[tuple[HandCard, ...]] = []
    for r, row in enumerate(rows):
        x = _MARGIN
        y0 = head + r * row_h
        steps = [*_strips(row), 0] if row else []
        out = []
        for card, step in zip(row, steps, strict=True):
            playable = legal is None or card in legal
            y = y0 + (0 if playable and legal is not None else raise_px)
            out.append(HandCard(card, x, y, not playable, legal is not None and playable))
            x += step
        planned.append(tuple(out))
    return HandPlan(width, height, ellipsize(title, SANS, 20, width - 2 * _MARGIN), hint,
                    width - _MARGIN - text_length(hint, SANS, 15) if hint else 0.0, head, row_h,
                    tuple(planned), w.no_cards, w.faces)


#: A text drawn into a picture: (x, y, text, size, colour).
TextRun = tuple[float, int, str, int, RGB]


def hand_head_runs(plan: HandPlan) -> tuple[TextRun, ...]:
    """The hand picture's title and hint, as drawn."""
    title: TextRun = (_MARGIN, 10, plan.title, 20, CREAM_TEXT)
    return (title, (plan.hint_x, 14, plan.hint, 15, HIGHLIGHT)) if plan.hint else (title,)


def draw_runs(img: Image.Image, runs: Sequence[TextRun], dx: int = 0) -> None:
    """``runs`` drawn, ``dx`` px to the right (a whole number: the same pixels)."""
    d = ImageDraw.Draw(img)
    for x, y, text, size, colour in runs:
        draw_text(d, (x + dx, y), text, size, colour)


def draw_hand_card(img: Image.Image, c: HandCard, faces: FaceWords, dx: int = 0, dy: int = 0) -> None:
    """One card of a hand (its outline, then its face), shifted by (``dx``, ``dy``)."""
    if c.lit:
        hand_outline(ImageDraw.Draw(img), c, HIGHLIGHT, dx, dy)
    face = card_face(c.card, dim=c.dim, words=faces)
    img.paste(face, (c.x + dx, c.y + dy), face)


def hand_outline(d: ImageDraw.ImageDraw, c: HandCard, colour: int | RGB, dx: int = 0, dy: int = 0) -> None:
    """The outline round a playable card (``colour``: a palette index on a palette image)."""
    x, y = c.x + dx, c.y + dy
    d.rounded_rectangle((x - 3, y - 3, x + CARD_W + 2, y + CARD_H + 2), 11, outline=colour, width=3)


def hand_border(img: Image.Image, plan: HandPlan, colour: int | RGB = FELT_DARK, dx: int = 0) -> None:
    """The frame round the hand picture, ``dx`` px right (``colour``: a palette index on
    a palette image)."""
    ImageDraw.Draw(img).rectangle((dx, 0, dx + plan.width - 1, plan.height - 1), outline=colour, width=4)


def draw_hand(scene: HandScene) -> Image.Image:
    """The picture of :func:`rendering.render.render_hand`, as an RGB image."""
    plan = hand_plan(scene)
    img = Image.new("RGB", (plan.width, plan.height), FELT)
    hand_border(img, plan)
    draw_runs(img, hand_head_runs(plan))
    if not any(plan.rows):
        draw_text(ImageDraw.Draw(img), (_MARGIN, plan.head + 20), plan.no_cards, 18, MUTED)
    for row in plan.rows:
        for c in row:
            draw_hand_card(img, c, plan.faces)
    return img


# --------------------------------------------------------------------------- table area

# The table picture is read on phones, where Discord shows it 360 px wide: every word in
# it is drawn at least ``MIN_TEXT_PX`` high, and the seats are laid out narrow (the side
# seats' plates under their cards) so that the picture is about 700-770 px wide and its
# smallest word stays at least 11 px high on the phone (tests/rendering/test_phone.py).
PHONE_WIDTH: Final = 360
MIN_PHONE_TEXT_PX: Final = 11
MIN_TEXT_PX: Final = 24  # the smallest text anywhere in the table and trick pictures
_NAME_PX: Final = 28  # names on the plates
_SMALL_PX: Final = MIN_TEXT_PX  # scores, tags, hand counts, the D and F buttons, badges
_LABEL_PX: Final = MIN_TEXT_PX  # labels, captions and the legend in the panel under the table
_INFO_PX: Final = 30  # values in the panel under the table
_PLATE_W: Final = 250
_PLATE_H: Final = 82
_GAP: Final = 8  # between a card and its name plate
_PAD: Final = 30  # round the seats, inside the canvas

# Radii of the ellipse the card centres sit on, per number of seats (chosen so that no
# two seats' cards and plates overlap: tests/rendering/test_images.py).
_RADII: Final = {2: (0, 100), 3: (236, 192), 4: (264, 192), 5: (284, 272)}


@dataclass(frozen=True, slots=True)
class _SeatSpot:
    card: tuple[int, int]  # top-left of the card
    plate: tuple[int, int]  # top-left of the name plate
    plate_alone: tuple[int, int]  # top-left of the plate of a seat with no card slot


@dataclass(frozen=True, slots=True)
class _Layout:
    width: int
    height: int
    arrow: tuple[int, int]
    talon: tuple[int, int]
    spots: tuple[_SeatSpot, ...]


def _seat_boxes(x: float, y: float) -> tuple[tuple[float, float], tuple[float, float]]:
    """Top-left corners of the card and of its name plate for a card centred on (x, y).

    The bottom seat has its plate on the right of the card, the top seat on the left,
    aligned with the card's outer edge.  A seat on a side has its plate under the card
    (so the picture stays narrow): reaching in towards the middle, aligned with the
    card's outer edge, unless that would cross the middle (the upper seats of five),
    then reaching out, aligned with its inner edge.
    """
    cx0, cy0 = x - CARD_W / 2, y - CARD_H / 2
    if abs(x) > 1:
        py = cy0 + CARD_H + _GAP
        inward = abs(x) + CARD_W / 2 - _PLATE_W >= 0
        if x > 0:
            px = cx0 + CARD_W - _PLATE_W if inward else cx0
        else:
            px = cx0 if inward else cx0 + CARD_W - _PLATE_W
    elif y > 0:
        px, py = cx0 + CARD_W + _GAP, cy0 + CARD_H - _PLATE_H
    else:
        px, py = cx0 - _GAP - _PLATE_W, cy0
    return (cx0, cy0), (px, py)


@lru_cache(maxsize=32)
def _layout(n: int, clockwise: bool, top: int) -> _Layout:
    """Seats round an ellipse in play order; seat 0 at the bottom.

    Anticlockwise play goes bottom → right → top → left on screen; clockwise the
    other way round (C-1: direction is only a display matter).
    """
    rx, ry = _RADII[n]
    centres: list[tuple[float, float]] = []
    for k in range(n):
        deg = -90 + (k * 360 / n) * (-1 if clockwise else 1)
        a = math.radians(deg)
        centres.append((round(rx * math.cos(a), 3), round(-ry * math.sin(a), 3)))
    boxes = []
    for x, y in centres:
        (cx0, cy0), (px, py) = _seat_boxes(x, y)
        boxes.append((min(cx0, px), min(cy0, py), max(cx0 + CARD_W, px + _PLATE_W), max(cy0 + CARD_H, py + _PLATE_H)))
    x0 = min(b[0] for b in boxes)
    y0 = min(b[1] for b in boxes)
    x1 = max(b[2] for b in boxes)
    y1 = max(b[3] for b in boxes)
    width = int(x1 - x0) + 2 * _PAD
    height = int(y1 - y0) + 2 * _PAD + top
    ox = _PAD - x0
    oy = top + _PAD - y0
    spots = []
    for x, y in centres:
        (cx0, cy0), (px, py) = _seat_boxes(x, y)
        spots.append(
            _SeatSpot(
                (round(cx0 + ox), round(cy0 + oy)),
                (round(px + ox), round(py + oy)),
                # (beside the card slot, as ever, for the top and bottom seats; a side seat's
                # plate moves up to the middle of its empty slot)
                (round(px + ox), round(y + oy - _PLATE_H / 2)) if abs(x) > 1 else (round(px + ox), round(py + oy)),
            )
        )
    bx, by = centres[0]
    arrow = (round(bx - CARD_W / 2 - 64 + ox), round(by + CARD_H / 2 - 36 + oy))
    talon = (round(x1 + ox - 84), round(y0 + oy))
    return _Layout(width, height, arrow, talon, tuple(spots))


@lru_cache(maxsize=16)
def _felt(width: int, height: int, top: int) -> Image.Image:
    """The empty table: a wooden rim round green felt (cached; copy before drawing)."""
    img = Image.new("RGB", (width, height), BACKDROP)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((4, top, width - 5, height - 5), 60, fill=WOOD, outline=WOOD_LIGHT, width=3)
    d.rounded_rectangle((16, top + 12, width - 17, height - 17), 50, fill=FELT, outline=FELT_DARK, width=4)
    return img


def _pill(d: ImageDraw.ImageDraw, x: int, y: int, text: str, bg: RGB, fg: RGB) -> int:
    w = math.ceil(text_length(text, SANS, _SMALL_PX)) + 16
    d.rounded_rectangle((x, y, x + w, y + _SMALL_PX + 6), 12, fill=bg)
    draw_text(d, (x + 8, y + 2), text, _SMALL_PX, fg)
    return w


def _arrow(d: ImageDraw.ImageDraw, cx: int, cy: int, clockwise: bool) -> None:
    """A circular arrow in the middle of the table showing the direction of play."""
    r = 26
    colour = (70, 140, 100)
    # Image coordinates: angles grow clockwise on screen.
    start, end = (200, 480) if clockwise else (-120, 160)
    d.arc((cx - r, cy - r, cx + r, cy + r), start, end, fill=colour, width=5)
    tip = math.radians(end if clockwise else start)
    tx, ty = cx + r * math.cos(tip), cy + r * math.sin(tip)
    # Tangent in the direction of travel.
    sgn = 1 if clockwise else -1
    dx, dy = -math.sin(tip) * sgn, math.cos(tip) * sgn
    nx, ny = -dy, dx
    L, W = 13, 9
    d.polygon(
        [(tx + dx * L, ty + dy * L), (tx + nx * W, ty + ny * W), (tx - nx * W, ty - ny * W)],
        fill=colour,
    )


@dataclass(frozen=True, slots=True)
class _SeatLook:
    """Everything one seat's drawing (its card slot and name plate) depends on."""

    k: int
    seat: SeatInfo
    played: tuple[int, Card] | None  # (order in the trick, card)
    won: bool
    active: bool  # to act
    bidder: bool
    leads: bool  # the "leads" tag
    score: str
    count: str
    words: PictureWords


def _seat_looks(
    seats: Sequence[SeatInfo],
    trick: PlayedTrick | None,
    *,
    to_act: int | None = None,
    declarer: int | None = None,
    scores: Sequence[str] = (),
    hand_counts: Sequence[int] = (),
    words: PictureWords = ENGLISH_WORDS,
) -> list[_SeatLook]:
    played = {seat: (i, card) for i, (seat, card) in enumerate(trick.plays)} if trick else {}
    return [
        _SeatLook(
            k,
            seat,
            played.get(k),
            trick is not None and trick.winner == k,
            to_act == k,
            declarer == k,
            trick is not None and bool(trick.plays) and trick.leader == k,
            scores[k] if scores else "",
            str(hand_counts[k]) if hand_counts else "",
            words,
        )
        for k, seat in enumerate(seats)
    ]


def _seat_layers(spot: _SeatSpot, look: _SeatLook, width: int, height: int) -> list[Layer]:
    """A seat's two layers, in drawing order: its card slot (the card played with its
    gold frame and order badge, or the empty slot outlined) and its name plate (with
    the D and F buttons), each box holding its drawing with a few pixels to spare,
    inside (0, 0, ``width``, ``height``).  Apart, a card played or a turn passed changes
    a card's box and a plate's, not the whole seat's."""
    cx, cy = spot.card
    px, py = spot.plate_alone if look.seat.sitting_out else spot.plate

    def box(x0: int, y0: int, x1: int, y1: int) -> Box:
        return max(0, x0 - 12), max(0, y0 - 22), min(width, x1 + 22), min(height, y1 + 12)

    # (the slot's key: what _draw_slot reads; the plate's: the look but its card)
    slot = ("slot", look.k, look.seat.sitting_out, look.played, look.won, look.active, look.words)
    return [Layer(slot, box(cx, cy, cx + CARD_W, cy + CARD_H), functools.partial(_draw_slot, spot=spot, look=look)),
            Layer(("plate", dataclasses.replace(look, played=None)), box(px, py, px + _PLATE_W, py + _PLATE_H),
                  functools.partial(_draw_plate, spot=spot, look=look))]


def _draw_slot(img: Image.Image, spot: _SeatSpot, look: _SeatLook) -> None:
    d = ImageDraw.Draw(img)
    seat, words, won = look.seat, look.words, look.won
    cx, cy = spot.card
    if look.played is not None:
        order, card = look.played
        if won:
            d.rounded_rectangle((cx - 7, cy - 7, cx + CARD_W + 6, cy + CARD_H + 6), 14, fill=GOLD, outline=GOLD_DARK, width=2)
        face = card_face(card, words=words.faces)
        img.paste(face, (cx, cy), face)
        # Play-order badge on the top-right corner.
        bx, by = cx + CARD_W - 4, cy + 4
        d.ellipse((bx - 18, by - 18, bx + 18, by + 18), fill=LEAD if order == 0 else NAVY, outline=WHITE, width=2)
        t = str(order + 1)
        draw_text(d, (bx - text_length(t, SANS, _SMALL_PX) / 2, by - _SMALL_PX * 0.62), t, _SMALL_PX,
                  NAVY if order == 0 else WHITE)
    elif not seat.sitting_out:
        outline = HIGHLIGHT if look.active else (60, 130, 90)
        d.rounded_rectangle((cx, cy, cx + CARD_W - 1, cy + CARD_H - 1), 9, outline=outline, width=3 if look.active else 2)
        if look.active:
            t = words.to_play
            draw_text(d, (cx + CARD_W / 2 - text_length(t, SANS, _SMALL_PX) / 2, cy + CARD_H / 2 - 13), t,
                      _SMALL_PX, HIGHLIGHT)


def _draw_plate(img: Image.Image, spot: _SeatSpot, look: _SeatLook) -> None:
    d = ImageDraw.Draw(img)
    seat, words, won = look.seat, look.words, look.won
    px, py = spot.plate_alone if seat.sitting_out else spot.plate
    active = look.active
    plate_bg: RGB = (20, 24, 22) if not seat.sitting_out else (70, 74, 72)
    d.rounded_rectangle(
        (px, py, px + _PLATE_W - 1, py + _PLATE_H - 1),
        10,
        fill=plate_bg,
        outline=HIGHLIGHT if active else (GOLD if won else (90, 100, 95)),
        width=3 if active or won else 1,
    )
    tags: list[tuple[str, RGB, RGB]] = []
    if look.leads:
        tags.append((words.leads, LEAD, NAVY))
    if won:
        tags.append((words.takes_it, GOLD, INK))
    if look.bidder:
        tags.append((words.bidder, (235, 200, 120), INK))
    if seat.sitting_out:
        tags.append((words.sits_out, (120, 124, 122), WHITE))
    name_colour = MUTED if seat.sitting_out else WHITE
    score = look.score
    count = look.count
    count_w = text_width(count, SANS, _SMALL_PX) + 26 if count else 0
    buttons_w = 38 * (seat.is_dealer + seat.is_forehand)
    name_w = _PLATE_W - 16 - count_w - buttons_w - (6 if count else 0)
    name, size = _plate_name(seat.name, name_w)
    two_rows = bool(tags or score)
    ny = py + 6 if two_rows else py + (_PLATE_H - size) // 2 - 2
    draw_text(d, (px + 8, ny), name, size, name_colour)
    if count:
        _hand_count(d, px + _PLATE_W - 8 - count_w - buttons_w, ny + 1, count)
    right_edge = px + _PLATE_W - 7
    ty = py + _PLATE_H - _SMALL_PX - 12
    if score:
        right_edge -= text_width(score, SANS, _SMALL_PX)
        draw_text(d, (right_edge, ty + 1), score, _SMALL_PX, HIGHLIGHT)
        right_edge -= 6
    tx = px + 7
    for text, bg, fg in tags:
        w = text_width(text, SANS, _SMALL_PX) + 16
        if tx + w > right_edge:
            break
        tx += _pill(d, tx, ty, text, bg, fg) + 4
    bx = px + _PLATE_W - 4
    if seat.is_dealer:
        _button(d, bx, py + 2, words.dealer_badge, WHITE)
        bx -= 38
    if seat.is_forehand:
        _button(d, bx, py + 2, words.forehand_badge, LEAD)


@lru_cache(maxsize=1024)
def short_name(name: str, face: str, size: int, width: int) -> str:
    """``name`` in its fullest sensible form that fits ``width`` px at ``size``
    (``rendering.names``: first name, initials), cut only when no form fits."""
    form = shorten_name(name, lambda f: text_width(f, face, size) <= width)
    return ellipsize(form, face, size, width)


@lru_cache(maxsize=1024)
def _plate_name(name: str, width: int) -> tuple[str, int]:
    """The name on a plate and its size: the fullest form that fits at ``_NAME_PX`` or a
    little smaller (never below ``MIN_TEXT_PX``)."""
    sizes = range(_NAME_PX, MIN_TEXT_PX - 1, -2)
    for form in name_forms(name):
        for size in sizes:
            if text_width(form, SANS, size) <= width:
                return form, size
    return short_name(name, SANS, MIN_TEXT_PX, width), MIN_TEXT_PX


def _hand_count(d: ImageDraw.ImageDraw, x: int, y: int, count: str, colour: RGB = CREAM_TEXT) -> None:
    """A tiny card back followed by the number of cards left in the hand."""
    d.rounded_rectangle((x, y + 2, x + 15, y + 2 + _SMALL_PX), 3, fill=(60, 80, 140), outline=WHITE, width=1)
    draw_text(d, (x + 21, y + 1), count, _SMALL_PX, colour)


def _button(d: ImageDraw.ImageDraw, cx: int, cy: int, letter: str, fill: RGB) -> None:
    """A disc on the plate's corner: 'D' the dealer's button, 'F' the forehand's."""
    r = 17
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=fill, outline=INK, width=2)
    draw_text(d, (cx - text_length(letter, SANS, _SMALL_PX) / 2, cy - _SMALL_PX * 0.6), letter, _SMALL_PX, INK)


@lru_cache(maxsize=256)
def _title_lines(text: str, width: int) -> tuple[int, tuple[str, ...]]:
    """The title's size and lines: one line at ``_INFO_PX`` or a little smaller, else
    wrapped onto two lines (never below ``MIN_TEXT_PX``, cut only past two lines)."""
    avail = width - 2 * _MARGIN
    size = fit_text(text, SANS, _INFO_PX, avail, MIN_TEXT_PX)
    if text_width(text, SANS, size) <= avail:
        return size, (text,)
    lines = _wrap(text, 26, avail)
    if len(lines) > 2:
        lines = [lines[0], ellipsize(" ".join(lines[1:]), SANS, 26, avail)]
    return 26, tuple(lines)


def _title_top(text: str, width: int) -> int:
    """The height of the title strip above the table: one line or two."""
    return _TOP if len(_title_lines(text, width)[1]) == 1 else _TOP + 32


def _title(d: ImageDraw.ImageDraw, text: str, width: int, colour: RGB = CREAM_TEXT) -> None:
    size, lines = _title_lines(text, width)
    for k, line in enumerate(lines):
        draw_text(d, (_MARGIN, 8 + k * 32), line, size, colour)


_TOP: Final = 50  # title strip above the table


def draw_trick(scene: TrickScene) -> Image.Image:
    """The picture of :func:`rendering.render.render_trick`, as an RGB image."""
    return trick_layers(scene).draw()


def trick_layers(scene: TrickScene) -> Layers:
    """The trick picture as layers: the base is the felt and the direction arrow; over
    it the title, one layer per seat and the Varšava talon card."""
    title = scene.title or scene.words.trick
    if scene.winner is not None:
        winner = short_name(scene.seats[scene.winner].name, SANS, _INFO_PX, 320)
        title += " — " + scene.words.takes_trick.format(name=winner)
    width = _layout(len(scene.seats), scene.clockwise, _TOP).width
    top = _title_top(title, width)
    layout = _layout(len(scene.seats), scene.clockwise, top)
    height = layout.height
    clockwise = scene.clockwise

    def base() -> Image.Image:
        img = _felt(width, height, top).copy()
        _arrow(ImageDraw.Draw(img), *layout.arrow, clockwise)
        return img

    layers = [Layer(("title", title), (0, 0, width, top), lambda img: _title(ImageDraw.Draw(img), title, width))]
    for look in _seat_looks(scene.seats, scene.trick, words=scene.words):
        layers += _seat_layers(layout.spots[look.k], look, width, height)
    if scene.talon_card is not None:
        card, label, faces = scene.talon_card, scene.words.talon_card, scene.words.faces
        x, y = layout.talon
        box = (max(0, x + _SMALL_W - max(_SMALL_W, text_width(label, SANS, _SMALL_PX)) - 4), max(0, y - 10),
               min(width, x + _SMALL_W + 4), min(height, y + 22 + _SMALL_H + 2))
        layers.append(Layer(("talon", card, label, faces), box,
                            lambda img: _small_talon(img, card, x, y, label, faces)))
    # (no family: a trick picture changes by a card, whose bands the kept bands already
    # spare; inflating them to patch cost more than it saved, 1.9 against 1.6 ms)
    return Layers((width, height), ("trick", len(scene.seats), clockwise, width, height, top), base, tuple(layers))


def _small_talon(img: Image.Image, card: Card, x: int, y: int, label: str = "talon card",
                 faces: FaceWords = ENGLISH_FACES) -> None:
    d = ImageDraw.Draw(img)
    draw_text(d, (x - text_width(label, SANS, _SMALL_PX) + _SMALL_W, y - 8), label, _SMALL_PX, CREAM_TEXT)
    face = card_face(card, 72, words=faces)
    img.paste(face, (x, y + 22), face)


# --------------------------------------------------------------------------- table

_SMALL_W: Final = 72
_SMALL_H: Final = round(CARD_H * _SMALL_W / CARD_W)
_INFO_LABEL_W: Final = 160  # the labels (Contract, Level, ...) of that column
_INFO_LINE: Final = 44  # its line height
_NOTE_LINE: Final = 34  # announcements, captions
#: The legend of the badges on the plates, under the panel.
LEGEND: Final = (("D", "dealer"), ("F", "forehand: leads first"), ("7", "cards in hand"),
                 ("1", "order of play"))


def _legend(w: PictureWords) -> tuple[tuple[str, str], ...]:
    """The legend in the scene's words (the same four entries, in the order of LEGEND)."""
    return ((w.dealer_badge, w.dealer), (w.forehand_badge, w.forehand), ("7", w.cards_in_hand),
            ("1", w.order_of_play))


Box = tuple[int, int, int, int]


@dataclass(frozen=True, slots=True)
class Layer:
    """A part of a picture drawn over its static base.

    ``key`` is everything its pixels depend on besides the base (two layers with equal
    keys over equal bases draw the same pixels); ``box`` (x0, y0, x1, y1, ends
    excluded) holds every pixel it may change; ``draw`` draws it onto the picture.
    """

    key: Hashable
    box: Box
    draw: Callable[[Image.Image], None]


@dataclass(frozen=True, slots=True)
class Layers:
    """A picture as its static base and the layers drawn over it, in order.

    ``base_key`` is everything the base depends on; ``base()`` draws it (a new image).
    Outside the layers' boxes the picture is its base, pixel for pixel.  ``family``
    names the pictures likely to follow one another (one table's: its players' names),
    whose latest picture the next one is drawn from (:func:`rendering.render`); it
    never decides a pixel.  The base's first ``head_rows`` rows depend on ``head_key``
    alone (a table's felt, above its panel): a picture whose base differs only below
    them (its panel grew or lost a line) is still drawn from its family's latest.
    """

    size: tuple[int, int]
    base_key: Hashable
    base: Callable[[], Image.Image]
    layers: tuple[Layer, ...]
    family: Hashable = None
    head_key: Hashable = None
    head_rows: int = 0

    def draw(self) -> Image.Image:
        """The whole picture, as an RGB image."""
        img = self.base()
        for layer in self.layers:
            layer.draw(img)
        return img


def draw_table(scene: TableScene) -> Image.Image:
    """The picture of :func:`rendering.render.render_table`, as an RGB image."""
    return table_layers(scene).draw()


def table_layers(scene: TableScene) -> Layers:
    """The table picture as layers: the base is the felt, the direction arrow, the
    panel's frame and the legend (the same for every picture of a table until its
    panel grows a line); over it the title, one layer per seat and the panel's lines."""
    title = scene.title or scene.words.table
    width = _layout(len(scene.seats), scene.clockwise, _TOP).width
    top = _title_top(title, width)
    layout = _layout(len(scene.seats), scene.clockwise, top)
    y0 = layout.height
    height = y0 + _panel_height(scene, width)
    legend = _legend(scene.words)
    legend_top = height - 7 - _legend_height(width, legend)
    clockwise = scene.clockwise

    def base() -> Image.Image:
        img = Image.new("RGB", (width, height), BACKDROP)
        img.paste(_felt(width, y0, top), (0, 0))
        d = ImageDraw.Draw(img)
        _arrow(d, *layout.arrow, clockwise)
        d.rounded_rectangle((6, y0, width - 7, height - 7), 14, fill=(250, 246, 236), outline=WOOD_LIGHT, width=3)
        d.line((24, legend_top, width - 24, legend_top), fill=(225, 215, 195), width=2)
        _draw_legend(d, 24, legend_top + 4, width - 48, legend)
        return img

    layers = [Layer(("title", title), (0, 0, width, top), lambda img: _title(ImageDraw.Draw(img), title, width))]
    looks = _seat_looks(scene.seats, scene.trick, to_act=scene.to_act, declarer=scene.declarer,
                        scores=scene.scores, hand_counts=scene.hand_counts, words=scene.words)
    for look in looks:
        layers += _seat_layers(layout.spots[look.k], look, width, y0)
    panel_key = ("panel", scene.seats, scene.contract, scene.level, scene.called, scene.flek, scene.announcements,
                 scene.talon_exposed, scene.talon_label, scene.last_trick, scene.words)
    layers.append(Layer(panel_key, (0, y0, width, legend_top - 2),
                        functools.partial(_draw_panel, scene=scene, y0=y0)))
    base_key = ("table", len(scene.seats), clockwise, width, height, top, legend)
    # (above the panel, y0, the base is the felt and the arrow: the same for any panel)
    return Layers((width, height), base_key, base, tuple(layers), ("table", tuple(s.name for s in scene.seats)),
                  ("table", len(scene.seats), clockwise, width, top), y0)


def _panel_lines(scene: TableScene) -> list[tuple[str, str]]:
    lines = []
    w = scene.words
    if scene.contract:
        lines.append((w.contract, scene.contract))
    if scene.level:
        lines.append((w.level, scene.level))
    if scene.called:
        lines.append((w.called, scene.called))
    if scene.flek:
        lines.append((w.doubling, scene.flek))
    if not lines:
        lines.append((w.contract, w.not_yet_bid))
    return lines


@dataclass(frozen=True, slots=True)
class _PanelPlan:
    """The panel's lines laid out for the picture's width: each value at ``_INFO_PX``
    (a little smaller if that keeps it on one line), else wrapped onto two lines (a long
    contract name; smaller, never below ``MIN_TEXT_PX``, if it needs more), never cut;
    the announcements wrapped."""

    label_w: int
    values: tuple[tuple[str, int, tuple[str, ...]], ...]  # (label, size, its lines)
    announcements: tuple[str, ...]

    @property
    def height(self) -> int:
        """The height of the contract column (the talon and last trick go under it)."""
        rows = sum(_INFO_LINE + (len(lines) - 1) * (size + 6) for _, size, lines in self.values)
        return 16 + rows + _NOTE_LINE * len(self.announcements)


@lru_cache(maxsize=256)
def _panel_plan(lines: tuple[tuple[str, str], ...], announcements: tuple[str, ...], width: int) -> _PanelPlan:
    avail = width - 48
    # (the labels' column widens for a language whose labels are longer: never overlapped)
    lw = max(_INFO_LABEL_W, *(text_width(label, SANS, _LABEL_PX) + 14 for label, _ in lines))
    values: list[tuple[str, int, tuple[str, ...]]] = []
    for label, value in lines:
        size = fit_text(value, SANS, _INFO_PX, avail - lw, _INFO_PX - 4)
        if text_width(value, SANS, size) <= avail - lw:
            values.append((label, size, (value,)))
            continue
        size = _INFO_PX
        parts = _wrap(value, size, avail - lw)
        while len(parts) > 2 and size > MIN_TEXT_PX:
            size -= 2
            parts = _wrap(value, size, avail - lw)
        values.append((label, size, tuple(parts)))
    notes: list[str] = []
    for line in announcements:
        parts = _wrap(line, _LABEL_PX, avail - 24)
        notes += ["• " + parts[0], *("   " + p for p in parts[1:])]
    return _PanelPlan(lw, tuple(values), tuple(notes))


def _plan(scene: TableScene, width: int) -> _PanelPlan:
    return _panel_plan(tuple(_panel_lines(scene)), tuple(scene.announcements), width)


def _panel_height(scene: TableScene, width: int) -> int:
    height = _plan(scene, width).height
    if scene.talon_exposed:
        rows = math.ceil(len(scene.talon_exposed) / 6)
        height += _NOTE_LINE + rows * (_SMALL_H + 8) + 6
    if scene.last_trick is not None and scene.last_trick.plays:
        height += _NOTE_LINE + _SMALL_H + _NOTE_LINE
    return height + 14 + _legend_height(width, _legend(scene.words))


@lru_cache(maxsize=64)
def _legend_rows(width: int, legend: Sequence[tuple[str, str]] = LEGEND) -> int:
    rows, x = 1, 18
    for _, meaning in legend:
        w = 44 + text_width(meaning, SANS, _LABEL_PX) + 28
        if x + w > width - 48 and x > 18:
            rows, x = rows + 1, 18
        x += w
    return rows


def _legend_height(width: int, legend: Sequence[tuple[str, str]] = LEGEND) -> int:
    return _legend_rows(width, legend) * _NOTE_LINE + 10


def _draw_legend(d: ImageDraw.ImageDraw, x: int, y: int, width: int,
                 legend: Sequence[tuple[str, str]] = LEGEND) -> None:
    """What the badges on the plates mean, in rows of discs and words."""
    cx, cy = x + 18, y + 18
    for i, (letter, meaning) in enumerate(legend):
        w = 44 + text_width(meaning, SANS, _LABEL_PX) + 28
        if cx + w > x + width and cx > x + 18:
            cx, cy = x + 18, cy + _NOTE_LINE
        if i == 2:
            _hand_count(d, cx - 18, cy - _SMALL_PX // 2 - 2, letter, INK)
        elif i == 3:
            d.ellipse((cx - 17, cy - 17, cx + 17, cy + 17), fill=LEAD, outline=WHITE, width=2)
            draw_text(d, (cx - text_length(letter, SANS, _SMALL_PX) / 2, cy - _SMALL_PX * 0.6), letter,
                      _SMALL_PX, NAVY)
        else:
            _button(d, cx, cy, letter, WHITE if i == 0 else LEAD)
        draw_text(d, (cx + 26, cy - _LABEL_PX * 0.6), meaning, _LABEL_PX, (90, 82, 66))
        cx += w


def _draw_panel(img: Image.Image, scene: TableScene, y0: int) -> None:
    """The panel's lines (its frame and legend are in the table's base): the contract
    column, then under it the exposed talon and the last trick."""
    d = ImageDraw.Draw(img)
    x = 24
    y = y0 + 14
    avail = img.width - 48
    plan = _plan(scene, img.width)
    for label, size, lines in plan.values:
        draw_text(d, (x, y + 6), label, _LABEL_PX, (120, 110, 90))
        for k, text in enumerate(lines):
            draw_text(d, (x + plan.label_w, y + k * (size + 6)), text, size, NAVY)
        y += _INFO_LINE + (len(lines) - 1) * (size + 6)
    for line in plan.announcements:
        draw_text(d, (x, y), line, _LABEL_PX, RED)
        y += _NOTE_LINE
    y = y0 + plan.height
    if scene.talon_exposed:
        label = shorten_line(scene.talon_label, avail)
        draw_text(d, (x, y), label, _LABEL_PX, INK)
        y += _NOTE_LINE
        for i, card in enumerate(scene.talon_exposed):
            face = card_face(card, _SMALL_W, words=scene.words.faces)
            img.paste(face, (x + (i % 6) * (_SMALL_W + 6), y + (i // 6) * (_SMALL_H + 8)), face)
        y += math.ceil(len(scene.talon_exposed) / 6) * (_SMALL_H + 8) + 6
    last = scene.last_trick
    if last is not None and last.plays:
        label = scene.words.last_trick
        if last.winner is not None:
            took = label + " — " + scene.words.took_it
            room = avail - text_width(took.format(name=""), SANS, _LABEL_PX)
            label = took.format(name=short_name(scene.seats[last.winner].name, SANS, _LABEL_PX, room))
        draw_text(d, (x, y), shorten_line(label, avail), _LABEL_PX, INK)
        y += _NOTE_LINE
        step = min(_SMALL_W + 80, avail // max(1, len(last.plays)))
        for i, (seat, card) in enumerate(last.plays):
            cx = x + i * step
            if seat == last.winner:
                d.rounded_rectangle((cx - 4, y - 4, cx + _SMALL_W + 3, y + _SMALL_H + 3), 8, fill=GOLD)
            face = card_face(card, _SMALL_W, words=scene.words.faces)
            img.paste(face, (cx, y), face)
            name = short_name(scene.seats[seat].name, SANS, _LABEL_PX, step - 14)
            draw_text(d, (cx, y + _SMALL_H + 6), name, _LABEL_PX, INK)


def shorten_line(text: str, width: int) -> str:
    """A caption at ``_LABEL_PX`` within ``width``: whole if it fits, else cut at a word
    (it never shrinks below the smallest size the phone can read)."""
    return ellipsize(text, SANS, _LABEL_PX, width)


# --------------------------------------------------------------------------- summary

#: The summary is drawn narrow with large type: Discord shows it about 360 px wide on a
#: phone, where 20 px type stays about 12 px high; long lines wrap, nothing is cut.
_SUM_W: Final = 600
_SIDE_COLOURS: Final = ((46, 98, 170), (190, 70, 50), (60, 140, 80), (150, 90, 160), (200, 150, 40))
_SUM_TEXT: Final = 20
_SUM_SMALL: Final = 19  # (11.4 px on a phone: the smallest text there, issue 31)
_SUM_HEAD: Final = 19


def _wrap(text: str, size: int, width: int) -> list[str]:
    """``text`` broken into lines of at most ``width`` px at ``size`` (at spaces; a word
    longer than the line is broken inside)."""
    lines: list[str] = []
    line = ""
    for word in text.split():
        trial = f"{line} {word}" if line else word
        if text_width(trial, SANS, size) <= width:
            line = trial
            continue
        if line:
            lines.append(line)
        while text_width(word, SANS, size) > width and len(word) > 1:
            cut = len(word)
            while cut > 1 and text_width(word[:cut], SANS, size) > width:
                cut -= 1
            lines.append(word[:cut])
            word = word[cut:]
        line = word
    if line or not lines:
        lines.append(line)
    return lines


@lru_cache(maxsize=256)
def _summary_name(name: str, room: int) -> str:
    """A player's name in the summary's narrow name column: the fullest form
    (``rendering.names``) that takes at most two lines without breaking a word."""
    def fits(form: str) -> bool:
        return (all(text_width(w, SANS, _SUM_TEXT) <= room for w in form.split())
                and len(_wrap(form, _SUM_TEXT, room)) <= 2)

    return shorten_name(name, fits)


def draw_summary(scene: SummaryScene) -> Image.Image:
    """The picture of :func:`rendering.render.render_summary`, as an RGB image."""
    height = _summary(scene, None)
    img = Image.new("RGB", (_SUM_W, height), BACKDROP)
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((6, 6, _SUM_W - 7, height - 7), 14, fill=PAPER, outline=WOOD_LIGHT, width=3)
    _summary(scene, d)
    return img


def _summary(scene: SummaryScene, d: ImageDraw.ImageDraw | None) -> int:
    """Lay the summary out (and draw it when ``d`` is given); its height."""
    x0, x1 = 24, _SUM_W - 24
    text_f, small_f, head_f = _SUM_TEXT, _SUM_SMALL, _SUM_HEAD
    line, small_line = _SUM_TEXT + 7, _SUM_SMALL + 6

    def put(x: float, y: float, text: str, size: int, fill: RGB) -> None:
        if d is not None:
            draw_text(d, (x, y), text, size, fill)

    def right(x: float, y: float, text: str, size: int, fill: RGB) -> None:
        put(x - text_length(text, SANS, size), y, text, size, fill)

    def section(label: str, y: int) -> int:
        if d is not None:
            d.line((x0, y, x1, y), fill=(210, 200, 180), width=1)
        put(x0, y + 8, label, head_f, MUTED)
        return y + 32

    y = 18
    for t in _wrap(scene.title, 26, x1 - x0):
        put(x0, y, t, 26, NAVY)
        y += 33
    for t in _wrap(scene.note, _SUM_SMALL, x1 - x0) if scene.note else []:
        put(x0, y, t, small_f, (90, 90, 90))
        y += small_line
    # The points bar, each side's points on its part (none when no card was counted).
    total = max(1, scene.total_points, sum(max(0, s.card_points) for s in scene.sides))
    bx = x0
    bar_y = y + 8
    counted = any(s.card_points or s.cards_taken for s in scene.sides)
    for i, side in enumerate(scene.sides if counted else ()):
        seg = round((x1 - x0) * max(0, side.card_points) / total)
        if i == len(scene.sides) - 1 and sum(s.card_points for s in scene.sides) == total:
            seg = x1 - bx
        if seg > 0 and d is not None:
            d.rectangle((bx, bar_y, bx + seg - 1, bar_y + 32), fill=_SIDE_COLOURS[i % len(_SIDE_COLOURS)])
            t = str(side.card_points)
            if text_length(t, SANS, text_f) + 8 < seg:
                put(bx + seg / 2 - text_length(t, SANS, text_f) / 2, bar_y + 5, t, text_f, WHITE)
        bx += seg
    if d is not None and counted:
        d.rectangle((x0, bar_y, x1, bar_y + 32), outline=INK, width=1)
        if len(scene.sides) == 2 and total % 2 == 0:  # the 35 line only means something for two sides
            mid = x0 + (x1 - x0) // 2
            d.line((mid, bar_y - 5, mid, bar_y + 37), fill=INK, width=2)
    y = bar_y + 32 + 14 if counted else y + 8
    # Sides: the label and its points and cards, then its players (wrapped).
    w = scene.words
    y = section(w.sides, y)
    for i, side in enumerate(scene.sides):
        if d is not None:
            d.rectangle((x0, y + 4, x0 + 14, y + 20), fill=_SIDE_COLOURS[i % len(_SIDE_COLOURS)])
        count = side.count_text or side.points_text or f"{side.card_points} points, {side.cards_taken} cards"
        label_w = x1 - x0 - 22 - int(text_length(count, SANS, text_f)) - 12
        for k, t in enumerate(_wrap(side.label + ("  ✓" if side.won else ""), _SUM_TEXT, label_w)):
            put(x0 + 22, y, t, text_f, GAIN if side.won else INK)
            if k == 0:
                right(x1, y, count, text_f, INK)
            y += line
        if list(side.members) != [side.label] and side.members:
            for t in _wrap(", ".join(side.members), _SUM_SMALL, x1 - x0 - 22):
                put(x0 + 22, y, t, small_f, MUTED)
                y += small_line
        y += 4
    y += 8
    if scene.payments:
        y = section(w.payments, y)
        for p in scene.payments:
            room = x1 - x0 - int(text_length(p.amount, SANS, text_f)) - 16
            for k, t in enumerate(_wrap(p.text, _SUM_TEXT, room)):
                put(x0, y, t, text_f, INK)
                if k == 0:
                    right(x1, y, p.amount, text_f, NAVY)
                y += line
            y += 4
        y += 8
    if scene.balances:
        y = section(w.players, y)
        totals = any(b.balance_text for b in scene.balances)
        change_w = max(int(text_length(b.change_text, SANS, text_f)) for b in scene.balances)
        total_w = max((int(text_length(b.balance_text, SANS, small_f)) for b in scene.balances), default=0)
        # The balance column's heading ("SEASON BALANCE") on as many lines as the column
        # needs, the column no narrower than its longest word.
        total_w = max([total_w, *(text_width(t, SANS, head_f) for t in w.total.split())]) if totals else 0
        heading = _wrap(w.total, head_f, total_w) if totals else []
        change_x = x1 - (total_w + 20 if totals else 0)
        right(change_x, y - 24 + (len(heading) - 1) * small_line if heading else y - 24, w.this_hand, head_f, MUTED)
        for k, t in enumerate(heading):
            right(x1, y - 24 + k * small_line, t, head_f, MUTED)
        y += max(0, len(heading) - 1) * small_line
        room = change_x - change_w - 16 - x0
        for b in scene.balances:
            colour = GAIN if b.change > 0 else LOSS if b.change < 0 else MUTED
            right(change_x, y, b.change_text, text_f, colour)
            if b.balance_text:
                right(x1, y + 2, b.balance_text, small_f, (100, 100, 100))
            for t in _wrap(_summary_name(b.name, room), _SUM_TEXT, room):
                put(x0, y, t, text_f, INK)
                y += line
        y += 12
    if scene.pool_before or scene.pool_after:
        if d is not None:
            d.line((x0, y, x1, y), fill=(210, 200, 180), width=1)
        text = f"{w.pool}: " + (f"{scene.pool_before}  →  {scene.pool_after}" if scene.pool_before else scene.pool_after)
        for t in _wrap(text, _SUM_TEXT, x1 - x0):
            put(x0, y + 10, t, _SUM_TEXT, GOLD_DARK)
            y += line
        y += 14
    return y + 14
