"""How often a computer player takes a trick from its own partner.

    .venv/bin/python benchmarks/ai_partner.py [--deals N] [--players 4] [--player FILE]
    .venv/bin/python benchmarks/ai_partner.py --level strong [--deals N] [--variant V]

Plays N seeded deals (default 400) per variant with the computer player in every seat and
counts, at each card it plays to a trick that a partner is winning and where it holds a
legal card that would leave the partner winning:

* known — the partner is one its view shows (``PlayerView.my_partner``, or a fellow
  defender the normal player reads from the view, ``bot.ai.normal.teammates``);
* any — the partner is any true teammate (hidden state, read here only to measure: the
  player may not know it, e.g. the opponents of a bidder whose partner is still secret).

``overtook`` is how many of those plays took the trick anyway.  ``--player FILE`` loads
``choose_action`` from another module file (e.g. an old copy, to compare before and after).
``--level L`` measures a level of ``bot.ai.players`` instead; the hands are then played by
the normal player and the level is asked only where a partner is winning (so the strong
player's search runs only there and every level meets the same positions).
Who wins a trick is the engine's ``Variant.trick_winner``.  Czech hands are played out
(the option that settles a quiet povinnost without play, CZ-10, is off) so that there are
tricks to count.  No timing, no assertions.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Protocol

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bot.engine import VARIANTS, Action, Game, Kind, find_variant, new_game, seeded_rng  # noqa: E402


class _Choice(Protocol):
    @property
    def action(self) -> Action: ...


Player = Callable[[Game, int], _Choice]

#: Options per variant: play every Czech hand out (CZ-10 off), else few tricks are played.
OPTIONS: dict[str, dict[str, bool]] = {"czech": {"throw_in_povinnost": False}}


@dataclass
class Tally:
    """Plays to a partner's winning trick with a lower card allowed, and overtakes."""

    known_chances: int = 0
    known_overtook: int = 0
    any_chances: int = 0
    any_overtook: int = 0
    hands: int = 0
    plays: int = 0


def load_player(path: str | None) -> Player:
    """``choose_action`` of ``bot.ai`` or of the module file at ``path``."""
    if path is None:
        from bot.ai import choose_action

        return choose_action
    spec = importlib.util.spec_from_file_location("ai_under_test", path)
    assert spec is not None and spec.loader is not None, f"cannot load {path}"
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # (dataclasses look their module up while it loads)
    spec.loader.exec_module(module)
    player: Player = module.choose_action
    return player


def measure_play(game: Game, seat: int, action: Action, tally: Tally) -> None:
    """Count ``seat`` playing ``action`` if a partner was winning the trick."""
    view = game.view_for(seat)
    if not view.trick:
        return
    variant = game.variant
    leader = variant.trick_winner(view.trick)
    if leader == seat:
        return

    def takes(a: Action) -> bool:
        return variant.trick_winner((*view.trick, (seat, a.card))) == seat

    plays = [a for a in game.legal_actions(seat) if a.kind is Kind.PLAY]
    if all(takes(a) for a in plays):
        return  # every allowed card takes the trick: nothing to choose
    overtook = takes(action)
    from bot.ai.normal import teammates

    if leader == view.my_partner or leader in (teammates(view) or ()):
        tally.known_chances += 1
        tally.known_overtook += overtook
    if leader in game.side_of(seat):
        tally.any_chances += 1
        tally.any_overtook += overtook


def run(variant: str, deals: int, players: int, player: Player, level: str | None = None) -> Tally:
    """Play ``deals`` seeded deals of ``variant`` and tally the partner overtakes (with
    ``level``: hands played by the normal player, ``level`` asked at each chance)."""
    from bot.ai.players import choose_level, decision_seed

    tally = Tally()
    for deal in range(deals):
        game = new_game(variant, players, deal % players, dict(OPTIONS.get(variant, {})),
                        seeded_rng(f"{variant}-{deal}"))
        step = 0
        while game.to_act is not None:
            seat = game.to_act
            step += 1
            if level is None:
                action = player(game, seat).action
            else:
                action = choose_level("normal", game, seat).action
                if action.kind is Kind.PLAY and _chance(game, seat):
                    asked = choose_level(level, game, seat, decision_seed(deal, step)).action
                    tally.plays += 1
                    measure_play(game, seat, asked, tally)
                game.act(seat, action)
                continue
            if action.kind is Kind.PLAY:
                tally.plays += 1
                measure_play(game, seat, action, tally)
            game.act(seat, action)
        tally.hands += 1
    return tally


def _chance(game: Game, seat: int) -> bool:
    """Whether a teammate of ``seat`` is winning the trick (hidden state, for measuring)."""
    t = game.view_for(seat).trick
    return bool(t) and game.variant.trick_winner(t) in game.side_of(seat) \
        and game.variant.trick_winner(t) != seat


def main(argv: list[str] | None = None) -> int:
    """Run every variant and print a table."""
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--deals", type=int, default=400, help="deals per variant (default 400)")
    parser.add_argument("--players", type=int, default=4, help="seats at the table (default 4)")
    parser.add_argument("--player", default=None, help="a module file with choose_action (default bot.ai)")
    parser.add_argument("--level", default=None, help="a level of bot.ai.players (easy, normal, strong)")
    parser.add_argument("--variant", action="append", default=None, help="only this variant (repeatable)")
    args = parser.parse_args(argv)
    player = load_player(args.player)
    who = f"level {args.level} (hands by normal)" if args.level else (args.player or "bot.ai")
    print(f"{args.deals} deals per variant, {args.players} players, player: {who}")
    print(f"{'variant':<10} {'card plays':>10}  {'known partner: chances':>22} {'overtook':>8}"
          f"  {'any teammate: chances':>21} {'overtook':>8}")
    for name in args.variant or VARIANTS:
        seats = args.players if args.players in find_variant(name).seat_counts \
            else find_variant(name).seat_counts[0]
        t = run(name, args.deals, seats, player, args.level)
        print(f"{name:<10} {t.plays:>10}  {t.known_chances:>22} {t.known_overtook:>8}"
              f"  {t.any_chances:>21} {t.any_overtook:>8}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
