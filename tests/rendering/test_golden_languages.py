"""Golden images in Czech (issue #14): the words drawn into the table, hand and summary
pictures come from the scene (``PictureWords``, filled by the table layer in the
reader's language), and a longer language still fits: labels widen their column, long
captions shrink or wrap, nothing overlaps.  Looked at, at full size and at phone width."""

from __future__ import annotations

import dataclasses

import pytest
from PIL import Image

from bot.engine.cards import parse_card
from bot.i18n import Text
from bot.tables.scenes import picture_words
from rendering import (
    HandScene,
    SummaryScene,
    TableScene,
    render_hand,
    render_summary,
    render_table,
    samples,
)
from rendering.faces import CARD_H, CARD_W, card_face
from rendering.palette import to_png
from rendering.scenes import ENGLISH_WORDS, SideResult

from .golden_util import check_golden, compare
from .test_golden import FACE_STRIP, phone

CS = Text("cs")


def table_cs() -> TableScene:
    """The sample Czech povinnost as a Czech server's table shows it."""
    base = samples.table_czech()
    return dataclasses.replace(
        base, words=picture_words("cs"), level=CS._("level {level}", level=2),
        title=CS._("{variant} — hand {hand}", variant=CS.variant_title("czech"), hand=6),
        announcements=("Drahomír: Pagát", "Oldřich: Barvičky"),
        scores=tuple(CS.money("czk_hal", a) for a in (120, -40, 10, -90)))


def hand_cs() -> HandScene:
    base = samples.hand_to_play()
    return dataclasses.replace(base, words=picture_words("cs"), title=CS._("Your turn — play a card"))


def summary_cs() -> SummaryScene:
    base = samples.summary_povinnost()
    sides = tuple(dataclasses.replace(
        s, label=label, count_text=CS.ngettext("{n} point", "{n} points", s.card_points) + ", "
        + CS.ngettext("{n} card", "{n} cards", s.cards_taken)) for s, label in zip(
        base.sides, ("Strana hráče", "Protihráči"), strict=True))
    return dataclasses.replace(
        base, words=picture_words("cs"), sides=sides,
        title=CS._("Hand {hand}", hand=6) + " — Drahomír a Jiří Uhřík vyhráli 39 : 31",
        note=CS._("Called {card}; partners: {first} and {second}.", card="XIX", first="Drahomír",
                  second="Jiří Uhřík"),
        # (the payment lines are the engine's words; here as its Czech will say them)
        payments=tuple(dataclasses.replace(p, text=text, amount=CS.money("czk_hal", a)) for p, text, a in zip(
            base.payments, ("Hra: 4 body nad 35, flek ×2", "Barvičky ohlásil Alois"), (80, -50), strict=True)),
        balances=tuple(dataclasses.replace(b, change_text=("+" if b.change > 0 else "") + CS.money("czk_hal", b.change),
                                           balance_text=CS.money("czk_hal", total))
                       for b, total in zip(base.balances, (150, -60, 90, -180), strict=True)),
        pool_before=CS.money("czk_hal", 200), pool_after=CS.money("czk_hal", 260))


GOLDEN = {
    "cs_table_anticlockwise": lambda: render_table(table_cs()),
    "cs_hand_to_play": lambda: render_hand(hand_cs()),
    "cs_summary_povinnost": lambda: render_summary(summary_cs()),
    "cs_phone_table_anticlockwise": lambda: phone(render_table(table_cs())),
    "cs_phone_summary_povinnost": lambda: phone(render_summary(summary_cs())),
}


@pytest.mark.parametrize("name", sorted(GOLDEN))
def test_czech_pictures_match_golden(name: str) -> None:
    diff = check_golden(name, GOLDEN[name]())
    assert diff.ok, f"{name} differs from its golden image: {diff}"


def test_the_words_of_a_picture_are_the_scenes() -> None:
    """The same table in English and in Czech: different pictures (and different scenes,
    so the picture cache keeps them apart); English words are the default."""
    english = dataclasses.replace(table_cs(), words=ENGLISH_WORDS)
    assert english != table_cs() and hash(english) != hash(table_cs())
    assert not compare(render_table(english), render_table(table_cs())).ok
    # (English: the source words; the suits' names in the text twin are the engine's by default)
    assert dataclasses.replace(picture_words("en"), suit_names=()) == ENGLISH_WORDS
    czech = picture_words("cs")
    assert (czech.contract, czech.last_trick, czech.dealer_badge) == ("Hra", "Poslední štych", "R")


# ---- Polish and Romanian: the longest words of the four languages --------------------

PL = Text("pl")
RO = Text("ro")


def _sides(t: Text, base: SummaryScene) -> tuple[SideResult, ...]:
    return tuple(dataclasses.replace(
        s, label=t._(label), count_text=t.ngettext("{n} point", "{n} points", s.card_points) + ", "
        + t.ngettext("{n} card", "{n} cards", s.cards_taken))
        for s, label in zip(base.sides, ("Bidder's side", "Opponents"), strict=True))


def table_pl() -> TableScene:
    """A Polish table (Zabrzeg words on the sample's seats): kontra, a pagat, long names."""
    base = samples.table_long_names()
    return dataclasses.replace(
        base, words=picture_words("pl"), contract="Powinność", flek="kontra (×2)",
        level=PL._("level {level}", level=2),
        title=PL._("{variant} — hand {hand}", variant=PL.variant_title("polish"), hand=6),
        announcements=("Drahomír: Pagat ultymo", "Oldřich: Trul, Cztery króle"),
        scores=tuple(PL.money("chips", a) for a in (12, -4, 1, -9)))


def table_ro() -> TableScene:
    """Taper in Romanian: three seats, the top three of the talon shown, the pool."""
    base = samples.table_taper()
    return dataclasses.replace(
        base, words=picture_words("ro"), level=RO._("level {level}", level=3), talon_label=RO._("Talon shown"),
        title=RO._("{variant} — hand {hand}", variant=RO.variant_title("taper"), hand=4),
        announcements=("Brânduşa Mara: 11 taroace", "Silviu: Trula"),
        scores=tuple(RO.money("points", a) for a in (6, -16, 10)))


def summary_in(t: Text, payments: tuple[str, ...]) -> SummaryScene:
    base = samples.summary_long()
    return dataclasses.replace(
        base, words=picture_words(t.lang), sides=_sides(t, base),
        title=t._("Hand {hand}", hand=6) + " — Maximilián Bohuslav Křižovnický-Hohenwart, Karen: 31",
        note=t._("Called {card}; partners: {first} and {second}.", card="K♥",
                 first="Maximilián Bohuslav Křižovnický-Hohenwart", second="Karen"),
        payments=tuple(dataclasses.replace(p, text=text, amount=t.money("chips", a)) for p, text, a in zip(
            base.payments, payments, (8, 2, 1), strict=True)),
        balances=tuple(dataclasses.replace(b, change_text=("+" if b.change > 0 else "") + t.money("chips", b.change),
                                           balance_text=t.money("chips", total))
                       for b, total in zip(base.balances, (9, 11, 29, 31), strict=True)))


def summary_pl() -> SummaryScene:
    # (the payment lines are the engine's words; here as its Polish says them)
    return summary_in(PL, ("Czwórka: 4 żetony × 2 (kontra), przegrana — płacą Maximilián Bohuslav "
                           "Křižovnický-Hohenwart i Karen",
                           "Pagat ultymo zapowiedziany i przegrany", "Trzy wysokie: Oldřich"))


def summary_ro() -> SummaryScene:
    return summary_in(RO, ("Patru: 4 jetoane × 2 (contra), pierdut — plătesc Maximilián Bohuslav "
                           "Křižovnický-Hohenwart și Karen",
                           "Anunț Tarokul 1 la urmă, pierdut", "Trei mari: Oldřich"))


OTHER = {
    "pl_table_long_names": lambda: render_table(table_pl()),
    "pl_hand_to_play": lambda: render_hand(dataclasses.replace(
        samples.hand_to_play(), words=picture_words("pl"), title=PL._("Your turn — play a card"))),
    "pl_summary_long": lambda: render_summary(summary_pl()),
    "pl_phone_table_long_names": lambda: phone(render_table(table_pl())),
    "pl_phone_summary_long": lambda: phone(render_summary(summary_pl())),
    "ro_table_taper": lambda: render_table(table_ro()),
    "ro_hand_to_play": lambda: render_hand(dataclasses.replace(
        samples.hand_to_play(), words=picture_words("ro"), title=RO._("Your turn — play a card"))),
    "ro_summary_long": lambda: render_summary(summary_ro()),
    "ro_phone_table_taper": lambda: phone(render_table(table_ro())),
    "ro_phone_summary_long": lambda: phone(render_summary(summary_ro())),
}


@pytest.mark.parametrize("name", sorted(OTHER))
def test_polish_and_romanian_pictures_match_golden(name: str) -> None:
    diff = check_golden(name, OTHER[name]())
    assert diff.ok, f"{name} differs from its golden image: {diff}"


# ---- the card faces: their words in each language ------------------------------------


def face_strip(lang: str) -> bytes:
    """The golden strip of every kind of card design (``test_golden.FACE_STRIP``) with the
    court cards' and honours' words in ``lang``."""
    cards = [parse_card(c) for c in FACE_STRIP.split()]
    img = Image.new("RGB", (len(cards) * (CARD_W + 4) + 4, CARD_H + 8), (24, 92, 58))
    for i, c in enumerate(cards):
        face = card_face(c, words=picture_words(lang).faces)
        img.paste(face, (4 + i * (CARD_W + 4), 4), face)
    return to_png(img)


@pytest.mark.parametrize("lang", ["cs", "pl", "ro"])
def test_card_faces_in_each_language_match_golden(lang: str) -> None:
    """The words on the faces (KRÁL, WALET, REGE, SKIŻ, LUNA...) are the reader's language's;
    looked at full size, and they fit the narrow face without being squeezed."""
    diff = check_golden(f"{lang}_card_faces", face_strip(lang))
    assert diff.ok, f"{lang} card faces differ from their golden image: {diff}"


def test_the_faces_words_are_kept_apart_per_language() -> None:
    """A court card's face differs between English and Czech and is cached per language;
    a pip card's face is the same picture in every language (cached once)."""
    king, seven = parse_card("KH"), parse_card("7C")
    czech = picture_words("cs").faces
    assert czech.king == "KRÁL" and czech != picture_words("pl").faces
    assert card_face(king) is card_face(king) and card_face(king, words=czech) is card_face(king, words=czech)
    assert card_face(king).tobytes() != card_face(king, words=czech).tobytes()
    assert card_face(seven, words=czech) is card_face(seven)
