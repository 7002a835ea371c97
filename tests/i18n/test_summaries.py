"""Summaries that say what happened, and words that fit Discord (issue #31, item 5).

Who pays whom is said in words in every language (the pool too: "Bob pays 5 points into
the pool", never "→ the pool" nor the Polish "płaci graczowi pula"); a player's balance
after the hand says which balance it is (the season's, across variants); the lobby
promises only what the variant's teach mode does; a picture's alt text is summarised to
fit Discord's limit, never cut mid-line; every command's and option's description fits
Discord's 100 characters in every language, in the catalogs themselves (the translator
would otherwise cut it, as it cut the Polish "/taroky new teach" at 102)."""

from __future__ import annotations

import dataclasses

import pytest
from babel.messages.pofile import read_po

from bot.engine.actions import Kind, act, action_label
from bot.engine.scoring import POOL, Transfer
from bot.i18n import LANGUAGES, Text, catalog_path
from bot.tables import words
from bot.tables.scenes import picture_words
from bot.tables.table import TableConfig
from cogs.ui.messages import lobby_message, transfer_text
from cogs.ui.output import ALT_TEXT_LIMIT, alt_text
from cogs.ui.translator import HELP_CONTEXT
from rendering import samples, text_summary
from tests.tables.helpers import manager, open_table


@pytest.mark.parametrize("lang", LANGUAGES)
def test_who_pays_whom_in_words(lang: str) -> None:
    table = open_table(manager(), TableConfig(variant="romanian", lang=lang))
    t = Text(lang)
    alice, bob = table.seat_name(0), table.seat_name(1)
    into = transfer_text(table, Transfer(1, POOL, 500), t)
    out = transfer_text(table, Transfer(POOL, 0, 500), t)
    pays = transfer_text(table, Transfer(1, 0, 300), t)
    assert "→" not in into + out + pays
    # (the pool is paid into: not "Bob pays the pool", which Polish said as "pays the player pool")
    assert into.startswith(bob) and into != t._("{payer} pays {payee} {amount}", payer=bob, payee=t._("the pool"),
                                                amount=words.money(table, 500, t))
    assert out.startswith(alice) and alice in pays and bob in pays
    if lang == "pl":
        assert "graczowi" not in into + out + pays
    if lang == "en":
        assert into == f"{bob} pays {words.money(table, 500, t)} into the pool"


def test_the_lobby_promises_only_what_the_variant_does() -> None:
    """Petrtyl settles a hand nobody outbids without play, teach mode or not: its lobby does
    not promise that every hand is played out; the Czech one plays out a quiet povinnost
    (``teach_options``) and says so."""
    for variant, plays_out in (("petrtyl", False), ("czech", True), ("kozy", False)):
        table = open_table(manager(), TableConfig(variant=variant, lang="en"))
        embed, _view = lobby_message(table)
        assert embed.description is not None
        assert ("is played out" in embed.description) is plays_out, (variant, embed.description)
        assert "every hand" not in embed.description


def test_a_long_summarys_alt_text_is_summarised_not_cut() -> None:
    """A summary whose text is over Discord's limit loses its payment lines (the message
    lists them), never a player's result: every result line is there, whole."""
    base = samples.summary_long()
    long = dataclasses.replace(base, payments=tuple(base.payments) * 4)
    assert len(text_summary(long)) > ALT_TEXT_LIMIT
    alt = alt_text(long)
    assert len(alt) <= ALT_TEXT_LIMIT
    for b in long.balances:
        assert any(line.strip().startswith(f"{b.name}: {b.change_text}") for line in alt.splitlines()), b.name
    assert alt_text(base) == text_summary(base)  # (a text that fits is left whole)


def test_a_players_balance_says_it_is_the_seasons() -> None:
    for lang in ("en", "cs", "pl", "ro"):
        said = Text(lang)._("season balance {amount}", amount="5")
        assert "5" in said and said != "total 5"
    assert Text("en")._("season balance {amount}", amount="6 chips") == "season balance 6 chips"


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_summary_pictures_balance_column_says_it_is_the_seasons(lang: str) -> None:
    """Issue #31, item 5: the summary picture's column of balances is headed with the text
    summary's own words ("season balance"), not "TOTAL"."""
    said = Text(lang)._("season balance {amount}", amount="").strip()
    heading = picture_words(lang).total
    assert heading == heading.upper() and heading.lower() == said.lower(), (heading, said)


@pytest.mark.parametrize("lang", LANGUAGES[1:])
def test_every_command_description_fits_in_the_catalog(lang: str) -> None:
    """Discord takes at most 100 characters of a command's or option's description."""
    with catalog_path(lang).open("rb") as f:
        catalog = read_po(f, locale=lang)
    long = [(m.id, m.string) for m in catalog
            if m.context == HELP_CONTEXT and (len(str(m.string)) > 100 or len(str(m.id)) > 100)]
    assert not long, long


@pytest.mark.parametrize("lang", LANGUAGES)
def test_every_plain_button_label_fits(lang: str) -> None:
    """Discord takes at most 80 characters of a button's label."""
    t = Text(lang)
    for kind in Kind:
        if kind in (Kind.PLAY, Kind.DISCARD, Kind.CALL, Kind.BID, Kind.ANNOUNCE, Kind.DECLARE, Kind.DOUBLE):
            continue  # (a card or a term: short; checked by the walks)
        label = action_label(act(kind, 12 if kind in (Kind.BATCH, Kind.TAKE, Kind.TAKE_BACK, Kind.CUT) else None), t=t)
        assert 1 <= len(label) <= 80, (kind, label)
