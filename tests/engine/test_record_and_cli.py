"""Hand records (docs/records.md) and the ``taroky`` command line."""

import json
import random
import re

import pytest

from bot.cli import bench, main
from bot.engine import VARIANTS, BadInput, RecordMismatch, find_variant, new_game, replay_record
from bot.engine.record import FORMAT


def finished(seed=3):
    rng = random.Random(seed)
    g = new_game("czech", rng=rng, options={"throw_in_povinnost": False})
    while not g.is_over:
        s = g.to_act
        la = g.legal_actions(s)
        g.act(s, la[int(rng.random() * len(la))])
    return g


def test_record_has_everything():
    """A record holds variant, options, seats, dealer, the dealt hands and talon in order,
    every action in order, and the result."""
    rec = finished().to_record()
    assert rec["format"] == FORMAT
    for key in ("variant", "options", "seats", "dealer", "deck", "hands", "talon", "actions",
                "result"):
        assert key in rec
    assert len(rec["talon"]) == 6 and all(len(h) == 12 for h in rec["hands"].values())


def test_tampered_record_is_caught():
    rec = finished().to_record()
    rec["result"]["net"] = {k: -v for k, v in rec["result"]["net"].items()}
    with pytest.raises(RecordMismatch):
        replay_record(rec)


def test_malformed_record_is_a_sentence():
    with pytest.raises(BadInput):
        replay_record({"format": "something else"})


def test_cli_replay(tmp_path, capsys):
    g = finished()
    p = tmp_path / "hand.json"
    p.write_text(json.dumps(g.to_record()), encoding="utf-8")
    assert main(["replay", str(p), "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["net"] == {str(k): v for k, v in g.result.net.items()}
    assert main(["replay", str(p)]) == 0
    assert "replays identically" in capsys.readouterr().out


def test_cli_simulate_checks_invariants(capsys):
    assert main(["simulate", "--deals", "30", "--seed", "2", "--players", "random", "--json"]) == 0
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert out["deals"] == 30 and out["invariant_failures"] == 0


def test_cli_simulate_explores_by_default(capsys):
    """`taroky simulate` plays explorer hands by default and prints how often each rule was
    reached: in 300 Czech hands Varšava (CZ-13) and a doubled game (CZ-6) come up."""
    assert main(["simulate", "--deals", "300", "--seed", "4", "--json"]) == 0
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert out["players"] == "explore" and out["invariant_failures"] == 0
    assert out["coverage"]["contract"]["varsava"] > 0
    assert out["coverage"]["double"]["game Flek"] > 0
    assert main(["simulate", "--deals", "20", "--seed", "4"]) == 0
    text = capsys.readouterr().out
    assert "Coverage in 20 hands of Czech Taroky" in text and "varsava" in text


def test_cli_simulate_keeps_the_other_players(capsys):
    """The old players stay available: simple, random and the tables' heuristic player,
    with the defaults and uniform shuffles if asked."""
    for players in ("simple", "random", "heuristic"):
        assert main(["simulate", "--deals", "10", "--players", players, "--default-options",
                     "--uniform-deals", "--json"]) == 0
        out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
        assert out["players"] == players and out["invariant_failures"] == 0


def test_cli_bench_prints_figures(capsys):
    assert main(["bench", "--seconds", "0.2", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["deals"] > 0 and out["deals_per_second"] > 0


def test_bench_is_seeded():
    a = bench("czech", 0.05, seed=9)
    assert a["variant"] == "czech"


def test_cli_play_in_terminal(monkeypatch, capsys):
    # Choice 1 every time (the safe one first), and no second hand.
    monkeypatch.setattr("builtins.input", lambda prompt="": "n" if prompt.startswith("Another") else "1")
    assert main(["play", "--seed", "4"]) == 0
    out = capsys.readouterr().out
    assert "Your hand:" in out and "Totals:" in out


@pytest.mark.parametrize("variant", ["nebraska", "heun", "petrtyl", "polish"])
def test_cli_for_the_other_variants(variant, tmp_path, capsys):
    """`taroky simulate`, `taroky bench` and `taroky replay` work for NE, HE and PT, and for
    the Polish game in game points (PL-20)."""
    assert main(["simulate", "--variant", variant, "--deals", "40", "--players", "random",
                 "--json"]) == 0
    out = json.loads(capsys.readouterr().out.strip().splitlines()[-1])
    assert out["invariant_failures"] == 0
    assert main(["bench", "--variant", variant, "--seconds", "0.1", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["variant"] == variant
    rng = random.Random(11)
    g = new_game(variant, players=5, dealer=1, rng=rng)
    while not g.is_over:
        la = g.legal_actions()
        g.act(g.to_act, la[int(rng.random() * len(la))])
    p = tmp_path / "hand.json"
    p.write_text(json.dumps(g.to_record()), encoding="utf-8")
    assert main(["replay", str(p), "--json"]) == 0
    got = json.loads(capsys.readouterr().out)
    assert got["currency"] == find_variant(variant).currency and got["net"] == {str(k): v for k, v in g.result.net.items()}



def test_cli_play_takes_a_variant_options_five_players_and_saves_the_record(monkeypatch, capsys, tmp_path):
    """Issue #10: `taroky play --variant V --option K=V --players 5 --save FILE`; every
    settlement line carries its amounts; the saved record replays."""
    # Choice 1 every time (the safe one first), and no second hand.
    monkeypatch.setattr("builtins.input", lambda prompt="": "n" if prompt.startswith("Another") else "1")
    path = tmp_path / "hand.json"
    assert main(["play", "--seed", "4", "--variant", "czech", "--option", "throw_in_povinnost=false",
                 "--players", "5", "--save", str(path)]) == 0
    out = capsys.readouterr().out
    assert "seats 2-5 are computer players" in out
    record = json.loads(path.read_text(encoding="utf-8"))
    assert record["seats"] == 5 and record["options"]["throw_in_povinnost"] is False
    lines = [ln for ln in out.splitlines() if ln.startswith("  ") and ": " in ln and " pays " in ln]
    assert lines and all("Kč" in ln for ln in lines)
    assert main(["replay", str(path)]) == 0
    assert not re.search(r"(?<![\w♥♦♠♣])(?:10|[1-9]|[KQCJ])[HDSC]\b", out.split("Totals:")[0])


def test_cli_help_lists_the_variants_and_their_options(capsys):
    """`taroky play --help` describes each argument and lists every variant with its
    options and their defaults."""
    with pytest.raises(SystemExit):
        main(["play", "--help"])
    out = capsys.readouterr().out
    for v in set(VARIANTS.values()):
        assert v.name in out and v.title in out
        for o in v.option_specs:
            assert f"{o.key}=" in out
    assert "--save FILE" in out and "--players N" in out and "--option KEY=VALUE" in out
