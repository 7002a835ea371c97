"""The hand review (``bot.ai.review``): the strong player judges every choice of a hand."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from bot.ai.normal import choose_normal
from bot.ai.players import choose_level, decision_seed
from bot.ai.review import (
    REVIEW_VERSION,
    Budget,
    HandReview,
    Judgement,
    accuracy_of,
    cost_class,
    luck_of,
    luck_of_record,
    review_game,
    review_record,
    typical_stake,
)
from bot.cli import main
from bot.engine import Game, new_game, parse_action, replay_record
from tests.engine.helpers import deal
from tests.engine.kc_helpers import LOW, kc

FAST = Budget(worlds=0.3)

#: Seat 0, forehand, holds the twelve highest taroky (NE-5, the auction; CZ-1).
MONSTER = {0: "XXI XX XIX XVIII XVII XVI XV XIV XIII XII XI X"}


def _finish(g: Game, levels: dict[int, str] | None = None, seed: int = 0) -> Game:
    step = 0
    while g.to_act is not None:
        s = g.to_act
        legal = g.legal_actions(s)
        level = (levels or {}).get(s, "normal")
        g.act(s, legal[0] if len(legal) == 1 else
              choose_level(level, g, s, decision_seed(seed, step, s)).action)
        step += 1
    return g


def _hand(variant: str, deal: int, levels: dict[int, str] | None = None) -> Game:
    seats = 3 if variant == "taper" else 4
    g = new_game(variant, players=seats, dealer=deal % seats,
                 rng=random.Random(decision_seed(3, deal)))
    return _finish(g, levels, deal)


@pytest.mark.parametrize("variant", ["nebraska", "czech"])
def test_the_same_record_gives_the_same_review(variant: str) -> None:
    """The worlds of a decision come from the deck and the step: reviewing a record twice,
    or after a round trip through its dict, gives the same review."""
    g = _hand(variant, 1, {0: "random", 2: "easy"})
    rec = g.to_record()
    a = review_record(rec, budget=FAST)
    b = review_record(json.loads(json.dumps(rec)), budget=FAST)
    assert a == b
    assert any(s.decisions for s in a.seats)
    assert HandReview.from_dict(json.loads(json.dumps(a.to_dict()))) == a


def test_a_seat_reviewed_alone_is_reviewed_as_among_all() -> None:
    """Each seat has its own budget and seeds: asking for one seat changes nothing of it."""
    g = _hand("nebraska", 2, {1: "random"})
    alone = review_game(g, seats=[1], budget=FAST).seat(1)
    among = review_game(g, budget=FAST).seat(1)
    assert alone == among


def _monster(first: str) -> Game:
    g = kc(MONSTER)
    g.act(0, parse_action(first))
    return _finish(g)


def _czech_monster(first: str) -> Game:
    g = deal("czech", {0: MONSTER[0]}, dealer=3)
    g.act(0, parse_action(first))
    return _finish(g)


def test_a_povinnost_with_the_twelve_highest_taroky_is_a_blunder() -> None:
    """CZ-1: forehand opens with povinnost, trojka or sólo.  With the twelve highest
    taroky the normal player's povinnost is weighed against the bolder bids — Czech is
    in ``search.BOLD_SEARCH``, where the strong player weighs them too — and the review
    classes it a blunder against sólo; sólo, made instead, costs 0."""
    assert choose_normal(deal("czech", {0: MONSTER[0]}, dealer=3), 0).action.code == "bid:povinnost"
    low = review_game(_czech_monster("bid:povinnost"), seats=[0], budget=FAST).seat(0)
    first = low.decisions[0]
    assert first.step == 0 and first.chosen == "bid:povinnost"
    assert {o.action for o in first.options} == {"bid:povinnost", "bid:trojka", "bid:solo"}
    assert first.judgement is Judgement.BLUNDER
    assert first.best == "bid:solo" and first.cost > 0
    best = review_game(_czech_monster(first.best), seats=[0], budget=FAST).seat(0).decisions[0]
    assert best.step == 0 and best.chosen == first.best
    assert best.cost == 0 and best.judgement is Judgement.GOOD
    # (the same worlds for both: every option is worth the same in the two reviews)
    assert {o.action: o.money for o in best.options} == {o.action: o.money for o in first.options}


#: PT-1, PT-3: seat 0, forehand, holds the twelve lowest plain cards: no card of it can take
#: a trick, so a Grand Nullo (36 chips from each player) is sure, a Grand Sweep (60 to
#: each player, every trick needed) sure to fail.
NOTHING = {0: LOW}


def _petrtyl(bid: str) -> Game:
    g = kc(NOTHING, variant="petrtyl")
    g.act(0, parse_action(bid))
    return _finish(g)


def test_a_hopeless_grand_sweep_is_a_blunder_that_no_later_card_pads() -> None:
    """PT-1, PT-3: bidding Grand Sweep with the twelve lowest cards loses 180 chips where
    Grand Nullo wins 108: a blunder.  Once the first trick is lost the Sweep is lost
    whatever the bidder plays, so its cards are forced (nothing rides on them) and the
    hand's accuracy is the bid's, near 0 % — not the 90 % a dozen cards counted as good
    choices would make of it (the random player's accuracy in Petrtyl came out above the
    normal player's that way)."""
    g = _petrtyl("bid:grand_sweep")
    assert g.contract is not None and g.contract.name == "grand_sweep" and g.bidder == 0
    sr = review_game(g, seats=[0], budget=FAST).seat(0)
    bid = sr.decisions[0]
    assert bid.step == 0 and bid.chosen == "bid:grand_sweep"
    assert bid.judgement is Judgement.BLUNDER and bid.cost >= 100
    assert bid.best != "bid:grand_sweep"
    plays = [d for d in sr.decisions if d.phase == "play"]
    assert sr.forced >= 8 and len(plays) <= 2
    assert sr.accuracy is not None and sr.accuracy < 40


def test_a_sure_grand_nullo_is_good() -> None:
    """PT-1, PT-3: with the twelve lowest cards Grand Nullo is the sound bid: judged good
    at no cost and the best against the normal player's Three (which forehand must bid at
    least)."""
    sr = review_game(_petrtyl("bid:grand_nullo"), seats=[0], budget=FAST).seat(0)
    bid = sr.decisions[0]
    assert bid.step == 0 and bid.chosen == "bid:grand_nullo" and bid.best == "bid:grand_nullo"
    assert bid.cost == 0 and bid.judgement is Judgement.GOOD
    assert sr.accuracy == 100.0
    money = {o.action: o.money for o in bid.options}
    assert money["bid:grand_nullo"] > money["bid:three"]


def test_a_petrtyl_three_is_judged_as_the_strong_player_bids() -> None:
    """PT-1: forehand must bid at least Three.  Petrtyl is not in ``search.BOLD_SEARCH``:
    the strong player (and Hint) bids the normal player's Three here, weighing no bolder
    bid (the worlds flatter the declarer, docs/computer-players.md), so the review does
    not call Three a blunder against the Grand Nullo the strong player would not weigh —
    the price of one definition: the review is no bolder than the player it quotes."""
    g = kc(NOTHING, variant="petrtyl")
    assert choose_normal(g, 0).action.code == "bid:three"
    three = review_game(_petrtyl("bid:three"), seats=[0], budget=FAST).seat(0).decisions[0]
    assert three.chosen == "bid:three" and three.best == "bid:three"
    assert [o.action for o in three.options] == ["bid:three"]
    assert three.cost == 0 and three.judgement is Judgement.GOOD


def test_luck_does_not_depend_on_the_seats_own_choices() -> None:
    """Luck is the deal played by normal players in every seat: passing or bidding with
    the same cards leaves it the same, while the money differs."""
    a = review_game(_monster("pass"), seats=[0], budget=FAST).seat(0)
    b = review_game(_monster("bid:five"), seats=[0], budget=FAST).seat(0)
    assert a.luck == b.luck
    assert a.money != b.money
    assert a.play == a.money - a.luck


def test_forced_decisions_are_skipped() -> None:
    """A decision with one legal action is counted as forced and never judged; every
    judged decision had more than one legal action."""
    g = _hand("nebraska", 4, {0: "random"})
    rec = g.to_record()
    r = review_record(rec, budget=FAST)
    for s in r.seats:
        forced = 0
        steps = {d.step for d in s.decisions}
        h = replay_record({**rec, "actions": [], "result": None})
        for step, (seat, code) in enumerate(rec["actions"]):
            if seat == s.seat:
                n = len(h.legal_actions(seat))
                forced += n == 1
                if step in steps:
                    assert n > 1
            h.act(seat, parse_action(code))
        assert s.forced >= forced
        assert len(s.decisions) + s.forced + s.unjudged + s.over_budget == sum(
            1 for seat, _ in rec["actions"] if seat == s.seat)


def test_the_normal_players_own_hand_has_luck_equal_to_money() -> None:
    """With the normal player in every seat the luck is the money: nothing was changed by
    the play."""
    g = _hand("nebraska", 5)
    for s in review_game(g, budget=Budget(playouts=0)).seats:
        assert s.luck == s.money and s.play == 0
        assert s.over_budget > 0 and not s.decisions and s.accuracy is None


def test_accuracy_is_a_percentage_that_falls_with_the_cost() -> None:
    t = typical_stake("nebraska")
    assert accuracy_of([], t) is None
    assert accuracy_of([0.0, 0.0], t) == 100.0
    costs = [0.0, 0.1 * t, 0.5 * t, 2 * t, 100 * t]
    accs = [accuracy_of([c], t) for c in costs]
    assert all(a is not None and 0.0 <= a <= 100.0 for a in accs)
    assert accs == sorted(accs, reverse=True) and accs[0] == 100.0 and accs[-1] == 0.0
    g = _hand("nebraska", 6, {1: "random"})
    for s in review_game(g, budget=FAST).seats:
        assert s.accuracy is None or 0.0 <= s.accuracy <= 100.0


def test_classes_follow_the_thresholds() -> None:
    t = 10.0
    assert cost_class(0.0, t) is Judgement.GOOD
    assert cost_class(0.99, t) is Judgement.GOOD
    assert cost_class(1.0, t) is Judgement.INACCURACY
    assert cost_class(2.5, t) is Judgement.MISTAKE
    assert cost_class(5.0, t) is Judgement.BLUNDER


def test_a_review_is_refused_for_an_unfinished_hand() -> None:
    g = kc(MONSTER)
    g.act(0, choose_normal(g, 0).action)
    with pytest.raises(ValueError, match="not finished"):
        review_game(g)


def test_taroky_review_prints_names_units_and_json(tmp_path: Path,
                                                   capsys: pytest.CaptureFixture[str]) -> None:
    rec = _monster("pass").to_record()
    rec["players"] = ["Alice", "Bob", "Cyril", "Dana"]
    f = tmp_path / "hand.json"
    f.write_text(json.dumps(rec))
    assert main(["review", str(f), "--seat", "1", "--worlds", "0.3"]) == 0
    out = capsys.readouterr().out
    assert "Alice" in out and "blunder" in out and "chips" in out
    assert "Bob" not in out.split("\n")[1]  # (only the seat asked for)
    assert main(["review", str(f), "--seat", "1", "--worlds", "0.3", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["version"] == REVIEW_VERSION and [s["name"] for s in data["seats"]] == ["Alice"]


async def test_a_paid_hands_luck_is_the_reviews_wherever_it_is_worked_out() -> None:
    """The payment's luck (``luck_off_loop``: the search worker process, or a thread when
    the worker is late) is the review's, seat by seat: one function, ``luck_of_record``."""
    from bot.ai.pool import luck_off_loop, shutdown

    g = _hand("nebraska", 4, {0: "random", 2: "easy"})
    rec = g.to_record()
    review = {s.seat: s.luck for s in review_record(rec, budget=Budget(playouts=0)).seats}
    try:
        assert await luck_off_loop(rec, timeout=30.0) == review == luck_of_record(rec)
        assert await luck_off_loop(rec, timeout=0.0) == review  # (too late: a thread)
    finally:
        shutdown()
    assert g.result is not None
    assert any(review[s] != g.result.net.get(s, 0) for s in review)  # (the random seat's play counted)


@pytest.mark.parametrize("cut", [7, 29, None])
def test_luck_of_a_hand_cut_at_the_table_is_the_deal_as_cut(cut):
    """C-2: with the ritual on, the pack is cut (or knocked) by a player before the deal,
    and the cut decides who holds which cards.  The luck of such a hand is that of the
    cards as cut and dealt — its record's cut is replayed — so the payment that rates
    it, the recompute and the review all find it (a record whose ritual was left out did
    not replay: the hand could not be paid)."""
    from bot.engine import Kind, Phase, act
    from bot.engine.rng import seeded_rng

    g = new_game("czech", dealer=0, options={"ritual": True}, rng=seeded_rng(5))
    g.act(g.to_act, act(Kind.CUT, cut) if cut is not None else act(Kind.KNOCK))
    while g.phase is Phase.RITUAL:  # (after a knock: the batches)
        g.act(g.to_act, g.legal_actions(g.to_act)[0])
    as_dealt = g.clone()
    while g.to_act is not None:
        s = g.to_act
        g.act(s, choose_normal(g, s).action)
    rec = g.to_record()
    assert rec["actions"][0][1].startswith(("cut", "knock"))
    assert luck_of_record(rec) == luck_of(as_dealt)
    review = review_record(rec, [0], Budget(playouts=40))
    assert review.seats[0].luck == luck_of(as_dealt)[0]
