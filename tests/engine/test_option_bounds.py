"""Every whole-number house rule has bounds, stated once on its ``OptionSpec`` and read
by the refusal and the rules page (issue #15: ``solo_rate=10**20`` overflowed the store
and a negative rate turned who pays around)."""

from __future__ import annotations

import pytest

from bot.engine import BadInput, find_variant
from bot.engine.rulebook import pages
from bot.engine.say import ENGLISH
from bot.engine.variants.base import INT_OPTION_MAX, INT_OPTION_MIN, OptionSpec


def test_solo_rate_has_bounds_and_the_refusal_names_them() -> None:
    czech = find_variant("czech")
    spec = next(o for o in czech.option_specs if o.key == "solo_rate")
    low, high = spec.bounds or (0, 0)
    assert czech.resolve_options({"solo_rate": high})["solo_rate"] == high
    for bad in (low - 1, -40, high + 1, 10**20):
        with pytest.raises(BadInput) as refused:
            czech.resolve_options({"solo_rate": bad})
        # (the numbers as English writes them: a narrow space groups thousands)
        assert f"from {low} to {high:,}".replace(",", "\u202f") in refused.value.message
        assert len(refused.value.message) < 200


def test_an_integer_option_without_bounds_gets_the_default_range() -> None:
    """Options other engineers add without bounds are still bounded (0 .. 10,000)."""
    spec = OptionSpec("some_rate", "Some rate", 5)
    assert spec.bounds == (INT_OPTION_MIN, INT_OPTION_MAX)
    assert OptionSpec("flag", "A flag", False).bounds is None
    assert OptionSpec("word", "A word", "a", choices=("a", "b")).bounds is None


def test_every_integer_option_of_every_variant_is_bounded_and_shown() -> None:
    from bot.engine import VARIANTS

    for v in dict.fromkeys(VARIANTS.values()):
        text = pages(v)["options"].body
        for o in v.option_specs:
            if o.bounds is not None:
                low, high = o.bounds
                assert low <= int(o.default) <= high, (v.name, o.key)
                assert o.bounds_text in text, (v.name, o.key)


def test_a_negative_pot_seed_is_refused() -> None:
    with pytest.raises(BadInput):
        find_variant("petrtyl").resolve_options({"pot_seed": -3})


@pytest.mark.parametrize("bad", [None, 1.5, [1], {"a": 1}, b"on"])
def test_an_option_of_no_option_type_is_refused_by_every_option(bad: object) -> None:
    """Option values are on/off, whole numbers or named choices (``OptionValue``); a stored
    table or a command line that holds anything else is refused with the option's name, so
    no ``Any`` reaches the rules."""
    from bot.engine import VARIANTS

    for v in dict.fromkeys(VARIANTS.values()):
        for o in v.option_specs:
            with pytest.raises(BadInput) as refused:
                v.resolve_options({o.key: bad})
            assert o.key in refused.value.message


def test_a_named_choice_option_refuses_a_number_and_a_flag() -> None:
    czech = find_variant("czech")
    spec = next(o for o in czech.option_specs if isinstance(o.default, str))
    for bad in (1, True):
        with pytest.raises(BadInput):
            czech.resolve_options({spec.key: bad})


def test_what_a_player_types_is_read_once_for_the_command_and_the_terminal() -> None:
    """``/taroky new options:`` and ``taroky play --option`` read a value the same way."""
    from bot.cli import parse_options as terminal
    from bot.engine import option_value
    from cogs.taroky import parse_options as command

    assert option_value("zid", "On") is True and option_value("zid", "no") is False
    assert option_value("solo_rate", "-3") == -3 and option_value("x", "alternative") == "alternative"
    assert option_value("x", "٣") == "٣"  # a digit of another script is no number here
    with pytest.raises(BadInput) as refused:
        option_value("solo_rate", "9" * 13)
    assert "13 digits" in refused.value.message
    assert terminal(["zid=on", "solo_rate=4", "varsava_scoring=alternative"]) == command(
        "zid=on, solo_rate=4, varsava_scoring=alternative")


class _Recording:
    """A translator that writes English and notes every message it was asked for."""

    lang = "xx"

    def __init__(self) -> None:
        self.said: list[tuple[str, str]] = []  # (context, message)

    def _(self, message: str, /, **values: object) -> str:
        self.said.append(("", message))
        return ENGLISH._(message, **values)

    def ngettext(self, singular: str, plural: str, n: int, /, **values: object) -> str:
        self.said.append(("", singular))
        return ENGLISH.ngettext(singular, plural, n, **values)

    def pgettext(self, context: str, message: str, /, **values: object) -> str:
        self.said.append((context, message))
        return ENGLISH.pgettext(context, message, **values)

    def money(self, currency: str, amount: int) -> str:
        return ENGLISH.money(currency, amount)


def test_an_option_refusal_is_said_in_the_readers_language() -> None:
    """Issue #14: ``/taroky new options:`` refuses in the reader's language: every refusal of
    an option or its value is a message with fields (the option's title and the variant's
    title said as their own messages), not an English sentence."""
    from bot.engine import VARIANTS, option_value

    czech = find_variant("czech")
    rate = next(o for o in czech.option_specs if o.key == "solo_rate")
    choice = next(o for o in czech.option_specs if isinstance(o.default, str))
    flag = next(o for v in VARIANTS.values() for o in v.option_specs if isinstance(o.default, bool))
    cases = [({"nonsense": 1}, ("variant", czech.title)), ({"solo_rate": -1}, ("", rate.title)),
             ({"solo_rate": "many"}, ("", rate.title)), ({choice.key: "nonsense"}, ("", choice.title)),
             ({choice.key: 3}, ("", choice.title)), ({"solo_rate": None}, ("", rate.title))]
    for given, named in cases:
        with pytest.raises(BadInput) as refused:
            czech.resolve_options(given)
        assert refused.value.msg is not None, given
        t = _Recording()
        assert refused.value.say(t) == refused.value.message
        assert named in t.said and t.said[-1][1] != refused.value.message, (given, t.said)
    flagged = next(v for v in VARIANTS.values() if flag in v.option_specs)
    with pytest.raises(BadInput) as refused:
        flagged.resolve_options({flag.key: 2})
    assert refused.value.msg is not None and flag.key in refused.value.message
    with pytest.raises(BadInput) as refused:
        option_value("solo_rate", "9" * 40)
    assert refused.value.msg is not None and "40 digits" in refused.value.message
