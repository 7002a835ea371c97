"""A hand review in words, for the terminal (``taroky review FILE``).

English, like the rest of the command line; cards in the variant's words and symbols
(``Variant.say``), players by name (the record's ``players``, else "Seat N"), and every
figure with its unit.  The Discord review will say the same through the i18n catalogs.
"""

from __future__ import annotations

from bot.ai import reasons as R
from bot.ai.review import Decision, HandReview, Judgement, SeatReview
from bot.engine import Action, Kind, find_variant, parse_action, parse_card

__all__ = ["money_text", "review_lines"]

_PLURAL = {Judgement.GOOD: "good", Judgement.INACCURACY: "inaccuracies",
           Judgement.MISTAKE: "mistakes", Judgement.BLUNDER: "blunders"}


def money_text(currency: str, amount: float, sign: bool = False) -> str:
    """An amount in the currency's smallest unit, with its unit ("Kč 1.25", "1.6 chips")."""
    s = "+" if sign and amount > 0 else ("−" if amount < 0 else "")
    a = abs(amount)
    if currency == "czk_hal":
        return f"{s}Kč {a / 100:.2f}"
    unit = {"chips": "chip", "points": "point"}.get(currency, currency)
    text = f"{a:.1f}".removesuffix(".0")
    return f"{s}{text} {unit}{'' if text == '1' else 's'}"


def choice_text(variant: str, a: Action) -> str:
    """A choice in words, inside a sentence, as its button names it (issue #31, one word
    for one action): "play K♥", "bid Four", "pass", 'say "Done"', "discard 10♣"."""
    v = find_variant(variant)
    if a.kind is Kind.PLAY:
        return "play " + R.say(v, a.card)
    if a.kind is Kind.DONE:
        return f'say "{R.verb(v, a)}"'
    text = R.verb(v, a)
    return text[:1].lower() + text[1:]


def _moment(review: HandReview, d: Decision, names: dict[int, str]) -> str:
    v = find_variant(review.variant)
    if d.phase != "play":
        return {"auction": "In the auction", "announce": "In the announcements",
                "talon": "At the talon", "call": "At the call"}.get(d.phase, f"In the {d.phase}")
    head = f"Trick {d.tricks_done + 1}"
    if not d.trick:
        return f"{head}, leading"
    plays = ", ".join(f"{names.get(s, R.seat_name(s))} {R.say(v, parse_card(c))}"
                      for s, c in d.trick)
    return f"{head}, after {plays}"


def _decision_line(review: HandReview, d: Decision, names: dict[int, str], name: str) -> str:
    cur = review.currency
    chosen = next(o for o in d.options if o.action == d.chosen)
    best = d.options[0]
    return (f"{_moment(review, d, names)}: {name} chose to "
            f"{choice_text(review.variant, parse_action(d.chosen))} "
            f"(expected {money_text(cur, chosen.money, sign=True)}); the strong player prefers to "
            f"{choice_text(review.variant, parse_action(best.action))} "
            f"(expected {money_text(cur, best.money, sign=True)}): it cost "
            f"{money_text(cur, d.cost)}, {'an' if d.judgement is Judgement.INACCURACY else 'a'} "
            f"{d.judgement.value}.")


def _seat_lines(review: HandReview, s: SeatReview, names: dict[int, str]) -> list[str]:
    cur = review.currency
    name = names[s.seat]
    acc = "no choice to judge" if s.accuracy is None else f"accuracy {s.accuracy:.0f} %"
    out = [f"{name}: {acc}; money {money_text(cur, s.money, sign=True)}, luck "
           f"{money_text(cur, s.luck, sign=True)}, play {money_text(cur, s.play, sign=True)}."]
    counts = ", ".join(f"{s.count(j)} {_PLURAL[j] if s.count(j) != 1 else j.value}"
                       for j in Judgement)
    extra = [f"{s.forced} forced"]
    if s.unjudged:
        extra.append(f"{s.unjudged} not judged")
    if s.over_budget:
        extra.append(f"{s.over_budget} over the time budget")
    out.append(f"  {len(s.decisions)} choices judged: {counts} ({', '.join(extra)}).")
    for d in s.costliest(3):
        if d.judgement is not Judgement.GOOD:
            out.append("  " + _decision_line(review, d, names, name))
    return out


def review_lines(review: HandReview, names: list[str] | None = None) -> list[str]:
    """The review as lines of text for people."""
    v = find_variant(review.variant)
    by_seat = {s.seat: (s.name or R.seat_name(s.seat)) for s in review.seats}
    if names is not None:
        by_seat |= {i: n for i, n in enumerate(names) if i not in by_seat}
    out = [f"Review of a hand of {v.title}, judged by the strong player "
           f"(a typical stake is {money_text(review.currency, review.typical)})."]
    for s in review.seats:
        out += _seat_lines(review, s, by_seat)
    out.append("Accuracy: 100 % when every choice was as good as the strong player's best. "
               "Luck: what the cards were worth to the seat, the money it would have made had "
               "every seat been the normal computer player. Play: money minus luck. A cost counts "
               "only the part of the difference between two choices that the sampled deals "
               "show for sure.")
    return out
