"""The terminal tools without tracebacks (issue #30, 5): every mistake in what ``taroky``
or ``taroky-bot`` is given is one sentence on stderr and a non-zero exit, paths are checked
before the work starts, reads are bounded, Ctrl-C ends quietly, every argument has a help
text."""

from __future__ import annotations

import argparse
import json
import os
import pty
import select
import signal
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from bot import __main__ as bot_main
from bot.ai.players import LEVELS, choose_level, decision_seed
from bot.cli import MAX_RECORD_BYTES, build_parser, main
from bot.engine import ENGINE_BUILD, replay_record
from bot.engine.actions import parse_action

ROOT = Path(__file__).resolve().parent.parent


def error_lines(capsys: pytest.CaptureFixture[str]) -> list[str]:
    err = capsys.readouterr().err
    assert "Traceback" not in err
    return [ln for ln in err.splitlines() if ln and not ln.startswith(("usage:", " "))]


# ---- arguments: one sentence each ------------------------------------------------------------


@pytest.mark.parametrize(("argv", "says"), [
    (["duel", "--a", "bogus"], "argument --a: invalid choice: 'bogus'"),
    (["duel", "--b", "nobody"], "argument --b: invalid choice"),
    (["bench", "--seconds", "nan"], "argument --seconds: give a number of seconds above 0"),
    (["bench", "--seconds", "inf"], "argument --seconds: give a number of seconds above 0"),
    (["bench", "--seconds", "-1"], "argument --seconds: give a number of seconds above 0"),
    (["bench", "--seconds", "0"], "argument --seconds: give a number of seconds above 0"),
    (["bench", "--seconds", "soon"], "not 'soon'"),
    (["duel", "--deals", "0"], "argument --deals: give a whole number of deals from 1"),
    (["simulate", "--deals", "-5"], "argument --deals: give a whole number of deals from 1"),
    (["simulate", "--deals", "x" * 500], "not 'xxxxxxxxxxxxxxxxxxxxxxx…'"),
    (["simulate", "--seats", "-1"], "argument --seats: give a whole number of players from 0 to 5"),
    (["duel", "--first", "-3"], "argument --first"),
    (["play", "--level", "grandmaster"], "argument --level: invalid choice: 'grandmaster'"),
    (["play", "--players", "9"], "argument --players"),
])
def test_a_bad_argument_is_one_sentence_and_exit_2(argv, says, capsys):
    """nan, inf or a negative number of seconds ran for ever or not at all; 0 deals printed
    "-inf … +inf", -5 deals "-5 hands"; an unknown level was a traceback."""
    with pytest.raises(SystemExit) as stop:
        main(argv)
    assert stop.value.code == 2
    lines = error_lines(capsys)
    assert len(lines) == 1 and says in lines[0], lines


def test_every_argument_has_a_help_text():
    """Walk the whole argparse tree: every option and positional of every command says
    what it is for."""
    missing: list[str] = []

    def walk(parser: argparse.ArgumentParser, where: str) -> None:
        for action in parser._actions:  # (argparse keeps its arguments here; no public list)
            if isinstance(action, argparse._SubParsersAction):
                missing.extend(f"{where} {c.dest}" for c in action._choices_actions if not c.help)
                for name, child in action.choices.items():
                    walk(child, f"{where} {name}")
            elif not action.help or action.help == argparse.SUPPRESS:
                missing.append(f"{where} {'/'.join(action.option_strings) or action.dest}")

    walk(build_parser(), "taroky")
    commands = {"replay", "verify", "simulate", "bench", "play", "duel"}
    sub = next(a for a in build_parser()._actions if isinstance(a, argparse._SubParsersAction))
    assert commands <= set(sub.choices)
    assert missing == []


def test_version(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["--version"])
    assert stop.value.code == 0
    out = capsys.readouterr().out.strip()
    assert out.startswith("taroky ") and f"({ENGINE_BUILD} engine)" in out


@pytest.mark.parametrize("flag", ["--help", "--version"])
def test_taroky_bot_help_and_version_print_and_do_not_start(flag, monkeypatch, tmp_path, capsys):
    """``taroky-bot --help`` / ``--version`` print and exit 0; without them, the same
    process (no token here) would stop with "DISCORD_TOKEN is not set"."""
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    with pytest.raises(SystemExit) as stop:
        bot_main.main([flag])
    assert stop.value.code == 0
    got = capsys.readouterr()
    assert "DISCORD_TOKEN is not set" not in got.err
    assert ("usage: taroky-bot" in got.out) if flag == "--help" else got.out.startswith("taroky-bot ")
    assert bot_main.main([]) == 2
    assert "DISCORD_TOKEN is not set" in capsys.readouterr().err


def test_taroky_bot_refuses_an_unknown_argument(capsys):
    with pytest.raises(SystemExit) as stop:
        bot_main.main(["--token", "x"])
    assert stop.value.code == 2
    assert error_lines(capsys) == ["taroky-bot: error: unrecognized arguments: --token x"]


# ---- paths: checked before the work -----------------------------------------------------------


def test_play_save_to_a_missing_folder_is_refused_before_the_first_deal(monkeypatch, capsys):
    """``play --save /nonexistent/x.json`` failed only after the whole hand was played (the
    record was lost); now before the deal: nothing asks the player anything."""
    def never(prompt: str = "") -> str:
        raise AssertionError("the game started")

    monkeypatch.setattr("builtins.input", never)
    assert main(["play", "--save", "/nonexistent/x.json"]) == 2
    lines = error_lines(capsys)
    assert lines == ["error: cannot write the hand record to /nonexistent/x.json: the folder "
                     "/nonexistent does not exist"]


def test_play_save_to_a_directory_is_refused(monkeypatch, capsys, tmp_path):
    monkeypatch.setattr("builtins.input", lambda prompt="": pytest.fail("the game started"))
    assert main(["play", "--save", str(tmp_path)]) == 2
    assert error_lines(capsys) == [f"error: {tmp_path} is a directory; give a file name for the hand record"]


def test_duel_log_in_a_missing_folder_is_refused_before_any_deal(capsys):
    """``duel --log /nonexistent/dir/x.log`` was a traceback."""
    assert main(["duel", "--deals", "1", "--log", "/nonexistent/dir/x.log"]) == 2
    lines = error_lines(capsys)
    assert lines == ["error: cannot write the duel log to /nonexistent/dir/x.log: the folder "
                     "/nonexistent/dir does not exist"]


# ---- bounded reads --------------------------------------------------------------------------


def test_replay_of_a_device_is_refused_without_reading_it(capsys):
    """``taroky replay /dev/zero`` read without bound (MemoryError)."""
    for command in ("replay", "verify"):
        assert main([command, "/dev/zero"]) == 2
        assert error_lines(capsys) == [
            "error: /dev/zero is not a regular file (a device or a pipe), not a hand record"]
    assert main(["duel", "--from-log", "/dev/zero"]) == 2
    assert error_lines(capsys) == ["taroky duel: cannot read the logs: /dev/zero is not a regular file "
                                   "(a device or a pipe), not a duel log"]


def test_replay_of_a_fifo_is_refused_at_once(tmp_path):
    """A FIFO with no writer hung ``taroky replay`` for ever: refused, in a process of its own
    (a hang fails here by the time-out instead of stopping the test run)."""
    fifo = tmp_path / "hand.json"
    os.mkfifo(fifo)
    for argv in (["replay", str(fifo)], ["duel", "--from-log", str(fifo)]):
        done = subprocess.run([sys.executable, "-m", "bot.cli", *argv], capture_output=True,
                              text=True, timeout=120, cwd=ROOT)
        assert done.returncode == 2, done.stderr
        assert done.stderr.strip().endswith("is not a regular file (a device or a pipe), not a "
                                            + ("hand record" if argv[0] == "replay" else "duel log"))
        assert "Traceback" not in done.stderr


def test_a_record_that_grows_past_its_size_is_read_no_further(tmp_path, capsys):
    """The read itself is bounded, not only the size the file reported."""
    big = tmp_path / "big.json"
    big.write_bytes(b" " * (MAX_RECORD_BYTES + 10))
    assert main(["replay", str(big)]) == 2
    assert error_lines(capsys) == [f"error: {big} has {MAX_RECORD_BYTES + 10:,} bytes; a hand record "
                                   f"has at most {MAX_RECORD_BYTES:,}"]


# ---- play --level ------------------------------------------------------------------------------


@pytest.mark.parametrize("level", [lv for lv in LEVELS if lv != "strong"])
def test_play_level_chooses_the_computer_players(level, monkeypatch, tmp_path, capsys):
    """``taroky play --level L``: every computer move of the saved hand is the choice of a
    computer player of level L (replayed from the record step by step).  (strong: the
    same code path, left out for its search time.)"""
    monkeypatch.setattr("builtins.input", lambda prompt="": "n" if prompt.startswith("Another") else "1")
    path = tmp_path / "hand.json"
    assert main(["play", "--seed", "4", "--level", level, "--save", str(path)]) == 0
    assert f"computer players ({level})" in capsys.readouterr().out
    record = json.loads(path.read_text(encoding="utf-8"))
    actions = record["actions"]
    g = replay_record({**record, "actions": [], "result": None})
    computer_moves = 0
    for step, (seat, code) in enumerate(actions):
        if seat != 0:
            want = choose_level(level, g, seat, decision_seed(4, 1, step, seat)).action
            assert want == parse_action(code), (step, seat)
            computer_moves += 1
        g.act(seat, parse_action(code))
    assert computer_moves > 10 and g.result is not None


def test_play_cuts_where_the_player_chooses_as_the_table_does(monkeypatch, tmp_path, capsys):
    """C-2: 'Cutting, knocking and choosing 12-card batches ... players like the ritual:
    offer it where the text describes it'.  At the Discord table the cutter chooses the
    card to cut at (``Game.cut_places``); ``taroky play`` cut at the derived place
    instead, as a computer does.  Now the terminal asks for the card, refuses one the
    rules do not allow in the engine's sentence, and the hand is cut there."""
    asked: list[str] = []
    hands = 0

    def answer(prompt: str = "") -> str:
        nonlocal hands
        if prompt.startswith("Cut the pack at card"):
            asked.append(prompt)
            return "3" if len(asked) == 1 else "17"  # (3 is above the top five cards: refused)
        if prompt.startswith("Another"):
            hands += 1
            return "n" if asked or hands >= 8 else "y"
        return "1"

    monkeypatch.setattr("builtins.input", answer)
    path = tmp_path / "hand.json"
    assert main(["play", "--seed", "4", "--option", "ritual=true", "--save", str(path)]) == 0
    out = capsys.readouterr().out
    assert asked == ["Cut the pack at card (5 to 49) > "] * 2
    assert "Cut (you choose the card, 5 to 49)" in out
    assert "The pack is cut at a card from 5 to 49." in out
    assert "Seat 1 cut the pack at card 17." in out
    record = json.loads((tmp_path / f"hand-{hands}.json").read_text(encoding="utf-8"))
    g = replay_record(record)
    assert g.ritual.cut_at == 17 and g.derived_cut() != 17
    assert record["cut"] == {"at": 17, "derived": False}
    assert main(["replay", str(tmp_path / f"hand-{hands}.json")]) == 0  # (the record replays as cut)


# ---- Ctrl-C and closed pipes -----------------------------------------------------------------


def _read_until(fd: int, marker: bytes, limit: float = 120.0) -> bytes:
    """Read ``fd`` until ``marker`` appears (readiness), or fail after ``limit`` seconds."""
    seen = b""
    deadline = time.monotonic() + limit
    while marker not in seen:
        left = deadline - time.monotonic()
        assert left > 0, f"never ready: {seen[-300:]!r}"
        ready, _, _ = select.select([fd], [], [], left)
        if ready:
            try:
                chunk = os.read(fd, 4096)
            except OSError:
                chunk = b""
            assert chunk, f"ended before it was ready: {seen[-300:]!r}"
            seen += chunk
    return seen


def _wait_reading(pid: int, limit: float = 120.0) -> None:
    """Wait until process ``pid`` sleeps reading its stdin (Linux: its wait channel).  The
    prompt is written just before the read starts; a SIGINT in between is taken by Python
    only when it next runs Python code, which for a blocked read is when the player types
    (a second Ctrl-C at the terminal)."""
    wchan = Path(f"/proc/{pid}/wchan")
    if not wchan.exists():
        pytest.skip("no /proc here to see the process wait for input")
    deadline = time.monotonic() + limit
    while "pipe_read" not in wchan.read_text():
        assert time.monotonic() < deadline, "never waited for input"
        time.sleep(0.01)


def _drain(fd: int) -> bytes:
    out = b""
    while True:
        try:
            chunk = os.read(fd, 4096)
        except OSError:  # (a pty whose other end closed)
            return out
        if not chunk:
            return out
        out += chunk


@pytest.mark.parametrize(("argv", "ready_on"), [
    (["simulate", "--deals", "1000000", "--players", "random"], "stderr"),
    (["duel", "--deals", "100000", "--a", "easy", "--b", "easy"], "stderr"),
    (["play", "--seed", "3"], "stdout"),
])
def test_ctrl_c_ends_quietly_with_130(argv, ready_on):
    """Ctrl-C in ``simulate``, ``duel`` or ``play`` was a traceback: now one line and exit
    130.  SIGINT is sent once the command is seen working (a progress bar on the terminal,
    or the game's first prompt), never after a fixed time."""
    master, slave = pty.openpty()  # stderr a terminal: the progress bar is drawn at once
    # (Ctrl-C at a terminal: the command starts with SIGINT's default disposition, even
    # if the test process was handed an ignored one)
    proc = subprocess.Popen([sys.executable, "-m", "bot.cli", *argv], cwd=ROOT,
                            stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=slave,
                            env={**os.environ, "PYTHONUNBUFFERED": "1"},
                            preexec_fn=lambda: signal.signal(signal.SIGINT, signal.SIG_DFL))
    os.close(slave)
    drained: list[bytes] = []
    drainer = threading.Thread(target=lambda: drained.append(_drain(master)), daemon=True)
    try:
        assert proc.stdout is not None
        if ready_on == "stderr":
            _read_until(master, b"/s")  # "[#...] 3/1000000 hands, 52/s"
        else:
            _read_until(proc.stdout.fileno(), b"> ")
            _wait_reading(proc.pid)
        # The terminal keeps being read (a progress bar drawn while the machine is slow
        # to send the signal would fill it, and the command would wait to write).
        drainer.start()
        proc.send_signal(signal.SIGINT)
        assert proc.wait(timeout=120) == 130
        drainer.join(timeout=30)
        err = b"".join(drained).decode("utf-8", "replace")
    finally:
        if proc.poll() is None:
            proc.kill()
        if drainer.is_alive():
            drainer.join(timeout=5)
        os.close(master)
    assert "Traceback" not in err and "KeyboardInterrupt" not in err
    last = [ln.strip() for ln in err.replace("\r", "\n").splitlines() if ln.strip()]
    assert last[-1] == f"taroky {argv[0]}: stopped (Ctrl-C).", err[-500:]


def test_a_closed_pipe_ends_quietly():
    """``taroky simulate | head -1``: the reader went away; no traceback, no "Exception
    ignored" at exit."""
    proc = subprocess.Popen([sys.executable, "-m", "bot.cli", "simulate", "--deals", "30",
                             "--players", "random"], cwd=ROOT, stdout=subprocess.PIPE,
                            stderr=subprocess.PIPE)
    assert proc.stdout is not None and proc.stderr is not None
    proc.stdout.close()  # before anything was written: every write meets a closed pipe
    err = proc.stderr.read().decode()
    assert proc.wait(timeout=300) == 1
    assert "Traceback" not in err and "Exception ignored" not in err, err
