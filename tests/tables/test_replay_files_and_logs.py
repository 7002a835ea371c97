"""`taroky replay` / `taroky verify` on bad files (one "error:" line, exit 2; issue #15, 7),
the deal commitment, and the log filter that keeps interaction tokens out of the logs
(issue #15, 8)."""

from __future__ import annotations

import json
import logging
from pathlib import Path

import pytest

from bot import logsafe
from bot.cli import MAX_RECORD_BYTES, main
from bot.engine import new_game
from bot.engine.recording import deal_commitment, deck_names
from bot.engine.rng import seeded_rng


def a_record(tmp_path: Path) -> dict:
    from bot.ai import choose_action

    g = new_game("czech", rng=seeded_rng(3))
    while not g.is_over:
        seat = g.to_act
        g.act(seat, choose_action(g, seat).action)
    record = g.to_record()
    salt = "00" * 16
    record["commitment"] = {"scheme": "x", "hash": deal_commitment(deck_names(g), salt), "salt": salt}
    return record


def bad_files(tmp_path: Path) -> dict[str, Path]:
    good = json.dumps(a_record(tmp_path))
    files = {
        "bom": "\ufeff" + good[: len(good) // 2],
        "not json": "hello",
        "a list": "[1, 2, 3]",
        "deep": "[" * 100_000 + "]" * 100_000,
        "infinity": '{"format": "taroky-hand/1", "pool_before": Infinity}',
        "truncated": json.dumps({k: v for k, v in json.loads(good).items() if k != "actions"}),
        "few actions": json.dumps({**json.loads(good), "actions": json.loads(good)["actions"][:5],
                                   "result": None}),
    }
    out = {}
    for name, text in files.items():
        p = tmp_path / (name.replace(" ", "_") + ".json")
        p.write_text(text, encoding="utf-8")
        out[name] = p
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (MAX_RECORD_BYTES + 1))
    out["too big"] = big
    out["missing"] = tmp_path / "nowhere.json"
    out["a directory"] = tmp_path
    return out


@pytest.mark.parametrize("command", ["replay", "verify"])
def test_every_bad_file_gets_one_error_line_and_exit_2(tmp_path, capsys, command):
    for name, path in bad_files(tmp_path).items():
        assert main([command, str(path)]) == 2, name
        err = capsys.readouterr().err.strip()
        assert err.startswith("error: ") and "\n" not in err and "Traceback" not in err, (name, err)


def test_a_bom_is_accepted(tmp_path, capsys):
    p = tmp_path / "bom.json"
    p.write_text("\ufeff" + json.dumps(a_record(tmp_path)), encoding="utf-8")
    assert main(["replay", str(p)]) == 0


def test_verify_accepts_the_committed_deal_and_refuses_another(tmp_path, capsys):
    """The commitment binds the deck: the same salt with two cards swapped fails."""
    record = a_record(tmp_path)
    p = tmp_path / "hand.json"
    p.write_text(json.dumps(record), encoding="utf-8")
    assert main(["verify", str(p)]) == 0
    assert "matches its commitment" in capsys.readouterr().out
    swapped = dict(record)
    swapped["commitment"] = dict(record["commitment"], salt="11" * 16)
    p.write_text(json.dumps(swapped), encoding="utf-8")
    assert main(["verify", str(p)]) == 1
    deck = list(record["deck"])
    deck[0], deck[1] = deck[1], deck[0]
    assert deal_commitment(deck, record["commitment"]["salt"]) != record["commitment"]["hash"]


def test_the_commitment_reveals_nothing_without_the_salt():
    """Two different salts give unrelated hashes for the same deck."""
    deck = [str(c) for c in range(10)]
    rng = seeded_rng(1)
    a, b = (deal_commitment(deck, f"{rng.getrandbits(128):032x}") for _ in range(2))
    assert a != b and len(a) == 64


def test_tokens_are_redacted_from_logs_at_every_level():
    """A gateway event at DEBUG, a REST path and the bot token: none reaches the log."""
    token = "aW50ZXJhY3Rpb246MTIzNDU2Nzg5OmFiY2RlZmdoaWprbG1ub3A"
    bot_token = "A" * 24 + "." + "B" * 6 + "." + "C" * 27
    handler = logging.Handler()
    seen: list[str] = []
    handler.emit = lambda record: seen.append(handler.format(record))  # type: ignore[method-assign]
    logsafe.install(handler)
    log = logging.getLogger("discord.gateway")
    log.addHandler(handler)
    log.setLevel(logging.DEBUG)
    try:
        log.debug("WebSocket Event: %s", {"t": "INTERACTION_CREATE", "d": {"id": "1", "token": token}})
        log.info("POST https://discord.com/api/v10/interactions/123/%s/callback", token)
        log.warning("PATCH /webhooks/99/%s/messages/@original failed", token)
        log.error("Authorization: Bot %s", bot_token)
    finally:
        log.removeHandler(handler)
    assert len(seen) == 4
    for line in seen:
        assert token not in line and bot_token not in line and "[redacted]" in line
