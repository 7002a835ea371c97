"""Text for ``/taroky rules [topic]``: the pages of the table's variant.

The pages are built by the engine from the variant itself (``bot.engine.rulebook``): its
contracts, scoring, options, legality rules and glossary.  This module finds the variant,
adds the one page about the table rather than the game (the Why? button) and the hint on
how to ask for another page.
"""

from __future__ import annotations

from bot.engine import VARIANTS, TarokyError, find_variant
from bot.engine.rulebook import MAX_PAGE, find_page, normalize, page_text, topics
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


def rules_topics(variant: str | None = None) -> list[str]:
    """The topics of ``variant``'s pages; without a variant, every topic of every variant
    (each once, in reading order)."""
    out: dict[str, None] = {}
    for v in [_variant(variant)] if variant is not None else list(VARIANTS.values()):
        out.update(dict.fromkeys(topics(v)))
    out.update(dict.fromkeys(TABLE_PAGES))
    return list(out)


def rules_text(variant: str, topic: str | None, t: Text | None = None) -> str:
    """The page for ``topic`` of ``variant``'s rules; the overview and the list of topics
    when ``topic`` is empty; a sentence listing the topics when there is no such page."""
    t = t or Text()
    v = _variant(variant)
    if topic and topic.strip():
        table_page = TABLE_PAGES.get(normalize(topic))
        if table_page is not None and find_page(v, topic) is None:
            return t._(table_page)
        return page_text(v, topic)  # (the engine's rules pages: English, the rulebook takes no translator yet)
    page = find_page(v, None)
    assert page is not None
    return (page.text + "\n\n" + t._(_HINT))[:MAX_PAGE]
