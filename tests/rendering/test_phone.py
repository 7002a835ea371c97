"""The table picture read on a phone (issue 31, item 6): Discord shows it 360 px wide,
where its smallest text must stay at least 11 px high; names are shortened sensibly
(first name, initials) rather than cut; a long contract name goes on two lines."""

from __future__ import annotations

import dataclasses
from collections.abc import Callable

import pytest
from PIL import ImageDraw

from rendering import images, samples
from rendering.images import MIN_PHONE_TEXT_PX, PHONE_WIDTH, draw_table, draw_trick
from rendering.names import name_forms, person_forms, shorten_name, split_marker
from rendering.scenes import SeatInfo, TableScene

TABLES: dict[str, Callable[[], TableScene]] = {
    "czech": samples.table_czech, "nebraska": samples.table_nebraska, "five": samples.table_five,
    "taper": samples.table_taper, "long_names": samples.table_long_names,
}


def _sizes_used(draw: Callable[[], object], monkeypatch: pytest.MonkeyPatch) -> list[int]:
    """The font size of every text the picture draws (the real drawing, watched)."""
    sizes: list[int] = []
    real = images.draw_text

    def watch(d: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int, fill: tuple[int, int, int],
              *args: object, **kwargs: object) -> None:
        if text.strip():
            sizes.append(size)
        real(d, xy, text, size, fill, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(images, "draw_text", watch)
    draw()
    return sizes


def _kozy_like() -> TableScene:
    """A long contract name (the Romanian Kozy contract the phone showed cut) and long names."""
    base = samples.table_czech()
    seats = (SeatInfo("Vašek (computer)"), SeatInfo("Kasia Wiśniewska-Kowalczyk"),
             SeatInfo("Ioana-Maria Popescu"), SeatInfo("Bětka (computer)", is_forehand=True))
    return dataclasses.replace(base, seats=seats, contract="Jeden, cu grupul 1 luat din talon și 2 puse deoparte")


@pytest.mark.parametrize("name", [*TABLES, "kozy_like"])
def test_smallest_text_is_legible_at_phone_width(name: str, monkeypatch: pytest.MonkeyPatch) -> None:
    scene = TABLES[name]() if name in TABLES else _kozy_like()
    img = draw_table(scene)
    sizes = _sizes_used(lambda: draw_table(scene), monkeypatch)
    smallest = min(sizes) * PHONE_WIDTH / img.width
    assert smallest >= MIN_PHONE_TEXT_PX, f"{name}: smallest text {smallest:.1f} px at {PHONE_WIDTH} px wide"


@pytest.mark.parametrize("scene", [samples.trick_varsava, samples.trick_five_players, samples.trick_czech_complete])
def test_trick_text_is_legible_at_phone_width(scene: Callable[[], object], monkeypatch: pytest.MonkeyPatch) -> None:
    s = scene()
    img = draw_trick(s)  # type: ignore[arg-type]
    sizes = _sizes_used(lambda: draw_trick(s), monkeypatch)  # type: ignore[arg-type]
    assert min(sizes) * PHONE_WIDTH / img.width >= MIN_PHONE_TEXT_PX


def test_long_contract_goes_on_two_lines_uncut() -> None:
    scene = _kozy_like()
    plan = images._plan(scene, draw_table(scene).width)
    label, size, lines = plan.values[0]
    assert len(lines) == 2 and " ".join(lines) == scene.contract
    assert size >= images.MIN_TEXT_PX


# ----------------------------------------------------------------- names


def test_marker_is_split_off() -> None:
    assert split_marker("Vašek (computer)") == ("Vašek", "(computer)")
    assert split_marker("Vašek") == ("Vašek", "")
    assert split_marker("(computer)") == ("(computer)", "")


def test_person_forms_first_name_then_initials() -> None:
    assert person_forms("Kasia Wiśniewska") == ["Kasia Wiśniewska", "Kasia W.", "Kasia", "K. W."]
    assert person_forms("Ioana-Maria Popescu") == [
        "Ioana-Maria Popescu", "Ioana-Maria P.", "Ioana-Maria", "Ioana-M.", "I.-M. P.", "I. P."]
    assert person_forms("Алексей Смирнов") == ["Алексей Смирнов", "Алексей С.", "Алексей", "А. С."]
    assert person_forms("Bětka") == ["Bětka", "B."]
    assert person_forms("Maximilián Bohuslav Křižovnický-Hohenwart")[-2:] == ["M. B. K.-H.", "M. K."]


def _fits(n: int) -> Callable[[str], bool]:
    return lambda s: len(s) <= n


def test_shortening_keeps_whole_words_and_the_marker() -> None:
    assert shorten_name("Kasia Wiśniewska", _fits(20)) == "Kasia Wiśniewska"
    assert shorten_name("Kasia Wiśniewska", _fits(12)) == "Kasia W."
    assert shorten_name("Kasia Wiśniewska", _fits(6)) == "Kasia"
    assert shorten_name("Vašek Novák (computer)", _fits(17)) == "Vašek (computer)"
    assert shorten_name("Vašek (počítač)", _fits(12)) == "Vašek (poč.)"
    assert shorten_name("Ioana-Maria Popescu", _fits(11)) == "Ioana-Maria"
    assert shorten_name("Ioana-Maria Popescu", _fits(9)) == "Ioana-M."
    # nothing fits: the shortest form, for the caller to cut
    assert shorten_name("Wolfeschlegelsteinhausen", _fits(5)) == "W."


def test_no_form_is_cut_mid_word() -> None:
    for name in ("Kasia Wiśniewska-Kowalczyk", "Vašek (computer)", "Ioana-Maria Popescu", "Jan van der Berg (komputer)"):
        words = set(split_marker(name)[0].replace("-", " ").split())
        for form in name_forms(name):
            person = split_marker(form)[0]
            for w in person.replace("-", " ").split():
                assert w in words or (w.endswith(".") and len(w) == 2), (name, form)


def test_plate_names_are_not_cut_when_a_form_fits() -> None:
    name, size = images._plate_name("Kasia Wiśniewska (komputer)", 140)
    assert "…" not in name and name.startswith("Kasia")
    assert size >= images.MIN_TEXT_PX


def test_first_name_before_initials_with_marker() -> None:
    """Who it is matters more than that a computer plays it: "Vašek" before "V. (poč.)"."""
    forms = list(name_forms("Vašek Novák (počítač)"))
    assert forms[:6] == ["Vašek Novák (počítač)", "Vašek N. (počítač)", "Vašek (počítač)",
                         "Vašek Novák (poč.)", "Vašek N. (poč.)", "Vašek (poč.)"]
    assert forms.index("Vašek") < forms.index("V. N. (poč.)")
    assert shorten_name("Vašek (počítač)", _fits(6)) == "Vašek"


# ----------------------------------------------------------------- every variant, real games

PHONE_NAMES = ("Vašek (computer)", "Kasia Wiśniewska", "Ioana-Maria Popescu", "Bětka (computer)",
               "Maximilián Bohuslav")
LANGS = {"czech": "cs", "nebraska": "en", "heun": "en", "petrtyl": "cs", "polish": "pl", "kozy": "ro",
         "romanian": "ro", "taper": "ro"}


def _real_tables(variant: str, seats: int) -> list[TableScene]:
    """The public table picture's scenes of a real seeded hand (random legal choices),
    in the variant's language, every fourth action."""
    import random

    from bot.engine import new_game
    from bot.i18n import Text
    from bot.tables.scenes import table_scene
    from bot.tables.table import Seat, Table, TableConfig

    lang = LANGS[variant]
    g = new_game(variant, players=seats, dealer=0, rng=random.Random(5))
    table = Table(guild_id=1, channel_id=2, host_id=3, config=TableConfig(variant=variant, players=seats, lang=lang))
    computer = Text(lang)._("{name} (computer)", name="{name}")
    table.seats = [Seat(computer.format(name=n.split(" (")[0]) if "(" in n else n, user_id=None if "(" in n
                        else 100 + i) for i, n in enumerate(PHONE_NAMES[:seats])]
    table.game = g
    rng = random.Random(5)
    out: list[TableScene] = []
    step = 0
    while not g.is_over:
        if step % 4 == 0:
            scene = table_scene(table)
            if scene is not None:
                out.append(scene)
        s = g.to_act
        assert s is not None
        legal = g.legal_actions(s)
        g.act(s, legal[int(rng.random() * len(legal))])
        step += 1
    return out


@pytest.mark.parametrize("variant", sorted(LANGS))
def test_every_variant_readable_on_a_phone(variant: str, monkeypatch: pytest.MonkeyPatch) -> None:
    """Every variant's table, through a real hand, at every seat count: the smallest
    text at least 11 px at 360 px wide, and no name or contract cut with an ellipsis."""
    from bot.engine.variants import VARIANTS

    drawn: list[tuple[str, int]] = []
    real = images.draw_text

    def watch(d: ImageDraw.ImageDraw, xy: tuple[float, float], text: str, size: int,
              fill: tuple[int, int, int], *args: object, **kwargs: object) -> None:
        drawn.append((text, size))
        real(d, xy, text, size, fill, *args, **kwargs)  # type: ignore[arg-type]

    monkeypatch.setattr(images, "draw_text", watch)
    for seats in VARIANTS[variant].seat_counts:
        scenes = _real_tables(variant, seats)
        assert scenes
        for scene in scenes[:: max(1, len(scenes) // 6)]:
            drawn.clear()
            width = draw_table(scene).width
            smallest = min(size for text, size in drawn if text.strip()) * PHONE_WIDTH / width
            assert smallest >= MIN_PHONE_TEXT_PX, (variant, seats, smallest)
            cut = [text for text, _ in drawn if "…" in text]
            assert not cut, (variant, seats, cut)


@pytest.mark.parametrize("scene", [samples.summary_povinnost, samples.summary_long, samples.summary_varsava])
def test_summary_text_is_legible_at_phone_width(scene: Callable[[], object], monkeypatch: pytest.MonkeyPatch) -> None:
    """The hand's summary picture too: before, its headings were 9 px on a phone."""
    from rendering.images import draw_summary

    s = scene()
    img = draw_summary(s)  # type: ignore[arg-type]
    sizes = _sizes_used(lambda: draw_summary(s), monkeypatch)  # type: ignore[arg-type]
    assert min(sizes) * PHONE_WIDTH / img.width >= MIN_PHONE_TEXT_PX


def test_summary_names_are_not_broken_mid_word() -> None:
    """In the summary's narrow balances column a long name takes a shorter form rather
    than breaking "Křižovnický-Hohenwart" across two lines."""
    from rendering.images import _SUM_TEXT, _summary_name, _wrap

    name = "Maximilián Bohuslav Křižovnický-Hohenwart"
    short = _summary_name(name, 230)
    assert short != name and short.startswith("Maximilián")
    words = set(name.split())
    assert all(line in words or " " in line or line.endswith(".") for line in _wrap(short, _SUM_TEXT, 230))
    assert _summary_name("Alois", 230) == "Alois"
