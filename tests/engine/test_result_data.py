"""What a program reads from a hand's result without parsing words (issue 32): the
declarer's side, the game's result and the sign of the net payment, the sides' piles with
their exact counts; hand records carry them (docs/records.md), and records of the first
format still replay."""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest

from bot.cli import main
from bot.engine import VARIANTS, Game, new_game, replay_record
from bot.engine.cards import CARDS, mask_of
from bot.engine.masks import mask_thirds
from bot.engine.record import FORMAT, READABLE_FORMATS
from bot.engine.scoring import POOL, SIDE_DECLARERS, SIDE_OPPONENTS, SIDE_PLAYER, SIDE_POOL

from .helpers import A
from .test_polish import SUITS_10, pl


def random_hand(variant: str, seed: int) -> Game:
    rng = random.Random(seed)
    n = VARIANTS[variant].seat_counts[0]
    g = new_game(variant, players=n, dealer=seed % n, rng=random.Random(seed))
    while not g.is_over:
        s = g.to_act
        assert s is not None
        la = g.legal_actions(s)
        g.act(s, la[int(rng.random() * len(la))])
    return g


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_declarer_side_and_piles_are_data(variant: str) -> None:
    """Whenever there was a bidder, ``declarer_side`` holds the bidder (a surrender too);
    ``declarers_won`` and ``declarers_net_won`` are both None or both set; the piles are
    disjoint, count their cards, and carry the exact count in thirds."""
    for seed in range(40):
        g = random_hand(variant, seed)
        r = g.result
        assert r is not None
        if g.bidder is not None and g.contract is not None:
            assert g.bidder in r.declarer_side
        assert (r.declarers_won is None) == (r.declarers_net_won is None)
        if not g.tricks:
            assert r.piles == ()
            continue
        seen = 0
        for p in r.piles:
            m = mask_of(p.cards)
            assert not seen & m, "a card is in two piles"
            seen |= m
            assert p.thirds == mask_thirds(m)
            assert p.role in (SIDE_DECLARERS, SIDE_OPPONENTS, SIDE_PLAYER)
            if p.role == SIDE_DECLARERS:
                assert p.seats == r.declarer_side
        if r.declarer_side:
            assert [p.role for p in r.piles] == [SIDE_DECLARERS, SIDE_OPPONENTS]
        # Every card played in a trick lies in some pile.
        played = mask_of([c for t in g.tricks for _, c in t.plays])
        assert played & ~seen == 0


CODE = re.compile(r"^(game|surrender|varsava|michi|(declaration|bonus|silent|penalty|pool):[a-z0-9_]+)$")


@pytest.mark.parametrize("variant", sorted(VARIANTS))
def test_every_payment_line_has_a_code_and_a_side(variant: str) -> None:
    """Each payment line carries a stable item code from the documented vocabulary; a
    declaration's names a declaration that was made; an announced bonus's names a bonus
    announced; the side is the role of the seats the line pays."""
    for seed in range(40):
        g = random_hand(variant, seed)
        r = g.result
        assert r is not None
        declared = {d for ds in g.ann.declared.values() for d in ds}
        for ln in r.lines:
            assert CODE.match(ln.code), (ln.code, ln.label)
            kind, _, name = ln.code.partition(":")
            if kind == "declaration" and variant not in ("romanian", "taper"):
                assert name in declared or name in ("four_kings", "three_high"), ln.code
            if kind == "bonus":
                assert name in g.ann.announced or name == "four_kings_shown", ln.code
            gain = {k for k, v in ln.net.items() if v > 0}
            if gain == {POOL}:
                assert ln.side == SIDE_POOL
            elif gain and gain <= r.declarer_side:
                assert ln.side == SIDE_DECLARERS
        if r.lines and g.contract is not None and not r.thrown_in and variant != "petrtyl":
            assert any(ln.code in ("game", "varsava", "michi") or ln.code.startswith("silent:")
                       or ln.code.startswith("bonus:") for ln in r.lines)


@pytest.mark.parametrize("variant", ["heun", "nebraska", "petrtyl"])
def test_king_calling_game_is_paid_to_the_side_declarers_won_names(variant: str) -> None:
    """The king-calling games decide the game once (``declarers_win``): its line (code
    "game") pays the bidder exactly when ``declarers_won`` is true, whether it is won on card
    points (NE-2, HE-1), or on tricks as Grand Sweep ('must take all the tricks') and Grand
    Nullo ('must try to lose every trick', PT-3)."""
    checked = 0
    for seed in range(40):
        g = random_hand(variant, seed)
        r = g.result
        assert r is not None
        if r.declarers_won is None or g.bidder is None:
            continue
        for ln in r.lines:
            if ln.code == "game":
                assert (ln.net.get(g.bidder, 0) > 0) is r.declarers_won, (seed, ln.label)
                checked += 1
    assert checked


def test_polish_surrender_names_the_declarer():
    """PL-5: after a surrender the result names the bidder's side, and the bidder lost."""
    g = pl({0: "V VI " + SUITS_10}, talon="XIX 2H 3H 4H 1D 2D")
    g.act(0, A("bid", "powinnosc"))
    for s in (1, 2, 3):
        g.act(s, A("pass"))
    g.act(0, A("call", "XIX"))
    g.act(0, A("surrender"))
    r = g.result
    assert r is not None
    assert r.declarer_side == frozenset((0,)) and r.declarers_won is False
    assert r.declarers_net_won is False
    assert [(ln.code, ln.side) for ln in r.lines] == [("surrender", SIDE_OPPONENTS)]


def test_record_carries_the_result_data_and_an_old_record_replays(tmp_path: Path, capsys):
    """A record of the present format carries the sides, outcome and piles; one of the
    first format (without them) still replays and checks."""
    g = random_hand("czech", 5)
    while g.result is None or not g.result.piles:
        g = random_hand("czech", g.dealer + 11)
    rec = g.to_record()
    assert rec["format"] == FORMAT and FORMAT in READABLE_FORMATS
    res = rec["result"]
    assert [ln["code"] for ln in res["lines"]] == [ln.code for ln in g.result.lines]
    assert res["declarer_side"] == sorted(g.result.declarer_side)
    assert res["declarers_won"] is g.result.declarers_won
    for p, want in zip(res["piles"], g.result.piles, strict=True):
        assert p["count"] == len(want.cards) == len(p["cards"])
        assert p["cards"] == [CARDS[c].short for c in want.cards] and p["thirds"] == want.thirds
    old = json.loads(json.dumps(rec))
    old["format"] = "taroky-hand/1"
    for key in ("declarer_side", "declarers_won", "declarers_net_won", "piles"):
        del old["result"][key]
    for ln in old["result"]["lines"]:
        del ln["code"], ln["side"]
    assert replay_record(old).result is not None  # checks hands, talon and settlement
    path = tmp_path / "old.json"
    path.write_text(json.dumps(old), encoding="utf-8")
    assert main(["replay", str(path), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["result"]["piles"] == res["piles"]
    assert out["result"]["declarer_side"] == res["declarer_side"]
