"""The message catalogs (issue #14): complete, formatted per language, and every slash
command's localization one Discord accepts."""

from __future__ import annotations

import re
from collections import Counter
from typing import Any

import discord
import pytest
from discord import app_commands

from bot.i18n import LANGUAGES, Text, language_of, pick_language, translations
from cogs.ui.translator import CatalogTranslator
from tools.catalogs import all_messages, check, code_messages


def test_every_catalog_has_every_message_and_nothing_else() -> None:
    """What the code marks and the commands use is in each catalog, translated; nothing
    the code no longer uses is left behind (``python -m tools.catalogs`` brings them
    up to date)."""
    messages = all_messages()
    assert len(messages) > 50
    assert check(messages) == []


def test_the_check_finds_a_missing_and_an_unused_message() -> None:
    messages = dict(all_messages())
    messages[(None, "A sentence nobody has translated yet.", None)] = [("bot/x.py", 1)]
    gone = next(m for m in messages if m[0] is None and m[1].startswith("I will speak"))
    del messages[gone]
    problems = check(messages, ["cs"])
    assert "cs: missing: 'A sentence nobody has translated yet.'" in problems
    assert any(p.startswith("cs: unused: 'I will speak") for p in problems)


def test_the_extractor_reads_the_marked_calls() -> None:
    found = code_messages()
    assert (None, "{n} chip", "{n} chips") in found
    assert any(where[0] == "cogs/language.py" for where in found[(None, "I will speak to you in {language}.", None)])


@pytest.mark.parametrize(("lang", "expected"), [
    ("en", ["Kč 0.10", "-Kč 1\u202f234.56", "1 chip", "2 chips", "5 chips", "22 chips"]),
    ("cs", ["0,10\xa0Kč", "-1\xa0234,56\xa0Kč", "1 žeton", "2 žetony", "5 žetonů", "22 žetonů"]),
    ("pl", ["0,10\xa0Kč", "-1\xa0234,56\xa0Kč", "1 żeton", "2 żetony", "5 żetonów", "22 żetony"]),
    ("ro", ["0,10\xa0Kč", "-1.234,56\xa0Kč", "1 jeton", "2 jetoane", "5 jetoane", "22 de jetoane"]),
])
def test_money_and_plurals_per_language(lang: str, expected: list[str]) -> None:
    t = Text(lang)
    got = [t.money("czk_hal", 10), t.money("czk_hal", -123456),
           *(t.money("chips", n) for n in (1, 2, 5, 22))]
    assert got == expected
    assert t.money("chips", -3) == t.money("chips", 3).replace(t.number(3), t.number(-3), 1)


def test_languages_from_discord_locales() -> None:
    assert language_of(discord.Locale.czech) == "cs" and language_of("pl") == "pl"
    assert language_of(discord.Locale.romanian) == "ro" and language_of("en-GB") == "en"
    assert language_of("de") is None and language_of(None) is None
    assert pick_language(None, "de", discord.Locale.polish, "cs") == "pl"
    assert pick_language(None, "ja") == "en"
    with pytest.raises(ValueError):
        Text("de")


def test_an_unknown_language_reads_the_english_source() -> None:
    assert translations("de").gettext("Balance") == "Balance"


async def _payloads(translator: app_commands.Translator) -> list[dict[str, Any]]:
    from pathlib import Path

    from bot.app import TarokyBot
    from bot.config import Settings

    bot = TarokyBot(Settings(token="", db_path=Path("unused.sqlite3")).for_tests())
    for extension in bot.settings.extensions:
        await bot.load_extension(extension)
    out = [await c.get_translated_payload(bot.tree, translator) for c in bot.tree.get_commands()]
    await bot.close()
    return out


NAME = re.compile(r"^[-_\w]{1,32}$")


def _walk(payload: dict[str, Any], path: str, found: list[tuple[str, dict[str, Any], list[dict[str, Any]]]]) -> None:
    options = payload.get("options") or []
    found.append((path, payload, options))
    for option in options:
        if option.get("type") in (1, 2):  # a subcommand or a group
            _walk(option, f"{path} {option['name']}", found)


async def test_every_command_is_localized_in_a_form_discord_accepts() -> None:
    """Names lowercase, 1–32 letters, digits, - or _; descriptions (the commands' and
    every option's, in every language) and choices at most 100 characters; no two siblings share a localized name (Discord refuses the whole
    sync otherwise)."""
    payloads = await _payloads(CatalogTranslator())
    nodes: list[tuple[str, dict[str, Any], list[dict[str, Any]]]] = []
    for payload in payloads:
        _walk(payload, payload["name"], nodes)
    seen_locales: Counter[str] = Counter()
    for path, node, options in nodes:
        for locale, name in (node.get("name_localizations") or {}).items():
            seen_locales[locale] += 1
            assert NAME.match(name) and name == name.lower(), (path, locale, name)
        for text in (node.get("description_localizations") or {}).values():
            assert 1 <= len(text) <= 100, (path, text)
        for locale in {loc for o in options for loc in (o.get("name_localizations") or {})}:
            names = [(o.get("name_localizations") or {}).get(locale, o["name"]) for o in options]
            assert len(names) == len(set(names)), (path, locale, names)
        for option in options:
            # (issue #31: an option's description too; Polish "/taroky new teach" was 102)
            for locale, text in [(None, option.get("description", "")),
                                 *(option.get("description_localizations") or {}).items()]:
                assert 1 <= len(text) <= 100, (path, option["name"], locale, len(text), text)
            for choice in option.get("choices") or []:
                for text in (choice.get("name_localizations") or {}).values():
                    assert 1 <= len(text) <= 100
    for lang in LANGUAGES[1:]:
        locale = {"cs": "cs", "pl": "pl", "ro": "ro"}[lang]
        assert seen_locales[locale] > 20, (lang, seen_locales)
    taroky = next(p for p in payloads if p["name"] == "taroky")
    assert taroky["description_localizations"]["cs"] == "Hrát taroky v tomto kanálu"


def test_a_translation_must_keep_the_fields_the_code_fills() -> None:
    """A field the code does not fill would make ``str.format`` fail in front of a player,
    and a dropped one would lose a name or amount: ``--check`` reports both; a plural form
    may leave ``{n}`` out."""
    from tools.catalogs import field_problems

    assert field_problems("{seat} bids {bid}.", ("{seat} hlásí {bid}.",)) == []
    assert field_problems("{seat} bids {bid}.", ("{hrac} hlásí {bid}.",)) == [
        "unknown field(s) ['hrac'] in '{hrac} hlásí {bid}.'",
        "field(s) ['seat'] dropped in '{hrac} hlásí {bid}.'",
    ]
    assert field_problems(("{n} chip", "{n} chips"), ("jeden žeton", "{n} žetony", "{n} žetonů")) == []
    assert field_problems(("{n} chip of {who}", "{n} chips of {who}"), ("jeden žeton", "{n} žetony {who}", "{n} žetonů {who}")) == [
        "field(s) ['who'] dropped in 'jeden žeton'"]
    assert field_problems("{a}", ("{a",)) == ["malformed field in '{a'"]
