"""Card faces for all 54 cards, drawn by code and cached.

Every face is drawn at four times its final size and scaled down, which antialiases the
shapes.  The index (rank and suit, or the tarok's Roman numeral) sits in the top-left
corner so that it stays readable when the cards of a hand overlap; five-point cards
(škýz, mond, pagát, kings) have a gold frame and a gold "5" badge under the index.
The words on the faces (the court cards' names, the honours') are the reader's language's
(``FaceWords``); a face that shows no word is the same in every language.
"""

from __future__ import annotations

from collections.abc import Iterable
from functools import lru_cache
from typing import Final

from PIL import Image, ImageDraw

from bot.engine.cards import CARDS, KING, NUM_TAROKY, QUEEN, SKYZ, Card, Suit, suit_strength

from ._draw import (
    FELT,
    GOLD,
    GOLD_DARK,
    INK,
    IVORY,
    NAVY,
    PAPER,
    RED,
    RGB,
    SANS,
    SERIF,
    WHITE,
    rounded_mask,
    star,
    suit_icon,
    text_image,
)
from .scenes import ENGLISH_FACES, FaceWords

CARD_W: Final = 120
CARD_H: Final = 180
_SS: Final = 4  # supersampling factor
_RADIUS: Final = 9

#: Suit order in a sorted hand: colours alternate so neighbouring suits stand apart.
HAND_SUIT_ORDER: Final = (Suit.HEARTS, Suit.SPADES, Suit.DIAMONDS, Suit.CLUBS)



def _face_word(words: FaceWords, face: int) -> str:
    return (words.king, words.queen, words.rider, words.jack)[face]


def suit_colour(card: Card) -> RGB:
    """Ink colour of a card's index: red suits red, black suits black, taroky navy."""
    if card.is_tarok:
        return NAVY
    return RED if card.suit.is_red else INK


def rank_label(card: Card) -> str:
    """What the index shows: ``K``, ``10``, ``XIX``; ``Šk`` for the škýz."""
    if card == SKYZ:
        return "Šk"
    if card.is_tarok:
        return card.short
    return card.short[:-1]


def hand_sort_key(card: Card, red_ace_high: bool = True) -> tuple[int, int]:
    """Sort key for a hand: taroky high to low, then suits in :data:`HAND_SUIT_ORDER`,
    strongest card first."""
    if card.is_tarok:
        return (0, -card.tarok_number)
    return (1 + HAND_SUIT_ORDER.index(card.suit), -suit_strength(card, red_ace_high))


def sort_hand(cards: Iterable[Card], red_ace_high: bool = True) -> list[Card]:
    """The cards in display order (see :func:`hand_sort_key`)."""
    return sorted(cards, key=lambda c: hand_sort_key(c, red_ace_high))


def index_width(card: Card) -> int:
    """Width in px (at full card size) of the corner index, for overlapping hands."""
    return _index_width(int(card))


@lru_cache(maxsize=NUM_TAROKY + 32)
def _index_width(card_id: int) -> int:
    card = Card(card_id)
    img = _index_text(card, 1)
    return 7 + max(img.width, 40)


def _index_text(card: Card, scale: int) -> Image.Image:
    if card.is_tarok:
        fill = GOLD if card == SKYZ else NAVY
        return text_image(rank_label(card), SERIF, 33 * scale, fill)
    return text_image(rank_label(card), SANS, 34 * scale, suit_colour(card), max_width=40 * scale)


def _paste(dst: Image.Image, src: Image.Image, x: float, y: float) -> None:
    dst.alpha_composite(src, (round(x), round(y)))


def _badge(img: Image.Image, cx: float, cy: float) -> None:
    """The gold "5" marking a five-point card."""
    s = _SS
    d = ImageDraw.Draw(img)
    r = 12 * s
    d.ellipse((cx - r, cy - r, cx + r, cy + r), fill=GOLD, outline=GOLD_DARK, width=2 * s)
    five = text_image("5", SANS, 17 * s, INK)
    _paste(img, five, cx - five.width / 2, cy - five.height / 2)


def _crown(d: ImageDraw.ImageDraw, cx: float, top: float, w: float, h: float) -> None:
    x0, x1, y1 = cx - w / 2, cx + w / 2, top + h
    pts = [
        (x0, y1), (x0, top + h * 0.25), (x0 + w * 0.25, top + h * 0.6), (cx, top),
        (x1 - w * 0.25, top + h * 0.6), (x1, top + h * 0.25), (x1, y1),
    ]  # fmt: skip
    d.polygon(pts, fill=GOLD, outline=GOLD_DARK)
    for px, py in ((x0, top + h * 0.25), (cx, top), (x1, top + h * 0.25)):
        r = w * 0.07
        d.ellipse((px - r, py - r, px + r, py + r), fill=GOLD, outline=GOLD_DARK)


# Pip layouts in the art area: (column -1/0/1, row -1..1); rows > 0 are drawn upside down.
_PIPS: Final[dict[int, tuple[tuple[float, float], ...]]] = {
    2: ((0, -1), (0, 1)),
    3: ((0, -1), (0, 0), (0, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    7: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1), (0, -0.5)),
    8: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1), (0, -0.5), (0, 0.5)),
    9: ((-1, -1), (1, -1), (-1, -1 / 3), (1, -1 / 3), (-1, 1 / 3), (1, 1 / 3), (-1, 1), (1, 1), (0, 0)),
    10: ((-1, -1), (1, -1), (-1, -1 / 3), (1, -1 / 3), (-1, 1 / 3), (1, 1 / 3), (-1, 1), (1, 1), (0, -2 / 3), (0, 2 / 3)),
}  # fmt: skip


def _draw_suit_card(img: Image.Image, card: Card, words: FaceWords) -> None:
    s = _SS
    d = ImageDraw.Draw(img)
    colour = suit_colour(card)
    suit = card.suit
    # Art area right of the index column.
    ax0, ay0, ax1, ay1 = 46 * s, 12 * s, 113 * s, 168 * s
    acx, acy = (ax0 + ax1) / 2, (ay0 + ay1) / 2
    face = card.face
    if face <= 3:
        tint = (253, 236, 236) if suit.is_red else (236, 238, 242)
        d.rounded_rectangle((ax0, ay0, ax1, ay1), 6 * s, fill=tint, outline=colour, width=2 * s)
        icon = suit_icon(suit, 30 * s, colour)
        top = ay0 + 10 * s
        if face == KING:
            _crown(d, acx, top, 40 * s, 24 * s)
            top += 30 * s
        elif face == QUEEN:
            _crown(d, acx, top + 2 * s, 26 * s, 15 * s)
            top += 30 * s
        _paste(img, icon, acx - icon.width / 2, top)
        letter = text_image(rank_label(card), SERIF, 50 * s, colour)
        ly = acy + 8 * s if face in (KING, QUEEN) else acy - 4 * s
        _paste(img, letter, acx - letter.width / 2, ly - letter.height / 2 + 6 * s)
        word = text_image(_face_word(words, face), SANS, 12 * s, colour, max_width=int(ax1 - ax0 - 8 * s))
        _paste(img, word, acx - word.width / 2, ay1 - 10 * s - word.height)
        return
    pip = int(rank_label(card))
    if pip == 1:
        icon = suit_icon(suit, 58 * s, colour)
        _paste(img, icon, acx - icon.width / 2, acy - icon.height / 2)
        return
    size = 24 * s
    icon = suit_icon(suit, size, colour)
    flipped = icon.transpose(Image.Transpose.ROTATE_180)
    colx, rowy = 19 * s, 56 * s
    for col, row in _PIPS[pip]:
        x = acx + col * colx - size / 2
        y = acy + row * rowy - size / 2
        _paste(img, flipped if row > 0 else icon, x, y)


def _draw_tarok(img: Image.Image, card: Card, words: FaceWords) -> None:
    s = _SS
    d = ImageDraw.Draw(img)
    w, h = img.size
    cx = w / 2
    if card == SKYZ:
        d.rounded_rectangle((0, 0, w - 1, h - 1), _RADIUS * s, fill=NAVY)
        d.rounded_rectangle((5 * s, 5 * s, w - 5 * s, h - 5 * s), 6 * s, outline=GOLD, width=3 * s)
        d.rounded_rectangle((10 * s, 10 * s, w - 10 * s, h - 10 * s), 4 * s, outline=GOLD_DARK, width=1 * s)
        cy = 94 * s
        star(d, cx + 8 * s, cy, 38 * s, 15 * s, 8, GOLD)
        star(d, cx + 8 * s, cy, 16 * s, 7 * s, 8, IVORY)
        label = text_image(words.skyz, SANS, 19 * s, GOLD, max_width=w - 24 * s)
        _paste(img, label, cx - label.width / 2, 144 * s)
        return
    d.rounded_rectangle((5 * s, 5 * s, w - 5 * s, h - 5 * s), 6 * s, outline=NAVY, width=1 * s)
    numeral = text_image(card.short, SERIF, 50 * s, NAVY, max_width=100 * s)
    cy = 98 * s
    _paste(img, numeral, cx - numeral.width / 2, cy - numeral.height / 2)
    for y in (cy - 38 * s, cy + 38 * s):
        d.line((24 * s, y, w - 24 * s, y), fill=NAVY, width=2 * s)
        for x in (24 * s, w - 24 * s):
            r = 4 * s
            d.polygon([(x - r, y), (x, y - r), (x + r, y), (x, y + r)], fill=NAVY)
    if card.is_honour:
        label = text_image(words.pagat if card.tarok_number == 1 else words.mond, SANS, 16 * s, GOLD_DARK,
                           max_width=w - 24 * s)
        _paste(img, label, cx - label.width / 2, 150 * s)
    else:
        num = text_image(str(card.tarok_number), SANS, 13 * s, (130, 140, 170))
        _paste(img, num, w - 12 * s - num.width, h - 12 * s - num.height)


def _words_on(card: Card, words: FaceWords) -> FaceWords:
    """``words`` if ``card``'s face shows a word (a court card, an honour), else the
    English words: a face without words is cached once for every language."""
    if card.is_honour or (not card.is_tarok and card.face <= 3):
        return words
    return ENGLISH_FACES


@lru_cache(maxsize=12 * 54)
def _face(card_id: int, width: int, dim: bool, words: FaceWords = ENGLISH_FACES) -> Image.Image:
    card = Card(card_id)
    if dim:
        img = _face(card_id, width, False, words).copy()
        shade = Image.new("RGBA", img.size, (20, 30, 24, 150))
        shade.putalpha(Image.eval(img.getchannel("A"), lambda a: a * 150 // 255))
        img.alpha_composite(shade)
        return img
    s = _SS
    W, H = CARD_W * s, CARD_H * s
    bg = IVORY if card.is_tarok else PAPER
    img = Image.new("RGBA", (W, H), (*bg, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, W - 1, H - 1), _RADIUS * s, fill=bg, outline=(120, 120, 120), width=2 * s)
    if card.is_tarok:
        _draw_tarok(img, card, words)
    else:
        _draw_suit_card(img, card, words)
    # Index: rank (or numeral) and suit symbol in the top-left corner.
    ix, iy = 7 * s, 8 * s
    idx = _index_text(card, s)
    _paste(img, idx, ix, iy)
    col_cx = ix + 20 * s
    y = iy + idx.height + 6 * s
    if not card.is_tarok:
        icon = suit_icon(card.suit, 26 * s, suit_colour(card))
        _paste(img, icon, col_cx - icon.width / 2, y)
        y += icon.height + 6 * s
    if card.points == 5:
        if card != SKYZ:
            d.rounded_rectangle((3 * s, 3 * s, W - 3 * s, H - 3 * s), 7 * s, outline=GOLD, width=4 * s)
        _badge(img, ix + 12 * s, y + 14 * s)
    img = img.resize((width, round(CARD_H * width / CARD_W)), Image.Resampling.LANCZOS)
    img.putalpha(rounded_mask(img.size, max(2, round(_RADIUS * width / CARD_W))))
    return img


def face_words(card: Card, words: FaceWords) -> FaceWords:
    """The words ``card``'s face is drawn with in ``words``' language (the English ones
    for a face that shows none): two equal results mean the same face."""
    return _words_on(card, words)


def card_face(card: Card, width: int = CARD_W, dim: bool = False,
              words: FaceWords = ENGLISH_FACES) -> Image.Image:
    """The cached RGBA face of ``card`` (``width`` px wide, 2:3), its words in ``words``'
    language.  Shared: do not modify."""
    return _face(int(card), width, dim, _words_on(card, words))


def render_card(card: Card, width: int = CARD_W, words: FaceWords = ENGLISH_FACES) -> Image.Image:
    """The face of ``card`` as a fresh RGBA image (``width`` px wide; default 120x180)."""
    return card_face(card, width, words=words).copy()


def card_back(width: int = CARD_W) -> Image.Image:
    """A card back (for hidden cards), cached.  Shared: do not modify."""
    return _back(width)


@lru_cache(maxsize=8)
def _back(width: int) -> Image.Image:
    s = _SS
    W, H = CARD_W * s, CARD_H * s
    img = Image.new("RGBA", (W, H), (*NAVY, 0))
    d = ImageDraw.Draw(img)
    d.rounded_rectangle((0, 0, W - 1, H - 1), _RADIUS * s, fill=WHITE)
    d.rounded_rectangle((6 * s, 6 * s, W - 6 * s, H - 6 * s), 5 * s, fill=NAVY)
    for i in range(-H, W, 14 * s):
        d.line((i, 6 * s, i + H, H + 6 * s), fill=(48, 66, 120), width=3 * s)
        d.line((i + H, 6 * s, i, H + 6 * s), fill=(48, 66, 120), width=3 * s)
    d.rounded_rectangle((0, 0, W - 1, H - 1), _RADIUS * s, outline=WHITE, width=6 * s)
    img = img.resize((width, round(CARD_H * width / CARD_W)), Image.Resampling.LANCZOS)
    img.putalpha(rounded_mask(img.size, round(_RADIUS * width / CARD_W)))
    return img


def card_sheet(columns: int = 9, words: FaceWords = ENGLISH_FACES) -> Image.Image:
    """All 54 faces on one sheet, in id order (taroky I..škýz, then the suits)."""
    gap = 8
    rows = -(-len(CARDS) // columns)
    sheet = Image.new("RGB", (columns * (CARD_W + gap) + gap, rows * (CARD_H + gap) + gap), FELT)
    for i, card in enumerate(CARDS):
        face = card_face(card, words=words)
        sheet.paste(face, (gap + (i % columns) * (CARD_W + gap), gap + (i // columns) * (CARD_H + gap)), face)
    return sheet
