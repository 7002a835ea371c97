"""The words a table shows players: cards in words and symbols, players by name.

Every text a table prints goes through here, so that a player reads the same name for a
card, a choice and a player everywhere (buttons, selects, the panel, the table message,
Why?, Hint, the summary):

* :func:`say` names a card in the table's variant's words (``cards.say_card``: ``XIX``,
  ``Škýz``, ``K♥ king``, ``A♦`` or ``1♦``); :func:`hand_text` lists a hand sorted as the
  hand picture sorts it;
* :func:`label` is the text of a choice's button;
* :func:`named` puts the players' names into the engine's sentences, which speak of seats
  ("Seat 2 has bid Four" becomes "Bětka (computer) has bid Four").

Nothing here reads a player's hidden cards: callers pass what the player may see.
"""

from __future__ import annotations

import re
from collections.abc import Iterable
from functools import cache, lru_cache

from bot.engine import (
    VARIANTS,
    Action,
    Card,
    HandResult,
    Kind,
    Phase,
    PlayerView,
    Variant,
    find_variant,
    parse_action,
)
from bot.engine.actions import TITLES, action_label, term
from bot.engine.cards import say_card
from bot.engine.rulebook import choice_notes, topic_names, topics
from bot.i18n import Text
from bot.tables.table import PLAYING, Table
from rendering.faces import sort_hand


def public_text(table: Table) -> Text:
    """The language of the table's public message, picture and summaries: the server's
    (``Table.public_text``)."""
    return table.public_text()


def seat_text(table: Table, seat: int | None) -> Text:
    """The language of ``seat``'s panel, hand picture and replies (``Table.seat_text``)."""
    return table.seat_text(seat)


def variant_of(table: Table) -> Variant:
    """The table's variant (its game's, once a hand is dealt)."""
    return table.game.variant if table.game is not None else find_variant(table.config.variant)


def say(table: Table, card: Card, *, long: bool = False, t: Text) -> str:
    """``card`` named for a player in the table's variant's words (a long name's word,
    "K♥ king", in ``t``'s language)."""
    return _said(variant_of(table), card, long, t)


#: Cards in words kept (``_said``): every card of every variant, short and long, in
#: every language is about 4,300.
CARD_TEXTS = 8192


@lru_cache(maxsize=CARD_TEXTS)
def _said(variant: Variant, card: Card, long: bool, t: Text) -> str:
    """``say``, kept: the table message and both panels name the cards of the trick, the
    last trick and the talon again at every change (a card's name took 8 µs of a
    panel's 110-160).  The key is everything the name depends on: the variant (its card
    words), the card, the long form and the reader's language."""
    return say_card(card, variant.card_words, long=long, t=t)


def cards_text(table: Table, cards: Iterable[Card], *, sort: bool = False, t: Text) -> str:
    """Cards named for a player, in the given order (or ``sort``: as the hand picture), in
    ``t``'s words (the škýz is "Skiż" to a Polish reader)."""
    v = variant_of(table)
    seq = sort_hand(cards, v.red_ace_high) if sort else list(cards)
    return " ".join(_said(v, c, False, t) for c in seq) or "—"


def hand_text(table: Table, cards: Iterable[Card], t: Text) -> str:
    """A hand as the picture shows it: taroky high to low, then the suits, strongest first."""
    return _hand_text(variant_of(table), tuple(cards), t)


#: Hands in words kept (``_hand_text``): a few per open panel.
HAND_TEXTS = 4096


@lru_cache(maxsize=HAND_TEXTS)
def _hand_text(variant: Variant, cards: tuple[Card, ...], t: Text) -> str:
    """``hand_text``, kept: a panel is drawn again at every change of its table (both
    humans' panels, and again for a late picture) while its hand stands, and sorting and
    naming the hand was a fifth of drawing a panel (session 37's profile).  The key is
    everything the words depend on: the variant (its card words and ace order), the
    cards in the order given and the reader's language."""
    return " ".join(say_card(c, variant.card_words, t=t) for c in sort_hand(cards, variant.red_ace_high)) or "—"


def label(table: Table, action: Action, t: Text | None = None) -> str:
    """The button text of ``action`` (its card in the variant's words), in ``t``'s
    language (English when none is given)."""
    return variant_of(table).label(action, t or Text())


def bid_label(action: Action, t: Text | None = None) -> str:
    """A bid as the public view lists it (``PlayerView.bids``), in ``t``'s language."""
    return action_label(action, t=t or Text())


def game_term(text: str, t: Text | None = None) -> str:
    """One of the engine's game terms (a contract's, bonus's or declaration's title, a
    doubling word) in ``t``'s language; a text that is no term stays as it is."""
    return term(text, t or Text())


def _terms(variant: Variant) -> set[str]:
    """The game terms of ``variant`` (as ``tools.catalogs`` collects them)."""
    out = set(TITLES.values()) | {c.title for c in variant.contracts.values()}
    out |= {w for w in variant.double_words if w}
    out |= {variant.title_of(name) for name in (*TITLES, *variant.contracts, "game")}
    return out


def announcement_text(table: Table, text: str, t: Text | None = None) -> str:
    """A line of the engine's announcement log (``PlayerView.announcements``: a game term,
    a doubling word with its term, "Flek (Pagát)", or a term with the contract that made
    it, "Pagát (druhá povinnost)") in ``t``'s language: each game term said as the catalog
    says it; a line that is not made of terms stays as the engine wrote it."""
    if t is None or t.lang == "en":
        return text
    terms = _terms(variant_of(table))
    if text in terms:
        return game_term(text, t)
    head, sep, rest = text.partition(" (")
    if not (sep and rest.endswith(")") and head in terms):
        return text
    inner = rest[:-1]
    if inner in terms:
        inner = game_term(inner, t)
    elif inner == "by the bid":  # (Polish: the pagat announced by the bid, PL-10)
        inner = t._("by the bid")
    else:
        lower = {term_.lower(): term_ for term_ in terms}
        if inner in lower:  # (a contract's title written in lower case)
            inner = game_term(lower[inner], t).lower()
    return f"{game_term(head, t)} ({inner})"


def contract_text(table: Table, contract: str | None, t: Text | None = None) -> str:
    """The contract as the public view names it (``PlayerView.contract``), its title in
    ``t``'s language (the engine adds a level to some: "Trojka, level 2")."""
    if not contract:
        return ""
    game = table.game
    if game is not None and game.contract is not None and contract == game.variant.contract_title(game):
        return game.variant.contract_title(game, t or Text()) or contract  # (said by the engine)
    title = game.contract.title if game is not None and game.contract is not None else None
    if title and contract.startswith(title):
        return game_term(title, t) + contract[len(title):]
    return game_term(contract, t)


def prompt_text(table: Table, seat: int | None, t: Text | None = None) -> str:
    """The engine's prompt for ``seat`` (None: the public one), as ``PlayerView.prompt``
    says it, in ``t``'s language; "" without a hand."""
    game = table.game
    if game is None:
        return ""
    if seat is not None and 0 <= seat < game.num_seats:
        return game.prompt(seat, t or Text())
    return game.variant.public_prompt(game, t or Text())


def bids_of(table: Table, bids: Iterable[tuple[int, str]], t: Text | None = None) -> list[tuple[int, str]]:
    """The bids of a view (``PlayerView.bids``: seat and English label) in ``t``'s
    language, said again from the game's own bids."""
    out = list(bids)
    game = table.game
    if game is not None and len(game.bids) == len(out):
        return [(seat, bid_label(action, t)) for seat, action in game.bids]
    return out


def phase_name(phase: str, t: Text | None = None) -> str:
    """The name of a phase of the hand (``PlayerView.phase``, the engine's code)."""
    t = t or Text()
    names = {
        Phase.RITUAL: t.pgettext("phase", "cut and deal"),
        Phase.THROW_IN: t.pgettext("phase", "throw-in"),
        Phase.AUCTION: t.pgettext("phase", "auction"),
        Phase.CALL: t.pgettext("phase", "call"),
        Phase.TALON: t.pgettext("phase", "talon"),
        Phase.SURRENDER: t.pgettext("phase", "surrender"),
        Phase.DISCARD: t.pgettext("phase", "discard"),
        Phase.ANNOUNCE: t.pgettext("phase", "announce"),
        Phase.PLAY: t.pgettext("phase", "play"),
        Phase.FINISHED: t.pgettext("phase", "finished"),
    }
    return names.get(Phase(phase), phase) if phase in {p.value for p in Phase} else phase


def side_label(label: str, t: Text | None = None) -> str:
    """A card-points side of a hand's result (a key of ``HandResult.card_points``: the
    engine's "Bidder's side", "Declarer's side", "Opponents", or a seat's placeholder) in
    ``t``'s language; put names in with :func:`named`."""
    t = t or Text()
    said = {"Bidder's side": t._("Bidder's side"), "Declarer's side": t._("Declarer's side"),
            "Opponents": t._("Opponents")}
    return said.get(label, label)


def points_text(result: HandResult, side: str, t: Text | None = None) -> str:
    """What ``side`` counted (``HandResult.points_text``) in ``t``'s language: "36 card
    points", or where the variant counts cards too (Heun) "35 points and 1 card"."""
    t = t or Text()
    count = result.card_counts.get(side)
    if count is None:
        return t._("{n} card points", n=t.number(result.card_points[side]))
    points, cards = count
    told = t.ngettext("{n} point", "{n} points", points)
    if cards:
        told = t._("{points} and {cards}", points=told, cards=t.ngettext("{n} card", "{n} cards", cards))
    return told


def named(table: Table, text: str) -> str:
    """An engine sentence with every "Seat N" replaced by that seat's player's name
    (``Table.named``)."""
    return table.named(text)




def doubles_text(variant: Variant, doubles: Iterable[tuple[str, int]], t: Text | None = None) -> list[str]:
    """The doubling in force, one line per level, highest first, in the variant's words
    and as the multiplier: "Reflek ×4: the game", "Flek ×2: Pagát, Valát".  The table
    message and the table picture both show these lines."""
    t = t or Text()
    words = [term(w, t) for w in variant.double_words if w]
    by_level: dict[int, list[str]] = {}
    for name, level in doubles:
        if level > 0:
            by_level.setdefault(level, []).append(variant.title_of(name, t))
    out = []
    for level in sorted(by_level, reverse=True):
        word = words[level - 1] if level <= len(words) else t._("Doubled")
        out.append(f"{word} ×{2 ** level}: {', '.join(by_level[level])}")
    return out


def why_text(table: Table, seat: int) -> str:
    """Why? for ``seat`` now: the rules that close some choices (``Game.explain``), the
    trick as it stands, and what each choice in front of the player commits them to, from
    the variant's glossary (amounts with units).  Call it with the table lock held."""
    game = table.game
    t = seat_text(table, seat)
    if game is None:
        return t._("There is no hand in play.")
    if game.to_act != seat:
        if game.to_act is None:
            return t._("It is not your turn, so there is nothing for you to decide now.")
        return t._("It is not your turn, so there is nothing for you to decide now: the table waits for {name}.",
                   name=table.seat_name(game.to_act))
    view = game.view_for(seat)
    parts = [named(table, game.explain(seat, t))]
    prompt = named(table, game.prompt(seat, t))
    if parts[0].startswith(prompt) and prompt:  # (the prompt is on the panel already)
        parts[0] = parts[0][len(prompt):].strip()
    if game.phase is Phase.PLAY and view.trick:
        winner = game.variant.trick_winner(view.trick)
        card = next(c for s, c in view.trick if s == winner)
        if winner == seat:
            parts.append(t._("So far your {card} wins this trick.", card=say(table, card, t=t)))
        else:
            parts.append(t._("So far {card}, played by {name}, wins this trick.", card=say(table, card, t=t),
                             name=table.seat_name(winner)))
    shown = table.offered(seat)  # (the panel's choices: a lesson may leave some out, and says why)
    withheld = table.withheld_note(seat, t)
    if withheld is not None:
        parts.append(withheld)
    notes = choice_notes(game.variant, shown, dict(view.doubles), lambda a: label(table, a, t), t)
    ordered: list[str] = []
    for a in shown:  # in the panel's order, with what a promise or double would cost
        head = f"**{label(table, a, t)}**"
        note = next((n for n in notes if n.startswith(head)), None)
        stake = stake_text(table, seat, a)
        if note is not None:
            notes.remove(note)
            ordered.append(note if stake is None else f"{note.rstrip('.')}; {stake}.")
        elif stake is not None:
            ordered.append(f"{head} — {stake}.")
    notes = ordered + notes
    if notes:
        parts.append(t._("What your choices mean:") + "\n" + "\n".join(f"• {n}" for n in notes))
    pointer = rules_pointer(table, [prompt, *parts], t)  # (the panel's prompt's terms too)
    return "\n".join(p for p in [*parts, pointer] if p)


#: Glossary topics that are everyday words rather than a variant's jargon (no pointer):
#: the roles, the plain choices, the units, and the game's own name for its trumps.
PLAIN_TOPICS = frozenset({
    "declarer", "bidder", "partner", "king", "surrender", "play on", "throw in", "hold", "draw",
    "don't draw", "level", "chips", "pot", "game points", "1", "21", "kč", "haléř", "take back",
    "talon group", "annul", "basic score", "combinations", "honour", "taroky", "taroki", "tarok",
})


@cache
def _jargon(variant: Variant) -> tuple[tuple[str, str], ...]:
    """The glossary topics of ``variant`` that are its own jargon (not in every variant's
    glossary, not everyday words), each with its game term's title if it is one (a
    contract, bonus or declaration, "Five Over": matched only as the title is written, so
    that the plain number "five" is not taken for it), else ""."""
    common = set.intersection(*(set(v.glossary) for v in VARIANTS.values()))
    titles = {x.lower(): x for x in _terms(variant)}
    return tuple((key, titles.get(key, "")) for key in topics(variant)
                 if key in variant.glossary and key not in common and key not in PLAIN_TOPICS)


def rules_pointer(table: Table, texts: Iterable[str], t: Text) -> str:
    """A way into the jargon of ``texts`` (Why?, a Hint, a prompt): each of the variant's
    own terms they use ("Five Over", "blind", "taroace", "Unul de trei", "Król ultymo"),
    named as ``/taroky rules topic:`` takes it in the reader's language, at most four, in
    the order they are met; "" when they use none."""
    v = variant_of(table)
    text = "\n".join(texts)
    names = topic_names(v, t)
    found: list[tuple[int, int, str]] = []
    for key, title_ in _jargon(v):
        name = names.get(key, key)
        if title_:  # (a title as written: "Five", not "five cards")
            found += [(m.start(), m.end(), name) for m in
                      re.finditer(r"(?<!\w)" + re.escape(game_term(title_, t)) + r"(?!\w)", text)]
        else:
            found += [(m.start(), m.end(), name) for m in
                      re.finditer(r"(?<!\w)" + re.escape(name) + r"(?!\w)", text, re.IGNORECASE)]
    pages: list[str] = []
    taken: list[tuple[int, int]] = []
    for start, end, name in sorted(found, key=lambda f: (f[0], f[0] - f[1])):
        if name in pages or any(a <= start and end <= b for a, b in taken):
            continue  # ("Five" inside "Five Over", "trei" inside "Unul de trei")
        pages.append(name)
        taken.append((start, end))
    if not pages:
        return ""
    return t._("Rules of these terms: {pages}",
               pages=", ".join(f"`/taroky rules topic:{name}`" for name in pages[:4]))


#: The choices teach mode may ask about before they are said: promises and doubles.
CONFIRM_KINDS = ("announce", "double")


def stake_text(table: Table, seat: int, action: Action) -> str | None:
    """What ``action`` (an announcement or a double) commits ``seat`` to, with the amount
    the settlement would charge (``Game.stake``): "if you miss, you pay Kč 14.00"."""
    game = table.game
    if game is None:
        return None
    paid = game.cost_of(seat, action)
    if paid is None:
        return None
    t = seat_text(table, seat)
    amount = t.money(variant_of(table).currency, paid)
    # A bidder whose partner has not shown himself is quoted the most (as if alone).
    known = game.knows_own_side(seat)
    if action.kind is Kind.DOUBLE:
        name = str(action.value)
        if name == "game":
            return t._("if your side loses the game, you pay up to {amount}", amount=amount)
        what = variant_of(table).title_of(name, t)
        # (the side that may say this double is the player's own knowledge: no secret told)
        if game.ann.announced[name].seat in game.side_of(seat):
            if known:
                return t._("if {what} fails, you pay {amount}", what=what, amount=amount)
            return t._("if {what} fails, you pay up to {amount}", what=what, amount=amount)
        if known:
            return t._("if {what} succeeds, you pay {amount}", what=what, amount=amount)
        return t._("if {what} succeeds, you pay up to {amount}", what=what, amount=amount)
    if known:
        return t._("if you miss, you pay {amount}", amount=amount)
    return t._("if you miss, you pay up to {amount}", amount=amount)


def is_costly(table: Table, seat: int, action: Action) -> bool:
    """Whether ``action`` can cost ``seat`` more than the game itself can: teach mode asks
    about it first.  An announcement or double the variant puts no single amount on is
    asked about too."""
    game = table.game
    if game is None or action.kind.value not in CONFIRM_KINDS:
        return False
    paid = game.cost_of(seat, action)
    game_cost = game.game_cost(seat)
    return paid is None or game_cost is None or paid > game_cost


def confirmation(table: Table, seat: int | None, code: str) -> str | None:
    """Teach mode's question before a costly choice ("Are you sure? **Valát** — Taking every
    trick ...; if you miss, you pay Kč 14.00."), from the variant's glossary and the amount
    the settlement would charge; None for a choice that is not asked about."""
    game = table.game
    if game is None or code.partition(":")[0] not in CONFIRM_KINDS:
        return None
    action = parse_action(code)
    seat = game.to_act if seat is None else seat
    if seat is None or not is_costly(table, seat, action):
        return None
    t = seat_text(table, seat)
    doubled = dict(game.public_view().doubles)
    notes = choice_notes(game.variant, [action], doubled, lambda a: label(table, a, t), t)
    what = notes[0] if notes else f"**{label(table, action, t)}**"
    stake = stake_text(table, seat, action)
    if stake is not None:
        what = f"{what.rstrip('.')}; {stake}."
        game_cost = game.game_cost(seat)
        if game_cost is not None:
            what += " " + t._("The game itself can cost you {amount}.",
                              amount=t.money(variant_of(table).currency, game_cost))
    return t._("Are you sure? {what}\nIf it goes wrong, your side pays for it. "
               "Say it, or choose again on your panel.", what=what)


__all__ = ["public_text", "seat_text", "announcement_text", "bid_label", "cards_text", "contract_text",
           "bids_of", "side_label", "points_text", "doubles_text", "phase_name", "prompt_text", "game_term", "hand_text", "label", "named", "rules_pointer", "say", "variant_of", "why_text", "confirmation", "is_costly", "stake_text",
           "money", "teach_text", "variant_title", "called_text", "deal_of", "pool_and_radler"]


# ---------------------------------------------------------------- a table's lines
def teach_text(table: Table, t: Text) -> str:
    """What teach mode does at this table, promising only what the variant does: a hand
    is played out instead of settled only where the variant has such a house rule (the
    Czech quiet povinnost, ``Variant.teach_options``); elsewhere a hand the rules settle
    without play (all pass, a throw-in) is settled so in teach mode too."""
    if variant_of(table).teach_options:
        return t._("Teach mode is on: panels have a **Hint** button, costly choices ask first, and a "
                   "hand the usual rules would settle without play is played out where the rules allow it.")
    return t._("Teach mode is on: panels have a **Hint** button and costly choices ask first.")


def money(table: Table, amount: int, t: Text | None = None) -> str:
    """An amount in the variant's smallest unit, as text (in ``t``'s language; the
    table's when none is given)."""
    return (t or public_text(table)).money(variant_of(table).currency, amount)


def variant_title(table: Table, t: Text | None = None) -> str:
    return (t or public_text(table)).variant_title(variant_of(table).name)


def called_text(table: Table, view: PlayerView, t: Text) -> str:
    """The called card as ``view`` may know it, in words ("K♥ king", "XIX", "the fourth
    king" while that call hides it); "" when nothing is called."""
    if view.called_card is not None:
        return say(table, view.called_card, long=True, t=t)
    game = table.game
    if view.called and game is not None and view.called == game.variant.called_title(game):
        return game.variant.called_title(game, t) or view.called  # ("the fourth king")
    return view.called or ""


def deal_of(table: Table, t: Text | None = None) -> str:
    """", deal k of N" in a session of N agreed deals (``/taroky new deals=N``), else ""."""
    t = t or public_text(table)
    n = table.config.deals
    if n <= 0:
        return ""
    k = table.session_deals + (1 if table.status == PLAYING else 0)
    return ", " + t._("deal {k} of {n}", k=min(max(k, 1), n), n=n)


def pool_and_radler(table: Table, t: Text | None = None) -> str:
    """The pool with this deal's antes (RO-4) and the radler (RO-23), as one line; "" when
    the table plays neither (other pools are shown by /taroky pool and the summary)."""
    t = t or public_text(table)
    game = table.game
    parts = []
    pool = table.session.pool
    if game is not None and table.status == PLAYING:
        pool = game.pool + sum(game.antes.values())
    if game is not None and game.antes:  # (a pool fed by antes: shown all along)
        parts.append(t._("pool {amount}", amount=money(table, pool, t)))
    left = table.session.radler_left
    if game is not None and table.status == PLAYING and game.stake > 1:
        more = left - 1
        parts.append(t._("radler: this deal at ×{stake} stakes", stake=game.stake) + ", "
                     + (t.ngettext("{n} more to come", "{n} more to come", more) if more > 0
                        else t._("the last one")))
    elif left > 0:
        parts.append(t.ngettext("radler: the next deal at double stakes",
                                "radler: the next {n} deals at double stakes", left))
    return "; ".join(parts)
