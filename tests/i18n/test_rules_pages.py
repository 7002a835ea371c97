"""The rules pages in the reader's language (issue #14): a page is found by its topic in
the reader's words as well as by its English key, and a translated page longer than a
Discord message comes out whole, in several messages split between lines.

Two pseudo-languages stand in for the catalogs (the real translations are checked by
``tests/discord/test_table_languages.py``): ``Suffixed`` writes every game term and topic
name with a Czech-looking ending and accents, ``Wordy`` says every sentence three times
over (a translation far longer than the English).
"""

from __future__ import annotations

import re

import pytest

from bot.engine import VARIANTS
from bot.engine.rulebook import (
    MAX_PAGE,
    find_page,
    normalize,
    page_text,
    pages,
    split_page,
    topic_names,
    topics,
)
from bot.engine.say import ENGLISH, TERM
from bot.tables.rules import rules_choices, rules_replies, rules_text


class Pseudo:
    """English (``ENGLISH`` fills the fields in), as a language of its own (the compiled
    engine's ``English`` cannot be subclassed here)."""

    lang = "xx"

    def _(self, message: str, /, **values: object) -> str:
        return ENGLISH._(message, **values)

    def ngettext(self, singular: str, plural: str, n: int, /, **values: object) -> str:
        return ENGLISH.ngettext(singular, plural, n, **values)

    def pgettext(self, context: str, message: str, /, **values: object) -> str:
        return ENGLISH.pgettext(context, message, **values)

    def money(self, currency: str, amount: int) -> str:
        return ENGLISH.money(currency, amount)

    def number(self, n: int) -> str:
        return str(n)


class Suffixed(Pseudo):
    """English, but each game term and topic name ends in "-ík" ("pagát" -> "Pagátík")."""

    def pgettext(self, context: str, message: str, /, **values: object) -> str:
        if context in (TERM, "rules topic"):
            return message.capitalize() + "ík"
        return super().pgettext(context, message, **values)


class Wordy(Pseudo):
    """English said three times over: every page far longer than its English."""

    lang = "yy"

    def _(self, message: str, /, **values: object) -> str:
        said = super()._(message, **values)
        return " ".join([said] * 3) if "\n" not in said else said


SUFFIXED = Suffixed()
WORDY = Wordy()


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_a_page_is_found_by_its_name_in_the_readers_words(variant: str) -> None:
    """Every topic is found by its name in the reader's language, typed in any case and
    without accents ("PAGATIK"), and still by its English key."""
    v = VARIANTS[variant]
    book = pages(v, SUFFIXED)
    for key, name in topic_names(v, SUFFIXED).items():
        assert name.endswith("ík") and name != key
        plain = normalize(name).upper()
        assert find_page(v, plain, SUFFIXED) is book[key], (key, plain)
        assert find_page(v, key, SUFFIXED) is book[key], key
    for term in v.glossary:  # (a term whose page is a phase's or the pool's: that page)
        found = find_page(v, SUFFIXED.pgettext(TERM, term), SUFFIXED)
        assert found is not None and found is find_page(v, term, SUFFIXED), term
    assert find_page(v, "Optionsík") is None  # (an English reader's book knows no such word)


def test_the_pages_speak_the_readers_terms() -> None:
    """A term's page is titled by the term in the reader's words; the overview lists the
    topics in them; an unknown topic's answer lists them too."""
    v = VARIANTS["czech"]
    assert page_text(v, "pagatik", SUFFIXED).startswith("**Pagátík — Czech Taroky (Hlučín)**")
    overview = page_text(v, None, SUFFIXED)
    assert "Auctioník" in overview and "Pagátík" in overview and "pagát," not in overview
    assert "Trojkaík < Sóloík" in page_text(v, "auction", SUFFIXED)
    unknown = page_text(v, "mariáš", SUFFIXED)
    assert "mariáš" in unknown and "Optionsík" in unknown


def test_the_table_offers_and_finds_topics_in_the_readers_words() -> None:
    """``/taroky rules``: autocomplete offers the reader's names (the English key as the
    value), filtered by what was typed in either; the table's own page (Why?) too."""
    t = SUFFIXED
    offered = rules_choices("czech", t, "PAGAT")  # type: ignore[arg-type]
    assert ("Pagátík", "pagát") in offered and all("pag" in normalize(n) for n, _k in offered)
    assert ("Whyík", "why") in rules_choices("czech", t, "whyi")  # type: ignore[arg-type]
    assert rules_text("czech", "whyík", t) == rules_text("czech", "why", t)  # type: ignore[arg-type]
    assert {k for _n, k in rules_choices("nebraska", t)} == {*topics(VARIANTS["nebraska"]), "why"}  # type: ignore[arg-type]


def _check_split(text: str, parts: list[str]) -> None:
    """Each part fits a message; nothing is lost or cut: the words are the page's, in
    order, and every part ends where the page has a line break or a sentence ends."""
    assert len(parts) > 1
    assert all(0 < len(p) <= MAX_PAGE for p in parts), [len(p) for p in parts]
    assert " ".join(parts).split() == text.split()
    pos = 0
    for p in parts[:-1]:
        at = text.index(p, pos) + len(p)
        assert text[at] == "\n" or (p.endswith(".") and text[at] == " "), repr(p[-40:])
        pos = at


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_a_long_translated_page_comes_out_whole(variant: str) -> None:
    """Issue #14: a translation can be longer than the English; a page longer than a
    Discord message is sent whole in several, split between its lines, never cut (the
    English pages fit one message each)."""
    v = VARIANTS[variant]
    long = [k for k, p in pages(v, WORDY).items() if len(p.text) > MAX_PAGE]
    assert long, "the pseudo-translation should make some page too long"
    for key in long:
        text = page_text(v, key, WORDY)
        _check_split(text, split_page(text))
        english = page_text(v, key)
        assert split_page(english) == [english]


def test_a_line_longer_than_a_message_is_split_between_sentences() -> None:
    """A single paragraph longer than a message (a long glossary meaning) is split after a
    sentence; a sentence longer than a message after a word."""
    sentence = "The declarer's side wins the game with thirty-six points or more. "
    text = "**Title**\n" + sentence * 40 + "\nLast line."
    _check_split(text, split_page(text))
    words = " ".join(["word"] * 600)
    parts = split_page(words)
    assert all(len(p) <= MAX_PAGE for p in parts) and " ".join(parts).split() == words.split()


def test_the_table_sends_a_long_page_in_several_messages() -> None:
    """``rules_replies``: what ``/taroky rules`` sends, one message per part; the overview's
    hint comes last."""
    parts = rules_replies("taper", None, WORDY)  # type: ignore[arg-type]
    whole = rules_text("taper", None, WORDY)  # type: ignore[arg-type]
    assert len(whole) > MAX_PAGE
    _check_split(whole, parts)
    assert "/taroky rules topic:" in parts[-1]
    assert re.match(r"\*\*Taper", parts[0])
