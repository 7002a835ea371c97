"""Taper: Romanian Tarok for three players (romanian-tarok-suceava-and-taper.txt, second
part) with the TP-* clarifications of CLARIFICATIONS-2.md.

Everything is Romanian Tarok (``romanian.py``, TP-1) except the axes set here:
* TP-2 three seats and a 42-card pack (the 7, 8, 9 of the black suits and the 2, 3, 4 of
  the red ones removed), 66 card points, the declarer wins with 34;
* TP-5 the trei bids (unul / al doilea / al treilea de trei) at the foot of the ladder;
* TP-6 no king is called: the declarer always plays alone against two open partners, so
  there is no surrender, no regele prins and no rege ultimo;
* TP-7 the trei talon in two groups of three (RO-9 with G = 2);
* TP-9 declarations of exactly 10, 11 or 12 taroace;
* TP-11 no michi-michi: when all three pass the deal is thrown in and a radler of three
  double deals follows;
* TP-12 the announcement round ends after two passes in a row (one fewer than the players).

Terms as in ``romanian.py``; "trei" is three (talon cards taken).
"""

from __future__ import annotations

from typing import ClassVar, Final

from ..cards import CARDS, Card
from ..game import Contract
from ..restrictions import Restriction
from .base import OptionSpec
from .romanian import (
    ANNULLED_OPTION,
    FREE_PLAY_OPTION,
    HEP_HEP_OPTION,
    LUNA_PRINSA,
    PAGAT_ULTIMO,
    POOL_AT_END_OPTION,
    POOL_OPTION,
    RITUAL_OPTION,
    SILENT_OPTION,
    SOLO_BONUS_OPTION,
    TOTI_HIGH_OPTION,
    TOTI_REGII,
    TRICKS_ONLY_OPTION,
    TRULA,
    UNU_OPTION,
    VALAT,
    VALAT_DOUBLE_OPTION,
    VALAT_SCALE_OPTION,
    Romanian,
    _contracts,
    ro_rules,
)

#: TP-2: every tarok, and the king, queen, horse, jack and top pip (black 10, red ace) of
#: each suit: face indices 0..4 (``cards``: the pips 10/ace come first).
TAPER_PACK: Final[tuple[Card, ...]] = tuple(c for c in CARDS if c.is_tarok or c.face < 5)

#: TP-5, TP-6: the ladder T1 < … < Solo, the declarer alone.
TAPER_CONTRACTS: Final = _contracts(None)

#: Terms of the Romanian glossary that name the called king (TP-6: none is called).
_KING_TERMS: Final = ("call", "partner", "surrender", "regele prins", "rege ultimo",
                      "michi-michi", "la mine")


class Taper(Romanian):
    """Taper: Romanian Tarok for three players (TP-1 … TP-15)."""

    name = "taper"
    title = "Taper"
    aliases = ("romanian3", "romanian_taper", "tapper")
    seat_counts = (3,)  # TP-1, TP-15
    pack: ClassVar[tuple[Card, ...]] = TAPER_PACK  # TP-2
    contracts: ClassVar[dict[str, Contract]] = TAPER_CONTRACTS
    option_specs: ClassVar[tuple[OptionSpec, ...]] = (
        RITUAL_OPTION, POOL_OPTION, UNU_OPTION, FREE_PLAY_OPTION, SOLO_BONUS_OPTION,
        SILENT_OPTION, TOTI_HIGH_OPTION, VALAT_SCALE_OPTION, VALAT_DOUBLE_OPTION,
        TRICKS_ONLY_OPTION, ANNULLED_OPTION, HEP_HEP_OPTION, POOL_AT_END_OPTION)
    restrictions: ClassVar[tuple[Restriction, ...]] = ro_rules(True)

    calls_king: ClassVar[bool] = False  # TP-6
    always_trei: ClassVar[bool] = True  # TP-5
    win_points: ClassVar[int] = 34  # TP-2
    declare_counts: ClassVar[tuple[int, ...]] = (10, 11, 12)  # TP-9
    radler_deals: ClassVar[int] = 3  # TP-11
    has_michi: ClassVar[bool] = False  # TP-11
    announcement_names: ClassVar[tuple[str, ...]] = (
        TRULA, TOTI_REGII, LUNA_PRINSA, PAGAT_ULTIMO, VALAT)  # TP-6: no rege ultimo

    how_it_goes: ClassVar[dict[str, tuple[str, ...]]] = {
        "deal": (
            "Three players, anticlockwise, with 42 cards: the 7, 8 and 9 of spades and clubs "
            "and the 2, 3 and 4 of hearts and diamonds are left out. The dealer puts the top "
            "six cards aside as the talon, in order, and deals 12 cards to each player in "
            "batches of six.",
            "Before each deal the dealer puts 1 game point into the pool; when the pool is "
            "empty every player first puts in 1 (so the first pool holds 4).",
            "Before the bidding, a player with no tarok and no king may annul the deal.",
        ),
        "auction": (
            "Forehand speaks first. A player who passes is out; an earlier player who was "
            "overcalled may say \"la mine\" and take the contract over. The bidding goes round "
            "until two have passed. If all three pass, the deal is thrown in and the next "
            "three deals are played for double stakes.",
        ),
        "talon": (
            "In trei the declarer takes three talon cards, in doi two, in unu one; the talon "
            "is looked at group by group. Unul de ... starts with the top group, al doilea "
            "with the second, al treilea with the third, and goes on round the talon.",
            "Taking the first group looked at plays at the contract's first level; each group "
            "shown and passed raises the level by one. Having shown every group, the declarer "
            "may go back to any group but the last one shown, at the next levels.",
            "Shown groups lie face up; the talon cards not taken count for the opponents.",
            "No king is called: the declarer plays alone against the other two.",
            "In solo the talon stays unseen.",
        ),
        "discard": (
            "The declarer discards as many cards as were taken.",
        ),
        "announcements": (
            "Starting with the declarer, each player's first turn may hold one declaration of "
            "taroace (exactly 10, 11 or 12) or merge, any announcements and contras; after it, "
            "only doubles. The round ends when two turns in a row are passes.",
            "Trula, toţi regii, luna prinsă and valat may be announced by anybody for their own "
            "side, pagat ultimo by the declarer holding the pagat.",
        ),
        "play": (
            "Forehand leads to the first trick. Follow suit; without the suit play a tarok; "
            "else anything. The highest tarok wins, else the highest card of the suit led.",
        ),
    }
    counting_rules: ClassVar[tuple[str, ...]] = (
        "Cards are counted in threes: kings, the skiz, luna and pagat 5, queens 4, horses 3, "
        "jacks 2, other cards 1, less 2 for each three: 66 in the 42-card pack.",
        "The declarer counts their tricks and discards, the opponents their tricks and the "
        "talon cards not taken. The declarer wins with 34 points or more; 33 : 33 loses.",
    )
    game_payments: ClassVar[dict[str, str]] = {
        "trei_1": "and every trei: 1 game point if won; 1 × the level if lost.",
        **Romanian.game_payments,
    }
    scoring_rules: ClassVar[tuple[str, ...]] = (
        Romanian.scoring_rules[0],  # contra and the doubles (RO-17, TP-8)
        "Declarations: 10 taroace 1, 11 taroace 2, 12 taroace 3 game points; the opponents "
        "score only their higher declaration.",
        "Bonuses in trei, doi and unu, announced / silent: trula 2 / 1, toţi regii 2 / 1, luna "
        "prinsă 2 / 1, pagat ultimo 7 and the pool / 1, valat 16 / 8. In solo they are doubled "
        "(pagat ultimo 9). These values are reconstructed; the table's options change them.",
        *Romanian.scoring_rules[3:5],  # announced and silent bonuses, the pool (RO-19, RO-20)
        "The declarer plays alone: every amount is paid to or by each opponent.",
        "After a deal that everybody passed the next three deals are a radler: every payment "
        "between players is doubled.",
    )
    valat_rule = ("Valat (one side takes every trick, or valat was announced) replaces the "
                  "game: 16 game points announced, 8 silent (doubled in solo).")
    pool_rule = ("The pool is fed by antes before each deal; an announced pagat ultimo takes "
                 "it, or doubles it when it fails. It stays at the table from one session to "
                 "the next unless the table shares it out. The first deal's pool holds 4.")
    glossary: ClassVar[dict[str, tuple[str, str]]] = {
        **{t: d for t, d in Romanian.glossary.items() if t not in _KING_TERMS},
        "declarer": ("The player who won the auction; plays alone with the talon.",
                     "You bid unul de trei and the others pass: you are the declarer."),
        "la mine": ("\"To me\": holding a bid.", "You say la mine to al doilea de trei."),
        "hold": ("\"La mine\": an earlier player takes the same contract over.",
                 "You bid unul de trei, seat 3 bids al doilea de trei: you may hold it."),
        "solo": ("The talon stays unseen and counts for the opponents; 8 game points.",
                 "You bid solo and play without the talon."),
        "talon group": ("The talon cards the declarer looks at together: three, two or one "
                        "by the line bid, turned up one group after another.",
                        "You bid unul de trei: you see the top three; you may take them or see "
                        "the bottom three."),
        "declare": ("Telling how many taroace you hold: exactly 10, 11 or 12.",
                    "You hold 11 taroace and declare them: 2 game points."),
        "taroace": ("The trumps: one tarok, two or more taroace.",
                    "You hold ten taroace: you may declare 10 taroace."),
        "trei": ("The declarer takes three talon cards: 1 game point if won, the level if "
                 "lost.", "You play unul de trei and take the top three cards: level 1."),
        "valat": ("One side wins every trick: it replaces the game.", "You take all 12 "
                  "tricks: 8 game points from each opponent, 16 if announced."),
        "contra": ("The other side doubles the game or a bonus.", "Contra on a third level "
                   "trei: 6 won or lost."),
        "recontra": ("The answer to a contra: four times.", "Recontra on a third level trei: "
                     "12."),
        "pool": ("The table's pool of game points: antes and pagat ultimo.",
                 "The first deal's pool holds 4."),
        "radler": ("The three deals at double stakes after a deal everybody passed: every "
                   "payment between players is doubled.", "In a radler a won trei pays 2."),
        "game points": ("The money of the game.", "You win a doi alone: each opponent pays "
                        "you 2 game points."),
        "cut": ("Before the deal the player to the dealer's left cuts (a table option).",
                "You cut; the cards are dealt in batches of six."),
        "batch": ("One of the three batches of twelve after a knock.", "You take batch 2."),
    }


__all__ = ["TAPER_CONTRACTS", "TAPER_PACK", "Taper"]
