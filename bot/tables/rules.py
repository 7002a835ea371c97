"""Text for ``/taroky rules [topic]``: the pages of the table's variant.

The pages are built by the engine from the variant itself (``bot.engine.rulebook``): its
contracts, scoring, options, legality rules and glossary, in the reader's language.  This
module finds the variant, adds the one page about the table rather than the game (the
Why? button) and the hint on how to ask for another page, and splits a page longer than
a Discord message (a translation can be longer than the English) into several.
"""

from __future__ import annotations

from bot.engine import VARIANTS, TarokyError, find_variant
from bot.engine.rulebook import find_page, normalize, page_text, split_page, topic_names, topics
from bot.engine.variants import Variant
from bot.i18n import N_, Text

#: Pages about the table, the same in every variant.
TABLE_PAGES: dict[str, str] = {
    "why": N_(
        "**Why can't I play that?**\n"
        "Click **Why?** on your panel: it says, in the words of the rule, why the other "
        "cards or bids are not allowed now.\n"
        "*Example:* hearts were led and you hold the queen of hearts: Why? tells you that you "
        "must follow hearts."
    ),
}

_HINT = N_("More with `/taroky rules topic:<name>`.")


def _variant(name: str) -> Variant:
    try:
        return find_variant(name)
    except TarokyError:
        return VARIANTS["czech"]


def _table_page_names(t: Text) -> dict[str, str]:
    """The table pages' topics as the reader types them."""
    return {"why": t.pgettext("rules topic", "why")}


def rules_topics(variant: str | None = None) -> list[str]:
    """The topics of ``variant``'s pages; without a variant, every topic of every variant
    (each once, in reading order)."""
    out: dict[str, None] = {}
    for v in [_variant(variant)] if variant is not None else list(VARIANTS.values()):
        out.update(dict.fromkeys(topics(v)))
    out.update(dict.fromkeys(TABLE_PAGES))
    return list(out)


def rules_choices(variant: str | None, t: Text | None = None, typed: str = "") -> list[tuple[str, str]]:
    """What autocomplete offers for ``/taroky rules``: each topic's name in ``t``'s
    language with its English key (the value passed back), those whose name or key
    contains ``typed`` (any case, accents ignored); without a variant, every variant's
    topics (each once)."""
    t = t or Text()
    typed = normalize(typed)
    out: dict[str, str] = {}
    for v in [_variant(variant)] if variant is not None else list(dict.fromkeys(VARIANTS.values())):
        for key, name in topic_names(v, t).items():
            out.setdefault(key, name)
    out.update(_table_page_names(t))
    return [(name, key) for key, name in out.items() if typed in normalize(name) or typed in normalize(key)]


def rules_text(variant: str, topic: str | None, t: Text | None = None, *, shown: str | None = None) -> str:
    """The page for ``topic`` of ``variant``'s rules in ``t``'s language, whole; the
    overview and the list of topics when ``topic`` is empty; a sentence listing the topics
    when there is no such page, naming the topic as ``shown`` (what the player typed, made
    fit to repeat by the Discord side), else as typed.  :func:`rules_replies` splits it
    for Discord."""
    t = t or Text()
    v = _variant(variant)
    if topic and topic.strip():
        key = normalize(topic)
        named = {normalize(name): k for k, name in _table_page_names(t).items()}
        table_page = TABLE_PAGES.get(named.get(key, key))
        if table_page is not None and find_page(v, topic, t) is None:
            return t._(table_page)
        return page_text(v, topic, t, shown=shown)
    page = find_page(v, None, t)
    assert page is not None
    return page.text + "\n\n" + t._(_HINT)


def rules_replies(variant: str, topic: str | None, t: Text | None = None, *,
                  shown: str | None = None) -> list[str]:
    """:func:`rules_text` as Discord messages (at most 2000 characters each), split
    between lines: a long page is sent whole, in several messages, never cut."""
    return split_page(rules_text(variant, topic, t, shown=shown))
