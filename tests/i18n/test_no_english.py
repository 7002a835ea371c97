"""No English left in a Czech, Polish or Romanian session (issue #31, item 3).

``tools.english_left`` plays whole hands of every variant and says everything the engine
shows a player (labels, prompts, Why? and its notes, refusals, reasons, the log, the
summary and its payments) in each language with the real catalogs.  A word of the bot's
English messages that the language's catalog never uses is English left over: the card
words ("C♦ rider", "C♥ horse", "C♣ cavalier") and "Pass" on a Czech button were."""

from __future__ import annotations

from bot.engine import VARIANTS
from bot.engine.cards import RIDER, say_card, suit_card
from bot.engine.cards import Suit as S
from bot.i18n import Text
from tools.english_left import collect, english_in


def test_the_detector_finds_the_card_words() -> None:
    """It can fail: an English card word in a Czech label is found; the Czech word is not."""
    assert english_in("cs", "Odhodit C♦ rider") == {"rider"}
    assert english_in("pl", "C♥ horse") == {"horse"} and english_in("ro", "C♣ cavalier") == {"cavalier"}
    assert not english_in("cs", "Odhodit C♦ kaval")


def test_every_variants_rider_is_said_in_the_readers_language() -> None:
    """The Czech card face says KAVAL: so do the labels, in every variant (Romanian "horse",
    Kozy "cavalier" included), and Pass is "Pas" on a Czech button."""
    rider = suit_card(S.DIAMONDS, RIDER)
    for v in VARIANTS.values():
        for lang, word in (("cs", ("kaval", "kůň")), ("pl", ("konik", "koń", "kawal")), ("ro", ("calul", "cavalerul"))):
            said = say_card(rider, v.card_words, long=True, t=Text(lang))
            assert said.split(" ", 1)[1] in word, (v.name, lang, said)
    assert Text("cs")._("Pass") == "Pas"


def test_no_english_in_whole_hands_of_every_variant() -> None:
    seen = collect(4, ["cs", "pl", "ro"])
    for lang in ("cs", "pl", "ro"):
        assert len(seen[lang]) > 1000
        left = [(where, text) for text, where in seen[lang].items() if english_in(lang, text)]
        assert not left, f"{lang}: {left[:5]}"
