"""The ``taroky`` command line: replay, simulate, bench and play — no Discord needed."""

from __future__ import annotations

import argparse
import contextlib
import gzip
import io
import json
import math
import os
import random
import re
import stat
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import IO, TYPE_CHECKING, Any, TextIO

from bot.ai import choose_action
from bot.ai.explore import Chooser, Explorer, Item, coverage_table, hand_coverage, sweep
from bot.ai.players import DEFAULT_LEVEL, LEVELS, MEASURE_ONLY, choose_level, decision_seed
from bot.config import DEFAULT_DB_PATH, ConfigError, check_database_url
from bot.engine import (
    ENGINE_BUILD,
    VARIANTS,
    Action,
    Game,
    Kind,
    TarokyError,
    find_variant,
    new_game,
    replay_record,
    ritual,
)
from bot.engine.actions import act, safe_first
from bot.engine.cards import CARD_POINTS, PAGAT, cards_of, say_cards
from bot.engine.errors import IllegalAction
from bot.engine.game import Event
from bot.engine.invariants import check_finished
from bot.engine.recording import (
    check_record_fields,
    deal_commitment,
    game_to_record,
    result_to_json,
)
from bot.engine.rulebook import choice_notes
from bot.engine.scoring import POOL, transfers_from_net
from bot.engine.session import Session
from bot.engine.variants.base import OptionValue, option_value
from bot.ratings import RATINGS_VERSION
from bot.store.backup import BackupError, backup, restore
from bot.store.interface import is_postgres_url
from bot.version import version_text
from rendering.faces import sort_hand

if TYPE_CHECKING:
    from bot.ai.duel import Comparison, DuelResult


def format_amount(currency: str, amount: int) -> str:
    if currency == "czk_hal":
        sign = "-" if amount < 0 else ""
        a = abs(amount)
        return f"{sign}Kč {a // 100}.{a % 100:02d}"
    unit = {"chips": "chip", "points": "point"}.get(currency, currency)
    return f"{amount} {unit}{'' if abs(amount) == 1 else 's'}"


def _party(p: int) -> str:
    return "pool" if p == POOL else f"seat {p + 1}"


# --- players ------------------------------------------------------------------------


def random_chooser(rng: random.Random) -> Chooser:
    def choose(g: Game, seat: int, legal: list[Action]) -> Action:
        return legal[int(rng.random() * len(legal))]

    return choose


def simple_chooser(rng: random.Random) -> Chooser:
    """A plain legal heuristic for simulations (``--players simple``): bid the lowest
    contract, say nothing, keep the pagát, win cheaply, throw away low cards."""

    def choose(g: Game, seat: int, legal: list[Action]) -> Action:
        kinds = {a.kind for a in legal}
        if Kind.PLAY in kinds:
            cards = [a.card for a in legal]
            plays = [c for c in cards if c != PAGAT] or cards
            if g.trick is not None and g.trick.plays:
                led = g.trick.plays[0][1]
                best = max(
                    (c for _, c in g.trick.plays),
                    key=lambda c: g.variant.rank_tables[led if led < 22 else 22 + led.suit][c],
                )
                rank = g.variant.rank_tables[led if led < 22 else 22 + led.suit]
                winners = [c for c in plays if rank[c] > rank[best]]
                if winners:
                    return next(a for a in legal if a.card == min(winners, key=lambda c: rank[c]))
            low = min(plays, key=lambda c: (CARD_POINTS[c], int(c)))
            return next(a for a in legal if a.card == low)
        if Kind.DISCARD in kinds:
            return max(legal, key=lambda a: (CARD_POINTS[a.card], -int(a.card)))
        if (Kind.BID in kinds and g.auction.high is None
                and g.auction.turn == len(g.active) - 1):
            # The last turn of a one-turn auction nobody has opened (Kozy, KZ-4): bid, so
            # that the hand is played rather than thrown in.
            return next(a for a in legal if a.kind is Kind.BID)
        for k in (Kind.DONE, Kind.PASS, Kind.KEEP, Kind.PLAY_ON, Kind.DRAW, Kind.TAKE, Kind.CUT):
            for a in legal:
                if a.kind is k:
                    return a
        return legal[0]

    return choose


def heuristic_chooser(rng: random.Random) -> Chooser:
    """The computer player of the Discord tables (``bot.ai``)."""

    def choose(g: Game, seat: int, legal: list[Action]) -> Action:
        a = choose_action(g, seat).action
        assert isinstance(a, Action)
        return a

    return choose


def explore_chooser(rng: random.Random) -> Chooser:
    """The explorer (``bot.ai.explore``): reaches every contract, call, announcement,
    declaration, doubling step, Varšava, surrender and throw-in of a variant."""
    return Explorer(rng)


PLAYERS: dict[str, Callable[[random.Random], Chooser]] = {
    "explore": explore_chooser,
    "simple": simple_chooser,
    "random": random_chooser,
    "heuristic": heuristic_chooser,
}


# --- arguments and paths -------------------------------------------------------------


#: The longest ``taroky bench`` run, and the most deals one command plays.
MAX_BENCH_SECONDS = 3600.0
MAX_DEALS = 10_000_000


def _shown(text: str, limit: int = 24) -> str:
    """What the user typed, repeated in a message: at most ``limit`` characters, quoted."""
    return repr(text if len(text) <= limit else text[: limit - 1] + "…")


def above_zero_arg(high: float, what: str, shown_high: str) -> Callable[[str], float]:
    """An argument type: a finite number of ``what`` above 0 and at most ``high`` (nan, inf
    and negative numbers ran for ever or not at all)."""

    def parse(text: str) -> float:
        try:
            x = float(text)
        except ValueError:
            x = math.nan
        if not (math.isfinite(x) and 0 < x <= high):
            raise argparse.ArgumentTypeError(
                f"give {what} above 0 and at most {shown_high}, not {_shown(text)}")
        return x

    return parse


#: ``bench --seconds``: at most an hour.
seconds_arg = above_zero_arg(MAX_BENCH_SECONDS, "a number of seconds", f"{MAX_BENCH_SECONDS:,.0f}")

#: The largest share of the strong player's worlds ``taroky review --worlds`` takes.
MAX_WORLDS_SHARE = 4.0
worlds_arg = above_zero_arg(MAX_WORLDS_SHARE, "a share", f"{MAX_WORLDS_SHARE:g}")


def whole_arg(low: int, high: int, what: str, note: str = "") -> Callable[[str], int]:
    """An argument type: a whole number of ``what`` from ``low`` to ``high`` (``note``: what
    a special value means, said in the refusal)."""

    def parse(text: str) -> int:
        try:
            x = int(text)
        except ValueError:
            x = low - 1
        if not low <= x <= high:
            raise argparse.ArgumentTypeError(
                f"give a whole number of {what} from {low:,} to {high:,}{note}, not {_shown(text)}")
        return x

    return parse


deals_arg = whole_arg(1, MAX_DEALS, "deals")
seats_arg = whole_arg(0, 5, "players", " (0: the variant's usual number)")


def check_writable(path: str, what: str) -> None:
    """Refuse, before any work starts, a path the command could not write ``what`` to (a
    missing folder, a directory, no permission): the work is not lost at the end."""
    p = Path(path)
    folder = p.parent
    if p.is_dir():
        raise CliError(f"{path} is a directory; give a file name for the {what}")
    if not folder.is_dir():
        raise CliError(f"cannot write the {what} to {path}: the folder {folder} does not exist")
    if p.exists() and not p.is_file():
        raise CliError(f"cannot write the {what} to {path}: it is not a regular file")
    if not os.access(folder, os.W_OK | os.X_OK) or (p.exists() and not os.access(p, os.W_OK)):
        raise CliError(f"cannot write the {what} to {path}: permission denied")


# --- commands -------------------------------------------------------------------------


#: A hand record is a few kilobytes; these limits refuse a file that cannot be one
#: before reading it whole (issue #15: 100 MB of actions took 1.4 GB of memory).
MAX_RECORD_BYTES = 1_000_000
MAX_RECORD_ACTIONS = 2_000


class CliError(Exception):
    """A mistake in what the command was given (a path, a file); ``str(error)`` is one
    sentence, printed as the command's one error line."""


class BadRecordFile(CliError):
    """A file that is no readable hand record; ``str(error)`` is one sentence."""


def open_regular(path: str, what: str = "file") -> IO[bytes]:
    """``path`` opened for reading, if it is a regular file: a directory, a device such as
    ``/dev/zero`` (endless) or a FIFO (waits for a writer for ever) is refused with one
    sentence.  Opened without blocking, so a FIFO is refused rather than waited on."""
    try:
        fd = os.open(path, os.O_RDONLY | os.O_NONBLOCK)
    except OSError as e:
        raise BadRecordFile(f"cannot read {path}: {e.strerror or e}") from None
    mode = os.fstat(fd).st_mode
    if not stat.S_ISREG(mode):
        os.close(fd)
        if stat.S_ISDIR(mode):
            raise BadRecordFile(f"{path} is a directory, not a {what}")
        raise BadRecordFile(f"{path} is not a regular file (a device or a pipe), not a {what}")
    return os.fdopen(fd, "rb")


def _no_constant(name: str) -> Any:
    raise BadRecordFile(f"the record holds {name}, which is not a number a hand record has")


def load_record(path: str) -> dict[str, Any]:
    """The JSON object in ``path``, or :class:`BadRecordFile` saying why it is none."""
    with open_regular(path, "hand record") as f:
        try:
            size = os.fstat(f.fileno()).st_size
            data = f.read(MAX_RECORD_BYTES + 1)  # (bounded, whatever the size said)
        except OSError as e:
            raise BadRecordFile(f"cannot read {path}: {e.strerror or e}") from None
    if max(size, len(data)) > MAX_RECORD_BYTES:
        shown = f"{size:,} bytes" if size > MAX_RECORD_BYTES else f"more than {MAX_RECORD_BYTES:,} bytes"
        raise BadRecordFile(f"{path} has {shown}; a hand record has at most {MAX_RECORD_BYTES:,}")
    try:
        text = data.decode("utf-8-sig")  # (a byte-order mark is fine)
        record = json.loads(text, parse_constant=_no_constant)
    except UnicodeDecodeError:
        raise BadRecordFile(f"{path} is not UTF-8 text") from None
    except json.JSONDecodeError as e:
        raise BadRecordFile(f"{path} is not valid JSON ({e.msg} at line {e.lineno})") from None
    except RecursionError:
        raise BadRecordFile(f"{path} is nested too deeply to be a hand record") from None
    if not isinstance(record, dict):
        raise BadRecordFile(f"{path} holds a JSON {type(record).__name__}, not a hand record (an object)")
    actions = record.get("actions")
    if isinstance(actions, list) and len(actions) > MAX_RECORD_ACTIONS:
        raise BadRecordFile(f"{path} has {len(actions):,} actions; a hand has at most {MAX_RECORD_ACTIONS:,}")
    return record


def replay_file(path: str) -> tuple[dict[str, Any], Game]:
    """Load and replay a record file; :class:`BadRecordFile` for anything wrong with it."""
    record = load_record(path)
    try:
        # Fields out of their range are refused before replaying (which would reduce some).
        check_record_fields(record, find_variant(str(record.get("variant"))))
        return record, replay_record(record)
    except TarokyError as e:
        raise BadRecordFile(str(e)) from None
    except (AssertionError, LookupError, TypeError, ValueError, AttributeError, RecursionError):
        raise BadRecordFile("the record is incomplete or malformed (it does not replay)") from None


def cmd_replay(args: argparse.Namespace) -> int:
    _, g = replay_file(args.file)
    r = g.result
    if r is None:
        raise BadRecordFile("the record is incomplete: the hand does not finish")
    cur = g.variant.currency
    if args.json:
        print(json.dumps({
            "variant": g.variant.name,
            "card_points": dict(r.card_points),
            "net": {str(k): v for k, v in r.net.items()},
            "transfers": [[t.payer, t.payee, t.amount] for t in r.transfers],
            "currency": cur,
            "replayed_identically": True,
            "result": result_to_json(r),  # lines, sides, piles (docs/records.md)
        }, ensure_ascii=False))
        return 0
    print(f"{g.variant.title}: {r.summary}")
    for label in r.card_points:
        print(f"  {label}: {r.points_text(label)}")
    for line in _settlement(g)[1 + len(r.card_points):]:
        print(line)
    print("The record replays identically.")
    return 0


def commitment_arg(text: str) -> str:
    """An argument type: a shuffle commitment as the table showed it (64 hex digits)."""
    value = text.strip().strip("`").lower()
    if len(value) != 64 or any(c not in "0123456789abcdef" for c in value):
        raise argparse.ArgumentTypeError(
            f"give the 64 hex digits of the commitment the table showed, not {_shown(text)}")
    return value


def _verify_mismatch(text: str) -> int:
    print(f"MISMATCH: {text}", file=sys.stderr)
    return 1


def cmd_verify(args: argparse.Namespace) -> int:
    """Check a record's deal against the commitment shown before it was dealt, and its cut
    (C-2) against the place the table showed (docs/fair-shuffle.md)."""
    record, g = replay_file(args.file)
    if g.result is None and not record.get("annulled"):
        raise BadRecordFile("the record is incomplete: the hand does not finish")
    commitment = record.get("commitment")
    if not isinstance(commitment, dict) or not isinstance(commitment.get("hash"), str) \
            or not isinstance(commitment.get("salt"), str):
        raise BadRecordFile("the record carries no shuffle commitment (it was not dealt at a table)")
    deck = record.get("deck")
    assert isinstance(deck, list)  # replay_file read it
    expected = deal_commitment([str(c) for c in deck], commitment["salt"])
    if expected != commitment["hash"].lower():
        return _verify_mismatch(f"the deck and salt give {expected}, not the record's commitment "
                                f"{commitment['hash'][:64]}.")
    if args.commitment is not None and expected != args.commitment:
        return _verify_mismatch(f"the deck and salt give {expected}, not the commitment the table "
                                f"showed, {args.commitment}.")
    at = g.ritual.cut_at
    derived = at is not None and at == g.derived_cut()
    if "cut" in record and record["cut"] != ({"at": at, "derived": derived} if at is not None else None):
        return _verify_mismatch("the record's cut does not match the cut in its actions.")
    if args.cut is not None and args.cut != at:
        return _verify_mismatch(f"the record cuts the pack at {'no card' if at is None else f'card {at}'}, "
                                f"not at card {args.cut} as the table showed.")
    print(f"The deal matches its commitment {expected}: the deck was fixed before the deal, "
          "and the hands, the talon and the result replay from it.")
    if at is not None:
        cutter = next(s for s, a in g.history if a.kind is Kind.CUT)
        players = record.get("players")
        who = (str(players[cutter])[:80] if isinstance(players, list) and cutter < len(players)
               else f"seat {cutter + 1}")
        if derived:
            print(f"The pack was cut at card {at}, the place derived from the deck (a computer's cut).")
        elif args.cut is None:
            return _verify_mismatch(f"{who} chose to cut the pack at card {at}: give the place the "
                                    "table showed with --cut to check it.")
        else:
            print(f"{who} chose to cut the pack at card {at}, as the table showed.")
    if record.get("annulled"):
        print("The hand was annulled before it ended: nobody paid or was paid for it.")
    if args.commitment is None:
        print("Only the record's own commitment was checked: compare it with the one the table "
              "showed, or give that one with --commitment.")
    return 0


def cmd_review(args: argparse.Namespace) -> int:
    """The strong player's review of a finished hand (docs/review.md)."""
    from bot.ai.review import Budget, review_record
    from bot.ai.review_text import review_lines

    record, g = replay_file(args.file)
    if g.result is None:
        raise BadRecordFile("the record is incomplete: the hand does not finish")
    seats = [n - 1 for n in args.seat] if args.seat else None
    if seats is not None and not all(0 <= n < len(g.hands) for n in seats):
        raise CliError(f"this hand has seats 1 to {len(g.hands)}: --seat must be one of them")
    review = review_record(record, seats, Budget(worlds=args.worlds))
    if args.json:
        print(json.dumps(review.to_dict(), ensure_ascii=False))
        return 0
    players = record.get("players")
    names = [str(p) for p in players] if isinstance(players, list) else None
    print("\n".join(review_lines(review, names)))
    return 0


def _progress(i: int, n: int, start: float, unit: str = "hands") -> None:
    if not sys.stderr.isatty() and i not in (n,) and i % max(1, n // 10):
        return
    width = 30
    done = int(width * i / n) if n else width
    rate = i / max(1e-9, time.perf_counter() - start)
    sys.stderr.write(f"\r[{'#' * done}{'.' * (width - done)}] {i}/{n} {unit}, {rate:,.{0 if rate >= 10 else 2}f}/s")
    if i == n:
        sys.stderr.write("\n")
    sys.stderr.flush()


def cmd_simulate(args: argparse.Namespace) -> int:
    if args.bids:
        return _simulate_bids(args)
    v = find_variant(args.variant)
    players = PLAYERS[args.players](random.Random(f"{args.players} {args.seed}"))
    totals: dict[int, int] = {}
    contracts: dict[str, int] = {}
    counts: Counter[Item] = Counter()
    problems = 0
    pool = 0
    start = time.perf_counter()
    # Sessions of a few deals (a chip session may end sooner, NE-9), the variant's seat
    # counts in turn, options varied (every bool on and off, every choice) unless
    # --default-options, a share of lumpy packs unless --uniform-deals.
    hands = sweep(v, args.deals, seed=args.seed, seats=args.seats or None, players=players,
                  vary_options=not args.default_options, lumpy=not args.uniform_deals)
    for i, g in enumerate(hands):
        bad = check_finished(g)
        if bad:
            problems += 1
            print(f"hand {i}: " + "; ".join(bad), file=sys.stderr)
        r = g.result
        assert r is not None
        for k, val in r.net.items():
            totals[k] = totals.get(k, 0) + val
        pool += r.pool_delta
        name = g.contract.name if g.contract else ("thrown in" if g.thrown_in else "none")
        contracts[name] = contracts.get(name, 0) + 1
        counts.update(set(hand_coverage(g)))
        _progress(i + 1, args.deals, start)
    out: dict[str, Any] = {
        "variant": v.name,
        "deals": args.deals,
        "seed": args.seed,
        "players": args.players,
        "invariant_failures": problems,
        "contracts": contracts,
        "totals": {_party(k): val for k, val in sorted(totals.items())},
        "pool": pool,
        "coverage": _coverage_json(counts),
    }
    if args.json:
        print(json.dumps(out, ensure_ascii=False))
    else:
        print(f"{args.deals} hands of {v.title} ({args.players} players); "
              f"invariant failures: {problems}")
        for k, val in sorted(totals.items()):
            print(f"  {_party(k)}: {format_amount(v.currency, val)}")
        print(coverage_table(v, counts, args.deals))
    return 1 if problems else 0


def _simulate_bids(args: argparse.Namespace) -> int:
    """``simulate --bids``: how the computer players of ``--level`` bid (``bot.ai.bidstats``)."""
    from bot.ai.bidstats import bid_table, format_bid_table

    start = time.perf_counter()
    t = bid_table(args.variant, args.level, args.deals, seed=args.seed, seats=args.seats,
                  progress=lambda i, n: _progress(i, n, start, "deals"))
    print(json.dumps(t.as_json(), ensure_ascii=False) if args.json else format_bid_table(t))
    return 0


def _coverage_json(counts: Counter[Item]) -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {}
    for (cat, what), n in sorted(counts.items()):
        out.setdefault(cat, {})[what] = n
    return out


def bench(variant: str, seconds: float, seed: int = 1) -> dict[str, Any]:
    """Full random hands for ``seconds``: deal, bidding, talon, announcements, every trick
    and scoring, with uniformly random legal choices from a seeded generator."""
    v = find_variant(variant)
    rng = random.Random(seed)
    seats = v.seat_counts[0]
    n = 0
    actions = 0
    start = time.perf_counter()
    cpu_start = time.process_time()
    end = start + seconds
    rand = rng.random
    while True:
        g = new_game(v, players=seats, dealer=n % seats, rng=rng)
        legal_actions = g.legal_actions
        act = g.act
        while g.to_act is not None:
            s = g.to_act
            la = legal_actions(s)
            act(s, la[int(rand() * len(la))])
            actions += 1
        n += 1
        if n % 50 == 0 and time.perf_counter() >= end:
            break
    elapsed = time.perf_counter() - start
    cpu = time.process_time() - cpu_start
    return {
        "variant": v.name,
        "engine": ENGINE_BUILD,
        "deals": n,
        "seconds": round(elapsed, 3),
        "deals_per_second": round(n / elapsed, 1),
        # The same hands by this process's CPU time: on a shared machine the wall clock
        # also counts time the process was not running.
        "cpu_deals_per_second": round(n / cpu, 1) if cpu > 0 else None,
        "actions_per_deal": round(actions / n, 1),
    }


def cmd_bench(args: argparse.Namespace) -> int:
    res = bench(args.variant, args.seconds, args.seed)
    if args.json:
        print(json.dumps(res))
    else:
        print(f"{res['deals_per_second']:,} full random hands per second "
              f"({res['deals']} hands in {res['seconds']} s, {res['actions_per_deal']} actions each; "
              f"{res['cpu_deals_per_second']:,} per CPU second; {res['engine']} engine)")
    return 0


# --- the terminal game ------------------------------------------------------------------


def _show_hand(g: Game, seat: int) -> str:
    """The hand in words, sorted as the pictures sort it: taroky high to low, then suits."""
    return say_cards(sort_hand(cards_of(g.hands[seat]), g.variant.red_ace_high), g.variant.card_words)


def _event_text(g: Game, ev: Event) -> str:
    """An engine event for the terminal player: its cards in words (``K♥``, not ``KH``)."""
    text = ev.text
    for c in ev.cards:
        text = re.sub(rf"(?<![\w♥♦♠♣]){re.escape(c.short)}(?![\w♥♦♠♣])", g.variant.say(c), text)
    return text


def _line_payments(currency: str, net: dict[int, int]) -> str:
    """Who pays whom in one payment line, with the amounts."""
    if sum(net.values()) != 0:
        return ", ".join(f"{_party(k)} {format_amount(currency, v)}" for k, v in sorted(net.items()) if v)
    return "; ".join(f"{_party(t.payer)} pays {_party(t.payee)} {format_amount(currency, t.amount)}"
                     for t in transfers_from_net(net))


def _settlement(g: Game) -> list[str]:
    """The settlement of a finished hand: card points, every payment line with who pays
    whom and how much, and the transfers in all."""
    r = g.result
    assert r is not None
    cur = g.variant.currency
    out = [f"{r.summary}"]
    out += [f"  {label}: {r.points_text(label)}" for label in r.card_points]
    for ln in r.lines:
        parts = _line_payments(cur, {k: v for k, v in ln.net.items() if v})
        out.append(f"  {ln.label}: {parts}" if parts else f"  {ln.label}: nothing changes hands")
    out += [f"  In all: {_party(t.payer)} pays {_party(t.payee)} {format_amount(cur, t.amount)}"
            for t in r.transfers]
    return out


def parse_options(items: Sequence[str] | None) -> dict[str, OptionValue]:
    """``--option key=value`` (repeatable) as a dict of house rules."""
    options: dict[str, OptionValue] = {}
    for item in items or []:
        k, sep, val = item.partition("=")
        if not sep or not k.strip():
            raise TarokyError(f"An option is written key=value, not '{item}'.")
        options[k.strip()] = option_value(k.strip(), val)
    return options


def _save_path(base: str, hand: int) -> Path:
    """Hand 1 goes to ``base``; hand n to ``base`` with ``-n`` before its extension."""
    p = Path(base)
    return p if hand == 1 else p.with_name(f"{p.stem}-{hand}{p.suffix}")


def _choice_label(g: Game, a: Action) -> str:
    """A choice as the terminal lists it; the cut names the places the cutter chooses from."""
    if a.kind is Kind.CUT:
        places = g.cut_places
        return f"{g.variant.label(a)} (you choose the card, {places.start} to {places.stop - 1})"
    return g.variant.label(a)


def _ask_cut(g: Game, seat: int) -> Action | None:
    """C-2: the terminal player cuts where they choose, among the places the Discord table
    offers (``Game.cut_places``; the engine refuses any other in its own sentence).
    None: the player quit."""
    places = g.cut_places
    while True:
        try:
            raw = input(f"Cut the pack at card ({places.start} to {places.stop - 1}) > ").strip().lower()
        except EOFError:
            return None
        if raw in ("q", "quit"):
            return None
        if raw.isdigit() and len(raw) <= 3:
            try:
                return ritual.cut_place(g, act(Kind.CUT, int(raw)))
            except IllegalAction as refusal:
                print(refusal.message)
                continue
        print(f"Type a card from {places.start} to {places.stop - 1}, or 'q'.")


def cmd_play(args: argparse.Namespace) -> int:
    v = find_variant(args.variant)
    rng = random.Random(args.seed) if args.seed is not None else random.SystemRandom()
    me = 0
    seats = args.players or v.seat_counts[0]
    options = parse_options(args.option)
    if args.save:
        check_writable(args.save, "hand record")
    decisions = args.seed if args.seed is not None else rng.getrandbits(32)
    session = Session.begin(v, seats, options, dealer=seats - 1)
    print(f"{v.title}. You are seat 1; seats 2-{seats} are computer players ({args.level}). Type the "
          "number of a choice, 'why' for the rules behind your choices, or 'q' to quit.")
    hand_no = 0
    while True:
        g = session.deal(rng)
        hand_no += 1
        shown = 0
        while not g.is_over:
            for ev in g.log[shown:]:
                if ev.visible_to(me):
                    print("  " + _event_text(g, ev))
            shown = len(g.log)
            s = g.to_act
            assert s is not None
            legal = g.legal_actions(s)
            if s != me:
                choice = choose_level(args.level, g, s, decision_seed(decisions, hand_no, len(g.history), s))
                g.act(s, choice.action)
                continue
            legal = safe_first(legal)  # (Done / Pass is choice 1)
            print(f"\nYour hand: {_show_hand(g, me)}")
            if g.trick is not None and g.trick.plays:
                print("Trick: " + ", ".join(f"seat {p + 1}: {v.say(c)}" for p, c in g.trick.plays))
            print(g.prompt(me))
            for i, a in enumerate(legal, 1):
                print(f"  {i}. {_choice_label(g, a)}")
            while True:
                try:
                    raw = input("> ").strip().lower()
                except EOFError:
                    return 0
                if raw in ("q", "quit"):
                    return 0
                if raw == "why":
                    print(g.explain(me))
                    for note in choice_notes(v, legal, dict(g.view_for(me).doubles)):
                        print("  " + note.replace("**", ""))
                    continue
                if raw.isdigit() and 1 <= int(raw) <= len(legal):
                    chosen = legal[int(raw) - 1]
                    if chosen.kind is Kind.CUT:  # (C-2: the cutter chooses the place, as at the table)
                        cut = _ask_cut(g, me)
                        if cut is None:
                            return 0
                        chosen = cut
                    g.act(me, chosen)
                    break
                print(f"Type a number from 1 to {len(legal)}, 'why' or 'q'.")
        for ev in g.log[shown:]:
            if ev.visible_to(me):
                print("  " + _event_text(g, ev))
        for line in _settlement(g):
            print(line)
        session.record(g)
        if args.save:
            path = _save_path(args.save, hand_no)
            try:
                path.write_text(json.dumps(game_to_record(g), ensure_ascii=False, indent=1), encoding="utf-8")
            except OSError as e:
                raise CliError(f"cannot save the hand's record to {path}: {e.strerror or e}") from None
            print(f"The hand's record is saved in {path} (replay it with: taroky replay {path}).")
        print("Totals: " + ", ".join(f"seat {i + 1} {format_amount(v.currency, t)}"
                                     for i, t in enumerate(session.totals)))
        if session.over:
            print(session.end_reason)
            return 0
        try:
            again = input("Another hand? [Y/n] ").strip().lower()
        except EOFError:
            return 0
        if again in ("n", "no", "q"):
            return 0


def cmd_duel(args: argparse.Namespace) -> int:
    """Duplicate deals between two computer levels (``bot.ai.duel``)."""
    from bot.ai.duel import DuelLogError, compare, duel, from_logs

    if args.against_log and not args.from_log:
        print("taroky duel: --against-log compares with the duel of --from-log; give both",
              file=sys.stderr)
        return 2
    if args.from_log:
        try:
            logged = from_logs(_log_lines(args.from_log))
            other = from_logs(_log_lines(args.against_log)) if args.against_log else None
            cmp = compare(logged, other) if other is not None else None
        except (CliError, OSError, EOFError, ValueError, KeyError) as e:
            reason = str(e) if isinstance(e, DuelLogError | CliError) else f"{type(e).__name__}: {e}"
            print(f"taroky duel: cannot read the logs: {reason}", file=sys.stderr)
            return 2
        return _print_duel(logged, args, None, None, cmp)
    v = find_variant(args.variant)
    options = parse_options(args.option)
    start = time.perf_counter()
    cpu = time.process_time()
    if args.log:
        check_writable(args.log, "duel log")
    with contextlib.ExitStack() as stack:
        log: TextIO | None = None
        if args.log:
            try:
                log = stack.enter_context(open(args.log, "a", encoding="utf-8"))
            except OSError as e:
                raise CliError(f"cannot write the duel log to {args.log}: {e.strerror or e}") from None
        res = duel(
            v.name, args.a, args.b, args.deals, seed=args.seed, options=options,
            seats=args.seats or v.seat_counts[0], first=args.first, log=log,
            progress=lambda i, n: _progress(i, n, start, "deals"))
    return _print_duel(res, args, time.perf_counter() - start, time.process_time() - cpu)


def _log_lines(paths: Sequence[str]) -> list[str]:
    """The lines of ``taroky duel --log`` files (gzipped ones too)."""
    lines: list[str] = []
    for path in paths:
        with open_regular(path, "duel log") as raw:
            data = gzip.decompress(raw.read()) if path.endswith(".gz") else raw.read()
        lines.extend(io.StringIO(data.decode("utf-8")))
    return lines


def _print_duel(res: DuelResult, args: argparse.Namespace, wall: float | None,
                cpu: float | None, cmp: Comparison | None = None) -> int:
    v = find_variant(res.variant)
    out = res.as_json()
    unit = 100 if v.currency == "czk_hal" else 1
    name = "Kč" if v.currency == "czk_hal" else v.currency
    if cmp is not None:
        out["against"] = {"a": cmp.a, "b": cmp.b, "deals": cmp.deals,
                          "difference_per_hand": round(cmp.mean, 3),
                          "ci95": [round(cmp.mean - cmp.half_width, 3),
                                   round(cmp.mean + cmp.half_width, 3)],
                          "alike": cmp.same}
    # (hands per second by the wall clock and by this process's CPU time: the machine
    # may be shared; a summary of logs has no clock of its own)
    if wall is not None and cpu is not None:
        out["seconds"] = {"wall": round(wall, 2), "cpu": round(cpu, 2)}
    if args.json:
        print(json.dumps(out))
        return 0
    lo, hi = out["ci95"]
    options = ", ".join(f"{k}={json.dumps(x)}" for k, x in sorted(res.options.items()))
    print(f"{v.title}, {res.deals} duplicate deals ({2 * res.deals} hands) of seed {res.seed}, "
          f"{res.a} vs {res.b}" + (f", options {options}" if options else ""))
    print(f"  {res.a} minus {res.b}: {res.mean / unit:+.3f} {name} per hand "
          f"(95 % CI {lo / unit:+.3f} … {hi / unit:+.3f})")
    for who, level in (("a", res.a), ("b", res.b)):
        if not res.times.get(who):
            print(f"  {level}: no decision times (the logs were kept without them)")
            continue
        t = res.time_percentiles(who)
        c = res.time_percentiles(who + "_cpu")
        print(f"  {level}: decision ms p50 {t['p50']}, p95 {t['p95']}, p99 {t['p99']}, "
              f"max {t['max']} ({t['decisions']} decisions); CPU ms p95 {c['p95']}, p99 {c['p99']}")
    if cmp is not None:
        print(f"  against the other logs ({cmp.a} vs {cmp.b}), on the {cmp.deals} deals both "
              f"played: {cmp.mean / unit:+.3f} {name} per hand (95 % CI "
              f"{(cmp.mean - cmp.half_width) / unit:+.3f} … "
              f"{(cmp.mean + cmp.half_width) / unit:+.3f}); alike on {cmp.same} deals")
    if wall is not None and cpu is not None:
        hands = 2 * res.deals
        print(f"  {hands} hands in {wall:.1f} s ({hands / max(wall, 1e-9):.2f} hands/s), "
              f"CPU {cpu:.1f} s ({hands / max(cpu, 1e-9):.2f} hands/s)")
    return 0


def _database_path(args: argparse.Namespace) -> Path:
    """The SQLite database a store command works on: ``--database``, else ``TAROKY_DB``,
    else the bot's default; a PostgreSQL ``DATABASE_URL`` is refused with its route."""
    if args.database:
        return Path(args.database)
    if os.environ.get("DATABASE_URL", "").strip():
        raise BackupError(
            "DATABASE_URL names a PostgreSQL database: back it up with pg_dump -Fc and restore "
            "it with pg_restore (docs/privacy.md shows how), or pass --database for a SQLite file."
        )
    return Path(os.environ.get("TAROKY_DB", "").strip() or DEFAULT_DB_PATH)


def cmd_backup(args: argparse.Namespace) -> int:
    """``taroky backup FILE``: a copy of the SQLite database, safe while the bot runs."""
    summary = backup(_database_path(args), Path(args.file))
    print(f"Backed up the database to {args.file}: {summary.hands} hand(s), "
          f"{summary.ledger_rows} ledger row(s), schema {summary.schema_version}, "
          f"{summary.size_bytes / 1024:.0f} KB.")
    return 0


def cmd_restore(args: argparse.Namespace) -> int:
    """``taroky restore FILE``: the SQLite database replaced by a backup (bot stopped)."""
    database = _database_path(args)
    summary = restore(Path(args.file), database)
    print(f"Restored {database} from {args.file}: {summary.hands} hand(s), "
          f"{summary.ledger_rows} ledger row(s). Start the bot again.")
    return 0


def _store_location(args: argparse.Namespace) -> str | Path:
    """The store ``taroky rate`` and ``taroky analyse`` work on: ``--database`` (a SQLite file or a PostgreSQL
    URL), else ``DATABASE_URL``, else ``TAROKY_DB``, else the bot's default file."""
    if args.database:
        return str(args.database) if is_postgres_url(args.database) else Path(args.database)
    try:
        url = check_database_url(os.environ.get("DATABASE_URL", ""))
    except ConfigError as e:
        raise CliError(str(e)) from None
    return url or Path(os.environ.get("TAROKY_DB", "").strip() or DEFAULT_DB_PATH)


async def _rate(args: argparse.Namespace) -> list[dict[str, Any]]:
    """Recompute every rating set (of ``--guild``) and say, per set, how many stored
    figures the recompute changed (none: the live updates had the same figures)."""
    from bot.store import open_store
    from bot.tables.ratings import outcome_from_history

    location = _store_location(args)
    if isinstance(location, Path) and not location.is_file():
        raise CliError(f"there is no database at {location} (pass --database, or set TAROKY_DB)")
    store = await open_store(location)
    try:
        out = []
        for guild, season, variant in await store.rating_sets(args.guild):
            before = {s.player: s for s in await store.ratings(guild, variant, season)}
            hands = await store.recompute_ratings(guild, season, variant, outcome_from_history)
            after = await store.ratings(guild, variant, season)
            out.append({
                "guild": guild, "season": season, "variant": variant, "hands": hands,
                "players": len(after), "changed": sum(before.get(s.player) != s for s in after),
                "ratings": [{"player": s.player, "rating": s.rating, "mu": s.mu, "sigma": s.sigma,
                             "hands": s.hands, "provisional": s.provisional} for s in after],
            })
        return out
    finally:
        await store.close()


def cmd_rate(args: argparse.Namespace) -> int:
    """``taroky rate``: every rating recomputed from the hand history (docs/review.md)."""
    import asyncio

    sets = asyncio.run(_rate(args))
    if args.json:
        print(json.dumps({"ratings_version": RATINGS_VERSION, "sets": sets}, ensure_ascii=False))
        return 0
    if not sets:
        print("No hands in the store: nothing to rate.")
    for s in sets:
        same = ("the same figures as stored" if not s["changed"]
                else f"{s['changed']} rating(s) differ from those stored, now replaced")
        print(f"Guild {s['guild']}, season {s['season']}, {s['variant']}: {s['hands']} hand(s) rated, "
              f"{s['players']} player(s); {same}.")
        for i, r in enumerate(s["ratings"][:args.top], 1):
            mark = " (provisional)" if r["provisional"] else ""
            print(f"  {i:>3}. {r['player']:<24} {r['rating']:7.2f}  (skill {r['mu']:.2f} ± {r['sigma']:.2f}, "
                  f"{r['hands']} hands){mark}")
    return 0


def cmd_analyse(args: argparse.Namespace) -> int:
    """``taroky analyse``: the analysis queue's counts; ``--worker``: take jobs and store
    their reviews beside the bot processes (until Ctrl-C, or once with ``--once``)."""
    import asyncio
    import socket

    from bot.ai import pool
    from bot.ai.analyst import ANALYSIS_POLL, Analyst
    from bot.ai.review import REVIEW_VERSION, Budget
    from bot.store import open_store
    from bot.store.analysis import OLDER

    async def run() -> int:
        location = _store_location(args)
        if isinstance(location, Path) and not location.exists():
            raise CliError(f"There is no database at {location} (set --database, TAROKY_DB or DATABASE_URL).")
        store = await open_store(location)
        try:
            counts = await store.analysis_backlog(REVIEW_VERSION)
            older = counts.pop(OLDER)
            print("Analysis queue: " + ", ".join(
                f"{n} {state}" + (f" ({older} by an older judge, to be made again)"
                                  if state == "done" and older else "")
                for state, n in counts.items()) + ".", flush=True)
            if not args.worker:
                return 0
            analyst = Analyst(store, f"analyse:{socket.gethostname()}:{os.getpid()}",
                              Budget(playouts=args.playouts))
            try:
                while True:
                    reviewed, failed = analyst.reviewed, analyst.failed
                    if await analyst.catch_up():
                        print(f"Reviewed {analyst.reviewed - reviewed} hand(s)"
                              + (f", {analyst.failed - failed} failed" if analyst.failed > failed else "")
                              + ".", flush=True)
                    if args.once:
                        return 0
                    await asyncio.sleep(ANALYSIS_POLL)
            finally:
                await analyst.stop()
                pool.shutdown()
        finally:
            await store.close()

    return asyncio.run(run())


def _add_store_commands(sub: Any) -> None:
    """The subcommands that work on the bot's SQLite database."""
    where = ("the SQLite database (default: $TAROKY_DB, else data/taroky.sqlite3)")
    bk = sub.add_parser("backup", help="copy the bot's SQLite database to FILE (safe while the bot runs)")
    bk.add_argument("file", metavar="FILE", help="the backup to write (a new file)")
    bk.add_argument("--database", metavar="PATH", help=where)
    bk.set_defaults(func=cmd_backup)
    rs = sub.add_parser("restore", help="replace the bot's SQLite database by a backup (stop the bot first)")
    rs.add_argument("file", metavar="FILE", help="a backup written by 'taroky backup'")
    rs.add_argument("--database", metavar="PATH", help=where)
    rs.set_defaults(func=cmd_restore)
    ra = sub.add_parser("rate", help="recompute every rating from the hand history (safe while the bot runs)")
    ra.add_argument("--database", metavar="PATH_OR_URL",
                    help="a SQLite file or a postgresql:// URL (default: $DATABASE_URL, else $TAROKY_DB, "
                    "else data/taroky.sqlite3)")
    ra.add_argument("--guild", type=whole_arg(1, 2**63 - 1, "the guild id"), metavar="ID",
                    help="only this server's ratings (default: every server's)")
    ra.add_argument("--top", type=whole_arg(0, 1000, "players"), default=10, metavar="N",
                    help="print the N best of each variant (0 to 1,000; default 10)")
    ra.add_argument("--json", action="store_true", help="print every rating as one JSON object")
    ra.set_defaults(func=cmd_rate)
    an = sub.add_parser("analyse", help="the hand analysis queue: its counts, or --worker to review "
                        "the paid hands beside the bot")
    an.add_argument("--worker", action="store_true",
                    help="take jobs from the queue and store their reviews until stopped (Ctrl-C)")
    an.add_argument("--once", action="store_true",
                    help="with --worker: review what waits now, then stop")
    an.add_argument("--playouts", type=whole_arg(10, 1_000_000, "hands played out"), default=4000,
                    help="the review's budget: hands played out per reviewed seat (default 4000)")
    an.add_argument("--database", metavar="PATH_OR_URL",
                    help="the SQLite file or PostgreSQL URL (default: $DATABASE_URL, else $TAROKY_DB, "
                    "else data/taroky.sqlite3)")
    an.set_defaults(func=cmd_analyse)


def variants_help() -> str:
    """The variants, their players and their house-rule options, for ``--help``."""
    lines = ["variants and their options (--variant NAME --option KEY=VALUE):"]
    for v in sorted(set(VARIANTS.values()), key=lambda x: x.name):
        seats = " or ".join(str(n) for n in v.seat_counts)
        lines.append(f"  {v.name:<10} {v.title} ({seats} players)")
        for o in v.option_specs:
            d = o.default
            default = ("true" if d else "false") if isinstance(d, bool) else str(d)
            lines.append(f"      {o.key}={default}  {o.title}")
    return "\n".join(lines)


def build_parser() -> argparse.ArgumentParser:
    """The ``taroky`` command line: every argument with its help text
    (``tests/test_cli.py`` walks the tree to check)."""
    p = argparse.ArgumentParser(
        prog="taroky", description="Taroky without Discord: play in the terminal, replay and verify "
        "hand records, simulate and benchmark the rules engine.",
        epilog=variants_help(), formatter_class=argparse.RawDescriptionHelpFormatter)
    p.add_argument("--version", action="version", version=version_text("taroky"),
                   help="print the version and the engine build, and exit")
    sub = p.add_subparsers(dest="cmd", required=True, metavar="COMMAND",
                           title="commands (taroky COMMAND --help for each)")
    names = sorted(VARIANTS)
    games = sorted({x.name for x in VARIANTS.values()})
    duel_levels = LEVELS + MEASURE_ONLY

    r = sub.add_parser("replay", help="replay a hand record and print its settlement")
    r.add_argument("file", help="a hand record (JSON, e.g. downloaded with /taroky history)")
    r.add_argument("--json", action="store_true", help="print the settlement as one JSON object")
    r.set_defaults(func=cmd_replay)

    v = sub.add_parser("verify", help="check a hand record's deal against its shuffle commitment")
    v.add_argument("file", help="a hand record (JSON) from a table, with its shuffle commitment")
    v.add_argument("--commitment", type=commitment_arg, metavar="HASH",
                   help="the shuffle commitment the table showed before the hand (64 hex digits)")
    v.add_argument("--cut", type=whole_arg(1, 99, "the card the pack was cut at"), metavar="N",
                   help="the card the table showed the pack was cut at (needed when a player chose it)")
    v.set_defaults(func=cmd_verify)

    rv = sub.add_parser("review", help="the strong player's review of a hand record: "
                        "accuracy, luck and the costliest choices of each player")
    rv.add_argument("file", help="a hand record (JSON), e.g. downloaded with /taroky history")
    rv.add_argument("--seat", type=int, action="append", metavar="N",
                    help="review only seat N, counted from 1 (repeatable; default every seat)")
    rv.add_argument("--worlds", type=worlds_arg, default=1.0,
                    help="the share of the strong player's sampled worlds per choice (default 1; "
                    f"above 0, at most {MAX_WORLDS_SHARE:g})")
    rv.add_argument("--json", action="store_true", help="print the review as one JSON object")
    rv.set_defaults(func=cmd_review)

    s = sub.add_parser("simulate", help="play many hands, check the invariants, print the coverage")
    s.add_argument("--variant", default="czech", help=f"one of {', '.join(names)}")
    s.add_argument("--deals", type=deals_arg, default=100, metavar="N",
                   help=f"how many hands to play (1 to {MAX_DEALS:,}; default 100)")
    s.add_argument("--seed", type=int, default=1, help="the seed the deals and choices come from (default 1)")
    s.add_argument("--seats", type=seats_arg, default=0, metavar="N",
                   help="players at the table (default 0: each seat count the variant allows, in turn)")
    s.add_argument("--players", choices=tuple(PLAYERS), default="explore",
                   help="explore (default: reaches every rule), simple, random or heuristic")
    s.add_argument("--default-options", action="store_true",
                   help="play every hand with the variant's default options")
    s.add_argument("--uniform-deals", action="store_true",
                   help="shuffle every pack uniformly (no lumpy packs)")
    s.add_argument("--bids", action="store_true",
                   help="instead: computers of --level in every seat bid the deals of 'taroky duel'; "
                   "print how often each contract is played and nobody bids")
    s.add_argument("--level", choices=LEVELS, default=DEFAULT_LEVEL,
                   help=f"with --bids: the computers' level, {', '.join(LEVELS)} (default {DEFAULT_LEVEL})")
    s.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    s.set_defaults(func=cmd_simulate)

    b = sub.add_parser("bench", help="random full hands per second")
    b.add_argument("--variant", default="czech", help=f"one of {', '.join(names)} (default czech)")
    b.add_argument("--seconds", type=seconds_arg, default=5.0,
                   help=f"how long to play, above 0 and at most {MAX_BENCH_SECONDS:,.0f} (default 5)")
    b.add_argument("--seed", type=int, default=1, help="the seed of the random hands (default 1)")
    b.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    b.set_defaults(func=cmd_bench)

    pl = sub.add_parser(
        "play", help="play in the terminal against computer players",
        description="Play hands in the terminal as seat 1 against computer players. Each turn "
        "lists your choices by number; type 'why' for the rules behind them.",
        epilog=variants_help(), formatter_class=argparse.RawDescriptionHelpFormatter)
    pl.add_argument("--variant", default="czech", choices=games, metavar="VARIANT",
                    help="which game (default czech; the list is below)")
    pl.add_argument("--option", action="append", metavar="KEY=VALUE",
                    help="a house rule of the variant, e.g. throw_in_povinnost=false (repeatable; "
                    "the options are below)")
    pl.add_argument("--players", type=seats_arg, default=0, metavar="N",
                    help="4, or 5 with the dealer sitting out (where the variant allows it)")
    pl.add_argument("--level", choices=LEVELS, default=DEFAULT_LEVEL,
                    help=f"the computer players' level: {', '.join(LEVELS)} (default {DEFAULT_LEVEL}, "
                    "as at a Discord table)")
    pl.add_argument("--save", metavar="FILE",
                    help="write each hand's record as JSON: the first to FILE, hand n to FILE-n "
                    "(replay with 'taroky replay FILE')")
    pl.add_argument("--seed", type=int, default=None, help="deal reproducibly from this seed")
    pl.set_defaults(func=cmd_play)

    du = sub.add_parser("duel", help="duplicate deals between two computer levels: money per hand, 95 %% CI, decision times")
    du.add_argument("--variant", default="czech", help=f"one of {', '.join(names)} (default czech)")
    du.add_argument("--a", default="normal", choices=duel_levels,
                    help=f"the level measured: {', '.join(duel_levels)} (default normal)")
    du.add_argument("--b", default="easy", choices=duel_levels,
                    help=f"the level it is measured against: {', '.join(duel_levels)} (default easy)")
    du.add_argument("--deals", type=deals_arg, default=100, metavar="N",
                    help=f"duplicate deals to play, each twice (1 to {MAX_DEALS:,}; default 100)")
    du.add_argument("--seed", type=int, default=1, help="the seed the deals come from (default 1)")
    du.add_argument("--seats", type=seats_arg, default=0, metavar="N",
                    help="players at the table (default: the variant's usual number)")
    du.add_argument("--option", action="append", metavar="KEY=VALUE",
                    help="a table option, key=value (repeatable)")
    du.add_argument("--first", type=whole_arg(0, 2**62, "the first deal"), default=0, metavar="N",
                    help="the first deal's number (deal N is always the same cards for a seed)")
    du.add_argument("--log", metavar="FILE",
                    help="append one line per finished deal to FILE (resume or split a long duel)")
    du.add_argument("--from-log", metavar="FILE", action="append",
                    help="play nothing: report the duel recorded in these --log files (.gz too)")
    du.add_argument("--against-log", metavar="FILE", action="append",
                    help="with --from-log: also compare, deal by deal, with the duel in these "
                    "logs (the same deals played by another version of a player)")
    du.add_argument("--json", action="store_true", help="print the figures as one JSON object")
    du.set_defaults(func=cmd_duel)
    _add_store_commands(sub)
    return p


def main(argv: Sequence[str] | None = None) -> int:
    """The ``taroky`` console script; returns the exit status.  Every error is one line on
    stderr and a non-zero status: 2 for what it was given, 130 for Ctrl-C."""
    args = build_parser().parse_args(argv)
    try:
        status = int(args.func(args))
        sys.stdout.flush()  # (inside the try: a closed pipe is met here, not at exit)
        return status
    except (TarokyError, CliError, BackupError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        # (on a terminal, after the ^C or a progress bar: start a line of its own)
        print(("\n" if sys.stderr.isatty() else "") + f"taroky {args.cmd}: stopped (Ctrl-C).",
              file=sys.stderr)
        return 130
    except BrokenPipeError:
        # The reader went away (taroky simulate | head): nothing more to say to it; point
        # stdout at nothing so that the interpreter's last flush does not fail again.
        os.dup2(os.open(os.devnull, os.O_WRONLY), sys.stdout.fileno())
        return 1


if __name__ == "__main__":
    raise SystemExit(main())
