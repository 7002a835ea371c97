"""The strong player's bids and announcements (issue #28): whole hands played out with
every card seen flatter the declarer, so where ``search.BOLD_SEARCH`` does not list the
variant the search may make the strong player more cautious than the normal one, never
bolder.  Positions are stacked or seeded; the choices are the players' own."""

from __future__ import annotations

import pytest

from bot.ai import search
from bot.ai.heuristic import bid_strength_needed, hand_strength
from bot.ai.normal import choose_normal
from bot.ai.search import choose_strong
from bot.engine import Game, Kind, new_game, seeded_rng
from tests.engine.helpers import deal

#: Forehand's hand in a stacked Taper deal (dealer seat 1, so seat 2 bids first): eight
#: taroky without an honour and the king, queen and rider of clubs — strength 18, under
#: Taper's 20.  Played out in worlds where every card is seen, a jump to Unul de doi
#: came out better, and the strong player bid it; against normal players it lost.
WEAK_FOREHAND = "II III VI X XII XIV XV XVII AH KC QC CC"


def _taper_forehand() -> Game:
    g = deal("taper", {2: WEAK_FOREHAND}, dealer=1, seats=3)
    assert g.phase.value == "auction" and g.to_act == 2
    return g


def test_taper_weak_forehand_passes_as_the_normal_player_does(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """TP-5: "Opening bids: T1, D1, U1 or Solo"; TP-8: a doi is paid double a trei.  The
    hand is under the normal player's threshold, so it passes; the search alone jumps to
    a bid (the overbid measured against normal players), and the strong player keeps the
    normal player's pass."""
    g = _taper_forehand()
    view = g.view_for(2)
    assert hand_strength(view.hand) < bid_strength_needed(view)
    assert choose_normal(g, 2).action.kind is Kind.PASS
    monkeypatch.setattr(search, "BOLD_SEARCH", search.BOLD_SEARCH | {"taper"})
    assert choose_strong(g, 2, 5).action.kind is Kind.BID  # (the search's own verdict)
    monkeypatch.undo()
    assert "taper" not in search.BOLD_SEARCH
    assert choose_strong(g, 2, 5).action.kind is Kind.PASS


@pytest.mark.parametrize("variant", ["taper", "heun", "romanian", "petrtyl"])
def test_strong_bids_no_higher_than_the_normal_player(variant: str) -> None:
    """Where the search may only be more cautious, every bid of the strong player is the
    normal player's, or a pass where the normal player bids: never a bid over a pass or a
    higher bid than the normal player's (the ladders of NE-2, which Heun keeps by HE-1,
    RO-6 and TP-5, and Petrtyl's by PT-1; holding, NE-2 and RO-7, is a bid too)."""
    n = 3 if variant == "taper" else 4
    checked = 0
    for seed in range(12):
        g = new_game(variant, n, seed % n, {}, seeded_rng(f"bold-{variant}-{seed}"))
        while g.to_act is not None and g.phase.value == "auction":
            s = g.to_act
            legal = g.legal_actions(s)
            normal = choose_normal(g, s).action
            if len(legal) > 1 and any(a.kind in (Kind.BID, Kind.HOLD) for a in legal):
                strong = choose_strong(g, s, seed).action
                assert strong == normal or strong.kind is Kind.PASS
                checked += 1
            g.act(s, normal)
        if checked >= 8:
            break
    assert checked >= 8


def test_taper_strong_announces_nothing_the_normal_player_would_not() -> None:
    """RO-15 (TP-1, TP-10): trula, pagát ultimo and the other bonuses are announced in
    the announcement round.  Played out with every card seen, an announcement looks better than it pays
    (in Taper the search announced pagát ultimo and trula where the normal player said
    nothing, and lost): the strong player may leave out the normal player's
    announcement but adds none."""
    offered = 0
    for seed in range(40):
        g = new_game("taper", 3, seed % 3, {}, seeded_rng(f"ann-{seed}"))
        while g.to_act is not None and g.phase.value != "play":
            s = g.to_act
            legal = g.legal_actions(s)
            normal = choose_normal(g, s)
            if (g.phase.value == "announce" and normal.action.kind is Kind.DONE
                    and any(a.kind is Kind.ANNOUNCE for a in legal)):
                assert choose_strong(g, s, seed).action.kind is not Kind.ANNOUNCE
                offered += 1
            g.act(s, normal.action)
        if offered >= 4:
            break
    assert offered >= 4


def test_the_bids_benchmark_plays_the_duels_deals() -> None:
    """``benchmarks/strong_bids.py`` plays what ``taroky duel --a strong --b normal`` plays
    on a deal (the same cards, seats and decision seeds), and counts the departures from
    the normal player: the player before (``bold``) bid over a pass on Taper deal 0 of
    seed 7 (TP-5), the strong player now departs there only at the talon (TP-7)."""
    from benchmarks.strong_bids import play_deal
    from bot.ai.duel import duel

    now = play_deal("taper", 7, 0, "strong")
    assert now["diff"] == duel("taper", "strong", "normal", 1, seed=7, seats=3).diffs[0]
    assert set(now["departures"]) <= {"talon", "call", "pass over a bid",
                                      "announcement left out"}
    assert "bid over a pass" in play_deal("taper", 7, 0, "bold")["departures"]
