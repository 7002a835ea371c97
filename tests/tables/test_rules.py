"""``/taroky rules`` shows the pages of the table's own variant (issue #17: a Nebraska,
Heun or Petrtyl table used to be shown the Czech pages)."""

from __future__ import annotations

import pytest

from bot.engine import VARIANTS, find_variant
from bot.engine.rulebook import MAX_PAGE, pages
from bot.tables.rules import rules_text, rules_topics


@pytest.mark.parametrize("name", sorted(VARIANTS))
def test_each_table_is_shown_its_own_variant(name: str) -> None:
    """The overview names the table's variant and every topic of its pages."""
    v = find_variant(name)
    text = rules_text(name, None)
    assert text.startswith(f"**{v.title}**")
    for topic in pages(v):
        if topic != "overview":
            assert topic in text
    assert "/taroky rules topic:" in text and len(text) <= MAX_PAGE


def test_nebraska_bidding_is_not_the_czech_auction() -> None:
    """NE-2: Four < Five < Five Over, not povinnost; NE-6: the bidder leads."""
    text = rules_text("nebraska", "auction")
    assert "Four < Five < Five Over" in text and "povinnost" not in text.lower()
    assert "The bidder leads to the first trick." in rules_text("nebraska", "play")
    assert "Forehand leads to the first trick." in rules_text("czech", "play")


def test_a_term_page_by_alias_and_without_accents() -> None:
    """Players type 'pagat' or 'bidding'; the page is found in the table's variant."""
    assert rules_text("czech", "pagat").startswith("**Pagát")
    assert rules_text("petrtyl", "Grand Nullo").startswith("**Grand nullo")
    assert rules_text("heun", "bidding").startswith("**Bidding — Taroky (Heun rules)")


def test_unknown_topic_gets_a_sentence_with_the_topics() -> None:
    text = rules_text("petrtyl", "mariáš")
    assert text.startswith("There is no page about 'mariáš' in Petrtyl Tarock. Topics: ")
    assert "grand sweep" in text


def test_the_why_page_is_the_same_in_every_variant() -> None:
    """The Why? button is the table's, not the game's."""
    assert rules_text("czech", "why") == rules_text("nebraska", "why")
    assert "Why?" in rules_text("heun", "why")


def test_topics_for_autocomplete() -> None:
    """Without a variant, every variant's topics (each once); with one, only its own."""
    every = rules_topics()
    assert len(every) == len(set(every))
    assert {"povinnost", "five over", "grand sweep", "why"} <= set(every)
    own = rules_topics("nebraska")
    assert "five over" in own and "povinnost" not in own and own[0] == "overview"


def test_an_unknown_variant_falls_back_to_czech() -> None:
    assert rules_text("nonsense", None).startswith("**Czech Taroky")
