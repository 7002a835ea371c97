"""Why? and Hint at a table: the rules behind a player's choices now, and what the
strongest computer player would choose, each read under the table's lock so the game
cannot move while it is explained."""

from __future__ import annotations

from bot.ai.players import decision_seed
from bot.ai.pool import choose_off_loop
from bot.ai.reasons import Verb
from bot.engine import Action
from bot.i18n import N_, Text
from bot.tables import words
from bot.tables.errors import TableError
from bot.tables.table import PLAYING, Table


async def why(table: Table, seat: int) -> str:
    """Why? for ``seat``: the rules behind its choices now (``words.why_text``)."""
    async with table.lock:
        if table.game is None or table.status != PLAYING:
            raise TableError(N_("There is no hand in play to explain."))
        return words.why_text(table, seat)


async def hint(table: Table, seat: int) -> str:
    """What a computer player would choose for ``seat`` now, and why: the table's own
    prepared hint (a lesson's advice), else the strongest computer player's choice."""
    prepared = table.prepared_hint(seat)
    if prepared is not None:
        return prepared
    async with table.lock:
        game = table.game
        if game is None or table.status != PLAYING:
            raise TableError(N_("There is no hand in play."))
        if game.to_act != seat:
            raise TableError(N_("It's not your turn."))
        choice = await choose_off_loop("strong", game, seat, decision_seed(table.hand_no, table.step),
                                       levels=table.computer_levels(), person=True)
        t = table.seat_text(seat)  # (the label and the reason: the engine's, in the player's words)
        return hint_text(table, choice.action, table.named(choice.say(t)), t)


def hint_text(table: Table, action: Action, reason: str, t: Text) -> str:
    """The Hint's sentence: the choice as its button says it, in bold, and the reason.  A
    reason that opens with the choice itself ("Discard 10♣: cheap and ...", "Bid Four: you
    hold ...") is not made to say it twice.  The variant's jargon it uses is pointed to its
    rules pages (``words.rules_pointer``)."""
    label = words.label(table, action, t)
    pointer = words.rules_pointer(table, [label, reason], t)  # (the jargon it uses: its rules pages)
    said = t._("The strongest computer player would choose **{choice}**. Its reason: {reason}",
               choice=label, reason=reason)
    for head in (Verb(words.variant_of(table), action).say(t), label):
        if reason.startswith(head + ":"):
            said = t._("The strongest computer player would choose **{choice}**: {reason}",
                       choice=label, reason=reason[len(head) + 1:].strip())
            break
    return f"{said}\n{pointer}" if pointer else said
