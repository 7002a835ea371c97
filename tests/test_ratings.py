"""Standings by skill (``bot.ratings``): Weng–Lin ratings of sides that change every hand."""

from __future__ import annotations

import random

from bot.ai.players import choose_level, decision_seed
from bot.engine import Game, new_game
from bot.ratings import (
    HandOutcome,
    SeatOutcome,
    computer_id,
    is_rated,
    outcome_of,
    recompute,
)
from bot.tables.ratings import outcome_from_history
from tests.engine.helpers import A, game
from tests.engine.kc_helpers import kc

PLAYERS = {"ann": "normal", "ben": "normal", "rex": "random", "roy": "random"}


def _community(hands: int, seed: int = 5) -> list[HandOutcome]:
    """Real Nebraska hands, the four players seated at random each hand."""
    rng = random.Random(seed)
    out = []
    for d in range(hands):
        seating = list(PLAYERS)
        rng.shuffle(seating)
        g = new_game("nebraska", players=4, dealer=d % 4, rng=random.Random(decision_seed(seed, d)))
        step = 0
        while g.to_act is not None:
            s = g.to_act
            legal = g.legal_actions(s)
            g.act(s, legal[0] if len(legal) == 1 else choose_level(
                PLAYERS[seating[s]], g, s, decision_seed(seed, d, step)).action)
            step += 1
        o = outcome_of(g, seating)
        if o is not None:
            out.append(o)
    return out


def test_recomputing_from_the_history_gives_the_same_figures() -> None:
    hands = _community(12)
    assert recompute(hands) == recompute(list(hands))
    assert recompute(hands, by="money") == recompute(hands, by="money")


def test_by_default_the_sides_rank_by_money_minus_luck_and_by_money_without_it() -> None:
    """The default basis is money minus luck; a hand whose luck is not known (outcomes
    made without ``luck``) is ranked by its money, as ``by="money"`` ranks it."""
    hands = _community(12)
    assert all(s.luck is None for h in hands for s in h.seats)
    assert recompute(hands) == recompute(hands, by="money")
    lucky = HandOutcome("nebraska", (SeatOutcome("ann", 0, 6, 9), SeatOutcome("ben", 0, 6, 9),
                                     SeatOutcome("cid", 1, -6, -9), SeatOutcome("dan", 1, -6, -9)))
    assert recompute([lucky]) == recompute([lucky], by="play")
    assert recompute([lucky])["nebraska"]["ann"].mu < 25.0  # (it won 6 of the 9 its cards were worth)


def test_the_normal_players_rate_above_the_random_ones() -> None:
    """A small community: two normal and two random computer players, partners changing
    every hand; after 40 hands both normal players rate above both random ones."""
    st = recompute(_community(40))["nebraska"]
    assert min(st["ann"].mu, st["ben"].mu) > max(st["rex"].mu, st["roy"].mu)
    assert all(s.hands == 40 and not s.provisional for s in st.values())


def _finished(seed: int) -> Game:
    g = new_game("nebraska", players=4, dealer=0, rng=random.Random(seed))
    while g.to_act is not None:
        s = g.to_act
        g.act(s, choose_level("normal", g, s).action)
    return g


def test_sides_are_the_bidders_and_the_defenders() -> None:
    """NE-6: the bidder and the called card's holder play against the other two (or the
    bidder alone against three)."""
    for seed in range(6):
        g = _finished(seed)
        o = outcome_of(g, ["a", "b", "c", "d"])
        if o is None:
            assert g.result is not None and g.result.thrown_in
            continue
        for s in o.seats:
            seat = "abcd".index(s.player)
            mates = {x.player for x in o.seats if x.side == s.side}
            assert mates == {"abcd"[m] for m in g.side_of(seat)}


def test_one_computer_level_in_several_seats_is_one_player() -> None:
    bot = computer_id("strong")
    hand = HandOutcome("nebraska", (SeatOutcome("ann", 0, 6), SeatOutcome(bot, 0, 6),
                                    SeatOutcome(bot, 1, -6), SeatOutcome("ben", 1, -6)))
    st = recompute([hand])["nebraska"]
    assert st[bot].hands == 1
    assert st["ann"].mu > st[bot].mu > st["ben"].mu  # (its two seats' updates averaged)
    assert st["ann"].provisional


def test_a_hand_won_with_luck_alone_does_not_raise_a_play_rating() -> None:
    """By ``play`` the sides are ranked by money minus luck: a side that won exactly what
    its cards were worth ranks level with the side that lost what its cards cost."""
    hand = HandOutcome("nebraska", (SeatOutcome("ann", 0, 6, 6), SeatOutcome("ben", 0, 6, 6),
                                    SeatOutcome("cid", 1, -6, -6), SeatOutcome("dan", 1, -6, -6)))
    by_play = recompute([hand], by="play")["nebraska"]
    by_money = recompute([hand], by="money")["nebraska"]
    assert by_play["ann"].mu == by_play["cid"].mu
    assert by_money["ann"].mu > by_money["cid"].mu



def test_a_computer_level_on_both_sides_gets_the_mean_of_its_seats() -> None:
    """One level in a seat of each side of an even match: its two seats' updates, one up
    and one down by as much, average to no change (each seat is rated as a copy; when the
    two seats shared one rating, the second update was applied on top of the first)."""
    bot = computer_id("normal")
    hand = HandOutcome("nebraska", (SeatOutcome("ann", 0, 6), SeatOutcome(bot, 0, 6),
                                    SeatOutcome(bot, 1, -6), SeatOutcome("ben", 1, -6)))
    st = recompute([hand])["nebraska"]
    assert abs(st[bot].mu - 25.0) < 1e-9
    assert st["ann"].mu - 25.0 == 25.0 - st["ben"].mu > 0


def test_a_surrendered_hand_is_paid_and_rated() -> None:
    """CZ-4: 'If the bidder of základní povinnost draws the called card, the bidder may
    surrender at once and pays Kč 1.00 to each opponent; no other payment that hand.'  The
    engine ends such a hand as thrown in (no card played), but it is paid, so it is rated:
    the bidder alone against the three, and it ranks last."""
    g = game({0: "XX 7S 8S 9S 10S 7C 8C 9C 10C 2H 3H 4H"}, talon="XIX KH QH QS JS 2D")
    g.act(0, A("bid", "povinnost"))
    for s in (1, 2, 3):
        g.act(s, A("pass"))
    g.act(0, A("call", "XIX"))
    g.act(0, A("surrender"))
    assert g.result is not None and g.result.thrown_in and dict(g.result.net)[0] == -300
    assert is_rated(g)
    o = outcome_of(g, ["ann", "ben", "cid", "dan"])
    assert o is not None
    assert [(s.player, s.side, s.money) for s in o.seats] == [
        ("ann", 0, -300), ("ben", 1, 100), ("cid", 1, 100), ("dan", 1, 100)]
    st = recompute([o], by="money")["czech"]
    assert st["ann"].mu < 25.0 < st["ben"].mu
    # from the history too, with each seat's luck (the deal played by the normal player)
    again = outcome_from_history([1, 2, 3, 4], g.to_record())
    assert again is not None and [s.money for s in again.seats] == [s.money for s in o.seats]
    assert all(s.luck is not None for s in again.seats)


def test_a_hand_thrown_in_for_no_score_is_not_rated() -> None:
    """HE-8: 'A hand with neither kings nor taroky may be thrown in without penalty': no
    contract, nothing paid, nobody rated."""
    g = kc({1: "QH CH JH 1H 2H 3H 4H QD CD JD 1D 2D"}, variant="heun")
    g.act(0, A("pass"))
    g.act(1, A("throwin"))
    assert g.result is not None and g.result.thrown_in
    assert not is_rated(g) and outcome_of(g, ["ann", "ben", "cid", "dan"]) is None


def _self_play(sides: list[int], money: list[int], luck: list[int]) -> HandOutcome:
    bot = computer_id("normal")
    return HandOutcome("nebraska", tuple(SeatOutcome(bot, s, m, lk) for s, m, lk in zip(sides, money, luck, strict=True)))


def test_a_level_playing_only_itself_does_not_move() -> None:
    """Four seats of one computer level, hand after hand: the bidder alone against three
    (NE-6's lone bidder), two against two, every seat alone, ties.  openskill moves a member
    of a side of three as far as a lone bidder, the other way, so the seats' plain mean
    drifted (down, when lone bidders won more often than not: 25 → −1.1 in this run);
    weighed by each seat's share of its side the level stays where it started."""
    rng = random.Random(1)
    hands = []
    for _ in range(300):
        kind = rng.choice(["1v3", "2v2", "alone", "tie"])
        if kind == "alone":
            sides, money = [0, 1, 2, 3], [rng.randint(-3, 3) for _ in range(4)]
        elif kind == "tie":
            sides, money = [0, 1, 1, 1], [0, 0, 0, 0]
        else:
            lone = 1 if kind == "1v3" else 2
            sides = [0] * lone + [1] * (4 - lone)
            won = 3 if rng.random() < 0.7 else -3  # (the bidders win seven hands in ten)
            money = [won * (4 - lone) // lone if s == 0 else -won for s in sides]
        hands.append(_self_play(sides, money, [rng.randint(-3, 3) for _ in range(4)]))
    for by in ("play", "money"):
        st = recompute(hands, by=by)["nebraska"][computer_id("normal")]  # type: ignore[arg-type]
        assert abs(st.mu - 25.0) < 1e-6 and st.hands == 300


def test_a_level_beside_a_person_on_both_sides_moves_with_the_persons_result() -> None:
    """The weighing by sides still tells a level's play against people: one level in the
    lone bidder's seat and beside a person among the three defenders.  Where the bidder
    wins, the level beat a side holding the person, and rises (by the seats' plain mean it
    fell, 25 → 24.3); the person falls."""
    bot = computer_id("normal")
    hand = HandOutcome("nebraska", (SeatOutcome(bot, 0, 9), SeatOutcome(bot, 1, -3),
                                    SeatOutcome(bot, 1, -3), SeatOutcome("ann", 1, -3)))
    st = recompute([hand], by="money")["nebraska"]
    assert st[bot].mu > 25.0 > st["ann"].mu
