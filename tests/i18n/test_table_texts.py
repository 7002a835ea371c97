"""The forms the table layer writes in each language (issue #14): plurals, money,
numbers, a refusal with a count, the lobby's and the panel's words."""

from __future__ import annotations

import discord
import pytest

from bot.i18n import Text
from bot.tables.errors import TableError
from bot.tables.scenes import hand_scene, picture_words
from bot.tables.table import TableConfig
from cogs.ui.messages import lobby_message, panel_message, table_message
from tests.tables.helpers import HOST, computers_done, manager, open_table

NBSP = "\xa0"


@pytest.mark.parametrize(("lang", "forms"), [
    ("en", {1: "1 card", 2: "2 cards", 5: "5 cards", 22: "22 cards"}),
    ("cs", {1: "1 karta", 2: "2 karty", 5: "5 karet", 22: "22 karet"}),
    ("pl", {1: "1 karta", 2: "2 karty", 5: "5 kart", 22: "22 karty"}),
    ("ro", {1: "1 carte", 2: "2 cărți", 5: "5 cărți", 22: "22 de cărți"}),
])
def test_a_count_of_cards_takes_each_languages_plural(lang: str, forms: dict[int, str]) -> None:
    """"1 karta / 2 karty / 5 karet": the plural rule of each language's catalog."""
    t = Text(lang)
    assert {n: t.ngettext("{n} card", "{n} cards", n) for n in forms} == forms


@pytest.mark.parametrize(("lang", "players", "title"), [
    ("cs", 4, "Stůl taroků — České taroky (Hlučín), 4 hráči"),
    ("cs", 5, "Stůl taroků — České taroky (Hlučín), 5 hráčů"),
    ("pl", 5, "Stół taroków — Czeskie taroki (Hlučín), 5 graczy"),
    ("en", 4, "Taroky table — Czech Taroky (Hlučín), 4 players"),
])
def test_the_lobby_speaks_the_servers_language(lang: str, players: int, title: str) -> None:
    table = open_table(manager(), TableConfig(variant="czech", players=players, lang=lang))
    embed, view = lobby_message(table)
    assert embed.title == title
    t = Text(lang)
    assert [item.item.label for item in view.children if isinstance(item, discord.ui.DynamicItem)][0] == t._("Join")
    assert embed.footer.text == t._("table {id}", id=table.id)


async def test_money_and_the_panel_in_the_players_language() -> None:
    """The table in the server's language (Polish), the panel and hand picture in the
    player's (Czech): amounts as each language writes them (``0,00 Kč``)."""
    table = open_table(manager(), TableConfig(variant="czech", lang="pl"))
    assert table.seats[0] is not None
    table.seats[0].lang = "cs"
    await table.start(HOST)
    await computers_done(table)
    public, _ = table_message(table)
    assert public.title is not None and public.title.startswith("Taroki — Czeskie taroki (Hlučín), rozdanie 1")
    assert f"(0,00{NBSP}Kč)" in public.fields[0].value
    panel, view = panel_message(table, 0)
    assert panel.title == f"Vaše karty — stůl {table.id}, hra 1"
    assert panel.footer.text == f"Váš zůstatek v tomto sezení: 0,00{NBSP}Kč"
    assert "Proč?" in [item.item.label for item in view.children if isinstance(item, discord.ui.DynamicItem)]
    scene = hand_scene(table, 0)
    assert scene is not None and scene.words == picture_words("cs")
    assert scene.title == "Vaše karty — 12 karet"
    assert Text("cs").money("czk_hal", -1680) == f"-16,80{NBSP}Kč" and Text("en").money("czk_hal", 10) == "Kč 0.10"


@pytest.mark.parametrize(("lang", "need", "text"), [
    ("en", 3, "Choose exactly 3 cards to discard, not 2; nothing was discarded."),
    ("cs", 3, "Odhoďte přesně 3 karty, ne 2; nic nebylo odhozeno."),
    ("cs", 6, "Odhoďte přesně 6 karet, ne 2; nic nebylo odhozeno."),
    ("pl", 1, "Odłóż dokładnie 1 kartę, nie 2; nic nie odłożono."),
    ("ro", 20, "Pune deoparte exact 20 de cărți, nu 2; nu s-a pus nimic deoparte."),
])
def test_a_refusal_with_a_count_takes_the_readers_plural(lang: str, need: int, text: str) -> None:
    error = TableError.counted("Choose exactly {n} card to discard, not {given}; nothing was discarded.",
                               "Choose exactly {n} cards to discard, not {given}; nothing was discarded.",
                               need, given=2)
    assert error.text(Text(lang)) == text
    assert error.message == error.text(Text("en"))  # (the English sentence, for logs)


def test_a_refusal_says_its_variant_and_its_counts_in_the_readers_language() -> None:
    """The player-count refusal of /taroky new names the variant by its title in the
    reader's language and joins the allowed counts with the language's own "or"; its
    English stays as before."""
    from cogs.taroky import _check_options

    with pytest.raises(TableError) as caught:
        _check_options("czech", 3, "")
    error = caught.value
    assert error.message == "Czech Taroky (Hlučín) is played by 4 or 5 players, not 3."
    cs = Text("cs")
    said = error.text(cs)
    assert cs.variant_title("czech") in said and cs._("{first} or {last}", first="4", last="5") in said
    assert " or " not in said
