"""The computer levels (issue #13): the normal player's fixes, the strong player's search,
and the duplicate-deal duel.  Deals are stacked or seeded; who wins is the engine's word."""

from __future__ import annotations

import gzip
import json
import random
import re
from pathlib import Path

import pytest

from bot.ai.duel import DuelLogError, duel, from_logs
from bot.ai.normal import choose_normal
from bot.ai.players import LEVELS, choose_level, decision_seed
from bot.ai.search import choose_strong
from bot.cli import main
from bot.engine import VARIANTS, Game, Kind, find_variant, new_game, seeded_rng
from bot.engine.record import replay_record
from bot.engine.worlds import determinize, sample_world
from tests.engine.kc_helpers import bid_to_call, kc


def _n(variant: str) -> int:
    """The variant's usual number of players (Taper: three, TP-1)."""
    return find_variant(variant).seat_counts[0]


_RULE_ID = re.compile(r"\b(?:C|CZ|NE|HE|PT)-\d")
_CARD_CODE = re.compile(r"\b(?:[KQCJ]|10|[1-9])[HDSC]\b|\bSk\b")


def _to_play(variant: str, seed: int, plays: int) -> Game | None:
    """A seeded hand played by normal players up to ``plays`` cards into trick play."""
    options = {"throw_in_povinnost": False} if variant == "czech" else {}
    g = new_game(variant, _n(variant), seed % 4, options, seeded_rng(f"lv-{variant}-{seed}"))
    n = 0
    while g.to_act is not None:
        if g.phase.value == "play":
            if n == plays:
                return g
            n += 1
        g.act(g.to_act, choose_normal(g, g.to_act).action)
    return None


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_normal_never_announces_valat_and_declares_every_true_combination(variant: str) -> None:
    """CZ-7: "Declarations are offered only when true, are optional (a player may keep a
    combination secret) [...] and are paid by the whole opposing side to the declarer's
    side": over seeded deals the normal player makes every declaration offered to it, and
    never announces a valát blind (the first heuristic did whenever its hand was strong)."""
    skipped = made = 0
    for seed in range(60):
        options = {"throw_in_povinnost": False} if variant == "czech" else {}
        g = new_game(variant, _n(variant), seed % 4, options, seeded_rng(f"nv-{variant}-{seed}"))
        while g.to_act is not None:
            s = g.to_act
            legal = g.legal_actions(s)
            c = choose_normal(g, s)
            assert not (c.action.kind is Kind.ANNOUNCE and c.action.value == "valat")
            if any(a.kind is Kind.DECLARE for a in legal):
                if c.action.kind is Kind.DECLARE:
                    made += 1
                else:
                    skipped += 1
            g.act(s, c.action)
    assert skipped == 0
    if variant == "czech":
        assert made > 0


def _fellow_overtaken(level: str, variant: str, deals: int) -> tuple[int, int]:
    """Over seeded deals: (plays where a defender's fellow defender, known to be one, was
    winning and a card leaving it so was allowed; of those, the tricks taken from him)."""
    chances = taken = 0
    options = {"throw_in_povinnost": False} if variant == "czech" else {}
    for deal in range(deals):
        g = new_game(variant, _n(variant), deal % 4, dict(options), seeded_rng(f"fd-{variant}-{deal}"))
        while g.to_act is not None:
            s = g.to_act
            c = choose_level(level, g, s)
            v = g.view_for(s)
            if (c.action.kind is Kind.PLAY and v.trick and g.contract is not None
                    and g.contract.alone and not g.contract.negative and s != g.bidder):
                w = g.variant.trick_winner(v.trick)
                takes = [g.variant.trick_winner((*v.trick, (s, a.card))) == s
                         for a in g.legal_actions(s)]
                if w != g.bidder and not all(takes):
                    chances += 1
                    taken += g.variant.trick_winner((*v.trick, (s, c.action.card))) == s
            g.act(s, c.action)
    return chances, taken


def test_defenders_against_a_lone_bidder_do_not_overtake_each_other() -> None:
    """In a contract without a partner (Czech trojka and solo) the other three play
    together, and each knows it from the view: the normal player never takes a trick its
    fellow defender is winning when a lower card is allowed; the first heuristic, which
    knew only the bidder's partner, did."""
    chances, taken = _fellow_overtaken("normal", "czech", 120)
    assert chances > 0
    assert taken == 0
    _, easy_taken = _fellow_overtaken("easy", "czech", 120)
    assert easy_taken > 0


def test_the_called_king_is_of_the_longest_suit() -> None:
    """The normal player calls the king of its longest suit among those it lacks."""
    g = kc({0: "XXI XX XIX XVIII XVII KH 7C 8C 9C 10C 2H 3H"}, variant="nebraska")
    bid_to_call(g, "five")
    c = choose_normal(g, 0)
    assert c.action.kind is Kind.CALL
    assert c.action.card.short == "KC"


@pytest.mark.parametrize("variant", ["czech", "nebraska"])
def test_strong_is_deterministic_given_the_seed(variant: str) -> None:
    """The same position and seed give the same choice (records replay)."""
    for seed in range(4):
        g = _to_play(variant, seed, 3 + seed)
        if g is None or g.to_act is None:
            continue
        s = g.to_act
        assert choose_strong(g, s, 7).action == choose_strong(g, s, 7).action


@pytest.mark.parametrize("variant", ["czech", "nebraska", "petrtyl"])
def test_a_decision_does_not_depend_on_hidden_cards(variant: str) -> None:
    """The strong and normal players decide the same when the cards hidden from them lie
    otherwise in a way their view cannot tell apart (another sampled world)."""
    checked = 0
    for seed in range(30):
        if checked == 5:
            break
        g = _to_play(variant, seed, 2 + 3 * (seed % 8))
        if g is None or g.to_act is None:
            continue
        s = g.to_act
        view = g.view_for(s)
        other = determinize(g, s, sample_world(view, random.Random(seed + 100)))
        assert other.view_for(s) == view
        for level in ("normal", "strong"):
            assert choose_level(level, g, s, 5).action == choose_level(level, other, s, 5).action
        checked += 1
    assert checked == 5
    # ... and so in the auction, where the strong player plays whole hands out.
    for seed in range(3):
        g = new_game(variant, _n(variant), seed, {}, seeded_rng(f"au-{variant}-{seed}"))
        while g.to_act is not None and g.phase.value not in ("auction",):
            g.act(g.to_act, choose_normal(g, g.to_act).action)
        if g.to_act is None:
            continue
        s = g.to_act
        view = g.view_for(s)
        other = determinize(g, s, sample_world(view, random.Random(seed)))
        assert other.view_for(s) == view and other.talon != g.talon
        assert choose_level("strong", g, s, 5).action == choose_level("strong", other, s, 5).action


def test_every_level_plays_whole_hands_legally() -> None:
    """Each level, in every seat, plays legal actions to the end of the hand, each with a
    plain sentence for the Hint: no rule ids, no card codes."""
    for variant, seed in [(v, k) for v in sorted(VARIANTS) for k in range(2)]:
        g = new_game(variant, _n(variant), seed, {}, seeded_rng(f"all-{variant}-{seed}"))
        step = 0
        while g.to_act is not None:
            s = g.to_act
            level = LEVELS[s % len(LEVELS)]
            c = choose_level(level, g, s, decision_seed(1, step))
            assert g.can(s, c.action), (level, c.action)
            assert c.reason.endswith(".") and "\n" not in c.reason
            assert not _RULE_ID.search(c.reason) and not _CARD_CODE.search(c.reason), c.reason
            g.act(s, c.action)
            step += 1
        assert g.is_over


def test_a_duel_is_duplicate_and_reports_an_interval() -> None:
    """A player against itself on duplicate deals: every deal's difference is zero (the
    same cards, the same seats, the same choices), so the interval is exactly zero."""
    res = duel("nebraska", "normal", "normal", 4, seed=3)
    assert res.deals == 4
    assert res.diffs == [0.0] * 4
    assert res.time_percentiles("a")["decisions"] > 0


def test_taroky_duel_prints_money_interval_and_times(capsys: pytest.CaptureFixture[str]) -> None:
    """CI runs a short duel through the command line."""
    assert main(["duel", "--variant", "czech", "--a", "strong", "--b", "normal", "--deals", "2",
                 "--option", "throw_in_povinnost=false"]) == 0
    out = capsys.readouterr().out
    assert "strong minus normal" in out and "Kč per hand" in out and "95 % CI" in out
    assert "p95" in out and "p99" in out


def test_taroky_duel_seats_the_variants_usual_number(capsys: pytest.CaptureFixture[str]) -> None:
    """Taper is played by three: a duel of it needs no --seats (it used to default to four
    and stop with an error)."""
    assert main(["duel", "--variant", "taper", "--a", "normal", "--b", "easy", "--deals", "1", "--json"]) == 0
    assert '"deals"' in capsys.readouterr().out


def test_a_duel_split_in_two_logged_runs_is_the_same_duel(tmp_path: Path) -> None:
    """Deal N is the same cards whatever run plays it: a duel played in two shards (or
    stopped and resumed) and read back from its log is the uninterrupted duel."""
    whole = duel("czech", "normal", "easy", 5, seed=4)
    path = tmp_path / "duel.jsonl"
    with path.open("a", encoding="utf-8") as log:
        duel("czech", "normal", "easy", 3, seed=4, first=2, log=log)  # deals 2, 3, 4
    with path.open("a", encoding="utf-8") as log:
        duel("czech", "normal", "easy", 2, seed=4, log=log)  # deals 0, 1, later
    joined = from_logs(path.read_text(encoding="utf-8").splitlines())
    assert joined.deals == 5
    assert joined.diffs == pytest.approx(whole.diffs)
    assert joined.mean == pytest.approx(whole.mean)
    assert joined.time_percentiles("a")["decisions"] == whole.time_percentiles("a")["decisions"]
    # A log kept without its decision times (benchmarks/duels/) still gives the money.
    lean = []
    for line in path.read_text(encoding="utf-8").splitlines():
        row = json.loads(line)
        del row["times"]
        lean.append(json.dumps(row))
    assert from_logs(lean).diffs == pytest.approx(whole.diffs)
    assert from_logs(lean).time_percentiles("a")["decisions"] == 0


def test_duel_logs_of_different_matches_or_a_repeated_deal_are_refused(tmp_path: Path) -> None:
    path = tmp_path / "duel.jsonl"
    with path.open("a", encoding="utf-8") as log:
        duel("nebraska", "normal", "easy", 1, seed=1, log=log)
        duel("nebraska", "normal", "easy", 1, seed=2, log=log)
    with pytest.raises(DuelLogError, match="another match: seed 2"):
        from_logs(path.read_text(encoding="utf-8").splitlines())
    again = tmp_path / "again.jsonl"
    with again.open("a", encoding="utf-8") as log:
        duel("nebraska", "normal", "easy", 1, seed=1, log=log)
        duel("nebraska", "normal", "easy", 1, seed=1, log=log)
    with pytest.raises(DuelLogError, match="deal 0 is in the logs twice"):
        from_logs(again.read_text(encoding="utf-8").splitlines())


def test_taroky_duel_reports_from_its_logs(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    log = str(tmp_path / "d.jsonl")
    assert main(["duel", "--variant", "heun", "--a", "normal", "--b", "easy", "--deals", "2",
                 "--log", log, "--json"]) == 0
    played = json.loads(capsys.readouterr().out)
    assert main(["duel", "--variant", "heun", "--a", "normal", "--b", "easy", "--deals", "1",
                 "--first", "2", "--log", log]) == 0
    capsys.readouterr()
    assert main(["duel", "--from-log", log, "--json"]) == 0
    logged = json.loads(capsys.readouterr().out)
    assert logged["deals"] == 3 and played["deals"] == 2
    packed = tmp_path / "d.jsonl.gz"
    with gzip.open(packed, "wt", encoding="utf-8") as f:
        f.write(Path(log).read_text(encoding="utf-8"))
    assert main(["duel", "--from-log", str(packed), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["a_minus_b_per_hand"] == logged["a_minus_b_per_hand"]
    assert main(["duel", "--from-log", str(tmp_path / "missing.jsonl")]) == 2
    assert "cannot read the logs" in capsys.readouterr().err


def test_a_logged_duel_is_reported_with_its_seed_and_options(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """The report of a logged duel says which deals and table options it was played with
    (a Czech duel without the povinnost throw-in is another match), and that logs kept
    without their decision times have none."""
    log = tmp_path / "cz.jsonl"
    assert main(["duel", "--variant", "czech", "--a", "normal", "--b", "easy", "--deals", "1",
                 "--seed", "5", "--option", "throw_in_povinnost=false", "--log", str(log)]) == 0
    capsys.readouterr()
    assert main(["duel", "--from-log", str(log), "--json"]) == 0
    logged = json.loads(capsys.readouterr().out)
    assert logged["seed"] == 5 and logged["options"] == {"throw_in_povinnost": False}
    kept = tmp_path / "kept.jsonl"
    kept.write_text("".join(json.dumps({k: v for k, v in json.loads(line).items() if k != "times"})
                            + "\n" for line in log.read_text(encoding="utf-8").splitlines()),
                    encoding="utf-8")
    assert main(["duel", "--from-log", str(kept)]) == 0
    out = capsys.readouterr().out
    assert "of seed 5" in out and "options throw_in_povinnost=false" in out
    assert "normal: no decision times" in out


async def test_the_search_runs_in_a_worker_process_and_falls_back_when_late() -> None:
    """At a table the strong player searches in a worker process (from the hand's record)
    and answers what it would answer in place; when the worker is too late the normal
    player answers instead."""
    from bot.ai.pool import choose_off_loop, shutdown

    g = _to_play("nebraska", 1, 4)
    assert g is not None and g.to_act is not None
    s = g.to_act
    try:
        far = await choose_off_loop("strong", g, s, 11, timeout=30.0)
        assert far.action == choose_strong(g, s, 11).action
        late = await choose_off_loop("strong", g, s, 11, timeout=0.0)
        assert late.action == choose_normal(g, s).action
    finally:
        shutdown()


def _minimax(g: Game, seat: int) -> int:
    """An independent minimax over ``act`` on replayed copies (no clone, no lean play)."""
    if g.to_act is None:
        assert g.result is not None
        return g.result.net.get(seat, 0)
    s = g.to_act
    vals = []
    for a in g.legal_actions(s):
        h = replay_record(g.to_record(), check=False)
        h.act(s, a)
        vals.append(_minimax(h, seat))
    return max(vals) if s in g.side_of(seat) else min(vals)


def test_the_last_cards_are_searched_exactly() -> None:
    """With two cards left, the strong player's exact search gives the minimax value of
    the hand for its side (checked against a plain minimax over the rules' own actions)."""
    from bot.ai.search import exact_value

    checked = 0
    for seed in range(12):
        g = _to_play("nebraska" if seed % 2 else "czech", seed, 40)
        if g is None or g.to_act is None or len(g.view_for(g.to_act).hand) > 2:
            continue
        s = g.to_act
        assert exact_value(g.clone(), s) == _minimax(g, s)
        checked += 1
    assert checked >= 3


def test_strong_says_no_double_the_normal_player_would_not() -> None:
    """RO-15: contra, recontra, ... double the game or a bonus.  Worlds played out with
    every card seen, and drawn as if the doubled side had not bid, flatter a double (the
    Romanian strong player doubled the game in 60 of 80 seat-hands against the normal
    player and lost): the strong player doubles only where the normal player would."""
    offered = 0
    for seed in range(40):
        g = new_game("romanian", 4, seed % 4, {}, seeded_rng(f"dbl-{seed}"))
        while g.to_act is not None and g.phase.value != "play":
            s = g.to_act
            legal = g.legal_actions(s)
            normal = choose_normal(g, s)
            if (g.phase.value == "announce" and normal.action.kind is not Kind.DOUBLE
                    and any(a.kind is Kind.DOUBLE for a in legal)):
                assert choose_strong(g, s, seed).action.kind is not Kind.DOUBLE
                offered += 1
            g.act(s, normal.action)
        if offered >= 3:
            break
    assert offered >= 3


def test_the_search_drops_clearly_worse_cards() -> None:
    """Successive elimination (``search._eliminate``): a candidate the leader beats by
    more than ``ELIM_Z`` standard errors over the same worlds is dropped, a near tie is
    kept, and of two candidates that came out the same in every world only one is kept
    (the normal player's)."""
    from bot.ai.search import _eliminate

    lead = [5.0, 6.0, 4.0, 5.0, 6.0, 5.0]
    worse = [0.0, 1.0, -1.0, 0.0, 0.0, 1.0]
    close = [5.0, 5.0, 4.0, 6.0, 6.0, 4.0]
    assert _eliminate([lead, worse, close], [0, 1, 2], keep=1) == [0, 2]
    assert _eliminate([lead, list(lead), worse], [0, 1, 2], keep=1) == [1]
    assert _eliminate([lead, list(lead)], [0, 1], keep=2) == [0]


def test_a_forced_povinnost_may_be_doubled_by_search() -> None:
    """CZ-1: "Forehand opens the bidding and may not pass": a povinnost nobody raised says
    nothing of forehand's hand, so the worlds drawing it as any hand are right and the
    strong player searches doubles against it; a contract bid freely (druhá povinnost,
    any Romanian bid) is not doubled beyond the normal player."""
    from bot.ai.search import _forced_contract

    seen: dict[str, set[bool]] = {}
    for seed in range(30):
        for variant in ("czech", "romanian"):
            options = {"throw_in_povinnost": False} if variant == "czech" else {}
            g = new_game(variant, 4, seed % 4, options, seeded_rng(f"fc-{variant}-{seed}"))
            while g.to_act is not None and g.phase.value != "announce":
                g.act(g.to_act, choose_normal(g, g.to_act).action)
            if g.to_act is None or g.contract is None:
                continue
            forced = _forced_contract(g.view_for(g.to_act))
            lone = sum(1 for s, _ in g.bids if s == g.bidder) == 1
            assert forced == (variant == "czech" and g.contract.name == "povinnost"
                              and g.bidder == g.forehand and lone)
            seen.setdefault(variant, set()).add(forced)
    assert seen["czech"] == {True, False} and seen["romanian"] == {False}


def test_two_logged_duels_on_the_same_deals_are_compared_deal_by_deal(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """``--against-log``: a duel against another on the same deals, deal by deal (how a
    changed player is measured against the one before).  Easy against itself comes out
    level on every deal (each seat plays the same cards both ways), so normal-vs-easy
    against it is normal-vs-easy itself; duels dealt otherwise are refused."""
    ne, ee, other = (str(tmp_path / f) for f in ("ne.jsonl", "ee.jsonl", "other.jsonl"))
    for a, log, seed in (("normal", ne, 3), ("easy", ee, 3), ("easy", other, 4)):
        assert main(["duel", "--variant", "nebraska", "--a", a, "--b", "easy", "--deals", "4",
                     "--seed", str(seed), "--log", log]) == 0
    capsys.readouterr()
    assert main(["duel", "--from-log", ee, "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["a_minus_b_per_hand"] == 0
    assert main(["duel", "--from-log", ne, "--against-log", ee, "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["against"]["deals"] == 4
    assert out["against"]["difference_per_hand"] == out["a_minus_b_per_hand"]
    level = sum(1 for line in Path(ne).read_text(encoding="utf-8").splitlines()
                if json.loads(line)["diff"] == 0)
    assert out["against"]["alike"] == level
    assert main(["duel", "--from-log", ne, "--against-log", ee]) == 0
    assert "on the 4 deals both played" in capsys.readouterr().out
    assert main(["duel", "--from-log", ne, "--against-log", other]) == 2
    assert "not dealt alike: seed 3 against 4" in capsys.readouterr().err
    assert main(["duel", "--against-log", ee]) == 2
