"""Kozy's Polish terms in the reader's language (issue #31, item 3).

A Czech or Romanian reader of Kozy (Taroki z królami) read "Cztery króle", "Król ultymo",
"Walat", "Dwa", "12 taroki" on the buttons, in Hint, Why? and the summaries: the words of a
third language.  Where their own language has the word, the term is said in it ("Čtyři
králové", "Patru regi"; the bids "Dva", "Doi"); the rules page of a term keeps the Polish
original in brackets, so a player who hears it at a Polish table finds it.
"""

from __future__ import annotations

import re

import pytest

from bot.engine import find_variant
from bot.engine.rulebook import find_page, page_text
from bot.i18n import Text
from tools.english_left import collect

#: The Polish terms with a word of their own in Czech and Romanian ("Jeden" is Czech too).
POLISH = {
    "cs": re.compile(r"króle|[Kk]ról\b|ultymo|[Ww]alat|taroki|\bDwa\b|\bTrzy\b|\bCztery\b"),
    "ro": re.compile(r"króle|[Kk]ról\b|ultymo|[Ww]alat|taroki|\bJeden\b|\bDwa\b|\bTrzy\b|\bCztery\b"),
}


@pytest.fixture(scope="module")
def seen() -> dict[str, dict[str, str]]:
    return collect(6, ["cs", "ro"], variants=["kozy"])


@pytest.mark.parametrize("lang", ["cs", "ro"])
def test_kozy_terms_are_said_in_the_readers_language(seen: dict[str, dict[str, str]], lang: str) -> None:
    """Buttons, prompts, Why?, the computer players' reasons (Hint), the game log, the
    summary and its payment lines of six Kozy hands carry no Polish term."""
    texts = seen[lang]
    assert len(texts) > 100  # (the hands were played and said)
    polish = [(where, text) for text, where in texts.items() if POLISH[lang].search(text)]
    assert not polish, "\n".join(f"[{w}] {t!r}" for w, t in polish[:10])


@pytest.mark.parametrize(("lang", "term", "said"), [
    ("cs", "four kings", "Čtyři králové"), ("ro", "four kings", "Patru regi"),
    ("cs", "król ultymo", "Král ultimo"), ("ro", "król ultymo", "Rege ultimo"),
])
def test_a_terms_rules_page_keeps_the_polish_original(lang: str, term: str, said: str) -> None:
    """The page of a translated term names it in the reader's words and gives the Polish
    original in brackets, as it is said at the table in Kozy (KZ-3, KZ-6)."""
    v = find_variant("kozy")
    t = Text(lang)
    page = find_page(v, term, t)
    assert page is not None
    text = page_text(v, term, t)
    original = "Cztery króle" if term == "four kings" else "Król ultymo"
    assert page.title.startswith(said), page.title
    assert re.search(rf"\([^()]*{original}\)", text), text
