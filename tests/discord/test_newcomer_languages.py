"""The newcomer's walk-through in Czech, Polish and Romanian (issue #14, acceptance).

The newcomer of ``test_newcomer.py`` (who reads only labels and prompts, takes the first
choice offered, presses **Why?** at every turn and **Hint** once in every phase) plays a
whole hand of every variant on a server and with a language of their own: each variant in
one of Czech, Polish and Romanian, every language at least twice, Nebraska too.  Everything
they read — the lobby, the table message, their panel, the replies to Why? and Hint, the
summary, the pictures' descriptions — is checked with the English detector of
``test_table_languages.py``: no English sentence may be left but names and cards (there
is no allow-list: the glossary notes and scoring rules Why? shows are the catalog's too).
"""

from __future__ import annotations

from typing import Any

import pytest

from bot.engine import VARIANTS, BadInput, find_variant
from bot.i18n import Text
from cogs.taroky import parse_options
from tests.discord.harness import table_message, table_of
from tests.discord.test_newcomer import Newcomer, check_seen, game_factory  # noqa: F401 (game_factory: the newcomer's deals, one fixture)
from tests.discord.test_table_languages import Reader, set_languages

#: Each variant in the language of the people who play it where it has one; Nebraska's
#: players speak English, so it is played in Polish here (every language twice at least).
LANGUAGE_OF: dict[str, str] = {
    "czech": "cs", "heun": "cs", "petrtyl": "cs",
    "polish": "pl", "kozy": "pl", "nebraska": "pl",
    "romanian": "ro", "taper": "ro",
}


@pytest.fixture
def make_bot(make_sqlite_bot: Any) -> Any:
    """A bot with its database (the players' language choices are kept there)."""
    return make_sqlite_bot


def test_every_variant_is_played_in_every_language_twice() -> None:
    assert set(LANGUAGE_OF) == set(VARIANTS)
    for lang in ("cs", "pl", "ro"):
        assert list(LANGUAGE_OF.values()).count(lang) >= 2, lang


@pytest.mark.simcord(settle_timeout=30.0)  # (pictures are drawn in a thread: slow on a busy machine)
@pytest.mark.parametrize(("variant", "lang"), sorted(LANGUAGE_OF.items()))
async def test_a_newcomer_plays_a_whole_hand_in_their_language(world: Any, variant: str, lang: str) -> None:
    """Issue #14: the newcomer's whole hand, with Why? and Hint, in their language: nothing
    they read is English apart from names and cards, no specification or card code, and the safe choice comes first."""
    await set_languages(world, lang)
    t = Text(lang)
    newcomer = Newcomer(world, world.alice, t=t)
    result = await world.alice.slash(world.channel, "taroky new", variant=variant)
    newcomer.look_result("lobby", result)
    await newcomer.click(table_message(world), "lobby", label=t._("Start"))
    await newcomer.play_hand()
    table = table_of(world)
    assert table.status == "between" and table.config.lang == lang
    game = table.game
    assert game is not None and game.tricks, f"{variant}: the hand ended before play"
    assert not any(game.hands), f"{variant}: the hand ended before every card was played"
    assert newcomer.whys and newcomer.hinted
    seen = newcomer.everything()
    assert {"lobby", "panel", "why", "hint", "channel", "panel picture"} <= {w for w, _ in seen}
    check_seen(seen)
    reader = Reader(world, world.alice, t, seen=seen)
    left = reader.leftovers(lang, table)
    assert not left, "English left:\n" + "\n".join(f"[{w}] {sorted(e)}: {text!r}" for w, text, e in left[:15])


@pytest.mark.parametrize("lang", ["cs", "pl", "ro"])
async def test_a_house_rule_is_refused_in_the_readers_language(world: Any, lang: str) -> None:
    """Issue #14: ``/taroky new options:`` with an unknown house rule or a value out of its
    bounds is refused in the reader's language: the engine's refusal is a message said by
    the reply (the variant named by its title in that language), not English."""
    await world.alice.slash(world.channel, "taroky language", language=lang)
    t = Text(lang)
    czech = find_variant("czech")
    for options in ("nonsense=1", "solo_rate=-5"):
        result = await world.alice.slash(world.channel, "taroky new", variant="czech", options=options)
        assert result.ephemeral and world.bot.tables.get(world.channel.id) is None
        with pytest.raises(BadInput) as refused:
            czech.resolve_options(parse_options(options))
        assert result.response.content == refused.value.say(t) != refused.value.message
        if options.startswith("nonsense"):
            assert t.variant_title("czech") in result.response.content
