"""Sample scenes: the gallery, the golden-image tests and the benchmark draw these.

They are made-up but plausible moments of real games (Czech Taroky anticlockwise,
Nebraska clockwise, five players with the dealer sitting out, Varšava).
"""

from __future__ import annotations

from bot.engine.cards import parse_card, parse_cards

from .scenes import (
    HandScene,
    PaymentLine,
    PlayedTrick,
    PlayerBalance,
    SeatInfo,
    SideResult,
    SummaryScene,
    TableScene,
    TrickScene,
)

CZECH_SEATS = (
    SeatInfo("Alois", is_forehand=True),
    SeatInfo("Drahomír"),
    SeatInfo("Oldřich"),
    SeatInfo("Jiří Uhřík", is_dealer=True),
)
NEBRASKA_SEATS = (
    SeatInfo("Karen", is_forehand=True),
    SeatInfo("Joe"),
    SeatInfo("Marie Petrtyl"),
    SeatInfo("Frank", is_dealer=True),
)
TAPER_SEATS = (
    SeatInfo("Silviu", is_forehand=True),
    SeatInfo("Brânduşa Mara"),
    SeatInfo("Eugen", is_dealer=True),
)
FIVE_SEATS = (
    SeatInfo("Eva", is_forehand=True),
    SeatInfo("Bartoloměj Šťastný"),
    SeatInfo("Zdeněk"),
    SeatInfo("Líba"),
    SeatInfo("Ota", is_dealer=True, sitting_out=True),
)


def hand_waiting() -> HandScene:
    """A Czech hand of twelve while somebody else is to play."""
    return HandScene(parse_cards("Sk XXI XIX XV XI VII I KH 1H QS 10S 7C"), None, "Your hand — 12 cards")


def hand_to_play() -> HandScene:
    """The same hand when hearts were led: only the hearts may be played."""
    cards = parse_cards("Sk XXI XIX XV XI VII I KH 1H QS 10S 7C")
    return HandScene(cards, frozenset(parse_cards("KH 1H")), "Your turn — hearts were led")


def hand_sixteen() -> HandScene:
    """A povinnost bidder's sixteen cards after drawing four from the talon."""
    cards = parse_cards("Sk XXI XX XIX XVIII XVII XIV XIII XII VIII III I KH KD QC 4D")
    return HandScene(cards, None, "Talon drawn — discard four")


def trick_czech_complete() -> TrickScene:
    """Four players anticlockwise, the trick complete: tarok XIX trumps the hearts."""
    return TrickScene(
        CZECH_SEATS,
        plays=[(1, parse_card("KH")), (2, parse_card("3H")), (3, parse_card("XIX")), (0, parse_card("2H"))],
        leader=1,
        winner=3,
        clockwise=False,
        title="Trick 4 of 12",
    )


def trick_nebraska_partial() -> TrickScene:
    """Four players clockwise (Nebraska), two cards played so far."""
    return TrickScene(
        NEBRASKA_SEATS,
        plays=[(2, parse_card("10S")), (3, parse_card("KS"))],
        leader=2,
        clockwise=True,
        title="Trick 2 of 12",
    )


def trick_nebraska_complete() -> TrickScene:
    """Four players clockwise: 21, škýz and 1 in that order; the 1 wins (NE-6)."""
    return TrickScene(
        NEBRASKA_SEATS,
        plays=[(0, parse_card("XXI")), (1, parse_card("Sk")), (2, parse_card("I")), (3, parse_card("V"))],
        leader=0,
        winner=2,
        clockwise=True,
        title="Trick 12 of 12",
    )


def trick_five_players() -> TrickScene:
    """Five at the table anticlockwise, the dealer sitting out (C-5)."""
    return TrickScene(
        FIVE_SEATS,
        plays=[(0, parse_card("QD")), (1, parse_card("1D")), (2, parse_card("XX")), (3, parse_card("JD"))],
        leader=0,
        winner=2,
        clockwise=False,
        title="Trick 7 of 12",
    )


def trick_varsava() -> TrickScene:
    """Varšava: a talon card lies face up on the trick (CZ-13)."""
    return TrickScene(
        CZECH_SEATS,
        plays=[(0, parse_card("7C")), (1, parse_card("8C"))],
        leader=0,
        clockwise=False,
        talon_card=parse_card("KC"),
        title="Varšava — trick 2 of 12",
    )


def table_czech() -> TableScene:
    """A Czech povinnost in play, anticlockwise."""
    return TableScene(
        CZECH_SEATS,
        to_act=0,
        contract="Povinnost",
        level="základní",
        declarer=1,
        called="XIX",
        flek="flek (×2)",
        announcements=("pagát announced by Drahomír", "Oldřich declared barvičky"),
        trick=PlayedTrick([(2, parse_card("QS")), (3, parse_card("9S"))], leader=2),
        last_trick=PlayedTrick(
            [(1, parse_card("KH")), (2, parse_card("3H")), (3, parse_card("XIX")), (0, parse_card("2H"))],
            leader=1,
            winner=3,
        ),
        scores=("+1.20", "−0.40", "+0.10", "−0.90"),
        hand_counts=(8, 7, 7, 7),
        clockwise=False,
        title="Table 1 — hand 6",
    )


def table_nebraska() -> TableScene:
    """Nebraska Four, clockwise: the first three of the blind exposed (NE-4)."""
    return TableScene(
        NEBRASKA_SEATS,
        to_act=1,
        contract="Four",
        level="second three taken",
        declarer=3,
        called="king of clubs",
        flek="",
        talon_exposed=tuple(parse_cards("KD 9C XII")),
        talon_label="Blind — first three (exposed)",
        trick=PlayedTrick([(0, parse_card("XVI"))], leader=0),
        scores=("22 chips", "17 chips", "25 chips", "16 chips"),
        hand_counts=(11, 12, 12, 12),
        clockwise=True,
        title="Nebraska — deal 3",
    )


def table_five() -> TableScene:
    """Five players anticlockwise before the first trick, trojka with exposed talon."""
    return TableScene(
        FIVE_SEATS,
        to_act=0,
        contract="Trojka",
        level="third level",
        declarer=0,
        flek="",
        talon_exposed=tuple(parse_cards("XIV 8S 2H")),
        talon_label="Talon — second three (rejected)",
        scores=("0.00", "+0.50", "−0.50", "0.00", "0.00"),
        clockwise=False,
        title="Table 2 — hand 1",
    )


def table_taper() -> TableScene:
    """Taper, three seats anticlockwise: al doilea de trei at level 3, the top three shown,
    in a radler with the pool."""
    return TableScene(
        TAPER_SEATS,
        to_act=2,
        contract="Al doilea de trei",
        level="level 3",
        declarer=1,
        flek="contra (×2)",
        announcements=("Brânduşa Mara declared 11 taroace", "Silviu announced trula for the opponents"),
        talon_exposed=tuple(parse_cards("QH 10S XIV")),
        talon_label="Talon — top three (shown)",
        trick=PlayedTrick([(0, parse_card("KD")), (1, parse_card("XX"))], leader=0),
        last_trick=PlayedTrick(
            [(2, parse_card("QC")), (0, parse_card("KC")), (1, parse_card("VII"))], leader=2, winner=1,
        ),
        scores=("+6 points", "−16 points", "+10 points"),
        hand_counts=(9, 8, 10),
        clockwise=False,
        title="Taper — deal 4 — pool 9, radler: this deal at ×2 stakes",
    )


def summary_povinnost() -> SummaryScene:
    """Povinnost won 39 : 31 with a flek and barvičky (the text's first example)."""
    return SummaryScene(
        title="Povinnost — Drahomír and Jiří Uhřík win 39 : 31",
        note="Drahomír called XIX, held by Jiří Uhřík. Oldřich said flek.",
        sides=(
            SideResult("Bidder's side", ("Drahomír", "Jiří Uhřík"), 39, 30, won=True),
            SideResult("Opponents", ("Alois", "Oldřich"), 31, 24, won=False),
        ),
        payments=(
            PaymentLine("Game: 4 points over 35, flek ×2", "+0.80 Kč"),
            PaymentLine("Barvičky declared by Alois", "−0.50 Kč"),
        ),
        balances=(
            PlayerBalance("Drahomír", 30, "+0.30 Kč", "1.50 Kč"),
            PlayerBalance("Jiří Uhřík", 30, "+0.30 Kč", "−0.60 Kč"),
            PlayerBalance("Alois", -30, "−0.30 Kč", "0.90 Kč"),
            PlayerBalance("Oldřich", -30, "−0.30 Kč", "−1.80 Kč"),
        ),
    )


def summary_varsava() -> SummaryScene:
    """Varšava with the Žid pool (CZ-12, CZ-16): each player is a side."""
    return SummaryScene(
        title="Varšava — Oldřich and Alois lose with 26 points",
        sides=(
            SideResult("Alois", ("Alois",), 26, 15, won=False),
            SideResult("Drahomír", ("Drahomír",), 18, 15, won=True),
            SideResult("Oldřich", ("Oldřich",), 26, 24, won=False),
            SideResult("Jiří Uhřík", ("Jiří Uhřík",), 0, 0, won=True),
        ),
        payments=(
            PaymentLine("Alois pays into the pool (19–28 points)", "1.00 Kč"),
            PaymentLine("Oldřich pays into the pool (19–28 points)", "1.00 Kč"),
        ),
        balances=(
            PlayerBalance("Alois", -100, "−1.00 Kč", "−0.10 Kč"),
            PlayerBalance("Drahomír", 0, "0.00 Kč", "1.50 Kč"),
            PlayerBalance("Oldřich", -100, "−1.00 Kč", "−2.80 Kč"),
            PlayerBalance("Jiří Uhřík", 0, "0.00 Kč", "−0.90 Kč"),
        ),
        pool_before="3.00 Kč",
        pool_after="5.00 Kč",
    )
