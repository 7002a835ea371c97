"""A deal anyone can check, start to end (issue #29, item 3): the commitment binds the deck,
the cut is the cutter's (C-2: "the player sitting opposite to the dealer cuts the cards"),
or, for a computer cutter, derived from the committed deck; ``taroky verify --commitment``
checks a record against the hash the table showed and refuses every tampering below."""

from __future__ import annotations

import copy
import json
import re
import shutil
import subprocess
from pathlib import Path

import pytest

from bot.ai import choose_action
from bot.cli import main
from bot.engine import Kind, act, new_game, replay_record
from bot.engine.errors import BadInput, IllegalAction
from bot.engine.recording import COMMITMENT_SCHEME, deal_commitment, deck_names, derived_cut
from bot.engine.rng import seeded_rng

ROOT = Path(__file__).resolve().parents[2]
SALT = "5a" * 16


def played(cut: int | None, *, seed: int = 7, deck: list[int] | None = None) -> dict:
    """A Czech hand with the ritual on, dealer 0, cut at ``cut`` by seat 2 (None: the
    computer's cut), played to the end by the computer players; its record with the
    commitment (salt revealed) that a table adds."""
    g = new_game("czech", dealer=0, options={"ritual": True}, rng=seeded_rng(seed), deck=deck)
    g.act(2, act(Kind.CUT, cut))
    while not g.is_over:
        seat = g.to_act
        g.act(seat, choose_action(g, seat).action)
    record = g.to_record()
    record["players"] = ["Ann", "Bob", "Cyril", "Dana"]
    record["commitment"] = {"scheme": COMMITMENT_SCHEME, "hash": deal_commitment(deck_names(g), SALT),
                            "salt": SALT}
    return record


def verify(tmp_path: Path, record: dict, *args: str) -> int:
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    return main(["verify", str(path), *args])


def test_three_cuts_of_one_committed_deck_only_the_tables_verifies(tmp_path, capsys):
    """The issue's case: one committed deck replayed with cuts 7, 29 and 30 gives three
    hands; each records its cut, and against the commitment and the cut the table showed
    (29) only the hand cut at 29 verifies."""
    records = {cut: played(cut) for cut in (7, 29, 30)}
    commitment = records[7]["commitment"]["hash"]
    assert {r["commitment"]["hash"] for r in records.values()} == {commitment}  # one deck
    assert len({json.dumps(r["hands"]) for r in records.values()}) == 3  # three deals
    for cut, record in records.items():
        assert record["cut"] == {"at": cut, "derived": False}
        assert [1 for s, code in record["actions"] if code == f"cut:{cut}"] == [1]
        # A cut a player chose is checked against the place the table showed, never assumed.
        assert verify(tmp_path, record, "--commitment", commitment) == 1
        assert "give the place the table showed with --cut" in capsys.readouterr().err
        assert verify(tmp_path, record, "--commitment", commitment, "--cut", "29") == (0 if cut == 29 else 1)
        capsys.readouterr()


def test_a_computer_cut_follows_from_the_deck_and_verifies_with_the_commitment_alone(tmp_path, capsys):
    """C-2 with a computer cutter: the place follows from the committed deck
    (``derived_cut``), so the commitment alone checks it; a record claiming another cut
    as a computer's is refused."""
    record = played(None)
    deck = record["deck"]
    at = derived_cut(deck, range(5, 50))
    assert record["cut"] == {"at": at, "derived": True}
    commitment = record["commitment"]["hash"]
    assert verify(tmp_path, record, "--commitment", commitment) == 0
    assert f"cut at card {at}, the place derived from the deck" in capsys.readouterr().out
    other = played(5 if at != 5 else 6)
    other["cut"]["derived"] = True
    assert verify(tmp_path, other, "--commitment", commitment) == 1
    assert "cut does not match" in capsys.readouterr().err


@pytest.mark.parametrize("place", [0, -3, 10**20, 4, 50, 54])
def test_a_cut_out_of_range_is_refused(place):
    """C-2: the pack is cut inside it (five cards from the top at least, four from the
    bottom); the engine and a replayed record refuse any other place in a sentence."""
    g = new_game("czech", dealer=0, options={"ritual": True}, rng=seeded_rng(1))
    assert not g.can(2, act(Kind.CUT, place))
    with pytest.raises(IllegalAction, match="cut at a card from 5 to 49"):
        g.act(2, act(Kind.CUT, place))
    record = played(29)
    record["actions"] = [[s, f"cut:{place}" if code.startswith("cut") else code] for s, code in record["actions"]]
    with pytest.raises(IllegalAction):
        replay_record(record)


#: Fields out of their range, each refused by verify (exit 2, one error line).
OUT_OF_RANGE = {
    "dealer 99": {"dealer": 99},
    "dealer -1": {"dealer": -1},
    "dealer true": {"dealer": True},
    "stake 1e30": {"stake": 1e30},
    "stake 10**30": {"stake": 10**30},
    "stake 0": {"stake": 0},
    "seats 9": {"seats": 9},
    "pool -1": {"pool_before": -1},
    "pool 2**60": {"pool_before": 2**60},
    "first_of_session 2": {"first_of_session": 2},
    "cut 0": {"cut": {"at": 0, "derived": False}},
    "cut 10**20": {"cut": {"at": 10**20, "derived": False}},
    "cut -3": {"cut": {"at": -3, "derived": False}},
    "a short deck": {"deck": ["XXI"]},
    "an action of seat 7": {"actions": [[7, "cut:29"]]},
}


@pytest.mark.parametrize("name", OUT_OF_RANGE)
def test_verify_refuses_fields_out_of_range(tmp_path, capsys, name):
    record = {**played(29), **OUT_OF_RANGE[name]}
    assert verify(tmp_path, record, "--cut", "29") == 2, name
    err = capsys.readouterr().err.strip()
    assert err.startswith("error: ") and "\n" not in err, err


def tampered_deck_record() -> dict:
    """A whole, self-consistent record of another deck (two cards of the committed deck
    swapped, the hand played again from it) with the record's hash recomputed."""
    honest = played(29)
    deck = list(honest["deck"])
    deck[10], deck[40] = deck[40], deck[10]
    from bot.engine.cards import parse_card

    record = played(29, deck=[int(parse_card(c)) for c in deck])
    record["commitment"]["hash"] = deal_commitment(record["deck"], SALT)
    return record


def _resalted() -> dict:
    record = played(29)
    record["commitment"] = dict(record["commitment"], salt="77" * 16)
    return record


def _rehashed_with_new_salt() -> dict:
    record = _resalted()
    record["commitment"]["hash"] = deal_commitment(record["deck"], "77" * 16)
    return record


def _other_cut() -> dict:
    return played(30)


def _cut_field_only() -> dict:
    record = played(29)
    record["cut"] = {"at": 30, "derived": False}
    return record


def _swapped_only() -> dict:
    record = played(29)
    record["deck"][0], record["deck"][1] = record["deck"][1], record["deck"][0]
    return record


#: Each tampering of a record from a table, refused against the commitment the table
#: showed and the cut it showed (29): exit 1 (MISMATCH) or 2 (no record of that deal).
TAMPERINGS = {
    "two cards of the deck swapped, the hand replayed and the record's hash recomputed": tampered_deck_record,
    "two cards of the deck swapped only": _swapped_only,
    "another salt": _resalted,
    "another salt, the record's hash recomputed": _rehashed_with_new_salt,
    "the same deck cut at 30 instead": _other_cut,
    "the cut field changed, not the actions": _cut_field_only,
}


@pytest.mark.parametrize("name", TAMPERINGS)
def test_verify_refuses_every_tampered_record(tmp_path, capsys, name):
    commitment = played(29)["commitment"]["hash"]
    assert verify(tmp_path, played(29), "--commitment", commitment, "--cut", "29") == 0
    capsys.readouterr()
    assert verify(tmp_path, TAMPERINGS[name](), "--commitment", commitment, "--cut", "29") in (1, 2), name


def test_a_self_consistent_forgery_passes_only_without_the_tables_commitment(tmp_path, capsys):
    """Without ``--commitment`` verify can only check the record against itself, and says
    so; the table's hash is what refuses the forgery."""
    forged = tampered_deck_record()
    assert verify(tmp_path, forged, "--cut", "29") == 0
    assert "Only the record's own commitment was checked" in capsys.readouterr().out
    commitment = played(29)["commitment"]["hash"]
    assert verify(tmp_path, forged, "--commitment", commitment, "--cut", "29") == 1
    assert "not the commitment the table showed" in capsys.readouterr().err


def test_a_malformed_commitment_argument_is_one_sentence(capsys):
    with pytest.raises(SystemExit) as stop:
        main(["verify", "x.json", "--commitment", "abc"])
    assert stop.value.code == 2
    assert "64 hex digits" in capsys.readouterr().err


def recipe() -> str:
    """The shell recipe of docs/fair-shuffle.md (its block after "By hand")."""
    text = (ROOT / "docs" / "fair-shuffle.md").read_text(encoding="utf-8")
    block = re.search(r"## By hand.*?```sh\n(.*?)```", text, re.S)
    assert block is not None
    return block.group(1)


@pytest.mark.skipif(shutil.which("sha256sum") is None or shutil.which("bash") is None,
                    reason="needs sha256sum and bash")
def test_the_documented_recipe_gives_the_commitment_and_the_computers_cut():
    """docs/fair-shuffle.md: a hand checked with ``sha256sum`` alone gives the same
    commitment as ``deal_commitment`` and the same place as a computer's cut."""
    record = played(None)
    script = recipe()
    lines = [ln for ln in script.splitlines() if not re.match(r"(SALT|DECK|N)=", ln)]
    setup = f"SALT='{SALT}'\nDECK='{','.join(record['deck'])}'\nN={len(record['deck'])}\n"
    out = subprocess.run(["bash", "-c", setup + "\n".join(lines)], capture_output=True, text=True,
                         check=True).stdout.split()
    assert out[0] == record["commitment"]["hash"]
    assert int(out[-1]) == record["cut"]["at"]


def test_check_record_fields_names_the_field():
    from bot.engine import find_variant
    from bot.engine.recording import check_record_fields

    record = copy.deepcopy(played(29))
    record["dealer"] = 99
    with pytest.raises(BadInput, match="dealer is 99, outside 0..3"):
        check_record_fields(record, find_variant("czech"))


class _Spent:
    """A random source that was used up by the shuffle: any later draw fails the test."""

    def __getattr__(self, name: str) -> object:
        raise AssertionError(f"the deal drew from the random source ({name}) after the commitment")


@pytest.mark.parametrize("ritual", [act(Kind.CUT), act(Kind.CUT, 29), act(Kind.KNOCK)])
def test_nothing_random_is_drawn_after_the_shuffle(ritual):
    """The commitment binds everything random in the deal (issue #29): once the deck is
    shuffled (and committed to), the ritual draws nothing more — a cut is the cutter's
    place or the deck's (C-2), a knock's batches are the players' choices (CZ-14)."""
    g = new_game("czech", dealer=0, options={"ritual": True}, rng=seeded_rng(3))
    g.rng = _Spent()
    g.act(2, ritual)
    while g.phase.value == "ritual":
        seat = g.to_act
        g.act(seat, g.legal_actions(seat)[0])
    assert g.phase.value != "ritual" and sum(h.bit_count() for h in g.hands) + len(g.talon) == 54
