"""One word for one action, everywhere (issue #31, item 2).

A choice is named by its button (``Variant.label``: "Discard 10♣", "Call XIX", "Pas") and
by nothing else: Why?'s notes name each choice in bold as its button does, the Hint's
reasons that name their choice open with the button's words (``reasons.Verb``: "Discard
10♣: cheap and from a short suit ...", never "Lay away 10♣"), and the first discard
prompt says how many cards go, not how many "more".

The walk: seeded whole hands of every variant (the explorer in every seat, options varied,
the variant's seat counts in turn) through every phase they reach; at every decision
everything is said in each of the four languages."""

from __future__ import annotations

import random
from collections import defaultdict

import pytest

from bot.ai.explore import Explorer, sweep
from bot.ai.heuristic import choose_action
from bot.ai.normal import choose_normal
from bot.ai.players import Choice
from bot.ai.search import choose_strong
from bot.engine import VARIANTS, Action, Game, Kind, Phase
from bot.engine.cards import say_card
from bot.engine.rulebook import choice_notes
from bot.i18n import LANGUAGES, Text

#: Words for an action that no button uses (the English of the old Hint and lesson).
OFF_VOCABULARY = ("lay away", "laid away", "take the talon card", "say nothing more", "choose varšava")

#: The phases each variant's walk must reach (the decisions a newcomer meets there).
PHASES: dict[str, set[Phase]] = {
    "czech": {Phase.AUCTION, Phase.CALL, Phase.DISCARD, Phase.ANNOUNCE, Phase.PLAY},
    "heun": {Phase.AUCTION, Phase.DISCARD, Phase.ANNOUNCE, Phase.PLAY},
    "kozy": {Phase.AUCTION, Phase.TALON, Phase.DISCARD, Phase.ANNOUNCE, Phase.PLAY},
    "nebraska": {Phase.AUCTION, Phase.CALL, Phase.DISCARD, Phase.ANNOUNCE, Phase.PLAY},
    "petrtyl": {Phase.AUCTION, Phase.PLAY},
    "polish": {Phase.AUCTION, Phase.DISCARD, Phase.ANNOUNCE, Phase.PLAY},
    "romanian": {Phase.AUCTION, Phase.TALON, Phase.DISCARD, Phase.ANNOUNCE, Phase.PLAY},
    "taper": {Phase.AUCTION, Phase.TALON, Phase.DISCARD, Phase.ANNOUNCE, Phase.PLAY},
}


def _names(text: str, label: str) -> bool:
    """Whether ``text`` names the choice by its ``label`` (said with a small first letter
    inside a sentence: "so announce Pagát")."""
    return label in text or label[:1].lower() + label[1:] in text


class Walker:
    """An explorer that, before each choice, says in every language what the player reads
    about it and checks the words."""

    def __init__(self, seed: int) -> None:
        self.explorer = Explorer(random.Random(seed))
        self.n = 0
        self.phases: set[Phase] = set()
        self.reasons: dict[str, int] = defaultdict(int)

    def __call__(self, g: Game, seat: int, legal: list[Action]) -> Action:
        self.n += 1
        self.phases.add(g.phase)
        v = g.variant
        choices: list[Choice] = [choose_action(g, seat), choose_normal(g, seat)]
        if self.n % 11 == 0:
            choices.append(choose_strong(g, seat, self.n))
        doubled = dict(g.view_for(seat).doubles)
        for lang in LANGUAGES:
            t = Text(lang)
            labels = {a: v.label(a, t) for a in legal}
            where = f"{v.name}, {g.phase}, {lang}"
            # Why?: every note names its choice in bold, as the button does.
            for note in choice_notes(v, legal, doubled, labels.__getitem__, t):
                assert note.startswith("**") and note.split("**")[1] in labels.values(), (where, note)
            # Hint: a reason that names its choice names it with the button's words.
            for choice in choices:
                a = choice.action
                if a.kind is Kind.PLAY:
                    continue  # (a card's button is the card itself)
                said = choice.say(t)
                label = v.label(a, t)
                if choice.msg is not None and "choice" in choice.msg.values:
                    assert _names(said, label), (where, label, said)
                    self.reasons[a.kind.value] += 1
                if a.kind in (Kind.DISCARD, Kind.CALL) and say_card(a.card, v.card_words, t=t) in said:
                    assert _names(said, label), (where, label, said)
                if lang == "en":
                    assert not any(w in said.lower() for w in OFF_VOCABULARY), (where, said)
            # The prompt: the first discard says how many cards go, not how many more.
            if g.phase is Phase.DISCARD and g.discard_seat == seat:
                more = t.ngettext("Discard {n} more card", "Discard {n} more cards", g.discard_need)
                prompt = g.prompt(seat, t)
                assert (more in prompt) == bool(g.discards[seat]), (where, prompt)
                if lang == "en":
                    assert not any(w in prompt.lower() for w in OFF_VOCABULARY), (where, prompt)
        return self.explorer(g, seat, legal)


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_every_prompt_names_each_choice_as_its_button(variant: str) -> None:
    """Issue #31, item 2: Why?, the Hint and the prompts use the buttons' words for every
    choice, in every language, through every phase of the variant's hands."""
    walker = Walker(31)
    for _g in sweep(variant, 10, seed=31, players=walker):
        pass
    assert PHASES[variant] <= walker.phases, sorted(PHASES[variant] - walker.phases)
    assert sum(walker.reasons.values()) > 0, "no reason named its choice"
