"""Count the English left in Czech, Polish and Romanian sessions: ``python -m tools.english_left``.

Whole hands of every variant are played (the explorer, seeded, options varied) and
everything the engine says to a player along the way is said in each language: the
buttons' labels, the prompts, Why? (``Game.explain`` and the glossary notes of each
choice), the refusals, the easy and normal players' reasons (the Hint's fallback), the
game log, the summary and its payment lines.  A text is "English" when it holds a word of
the bot's English messages (the catalog's template) that the language's own catalog never
uses ("rider", "the", "pool" in a Czech session), once the card symbols and the
seats' placeholders are taken out; card words (``K♥ king``, ``C♦ rider``) are *not*
taken out, since a player reads them.

It prints, per language, how many distinct texts carry English, and the first few.
"""

from __future__ import annotations

import argparse
import random
import re
import sys
from collections import defaultdict
from collections.abc import Iterable
from functools import cache, partial

from babel.messages.pofile import read_po

from bot.ai.explore import Explorer, sweep
from bot.ai.heuristic import choose_action
from bot.ai.normal import choose_normal
from bot.engine import VARIANTS, Action, Game, Variant
from bot.engine.rulebook import choice_notes
from bot.i18n import LOCALE_DIR, Text, catalog_path


def _words(text: str) -> set[str]:
    text = re.sub(r"\{\w+\}", " ", text)  # a message's fields
    text = re.sub(r"`[^`]*`|/taroky[\w -]*", " ", text)  # commands keep their English names
    text = re.sub(r"\b\w*\d\w*\b", " ", text)  # numbers and codes
    return {w.lower() for w in re.findall(r"[^\W\d_]{2,}", text)}


@cache
def english_only(lang: str) -> frozenset[str]:
    """The words of the bot's English messages that ``lang``'s catalog never uses."""
    with (LOCALE_DIR / "taroky.pot").open("rb") as f:
        template = read_po(f)
    with catalog_path(lang).open("rb") as f:
        catalog = read_po(f, locale=lang)
    english: set[str] = set()
    for m in template:
        for text in (m.id if isinstance(m.id, (tuple, list)) else (m.id,)):
            english |= _words(str(text or ""))
    for v in VARIANTS.values():  # (the variants' words for cards: "rider", "horse", "cavalier")
        cw = v.card_words
        english |= _words(" ".join((cw.rider, cw.pagat, cw.mond)))
    own: set[str] = set()
    for m in catalog:
        for said in (m.string if isinstance(m.string, (tuple, list)) else (m.string,)):
            own |= _words(str(said or ""))
    return frozenset(english - own)


def english_in(lang: str, text: str) -> set[str]:
    """The English words of ``text`` (a seat's placeholder "Seat N" is a name, not English)."""
    return _words(re.sub(r"\bSeat \d\b", " ", text, flags=re.IGNORECASE)) & english_only(lang)


class Collecting:
    """An explorer that, before each choice, says everything in front of the player in
    each language and keeps the texts."""

    def __init__(self, langs: Iterable[str], seen: dict[str, dict[str, str]]) -> None:
        self.ts = [Text(lang) for lang in langs]
        self.seen = seen
        self.explorer = Explorer(random.Random("english"))
        self.n = 0

    def keep(self, t: Text, where: str, text: str) -> None:
        self.seen[t.lang].setdefault(text, where)

    def __call__(self, g: Game, seat: int, legal: list[Action]) -> Action:
        self.n += 1
        v = g.variant
        reasons = [choose_action(g, seat), choose_normal(g, seat)] if self.n % 3 == 0 else []
        doubled = dict(g.view_for(seat).doubles)
        for t in self.ts:
            where = f"{v.name} {g.phase}"
            self.keep(t, f"prompt {where}", g.prompt(seat, t))
            self.keep(t, f"public prompt {where}", v.public_prompt(g, t))
            self.keep(t, f"Why? {where}", g.explain(seat, t))
            for a in legal:
                self.keep(t, f"label {where}", v.label(a, t))
            for note in choice_notes(v, legal, doubled, partial(_label, v, t), t):
                self.keep(t, f"choice note {where}", note)
            for choice in reasons:
                self.keep(t, f"reason {where}", choice.say(t))
        return self.explorer(g, seat, legal)


def _label(v: Variant, t: Text, a: Action) -> str:
    return v.label(a, t)


def collect(deals: int, langs: list[str], variants: Iterable[str] = ()) -> dict[str, dict[str, str]]:
    """Each language's texts (text -> where first seen) from ``deals`` hands of each of
    ``variants`` (every variant when empty)."""
    seen: dict[str, dict[str, str]] = defaultdict(dict)
    for name in sorted(variants or VARIANTS):
        player = Collecting(langs, seen)
        for g in sweep(name, deals, seed=31, players=player):
            for t in player.ts:
                for ev in g.log:
                    player.keep(t, f"log {name}", ev.say(t))
                if g.result is not None:
                    player.keep(t, f"summary {name}", g.result.say_summary(t))
                    for ln in g.result.lines:
                        player.keep(t, f"payment {name}", ln.say(t))
    return seen


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.english_left", description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=12, help="hands per variant (default 12)")
    parser.add_argument("--show", type=int, default=5, help="examples to print per language")
    args = parser.parse_args(argv)
    langs = ["cs", "pl", "ro"]
    seen = collect(args.deals, langs)
    total = 0
    for lang in langs:
        found = [(where, text, english_in(lang, text)) for text, where in seen[lang].items()]
        found = [f for f in found if f[2]]
        total += len(found)
        print(f"{lang}: {len(seen[lang])} distinct texts, {len(found)} with English")
        for where, text, words in found[: args.show]:
            print(f"   [{where}] {sorted(words)}: {text[:160]!r}")
    print(f"total: {total} texts with English")
    return 0


if __name__ == "__main__":
    sys.exit(main())
