"""The ``taroky`` command line: replay, simulate, bench and play — no Discord needed."""

from __future__ import annotations

import argparse
import contextlib
import gzip
import json
import random
import re
import sys
import time
from collections import Counter
from collections.abc import Callable, Sequence
from pathlib import Path
from typing import TYPE_CHECKING, Any

from bot.ai import choose_action
from bot.ai.explore import Chooser, Explorer, Item, coverage_table, hand_coverage, sweep
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
)
from bot.engine.actions import safe_first
from bot.engine.cards import CARD_POINTS, PAGAT, cards_of, say_cards
from bot.engine.game import Event
from bot.engine.invariants import check_finished
from bot.engine.recording import deal_commitment, game_to_record, result_to_json
from bot.engine.rulebook import choice_notes
from bot.engine.scoring import POOL, transfers_from_net
from bot.engine.session import Session
from bot.engine.variants.base import OptionValue, option_value
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
    """A plain legal heuristic for the terminal game and simulations: bid the lowest
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


# --- commands -------------------------------------------------------------------------


#: A hand record is a few kilobytes; these limits refuse a file that cannot be one
#: before reading it whole (issue #15: 100 MB of actions took 1.4 GB of memory).
MAX_RECORD_BYTES = 1_000_000
MAX_RECORD_ACTIONS = 2_000


class BadRecordFile(Exception):
    """A file that is no readable hand record; ``str(error)`` is one sentence."""


def _no_constant(name: str) -> Any:
    raise BadRecordFile(f"the record holds {name}, which is not a number a hand record has")


def load_record(path: str) -> dict[str, Any]:
    """The JSON object in ``path``, or :class:`BadRecordFile` saying why it is none."""
    p = Path(path)
    try:
        if p.is_dir():
            raise BadRecordFile(f"{path} is a directory, not a hand record")
        size = p.stat().st_size
        if size > MAX_RECORD_BYTES:
            raise BadRecordFile(f"{path} has {size:,} bytes; a hand record has at most {MAX_RECORD_BYTES:,}")
        data = p.read_bytes()
    except OSError as e:
        raise BadRecordFile(f"cannot read {path}: {e.strerror or e}") from None
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


def cmd_verify(args: argparse.Namespace) -> int:
    """Check a record's deal against the commitment shown before it was dealt."""
    record, g = replay_file(args.file)
    if g.result is None:
        raise BadRecordFile("the record is incomplete: the hand does not finish")
    commitment = record.get("commitment")
    if not isinstance(commitment, dict) or not isinstance(commitment.get("hash"), str) \
            or not isinstance(commitment.get("salt"), str):
        raise BadRecordFile("the record carries no shuffle commitment (it was not dealt at a table)")
    deck = record.get("deck")
    assert isinstance(deck, list)  # replay_file read it
    expected = deal_commitment([str(c) for c in deck], commitment["salt"])
    if expected != commitment["hash"].lower():
        print(f"MISMATCH: the deck and salt give {expected}, not the committed "
              f"{commitment['hash'][:64]}.", file=sys.stderr)
        return 1
    print(f"The deal matches its commitment {expected}: the deck was fixed before the deal, "
          "and the hands, the talon and the result replay from it.")
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


def cmd_play(args: argparse.Namespace) -> int:
    v = find_variant(args.variant)
    rng = random.Random(args.seed) if args.seed is not None else random.SystemRandom()
    me = 0
    seats = args.players or v.seat_counts[0]
    options = parse_options(args.option)
    bots = simple_chooser(random.Random(args.seed))
    session = Session.begin(v, seats, options, dealer=seats - 1)
    print(f"{v.title}. You are seat 1; seats 2-{seats} are computer players. Type the number "
          "of a choice, 'why' for the rules behind your choices, or 'q' to quit.")
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
                g.act(s, bots(g, s, legal))
                continue
            legal = safe_first(legal)  # (Done / Pass is choice 1)
            print(f"\nYour hand: {_show_hand(g, me)}")
            if g.trick is not None and g.trick.plays:
                print("Trick: " + ", ".join(f"seat {p + 1}: {v.say(c)}" for p, c in g.trick.plays))
            print(g.prompt(me))
            for i, a in enumerate(legal, 1):
                print(f"  {i}. {v.label(a)}")
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
                    g.act(me, legal[int(raw) - 1])
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
            path.write_text(json.dumps(game_to_record(g), ensure_ascii=False, indent=1), encoding="utf-8")
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
        except (OSError, ValueError, KeyError) as e:
            reason = str(e) if isinstance(e, DuelLogError) else f"{type(e).__name__}: {e}"
            print(f"taroky duel: cannot read the logs: {reason}", file=sys.stderr)
            return 2
        return _print_duel(logged, args, None, None, cmp)
    v = find_variant(args.variant)
    options = parse_options(args.option)
    start = time.perf_counter()
    cpu = time.process_time()
    with contextlib.ExitStack() as stack:
        log = stack.enter_context(open(args.log, "a", encoding="utf-8")) if args.log else None
        res = duel(
            v.name, args.a, args.b, args.deals, seed=args.seed, options=options,
            seats=args.seats or v.seat_counts[0], first=args.first, log=log,
            progress=lambda i, n: _progress(i, n, start, "deals"))
    return _print_duel(res, args, time.perf_counter() - start, time.process_time() - cpu)


def _log_lines(paths: Sequence[str]) -> list[str]:
    """The lines of ``taroky duel --log`` files (gzipped ones too)."""
    lines: list[str] = []
    for path in paths:
        opener = gzip.open if path.endswith(".gz") else open
        with opener(path, "rt", encoding="utf-8") as f:
            lines.extend(f)
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


def main(argv: Sequence[str] | None = None) -> int:
    p = argparse.ArgumentParser(
        prog="taroky", description="Taroky without Discord: play in the terminal, replay and verify "
        "hand records, simulate and benchmark the rules engine.",
        epilog=variants_help(), formatter_class=argparse.RawDescriptionHelpFormatter)
    sub = p.add_subparsers(dest="cmd", required=True, metavar="COMMAND",
                           title="commands (taroky COMMAND --help for each)")
    names = sorted(VARIANTS)
    games = sorted({x.name for x in VARIANTS.values()})

    r = sub.add_parser("replay", help="replay a hand record and print its settlement")
    r.add_argument("file")
    r.add_argument("--json", action="store_true")
    r.set_defaults(func=cmd_replay)

    v = sub.add_parser("verify", help="check a hand record's deal against its shuffle commitment")
    v.add_argument("file")
    v.set_defaults(func=cmd_verify)

    s = sub.add_parser("simulate", help="play many hands, check the invariants, print the coverage")
    s.add_argument("--variant", default="czech", help=f"one of {', '.join(names)}")
    s.add_argument("--deals", type=int, default=100)
    s.add_argument("--seed", type=int, default=1)
    s.add_argument("--seats", type=int, default=0)
    s.add_argument("--players", choices=tuple(PLAYERS), default="explore",
                   help="explore (default: reaches every rule), simple, random or heuristic")
    s.add_argument("--default-options", action="store_true",
                   help="play every hand with the variant's default options")
    s.add_argument("--uniform-deals", action="store_true",
                   help="shuffle every pack uniformly (no lumpy packs)")
    s.add_argument("--json", action="store_true")
    s.set_defaults(func=cmd_simulate)

    b = sub.add_parser("bench", help="random full hands per second")
    b.add_argument("--variant", default="czech")
    b.add_argument("--seconds", type=float, default=5.0)
    b.add_argument("--seed", type=int, default=1)
    b.add_argument("--json", action="store_true")
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
    pl.add_argument("--players", type=int, default=0, metavar="N",
                    help="4, or 5 with the dealer sitting out (where the variant allows it)")
    pl.add_argument("--save", metavar="FILE",
                    help="write each hand's record as JSON: the first to FILE, hand n to FILE-n "
                    "(replay with 'taroky replay FILE')")
    pl.add_argument("--seed", type=int, default=None, help="deal reproducibly from this seed")
    pl.set_defaults(func=cmd_play)

    du = sub.add_parser("duel", help="duplicate deals between two computer levels: money per hand, 95 %% CI, decision times")
    du.add_argument("--variant", default="czech")
    du.add_argument("--a", default="normal", help="easy, normal, strong or random")
    du.add_argument("--b", default="easy")
    du.add_argument("--deals", type=int, default=100)
    du.add_argument("--seed", type=int, default=1)
    du.add_argument("--seats", type=int, default=0, help="players at the table (default: the variant's usual number)")
    du.add_argument("--option", action="append", help="a table option, key=value (repeatable)")
    du.add_argument("--first", type=int, default=0,
                    help="the first deal's number (deal N is always the same cards for a seed)")
    du.add_argument("--log", metavar="FILE",
                    help="append one line per finished deal to FILE (resume or split a long duel)")
    du.add_argument("--from-log", metavar="FILE", action="append",
                    help="play nothing: report the duel recorded in these --log files (.gz too)")
    du.add_argument("--against-log", metavar="FILE", action="append",
                    help="with --from-log: also compare, deal by deal, with the duel in these "
                    "logs (the same deals played by another version of a player)")
    du.add_argument("--json", action="store_true")
    du.set_defaults(func=cmd_duel)

    args = p.parse_args(argv)
    try:
        return int(args.func(args))
    except (TarokyError, BadRecordFile) as e:
        print(f"error: {e}", file=sys.stderr)
        return 2


if __name__ == "__main__":
    raise SystemExit(main())
