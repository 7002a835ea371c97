"""The Hint's reasons (issue #13): one sentence a newcomer can learn from — to "you", cards
in the variant's words, players as the "Seat N" placeholder the table fills with names,
about the situation, with no figure the player cannot see."""

from __future__ import annotations

import re

import pytest

from bot.ai.normal import choose_normal
from bot.ai.players import choose_level, decision_seed
from bot.ai.search import _play_reason
from bot.engine import VARIANTS, Kind, find_variant, new_game, seeded_rng
from bot.engine.cards import PAGAT, parse_card
from tests.ai.helpers import five
from tests.engine.helpers import A
from tests.engine.kc_helpers import kc

_RULE_ID = re.compile(r"\b(?:C|CZ|NE|HE|PT|PL|KZ|RO|TP|K)-\d")
_CARD_CODE = re.compile(r"\b(?:[KQCJ]|10|[1-9])[HDSC]\b|\bSk\b")
_FIRST_PERSON = re.compile(r"\b(?:I|my|me|I'm|mine)\b")
_BARE_NUMBER = re.compile(r"\(\d+\)|\bscore\b|\bstrength\b", re.IGNORECASE)


def check(variant: str, reason: str) -> None:
    """A reason a newcomer reads: one sentence, no rule ids, no card codes, no first person
    (tarok one's name "I" aside), no internal score."""
    v = find_variant(variant)
    plain = reason
    for name in {v.say(PAGAT, long=True), "tarok " + v.say(PAGAT)}:
        plain = plain.replace(name, "")
    assert reason and "\n" not in reason and reason.endswith("."), reason
    assert reason[:1].isupper(), reason
    assert not _RULE_ID.search(reason), reason
    assert not _CARD_CODE.search(reason), reason
    assert not _FIRST_PERSON.search(plain), reason
    assert not _BARE_NUMBER.search(reason), reason
    for m in re.finditer(r"\b[Ss]eat (\d+)", reason):
        assert 1 <= int(m.group(1)) <= 5, reason


def _n(variant: str) -> int:
    return find_variant(variant).seat_counts[0]


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_every_normal_reason_speaks_to_the_player(variant: str) -> None:
    """Over whole seeded hands of every variant, every normal choice's reason (what the
    Hint shows when the strong player agrees) and every easy one is a sentence to the
    player; and for every pair of cards it might prefer, the strong player's card-play
    reason is one too."""
    reasons = 0
    for seed in range(6):
        options = {"throw_in_povinnost": False} if variant == "czech" else {}
        g = new_game(variant, _n(variant), seed % _n(variant), options,
                     seeded_rng(f"rs-{variant}-{seed}"))
        while g.to_act is not None:
            s = g.to_act
            c = choose_normal(g, s)
            check(variant, c.reason)
            check(variant, choose_level("easy", g, s).reason)
            reasons += 1
            legal = [a for a in g.legal_actions(s) if a.kind is Kind.PLAY]
            if len(legal) > 1 and seed < 2:
                view = g.view_for(s)
                for a in legal:
                    for b in legal:
                        if a != b:
                            for share, exact in ((0.9, False), (0.1, False), (0.5, True)):
                                check(variant, _play_reason(g, s, view, a.card, b.card, share,
                                                            exact))
            g.act(s, c.action)
    assert reasons > 20


@pytest.mark.parametrize("variant", ["czech", "nebraska", "romanian"])
def test_strong_reasons_speak_to_the_player(variant: str) -> None:
    """The strong player's own choices (bids and the talon played out, announcements,
    searched cards) give a sentence to the player too."""
    g = new_game(variant, 4, 1, {"throw_in_povinnost": False} if variant == "czech" else {},
                 seeded_rng(f"rs-strong-{variant}"))
    step = 0
    while g.to_act is not None and step < 40:
        s = g.to_act
        c = choose_level("strong", g, s, decision_seed(9, step))
        check(variant, c.reason)
        g.act(s, c.action)
        step += 1




def test_a_partner_winning_for_sure_is_given_points_and_the_reason_says_so() -> None:
    """The bidder's škýz led cannot be beaten: its partner (who holds the called king)
    gives it a king, and the Hint says whose card wins and why points go on it."""
    g = five({0: "Sk KH XX XIX XVIII XVII XVI XV XIV XIII XII XI",
              1: "KS KD QH JD 2H 3H 4H 1H 7C 8C 9C 10C"}, "KS")
    g.act(0, A("play", "Sk"))
    c = choose_normal(g, 1)
    assert c.action.card.is_king
    assert c.reason.startswith("Your partner Seat 1's Škýz is already winning this trick")
    assert "give it points" in c.reason
    assert g.variant.say(c.action.card) in c.reason


def test_a_partner_who_may_be_beaten_gets_a_low_card_and_the_reason_says_why() -> None:
    """A later player could still trump the partner's K♥: play low, and say so."""
    g = five({0: "KH 7S 8S 9S 10S 7C 8C 9C 10C 3H 4H 1D", 1: "KS QH 2H"}, "KS")
    g.act(0, A("play", "KH"))
    c = choose_normal(g, 1)
    assert c.action.card == parse_card("2H")
    assert "Your partner Seat 1's K♥ is winning this trick" in c.reason
    assert "may still beat it" in c.reason and "2♥" in c.reason


def test_an_opponents_trick_is_taken_with_the_cheapest_winner_and_named() -> None:
    """A defender who cannot tell its partner yet sees the bidder's K♥ win the trick; void
    in hearts, it takes it with its lowest tarok, and the Hint names who was winning."""
    g = five({0: "KH 7S 8S 9S 10S 7C 8C 9C 10C 3H 4H 1D",
              1: "KS XX II III 2D 3D 4D QD JD CD QS JS"}, "KD")
    g.act(0, A("play", "KH"))
    c = choose_normal(g, 1)
    assert c.action.card == parse_card("II")
    assert c.reason.startswith("Seat 1's K♥ is winning this trick")
    assert "take it with II" in c.reason


def test_a_weak_hand_passes_and_the_reason_counts_what_the_player_sees() -> None:
    """Pass: the hand has too few taroky; the reason counts them as the player can."""
    g = kc({0: "II III IV 7S 8S 9S 10S 7C 8C 9C 10C 2H"})
    c = choose_normal(g, 0)
    assert c.action.kind is Kind.PASS
    assert c.reason.startswith("Pass: you hold only 3 taroky, none of them high")


def test_a_declaration_is_explained_as_paid_whatever_happens() -> None:
    """CZ-7: "Declarations [...] are paid by the whole opposing side to the declarer's side":
    the normal player declares, and the Hint says it pays whatever the play does."""
    for seed in range(40):
        g = new_game("czech", 4, seed % 4, {"throw_in_povinnost": False},
                     seeded_rng(f"decl-{seed}"))
        while g.to_act is not None:
            s = g.to_act
            c = choose_normal(g, s)
            if c.action.kind is Kind.DECLARE:
                assert c.reason.startswith("Declare ")
                assert "paid to your side whatever happens" in c.reason
                return
            g.act(s, c.action)
    pytest.fail("no declaration in 40 deals")


def test_the_strong_reason_for_a_searched_card_reads_the_position() -> None:
    """The strong player's reason says what its card does in this trick: give points to a
    winning partner, take an opponent's trick, or let it go and save the high card."""
    g = five({0: "KH 7S 8S 9S 10S 7C 8C 9C 10C 3H 4H 1D", 1: "KS QH 2H"}, "KS")
    g.act(0, A("play", "KH"))
    view = g.view_for(1)
    give = _play_reason(g, 1, view, parse_card("QH"), parse_card("2H"), 0.9, False)
    assert give.startswith("Your partner Seat 1's K♥ is already winning this trick, so give it "
                           "points: play Q♥ rather than 2♥")
    g = five({0: "JH 7S 8S 9S 10S 7C 8C 9C 10C 3H 4H 1D", 1: "KS QH 2H", 2: "KD"}, "KD")
    g.act(0, A("play", "JH"))
    view = g.view_for(1)
    take = _play_reason(g, 1, view, parse_card("QH"), parse_card("2H"), 0.9, False)
    assert take.startswith("Seat 1's J♥ is winning this trick: take it and keep it with Q♥ "
                           "rather than give it away with 2♥")
    duck = _play_reason(g, 1, view, parse_card("2H"), parse_card("QH"), 0.1, False)
    assert duck.startswith("Seat 1's J♥ is winning this trick: let it go with 2♥ and save Q♥")
