"""The table picture of every variant, at full size and as a phone shows it (360 px wide),
as golden images (issue 31, item 6): each variant's seats, direction, contract words and
language, with the names that were cut on a phone ("Vašek (comput…", "Kasia Wiśnie…",
"Ioana-Mar…") and the Kozy contract that was cut ("Jeden, cu grupul 1 luat din …").
Looked at, every one, at both sizes, before they were written."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pytest

from bot.engine.cards import parse_card, parse_cards
from bot.i18n import Text
from bot.tables.scenes import picture_words
from rendering import render_table, samples
from rendering.scenes import PlayedTrick, SeatInfo, TableScene

from .golden_util import check_golden
from .test_golden import phone


def _seats(*names: str, dealer: int, forehand: int, out: int | None = None) -> tuple[SeatInfo, ...]:
    return tuple(SeatInfo(n, is_dealer=k == dealer, is_forehand=k == forehand, sitting_out=k == out)
                 for k, n in enumerate(names))


def czech() -> TableScene:
    t = Text("cs")
    return dataclasses.replace(
        samples.table_czech(), words=picture_words("cs"),
        seats=_seats("Alois", "Vašek (počítač)", "Oldřich Novák", "Jiří Uhřík", dealer=3, forehand=0),
        title=t._("{variant} — hand {hand}", variant=t.variant_title("czech"), hand=6))


def nebraska() -> TableScene:
    return dataclasses.replace(samples.table_nebraska(),
                               seats=_seats("Karen", "Joe (computer)", "Marie Petrtyl", "Frank", dealer=3, forehand=0))


def heun() -> TableScene:
    """Heun, five seats clockwise, the dealer sitting out."""
    t = Text("en")
    return TableScene(
        _seats("Gretchen (computer)", "Hans-Peter Müller", "Łukasz", "Ζωή Παπαδοπούλου", "Anneliese", dealer=4,
               forehand=0, out=4),
        to_act=2, contract="Four (second three)", level="", declarer=1, called="K♠ king",
        announcements=("Hans-Peter Müller: Pagat ultimo",),
        talon_exposed=tuple(parse_cards("QS 10C I")), talon_label="Talon shown",
        trick=PlayedTrick([(0, parse_card("XX")), (1, parse_card("QD"))], leader=0),
        last_trick=PlayedTrick([(3, parse_card("IV")), (0, parse_card("XI")), (1, parse_card("XII")),
                                (2, parse_card("Sk"))], leader=3, winner=2),
        scores=tuple(t.money("chips", a) for a in (3, -12, 0, 25, -16)), hand_counts=(9, 9, 10, 10, 0),
        clockwise=True, title=t._("{variant} — hand {hand}", variant=t.variant_title("heun"), hand=2),
        words=picture_words("en"))


def petrtyl() -> TableScene:
    t = Text("cs")
    return TableScene(
        _seats("Bětka (počítač)", "Kasia Wiśniewska", "Ioana-Maria Popescu", "Vašek (počítač)", dealer=1,
               forehand=2),
        to_act=0, contract="Velké nulo", declarer=2, flek="flek (×2)",
        trick=PlayedTrick([(2, parse_card("7C")), (3, parse_card("KC"))], leader=2),
        last_trick=PlayedTrick([(1, parse_card("JH")), (2, parse_card("1H")), (3, parse_card("QH")),
                                (0, parse_card("2H"))], leader=1, winner=3),
        scores=tuple(t.money("czk_hal", a) for a in (40, -120, 60, 20)), hand_counts=(9, 9, 9, 8),
        title=t._("{variant} — hand {hand}", variant=t.variant_title("petrtyl"), hand=3), words=picture_words("cs"))


def polish() -> TableScene:
    t = Text("pl")
    return TableScene(
        _seats("Vašek (komputer)", "Kasia Wiśniewska", "Ioana-Maria Popescu", "Bětka (komputer)", dealer=0,
               forehand=1),
        to_act=3, contract="Brewer, stopień 2", declarer=1, flek="Kontra ×2: gra",
        announcements=("Kasia Wiśniewska: Pagat ultymo", "Bętka (komputer): Cztery króle"),
        talon_exposed=tuple(parse_cards("QC 10S I")), talon_label=t._("Talon shown"),
        trick=PlayedTrick([(1, parse_card("XXI")), (2, parse_card("III"))], leader=1),
        last_trick=PlayedTrick([(0, parse_card("VIII")), (1, parse_card("XX")), (2, parse_card("XII")),
                                (3, parse_card("II"))], leader=0, winner=1),
        scores=tuple(t.money("points", a) for a in (0, 14, -6, -8)), hand_counts=(10, 9, 9, 10),
        title=t._("{variant} — hand {hand}", variant=t.variant_title("polish"), hand=5), words=picture_words("pl"))


def kozy() -> TableScene:
    """Kozy in Romanian: the long contract that was cut at phone width goes on two lines."""
    t = Text("ro")
    return TableScene(
        _seats("Vašek (calculator)", "Kasia Wiśniewska", "Ioana-Maria Popescu", "Anča (calculator)", dealer=3,
               forehand=0),
        to_act=1, contract="Jeden, cu grupul 1 luat din talon", level=t._("level {level}", level=1), declarer=2,
        called="K♠ regele", announcements=("Anča (calculator): Valat",),
        trick=PlayedTrick([(0, parse_card("IX"))], leader=0),
        last_trick=PlayedTrick([(2, parse_card("III")), (3, parse_card("Sk")), (0, parse_card("IV")),
                                (1, parse_card("VIII"))], leader=2, winner=3),
        scores=tuple(t.money("points", a) for a in (2, -4, 0, 2)), hand_counts=(9, 10, 9, 9),
        title=t._("{variant} — hand {hand}", variant=t.variant_title("kozy"), hand=1), words=picture_words("ro"))


def romanian() -> TableScene:
    t = Text("ro")
    return TableScene(
        _seats("Ioana-Maria Popescu", "Kasia Wiśniewska", "Bětka (calculator)", "Vašek (calculator)", dealer=2,
               forehand=3),
        to_act=0, contract="Al treilea de unu, treapta 3", declarer=1, called="K♠ regele",
        flek="Mord ×32: joc, Trula, Toţi regii, Pagat ultimo, Luna prinsă, Valat",
        announcements=("Bětka (calculator): Trula", "Kasia Wiśniewska: Valat"),
        trick=PlayedTrick([(3, parse_card("QC")), (0, parse_card("9C"))], leader=3),
        last_trick=PlayedTrick([(2, parse_card("QH")), (3, parse_card("3H")), (0, parse_card("KH")),
                                (1, parse_card("2H"))], leader=2, winner=0),
        scores=tuple(t.money("points", a) for a in (0, 12, -6, -6)), hand_counts=(10, 10, 11, 11),
        title=t._("{variant} — hand {hand}", variant=t.variant_title("romanian"), hand=1) + " — "
        + t._("pool {amount}", amount=t.money("points", 0)),
        words=picture_words("ro"))


def taper() -> TableScene:
    t = Text("ro")
    return dataclasses.replace(
        samples.table_taper(), words=picture_words("ro"),
        seats=_seats("Silviu (calculator)", "Brânduşa Mara", "Eugen-Ştefan Ionescu", dealer=2, forehand=0),
        title=t._("{variant} — hand {hand}", variant=t.variant_title("taper"), hand=4))


VARIANTS: dict[str, Callable[[], TableScene]] = {
    "czech": czech, "nebraska": nebraska, "heun": heun, "petrtyl": petrtyl, "polish": polish, "kozy": kozy,
    "romanian": romanian, "taper": taper,
}


@pytest.mark.parametrize("variant", sorted(VARIANTS))
@pytest.mark.parametrize("size", ["full", "phone"])
def test_variant_table_matches_golden(variant: str, size: str) -> None:
    png = render_table(VARIANTS[variant]())
    name = f"variant_{variant}" if size == "full" else f"phone_variant_{variant}"
    diff = check_golden(name, png if size == "full" else phone(png))
    assert diff.ok, f"{name} differs from its golden image: {diff}"
