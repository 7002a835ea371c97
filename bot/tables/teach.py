"""Teach mode's house rules: what a table in teach mode plays by, and what the hand would
have paid under the table's usual rules.

A variant lists in ``Variant.teach_options`` the house rules that make every hand reach
the tricks (Czech: a quiet povinnost is played out rather than settled without play).  A
table in teach mode plays by them unless its host chose otherwise; at the end of such a
hand, :func:`usual_outcome` replays the same deal and choices under the variant's usual
rule, so the summary can say what the hand would have paid there.
"""

from __future__ import annotations

from bot.engine import Game, HandResult, OptionValue, Variant, find_variant


def teach_overrides(variant: Variant, chosen: dict[str, OptionValue]) -> dict[str, OptionValue]:
    """The teach-mode house rules of ``variant`` that the host did not choose."""
    keys = {o.key for o in variant.option_specs}
    return {k: v for k, v in variant.teach_options.items() if k in keys and k not in chosen}


def table_options(variant_name: str, chosen: dict[str, OptionValue], teach: bool) -> dict[str, OptionValue]:
    """The house rules a table plays by: the host's, and in teach mode the variant's
    teach-mode rules where the host chose nothing."""
    if not teach:
        return dict(chosen)
    return {**teach_overrides(find_variant(variant_name), chosen), **chosen}


def usual_outcome(game: Game, chosen: dict[str, OptionValue]) -> HandResult | None:
    """The result of ``game``'s deal and choices under the variant's usual rules (teach
    mode's overrides back at their defaults), when that hand would have ended earlier —
    a quiet povinnost settled without play; None when it would have gone the same way."""
    v = game.variant
    overrides = teach_overrides(v, chosen)
    if not overrides:
        return None
    defaults = {o.key: o.default for o in v.option_specs}
    options = {**game.options, **{k: defaults[k] for k in overrides}}
    if options == game.options:
        return None
    usual = Game(v, game.num_seats, game.dealer, options, None, game.deck, game.first_of_session,
                 game.pool, game.stake)
    for seat, action in game.history:
        if usual.is_over:
            break
        if not usual.can(seat, action):
            return None  # the usual rules part ways with this hand before its end
        usual.act(seat, action)
    if not usual.is_over or usual.result is None or len(usual.tricks) >= len(game.tricks):
        return None
    return usual.result


__all__ = ["table_options", "teach_overrides", "usual_outcome"]
