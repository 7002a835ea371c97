"""Text for ``/taroky rules [topic]``: each phase and term, with a small example.

If the engine's variant offers its own rules (``variant.rules`` as a mapping of
topic to text), those win; otherwise the Czech Taroky texts below are used.
"""

from __future__ import annotations

from typing import Any

TOPICS: dict[str, str] = {
    "overview": (
        "**Taroky** is a trick-taking game for 4 players (5 with a sitting-out dealer) with a "
        "54-card pack: 22 taroky (trumps I–XXI and the škýz) and 32 suit cards. Each hand has an "
        "auction, maybe a called partner and the talon, announcements, then 12 tricks. The side "
        "that wins more than half the card points (36 of 70) wins the game.\n"
        "*Example:* you hold XXI, XIX, XV, VII, the king of hearts… — a strong hand worth bidding."
    ),
    "auction": (
        "**Auction (bidding)** — starting with forehand, each player bids a contract or passes; "
        "the highest bid becomes the declarer. Your panel shows only the bids you may make now.\n"
        "*Example:* forehand bids the lowest game, you pass, the next player passes: forehand "
        "declares."
    ),
    "call": (
        "**Calling a partner** — the declarer names a card (usually a king or a high tarok) they "
        "do not hold; whoever holds it is their secret partner until it is played.\n"
        "*Example:* the declarer calls XIX; you hold XIX, so you play with the declarer, silently."
    ),
    "talon": (
        "**Talon** — the six cards dealt face down. The declarer takes some or all of them into "
        "the hand; cards the declarer does not take may be shown to everyone.\n"
        "*Example:* the declarer draws four talon cards; the other two are exposed on the table."
    ),
    "discard": (
        "**Discarding** — after taking talon cards you put the same number away face down. "
        "Kings and honours (škýz, mond, pagát) may not be discarded, and taroky only when you "
        "have nothing else; a discarded tarok is shown to everyone.\n"
        "*Example:* you took two cards, so you discard two: the 7 of clubs and the 8 of clubs."
    ),
    "announcements": (
        "**Announcements** — before the first trick players may announce bonuses (for example "
        "pagát ultimo: winning the last trick with the pagát) and double the opponents' claims. "
        "Announced bonuses count double, and lost announcements cost you.\n"
        "*Example:* holding the pagát and many taroky you announce pagát; the opponents double."
    ),
    "play": (
        "**Play** — forehand leads. You must follow suit; if you cannot, you must play a tarok; "
        "only if you have neither may you play any card. In Czech Taroky you must also beat the "
        "trick when you can. The highest tarok wins, otherwise the highest card of the led suit.\n"
        "*Example:* spades are led, you have no spades: you must play a tarok, even the pagát "
        "if it is your only one."
    ),
    "scoring": (
        "**Scoring** — cards are counted in threes: kings and honours 5, queens 4, riders 3, "
        "jacks 2, the rest 1, minus 2 per full group of three — 70 points in all. The game and "
        "each bonus pay a fixed amount per opponent; doubling multiplies it. The table shows "
        "every payment and the balances after each hand.\n"
        "*Example:* the declarer's side takes 40 points: it wins the game and collects from "
        "each opponent."
    ),
    "pagát": (
        "**Pagát** — tarok I, the lowest trump but worth 5 points. Capturing it hurts; winning "
        "the last trick with it (pagát ultimo) is a bonus. Keep it for the last trick if you can.\n"
        "*Example:* you hold the pagát and XX at the end: play XX first, the pagát last."
    ),
    "škýz": "**Škýz** — the highest tarok (the 'Excuse', XXII); worth 5 points and never beaten.",
    "mond": "**Mond** — tarok XXI, the second highest; worth 5 points; losing it to the škýz costs extra.",
    "trul": "**Trul** — škýz, mond and pagát together: the three honours. Holding or taking all three may earn a bonus.",
    "valát": "**Valát** — winning all twelve tricks; it replaces every other score of the hand.",
    "forehand": "**Forehand** — the player after the dealer: first to bid and first to lead.",
    "dealer": (
        "**Dealer** — deals and, at a five-player table, sits out the hand. The deal passes to "
        "the next player after each hand."
    ),
    "why": (
        "**Why can't I play that?** — click **Why?** on your panel: it explains, in terms of the "
        "rule, why the other cards or bids are not allowed now."
    ),
}


def rules_topics() -> list[str]:
    return list(TOPICS)


def _variant_rules(variant: str) -> dict[str, str]:
    try:
        from bot.engine import find_variant

        v: Any = find_variant(variant)
    except Exception:
        return {}
    rules = getattr(v, "rules", None)
    return dict(rules) if isinstance(rules, dict) else {}


def rules_text(variant: str, topic: str | None) -> str:
    """The text for one topic, or the list of topics when ``topic`` is empty or unknown."""
    topics = {**TOPICS, **_variant_rules(variant)}
    if topic:
        key = topic.strip().lower()
        aliases = {"pagat": "pagát", "skyz": "škýz", "valat": "valát", "bidding": "auction",
                   "partner": "call", "tricks": "play", "points": "scoring", "bonuses": "announcements"}
        key = aliases.get(key, key)
        if key in topics:
            return topics[key][:2000]
        return f"I have no page about '{topic}'. Topics: {', '.join(topics)}."
    return (
        topics["overview"]
        + "\n\nMore with `/taroky rules topic:<name>` — topics: "
        + ", ".join(t for t in topics if t != "overview")
        + "."
    )[:2000]
