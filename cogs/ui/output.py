"""Puts a table on Discord: the public message (edited in place), panels, summaries.

The public message is edited, never re-posted per move, and edits are coalesced:
at most one edit per ``edit_interval`` seconds per table (Discord allows about five
messages per five seconds in a channel).  Open private panels are refreshed through
the interaction that showed them, while its token is valid (15 minutes).

Pictures: the public message carries ``table.png`` (the table with the current and the
last trick), a panel ``hand.png`` (the player's hand, legal cards highlighted) and the
summary ``summary.png``, each shown as the embed's image; the embed keeps the same
information as text.  Scenes are built from the game state on the event loop
(:mod:`bot.tables.scenes`), then drawn in worker processes (:class:`RenderPool`, so a
second core draws while the event loop's process keeps its GIL; a worker thread when
the pool is off or unavailable) so the loop never blocks.  Each table keeps the
pictures of its last change, so a picture that did not change (a panel whose hand
looks the same) is not drawn again.  If drawing fails, the message goes out as text
only.
"""

from __future__ import annotations

import asyncio
import contextlib
import dataclasses
import functools
import io
import logging
import multiprocessing
import multiprocessing.connection
import multiprocessing.process
import os
import pickle
import signal
import socket
import struct
import threading
import time
from collections import OrderedDict, deque
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar, cast

import discord

import rendering
from bot import metrics
from bot.engine import HandResult
from bot.i18n import N_, Text
from bot.store.models import Session
from bot.tables import words
from bot.tables.errors import TableError
from bot.tables.scenes import hand_scene, summary_scene, table_scene
from bot.tables.table import BETWEEN, CLOSED, PLAYING, Table
from cogs.ui.client import TableClient
from cogs.ui.components import let_go
from cogs.ui.messages import panel_message, session_summary_embed, summary_embeds, table_message
from cogs.ui.review_view import ReviewButton
from cogs.ui.turns import TurnPings
from rendering import HandScene, SummaryScene, TableScene, TrickScene

log = logging.getLogger(__name__)

S = TypeVar("S", TableScene, HandScene, TrickScene, SummaryScene)

PANEL_TTL = 14 * 60  # seconds; interaction tokens live 15 minutes
#: Seconds a change's edits wait for its pictures; a picture drawn later follows in an
#: edit of its own (the text and buttons never wait longer for a slow drawing).
PICTURE_WAIT: float | None = 0.02
#: Whose picture ``DiscordTableOutput._shown`` keeps: the table message's (panels: the
#: player's user id).
TABLE_PICTURE = -1
#: Edits of a table message allowed in any ``EDIT_BURST`` × ``edit_interval`` seconds.
EDIT_BURST = 5
#: Edits of that window an edit that only brings a late picture leaves to changes.
SPARE_RESERVE = 2
RENDER_CACHE_SIZE = 64
#: Weight of the latest drawing in ``DiscordTableOutput.draw_latency`` (a moving average).
LATENCY_WEIGHT = 0.2
ALT_TEXT_LIMIT = 1000  # Discord allows 1024 characters of attachment description

_warm_lock = threading.Lock()
_warmed = False


def _ensure_warm() -> None:
    """Draw the card faces and learn the palette once per process (in a worker thread)."""
    global _warmed
    if _warmed:
        return
    with _warm_lock:
        if not _warmed:
            rendering.warm_up()
            _warmed = True


#: How much the render processes yield the CPU to the bot's process (``os.nice``): a
#: picture may come late, a click's text and buttons may not, so when the cores are
#: busy the event loop goes first.
RENDER_NICENESS = 10


def _render_worker_start() -> None:
    """A render process starts: it yields the CPU to the event loop's process and draws
    the card faces once.  Ctrl-C (sent to the whole process group) is the bot's to
    handle: it ends this process when it stops."""
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    with contextlib.suppress(OSError, AttributeError):
        os.nice(RENDER_NICENESS)
    _ensure_warm()


Scene = TableScene | HandScene | TrickScene | SummaryScene


def _render(scene: Scene) -> tuple[str, bytes]:
    """The renderer's name and the PNG of ``scene``.  The renderers are looked up on the
    :mod:`rendering` module at call time, so tests can wrap them."""
    if isinstance(scene, TableScene):
        return "render_table", rendering.render_table(scene)
    if isinstance(scene, HandScene):
        return "render_hand", rendering.render_hand(scene)
    if isinstance(scene, TrickScene):
        return "render_trick", rendering.render_trick(scene)
    return "render_summary", rendering.render_summary(scene)


def _text_twin(scene: Scene) -> str:
    """The plain-text twin of a picture (its alt text)."""
    if isinstance(scene, TableScene):
        return rendering.text_table(scene)
    if isinstance(scene, HandScene):
        return rendering.text_hand(scene)
    if isinstance(scene, TrickScene):
        return rendering.text_trick(scene)
    return rendering.text_summary(scene)


#: Alt texts of the scenes shown lately (an unchanged picture is attached again at most
#: changes); most are written by the render processes with their pictures.
_ALTS: OrderedDict[Scene, str] = OrderedDict()
ALT_CACHE_SIZE = 512


def alt_text(scene: Scene) -> str:
    """The picture's alt text: its text twin, summarised to fit Discord's limit rather than
    cut (a summary too long loses its payment lines, which its message lists; then whole
    lines from the end, marked "…"), so a screen reader never reads half a result."""
    text = _text_twin(scene)
    if len(text) > ALT_TEXT_LIMIT and isinstance(scene, SummaryScene):
        text = rendering.text_summary(scene, payments=False)
    if len(text) <= ALT_TEXT_LIMIT:
        return text
    cut = text.rfind("\n", 0, ALT_TEXT_LIMIT - 2)
    return (text[:cut] if cut > 0 else text[:ALT_TEXT_LIMIT - 2]) + "\n…"


def _alt_text(scene: Scene) -> str:
    """The picture's alt text (``alt_text``), remembered."""
    alt = _ALTS.get(scene)
    if alt is None:
        alt = alt_text(scene)
        _remember_alt(scene, alt)
    return alt


def _remember_alt(scene: Scene, alt: str) -> None:
    _ALTS[scene] = alt
    _ALTS.move_to_end(scene)
    while len(_ALTS) > ALT_CACHE_SIZE:
        _ALTS.popitem(last=False)


#: What ``_draw_all`` returns per scene: the renderer's name, the PNG (None: it failed),
#: the alt text (None: it failed) and the CPU seconds it took (of the drawing thread).
Drawn = tuple[str, bytes | None, str | None, float]


def _draw_all(scenes: list[Scene]) -> list[Drawn]:
    """Runs in a worker (process or thread): each scene drawn, with the renderer's name,
    its alt text (written here too: the text twin costs the event loop about a tenth of
    a millisecond a picture) and the CPU time it took (``None`` for a scene that failed to
    draw; logged).  CPU, not wall time: a render process runs at a lower priority, so on
    busy cores its wall time measures the others' work."""
    _ensure_warm()
    out: list[Drawn] = []
    for scene in scenes:
        start = time.thread_time()
        name = type(scene).__name__
        png: bytes | None
        alt: str | None = None
        try:
            name, png = _render(scene)
        except Exception:
            log.exception("Drawing %s failed; the message goes out as text only", name)
            png = None
        if png is not None:
            try:
                alt = alt_text(scene)
            except Exception:
                log.exception("Writing the alt text of %s failed", name)
        out.append((name, png, alt, time.thread_time() - start))
    return out


_T = TypeVar("_T")


def _serve(sock: socket.socket) -> None:
    """A render process: answers each request on ``sock`` (``RenderPool``) — a pickled
    function and its arguments, framed as ``multiprocessing.connection`` frames them —
    with the pickled outcome, ``(True, result)`` or ``(False, exception)``, until the
    bot closes its end."""
    _render_worker_start()
    conn = multiprocessing.connection.Connection(sock.detach())
    while True:
        try:
            fn, args = pickle.loads(conn.recv_bytes())
        except (EOFError, OSError):
            return
        try:
            outcome: tuple[bool, object] = (True, fn(*args))
        except Exception as e:  # (the caller raises it)
            outcome = (False, e)
        try:
            answer = pickle.dumps(outcome, protocol=pickle.HIGHEST_PROTOCOL)
        except Exception as e:  # (an exception that does not pickle)
            answer = pickle.dumps((False, RuntimeError(repr(e))), protocol=pickle.HIGHEST_PROTOCOL)
        try:
            conn.send_bytes(answer)
        except OSError:
            return


#: The length before each request and answer (``multiprocessing.connection``'s framing).
_FRAME = struct.Struct("!i")


class _RenderProcess:
    """One render process and the bot's end of its socket, read and written by the event
    loop itself."""

    def __init__(self, process: multiprocessing.process.BaseProcess,
                 reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.process = process
        self.reader = reader
        self.writer = writer

    @classmethod
    async def start(cls) -> _RenderProcess:
        """Spawn a render process (``spawn``: no copy of the bot's threads); it draws
        the card faces before it answers its first request."""
        ours, theirs = socket.socketpair()
        try:
            process = multiprocessing.get_context("spawn").Process(
                target=_serve, args=(theirs,), name="taroky-render", daemon=True)
            process.start()
        except BaseException:
            ours.close()
            raise
        finally:
            theirs.close()
        reader, writer = await asyncio.open_unix_connection(sock=ours, limit=_ANSWER_BUFFER)
        return cls(process, reader, writer)

    async def call(self, fn: Callable[..., object], *args: object) -> tuple[bool, object]:
        """``fn(*args)``'s outcome in the process (``_serve``); raises if the process
        does not answer (``asyncio.IncompleteReadError``: it ended)."""
        request = pickle.dumps((fn, args), protocol=pickle.HIGHEST_PROTOCOL)
        self.writer.write(_FRAME.pack(len(request)) + request)
        await self.writer.drain()
        (size,) = _FRAME.unpack(await self.reader.readexactly(_FRAME.size))
        outcome: tuple[bool, object] = pickle.loads(await self.reader.readexactly(size))
        return outcome

    def close(self) -> None:
        """Close the socket (the process ends when it reads its end) and end the
        process."""
        with contextlib.suppress(RuntimeError):  # (the event loop already closed)
            self.writer.close()
        if self.process.is_alive():
            self.process.terminate()


#: Bytes the bot's end of a render process's socket reads ahead (a hand of pictures).
_ANSWER_BUFFER = 1 << 22


class RenderPool:
    """Worker processes that draw scenes (``_draw_all``): Pillow's drawing and PNG
    encoding leave the bot's process, so both cores work and the event loop does not
    wait for the GIL.  Started on first use; each process draws the card faces once and
    runs at a lower priority (``RENDER_NICENESS``).  Raises what a process raised (or
    ``asyncio.IncompleteReadError`` if it died); the caller falls back to a thread.

    The event loop speaks to each process over a socket of its own (a request, its
    answer), so no thread of the bot's process takes part in a drawing.  (It used
    ``concurrent.futures.ProcessPoolExecutor``, whose manager thread and queue feeder
    thread took about 0.6 ms of the bot's CPU an action at 200 tables and the GIL from
    the loop at every hop: ``benchmarks/load.py --tables 200``, issue #33.)"""

    def __init__(self, processes: int) -> None:
        self.processes = processes
        #: The processes free now; None: one not started yet.  A batch waits here (not
        #: in a process, where it can no longer be dropped) until a process is free, and
        #: is dropped then if nobody will see it (``draw``'s ``wanted``).
        self._free: asyncio.Queue[_RenderProcess | None] = asyncio.Queue()
        for _ in range(processes):
            self._free.put_nowait(None)
        self._started: set[_RenderProcess] = set()
        #: Bumped by ``close``: a drawing that ends afterwards does not hand its process back.
        self._generation = 0
        #: Batches dropped that way.
        self.dropped = 0

    async def draw(self, scenes: list[Scene], wanted: Callable[[], bool] | None = None) -> list[Drawn] | None:
        """Draw ``scenes`` in a render process when one is free; None (nothing drawn)
        if ``wanted()`` is false by then: a busy pool draws only what will be shown."""
        process = await self._free.get()
        if wanted is not None and not wanted():
            self._free.put_nowait(process)
            self.dropped += 1
            return None
        return await self._in(process, _draw_all, scenes)

    async def run(self, fn: Callable[..., _T], *args: object) -> _T:
        """``fn(*args)`` in a render process when one is free (``fn`` by reference, as
        pickle sends it; for the benchmarks and tests)."""
        return await self._in(await self._free.get(), fn, *args)

    async def picture_work(self) -> dict[str, int]:
        """What a render process counted of its work so far
        (``rendering.render.picture_work``; empty before the pool starts), for the
        benchmarks: how the layered pictures were put together, the caches' hits."""
        if not self._started:
            return {}
        return await self.run(rendering.picture_work)

    async def _in(self, process: _RenderProcess | None, fn: Callable[..., _T], *args: object) -> _T:
        """Run ``fn(*args)`` in ``process`` (taken from ``_free``; None: start one).  If
        the caller is cancelled the call still ends in its own task, and the process goes
        back to ``_free`` then, with its answer read (or, failed, is ended)."""
        call = asyncio.ensure_future(self._call(process, self._generation, fn, *args))
        call.add_done_callback(_retrieve)
        return await asyncio.shield(call)

    async def _call(self, process: _RenderProcess | None, generation: int,
                    fn: Callable[..., _T], *args: object) -> _T:
        """The call, and the process handed back to ``_free`` after it (or, if it did
        not answer or was ``close``d meanwhile, ended: None in its place).  An exception
        ``fn`` raised there is raised here; the process answered, so it stays."""
        answered = False
        try:
            if process is None:
                process = await _RenderProcess.start()
                self._started.add(process)
            ok, value = await process.call(fn, *args)
            answered = True
        finally:
            if process is not None and not (answered and generation == self._generation):
                process.close()
                self._started.discard(process)
                process = None
            self._free.put_nowait(process)
        if not ok:
            raise cast("BaseException", value)
        return cast("_T", value)

    def close(self) -> None:
        """End the processes (a drawing under way ends its own once answered); the next
        drawing starts new ones."""
        self._generation += 1
        for process in self._started:
            process.close()
        self._started.clear()
        free = [self._free.get_nowait() for _ in range(self._free.qsize())]
        for _ in free:
            self._free.put_nowait(None)


def _retrieve(call: asyncio.Future[_T]) -> None:
    """A call whose caller was cancelled: its exception is nobody's to raise."""
    if not call.cancelled():
        call.exception()


#: Fields of the table message that its picture shows (the picture's alt text keeps them
#: for screen readers): with the picture, the embed carries only what it does not, so a
#: phone shows one short message per move.
PICTURE_SHOWS = frozenset({"Contract", "Called", "Announcements", "Doubles", "Talon shown", "Trick", "Last trick"})


def leave_to_picture(embed: discord.Embed, t: Text | None = None) -> None:
    """Remove from ``embed`` the fields the table picture shows (named in ``t``'s language)."""
    shows = {(t or Text())._(name) for name in PICTURE_SHOWS}
    for i in reversed(range(len(embed.fields))):
        if embed.fields[i].name in shows:
            embed.remove_field(i)


@dataclass(frozen=True, slots=True)
class Shown:
    """The picture a message shows on Discord: the message's id, the id of what edited it
    (the message itself, or the interaction that shows a panel), the hand, the scene drawn
    and the attachment that holds it there.  An edit showing the same scene keeps the
    attachment (nothing drawn or uploaded again), so the bot need not keep the picture's
    bytes once it is sent."""

    message: int
    via: int
    hand: int
    scene: Scene
    attachment: discord.Attachment


#: Interaction responses after which the interaction's edits change the message its
#: component is on (a click on a panel updates that panel).
_UPDATES = (discord.InteractionResponseType.deferred_message_update, discord.InteractionResponseType.message_update)

#: What an edit changes: the table message (its id) or a panel (the interaction showing it).
Target = int | discord.Interaction


#: What an edit attaches: a picture to upload, or one the message keeps.
Attached = list[discord.File | discord.Attachment]


class DiscordTableOutput:
    """The :class:`bot.tables.table.TableOutput` of the real bot."""

    def __init__(
        self, client: discord.Client, *, edit_interval: float = 1.0, render_in_thread: bool = True,
        render_processes: int = 0, picture_wait: float | None = PICTURE_WAIT,
    ) -> None:
        self.client = client
        self.edit_interval = edit_interval
        # Pictures are drawn in a worker thread so the event loop never blocks.  Under
        # SimCord every thread hop costs one settle idle (~50 ms of real time), so a test
        # harness that does not test threading may draw inline by setting this False.
        self.render_in_thread = render_in_thread
        self._last_edit: dict[str, float] = {}
        #: table id -> when its message was last edited (the last ``EDIT_BURST`` times; a
        #: tuple: a bounded deque is 760 bytes, and there is one a live table).
        self._edit_times: dict[str, tuple[float, ...]] = {}
        #: Tables whose pending edit (``_pending``) only brings a late picture.
        self._spare: set[str] = set()
        #: Tables whose pending edit shows a change the throttle held back.
        self._held: set[str] = set()
        #: table id -> what its message shows (``_payload_key``): an edit that would show
        #: the same is not sent.
        self._showing: dict[str, tuple[int, int, int | None]] = {}
        self._pending: dict[str, asyncio.Task[None]] = {}
        # (table id, user id) -> (interaction showing the panel, monotonic time shown)
        self.panels: dict[tuple[str, int], tuple[discord.Interaction, float]] = {}
        # (table id, user id) -> (interaction id, hand, step, status) last drawn with a picture
        self._panel_drawn: dict[tuple[str, int], tuple[int, int, int, str]] = {}
        self._cache: OrderedDict[Scene, bytes] = OrderedDict()
        #: table id -> the pictures of the table's last change (its table and panels).
        self._table_cache: dict[str, dict[Scene, bytes]] = {}
        #: ``render_processes`` > 0: draw in that many worker processes.
        self.pool: RenderPool | None = RenderPool(render_processes) if render_processes > 0 else None
        self.render_times: deque[tuple[str, float]] = deque(maxlen=500)  # (function, seconds)
        #: Seconds a change waits for its pictures (None: until they are drawn).
        self.picture_wait = picture_wait
        #: Seconds a drawing took lately, from its hop to the render pool to its pictures
        #: (a moving average): a change waits ``picture_wait`` only while drawings come
        #: back within it (a backlogged pool's pictures are late anyway: waiting for them
        #: under the table lock only delayed the text and buttons).
        self.draw_latency = 0.0
        #: (table id, user id or TABLE_PICTURE) -> the picture that message shows now
        #: (kept by the edits that show the same, and while a new one of the same hand is
        #: drawn); once a picture is there its bytes leave ``_table_cache``.
        self._shown: dict[tuple[str, int], Shown] = {}
        #: Messages (table id, user id or TABLE_PICTURE) that do not show their table's
        #: last change in full: sent without its picture, or (a panel nobody waits on)
        #: not edited yet; the change's late pictures edit these, once.
        self._stale: set[tuple[str, int]] = set()
        #: table id -> the drawing of its last change (a newer change's drawing waits for
        #: it, and is skipped if the table moved on meanwhile: only what is shown is drawn).
        self._drawing: dict[str, asyncio.Task[None]] = {}
        #: (table id, user id) -> when the panel was last edited (``_panel_edit_wait``).
        self._panel_edited: dict[tuple[str, int], float] = {}
        #: table id -> the task that edits its held-back panels (``_refresh_later``).
        self._panels_later: dict[str, asyncio.Task[None]] = {}
        #: table id -> the players whose hand picture its last change has to draw.
        self._undrawn: dict[str, set[int]] = {}
        self._warm_task: asyncio.Task[None] | None = None
        #: table id -> the scenes of the change being shown (the table's; each seat's
        #: hand), built once by ``_prefetch`` for the change's edits; kept only while
        #: ``table_changed`` runs (under the table's lock).
        self._change_table: dict[str, TableScene | None] = {}
        self._change_hands: dict[str, dict[int, HandScene | None]] = {}
        #: Tables whose change being shown leaves its table picture to an edit of its own
        #: (``_late_edit_waits``); kept only while ``table_changed`` runs.
        self._draw_later: set[str] = set()
        self.pings = TurnPings(client)  # the turn ping (cogs.ui.turns)

    # ----------------------------------------------------------- pictures
    def keeps_hands(self, table: Table) -> bool:
        """The bot keeps ``table``'s paid hands (a store, and the table is one of the
        bot's tables, not a lesson), so their reviews can be shown (issue #28)."""
        client = self.client
        return (isinstance(client, TableClient) and client.store is not None
                and client.tables.get(table.channel_id) is table)

    def start_warm_up(self) -> None:
        """Warm the renderer up in a worker thread, in the background (idempotent)."""
        if _warmed or self._warm_task is not None:
            return

        async def warm() -> None:
            try:
                await asyncio.to_thread(_ensure_warm)
            except Exception:
                log.exception("Warming up the card renderer failed")

        self._warm_task = asyncio.get_running_loop().create_task(warm(), name="taroky-render-warm-up")

    async def render(self, scene: Scene) -> bytes | None:
        """PNG bytes of ``scene``, drawn off the event loop; None on failure."""
        return (await self.render_many([scene]))[0]

    async def render_many(
        self, scenes: list[Scene], table_id: str | None = None, wanted: Callable[[], bool] | None = None,
    ) -> list[bytes | None]:
        """Draw several scenes in **one** hop to the render pool or a worker thread
        (cached scenes are not redrawn; ``table_id``: the table's own cache).
        ``wanted``: asked when a render process is free; false: nothing is drawn (None
        for the scenes not drawn before)."""
        own = self._table_cache.setdefault(table_id, {}) if table_id is not None else None

        def cached(scene: Scene) -> bytes | None:
            png = own.get(scene) if own is not None else None
            return png if png is not None else self._cache.get(scene)

        todo = list(dict.fromkeys(scene for scene in scenes if cached(scene) is None))
        if todo:
            start = time.perf_counter()
            try:
                drawn = await self._draw(todo, wanted)
            except Exception:
                log.exception("Drawing failed; the messages go out as text only")
                drawn = [("", None, None, 0.0)] * len(todo)
            if drawn is None:
                return [cached(scene) for scene in scenes]
            self.draw_latency += (time.perf_counter() - start - self.draw_latency) * LATENCY_WEIGHT
            for scene, (name, png, alt, seconds) in zip(todo, drawn, strict=True):
                if png is not None:
                    self.render_times.append((name, seconds))
                    if alt is not None:
                        _remember_alt(scene, alt)
                    if own is not None:
                        own[scene] = png
                    else:
                        self._cache[scene] = png
            while len(self._cache) > RENDER_CACHE_SIZE:
                self._cache.popitem(last=False)
        out: list[bytes | None] = []
        for scene in scenes:
            png = cached(scene)
            if png is not None and scene in self._cache:
                self._cache.move_to_end(scene)
            out.append(png)
        return out

    async def _draw(self, todo: list[Scene], wanted: Callable[[], bool] | None = None) -> list[Drawn] | None:
        """The render pool, else a worker thread (also when the pool fails); None: the
        pool dropped the batch (``RenderPool.draw``)."""
        metrics.PICTURES_QUEUED.inc(len(todo))
        try:
            return await self._draw_now(todo, wanted)
        finally:
            metrics.PICTURES_QUEUED.dec(len(todo))

    async def _draw_now(self, todo: list[Scene], wanted: Callable[[], bool] | None) -> list[Drawn] | None:
        if self.pool is not None:
            try:
                return await self.pool.draw(todo, wanted)
            except Exception:
                log.exception("The render processes failed; drawing in a thread from now on")
                self.pool.close()
                self.pool = None
        if self.render_in_thread:
            return await asyncio.to_thread(_draw_all, todo)
        return _draw_all(todo)  # tests only: see ``render_in_thread``

    def close(self) -> None:
        """Stop the render processes (the bot is closing)."""
        if self.pool is not None:
            self.pool.close()

    async def picture(
        self, scene: Scene | None, filename: str, embed: discord.Embed, table_id: str | None = None,
        *, wait: bool = True,
    ) -> list[discord.File]:
        """Draw ``scene`` and show it as the embed's image (a new message's); ``[]`` (text
        only) on failure.  ``wait=False``: only a picture already drawn."""
        if scene is None:
            return []
        if wait:
            png = (await self.render_many([scene], table_id))[0]
        else:
            own = self._table_cache.get(table_id, {}) if table_id is not None else {}
            png = own.get(scene) or self._cache.get(scene)
        if png is None:
            return []
        return [self._file(scene, png, filename, embed)]

    @staticmethod
    def _file(scene: Scene, png: bytes, filename: str, embed: discord.Embed) -> discord.File:
        alt = ""
        with contextlib.suppress(Exception):
            alt = _alt_text(scene)
        embed.set_image(url=f"attachment://{filename}")
        return discord.File(io.BytesIO(png), filename=filename, description=alt or None)

    def _shown_on(self, key: tuple[str, int], target: Target | None) -> Shown | None:
        """The picture the message ``key`` shows, if ``target`` edits that message (the
        table message's id; a panel's interaction: the one that showed it, or a click on
        it that updates it)."""
        shown = self._shown.get(key)
        if shown is None or target is None:
            return None
        if isinstance(target, int):
            return shown if shown.message == target else None
        if shown.via == target.id:
            return shown
        on = target.message
        return shown if on is not None and on.id == shown.message and target.response.type in _UPDATES else None

    def _keeps(self, key: tuple[str, int], target: Target | None, scene: Scene | None) -> bool:
        """The message ``key``, edited through ``target``, shows ``scene``'s picture already."""
        shown = self._shown_on(key, target)
        return scene is not None and shown is not None and shown.scene == scene

    async def _edit_picture(
        self, scene: Scene | None, filename: str, embed: discord.Embed, key: tuple[str, int], hand: int,
        target: Target, *, wait: bool,
    ) -> tuple[Attached, Scene | Shown | None]:
        """The picture of an edit of the message ``key`` through ``target`` (``_shown_on``),
        and what it will show (a scene to note once sent, the picture it keeps, or None:
        no picture).  The picture the message shows already if it is this scene's (kept:
        neither drawn nor uploaded again); else the scene's (``wait=False``: only if drawn
        already); else, until the new one is ready, the one the message shows if it is of
        the same hand."""
        if scene is None:
            return [], None
        shown = self._shown_on(key, target)
        if shown is not None and shown.scene == scene:
            self._stale.discard(key)
            embed.set_image(url=f"attachment://{filename}")
            return [shown.attachment], shown
        png = await self.picture(scene, filename, embed, key[0], wait=wait)
        if png or wait:
            self._stale.discard(key)
            return [*png], (scene if png else None)
        self._stale.add(key)
        if shown is not None and shown.hand == hand:
            embed.set_image(url=f"attachment://{filename}")
            return [shown.attachment], shown
        return [], None

    def _sent(
        self, key: tuple[str, int], target: Target, hand: int, sent: Scene | Shown | None,
        edited: discord.Message, filename: str,
    ) -> None:
        """Note the picture an edit through ``target`` put on the message ``key``: Discord
        holds it now, so its bytes leave the table's cache (an edit that shows it again
        keeps it there)."""
        via = target if isinstance(target, int) else target.id
        if isinstance(sent, Shown):
            self._shown[key] = dataclasses.replace(sent, via=via)
            return
        attachment = next((a for a in edited.attachments if a.filename == filename), None)
        if sent is None or attachment is None:
            self._shown.pop(key, None)
            return
        self._shown[key] = Shown(edited.id, via, hand, sent, attachment)
        self._table_cache.get(key[0], {}).pop(sent, None)

    @staticmethod
    def _scene(build: Callable[[], S | None]) -> S | None:
        """``build()``, or None (logged) when building the scene fails: the message then
        goes out as text only."""
        try:
            return build()
        except Exception:
            log.exception("Building a scene failed; the message goes out as text only")
            return None

    async def table_payload(
        self, table: Table, *, wait: bool = True
    ) -> tuple[discord.Embed, discord.ui.View, list[discord.File]]:
        """The public message: embed (text), buttons and the table picture (none in the
        lobby), for a new message."""
        embed, view = table_message(table)
        scene = self._table_scene(table) if table.game is not None else None
        files = await self.picture(scene, "table.png", embed, table.id, wait=wait)
        if files:
            leave_to_picture(embed, words.public_text(table))
        return embed, view, files

    async def panel_payload(
        self, table: Table, seat: int, *, wait: bool = True
    ) -> tuple[discord.Embed, discord.ui.View, list[discord.File]]:
        """A private panel: embed (text), the legal choices and the hand picture."""
        embed, view = panel_message(table, seat, reviews=self.keeps_hands(table))
        files: list[discord.File] = []
        if self._shows_hand(table, seat):
            files = await self.picture(self._hand_scene(table, seat), "hand.png", embed, table.id, wait=wait)
        return embed, view, files

    @staticmethod
    def _shows_hand(table: Table, seat: int) -> bool:
        chair = table.seats[seat]
        return table.status == PLAYING and table.game is not None and chair is not None and chair.user_id is not None

    async def _edit_panel(
        self, table: Table, seat: int, key: tuple[str, int], interaction: discord.Interaction, reason: str, *,
        wait: bool,
    ) -> None:
        """Edit a private panel (``panel_payload``), keeping the picture it shows if it is
        the same (``reason``: why, for ``metrics.MESSAGE_EDITS``)."""
        embed, view = panel_message(table, seat, reviews=self.keeps_hands(table))
        files: Attached = []
        sent: Scene | Shown | None = None
        if self._shows_hand(table, seat):
            files, sent = await self._edit_picture(self._hand_scene(table, seat), "hand.png", embed, key,
                                                   table.hand_no, interaction, wait=wait)
        else:
            self._stale.discard(key)  # (no picture to wait for)
        try:
            edited = await interaction.edit_original_response(embed=embed, view=view, attachments=files)
        finally:
            let_go(view)
        metrics.message_edited("panel", reason)
        self._sent(key, interaction, table.hand_no, sent, edited, "hand.png")

    def _table_scene(self, table: Table) -> TableScene | None:
        """The table's scene (the one this change built, if any)."""
        if table.id in self._change_table:
            return self._change_table[table.id]
        return self._scene(lambda: table_scene(table))

    def _hand_scene(self, table: Table, seat: int) -> HandScene | None:
        """A seat's hand scene (the one this change built, if any)."""
        hands = self._change_hands.get(table.id, {})
        if seat in hands:
            return hands[seat]
        return self._scene(functools.partial(hand_scene, table, seat))

    # ----------------------------------------------------------- TableOutput
    async def table_changed(self, table: Table) -> None:
        """Edit the table message and the panels someone waits on now (called with the
        table lock held).  Their pictures are drawn meanwhile, in the render processes;
        those not ready within ``picture_wait`` follow in a second edit (until then each
        message keeps the picture it shows), and a panel nobody waits on (not its
        player's turn, no click of theirs pending) waits for them: one edit per change."""
        self.start_warm_up()
        try:
            drawing = self._prefetch(table)
            late = False
            if drawing is not None:
                await self._wait_for(drawing)
                late = not drawing.done()
            await self.publish(table, wait=False)
            if table.id in self._draw_later:
                self._show_picture_later(table)
            await self._refresh_panels(table, "change", wait=False, waited_on_only=late, throttle=True)
        finally:
            self._change_table.pop(table.id, None)
            self._change_hands.pop(table.id, None)
            self._draw_later.discard(table.id)
        if late and drawing is not None:
            asyncio.get_running_loop().create_task(
                self._late_pictures(table, drawing, self._state(table)), name=f"taroky-pictures-{table.id}"
            )
        await self.pings.update(table)

    async def _wait_for(self, drawing: asyncio.Task[None]) -> None:
        """Give ``drawing`` ``picture_wait`` seconds (None: all it takes) — none while
        drawings come back later than that (``draw_latency``)."""
        if self.picture_wait is None:
            await drawing
        elif self._waits_for_pictures():
            await asyncio.wait({drawing}, timeout=self.picture_wait)

    def _waits_for_pictures(self) -> bool:
        """An edit waits ``picture_wait`` for its pictures (``_wait_for``)."""
        return self.picture_wait is None or (self.picture_wait > 0 and self.draw_latency < self.picture_wait)

    def _late_edit_waits(self, table: Table) -> bool:
        """A table picture drawn for this change would be seen by nobody for a while:
        the change's edit does not wait for it (drawings come back later than
        ``picture_wait``), and the edit that would bring it late would then wait for the
        throttle (it leaves ``SPARE_RESERVE`` edits of the window to changes; counted
        with this change's edit).  A quarter of the table pictures drawn were never shown
        that way: the next change came first and showed a newer state (issue #33)."""
        if self._waits_for_pictures():
            return False
        return self._edit_wait(table, reserve=SPARE_RESERVE + 1) > self.draw_latency

    def _show_picture_later(self, table: Table) -> None:
        """The table picture of a change not drawn (``_late_edit_waits``): an edit of its
        own draws it when the throttle lets it go, of the table as it stands then; a
        change meanwhile replaces that edit, or (throttled) becomes it."""
        if table.id in self._pending or table.status == CLOSED or table.message_id is None:
            return
        self._pend(table, max(self._edit_wait(table, reserve=SPARE_RESERVE), 0.0), spare=True)

    def _pend(self, table: Table, delay: float, *, spare: bool) -> None:
        """Leave the table message's edit to a task that makes it in ``delay`` seconds,
        drawing the table as it stands then (``_delayed_edit``): only a late picture's
        (``spare``, which a change may replace) or a change the throttle held back."""
        self._pending[table.id] = asyncio.get_running_loop().create_task(
            self._delayed_edit(table, delay), name=f"taroky-edit-{table.id}")
        (self._spare if spare else self._held).add(table.id)

    @staticmethod
    def _state(table: Table) -> tuple[int, int, str]:
        return (table.hand_no, table.step, table.status)

    async def _late_pictures(self, table: Table, drawing: asyncio.Task[None], state: tuple[int, int, str]) -> None:
        """The pictures of a change came late: edit the messages that do not show them
        yet, unless the table moved on (its next change edits them)."""
        try:
            await drawing
            async with table.lock:
                if self._state(table) != state or table.status == CLOSED:
                    return
                if (table.id, TABLE_PICTURE) in self._stale:
                    await self.publish(table, wait=False, spare=True)
                await self._refresh_panels(table, "late picture", wait=False, stale_only=True, throttle=True)
        except Exception:
            log.exception("Showing the late pictures of table %s failed", table.id)

    def _prefetch(self, table: Table) -> asyncio.Task[None] | None:
        """Start drawing the pictures this change needs (the table, if it is edited now,
        and the open panels' hands) in one hop; None when all are drawn already.
        Called with the table lock held, so the scenes are of one moment.  The drawing
        waits for the table's previous one and is skipped if the table has moved on by
        then (the newer change draws its own): a busy pool draws what will be shown."""
        if table.game is None:
            return None
        jobs: list[Scene | None] = []
        # The change edits the table message now (``publish``): none is pending, or only
        # a late picture's, which it replaces.
        edits_now = (table.id not in self._pending or table.id in self._spare) and self._edit_wait(table) <= 0
        if table.message_id is not None and edits_now and self._late_edit_waits(table):
            self._draw_later.add(table.id)
        elif table.message_id is None or edits_now:
            self._change_table[table.id] = self._scene(lambda: table_scene(table))
            jobs.append(self._change_table[table.id])
        hands: dict[int, Scene | None] = {}
        built: dict[int, HandScene | None] = {}
        self._change_hands[table.id] = built
        if table.status == PLAYING:
            for user_id, _entry in self._open_panels(table):
                seat = table.seat_of(user_id)
                if seat is not None:
                    hands[user_id] = built[seat] = self._scene(functools.partial(hand_scene, table, seat))
        # The table's cache keeps this change's pictures only (the next change reuses
        # those that stay the same: render only what changed); a picture its message
        # shows already is kept there.
        own = self._table_cache.get(table.id, {})
        panels = dict(self._open_panels(table))

        def missing(who: int, scene: Scene | None) -> bool:
            target = table.message_id if who == TABLE_PICTURE else panels[who][0]
            return scene is not None and scene not in own and not self._keeps((table.id, who), target, scene)

        self._table_cache[table.id] = {s: own[s] for s in [*jobs, *hands.values()] if s is not None and s in own}
        self._undrawn[table.id] = {u for u, scene in hands.items() if missing(u, scene)}
        scenes = [scene for scene in jobs if scene is not None and missing(TABLE_PICTURE, scene)]
        scenes += [scene for u, scene in hands.items() if scene is not None and u in self._undrawn[table.id]]
        if not scenes:
            return None
        previous = self._drawing.get(table.id)
        state = self._state(table)

        async def draw() -> None:
            if previous is not None and not previous.done():
                with contextlib.suppress(Exception):
                    await asyncio.shield(previous)
                if self._state(table) != state:
                    return  # moved on while the pool drew the previous change
            # A render process free only after the table moved on: its newer change
            # draws what is shown then (this change's pictures would be seen by nobody).
            await self.render_many(scenes, table.id, wanted=lambda: self._state(table) == state)

        task = asyncio.get_running_loop().create_task(draw(), name=f"taroky-draw-{table.id}")
        self._drawing[table.id] = task
        task.add_done_callback(lambda t: self._drawing.pop(table.id, None) if self._drawing.get(table.id) is t else None)
        return task

    async def session_finished(self, table: Table, session: Session) -> None:
        """Post the session summary (why it ended, everyone's total)."""
        channel = self.client.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        await channel.send(embed=session_summary_embed(table, session))

    async def table_closed(self, table: Table, session: Session | None) -> None:
        """The table was closed (``/taroky end``, or the end of the hand it closed
        after): the session's summary, the closed table message; the table forgotten."""
        self.forget_table(table)
        channel = self.client.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        if session is not None:
            try:
                await channel.send(embed=session_summary_embed(table, session))
            except discord.HTTPException:
                log.warning("Could not post the session summary of table %s", table.id)
        if table.message_id is not None:
            embed, view = table_message(table)
            try:
                await channel.get_partial_message(table.message_id).edit(embed=embed, view=view)
                metrics.message_edited("table", "closed")
            except discord.HTTPException:
                log.warning("Could not show table %s as closed", table.id)

    async def remind(self, table: Table, seat: int) -> None:
        s = table.seats[seat]
        if s is None or s.user_id is None:
            return
        channel = self.client.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        await channel.send(
            words.public_text(table)._("{mention}, the table is waiting for you: click **My hand** to play "
                                       "(a computer will play for you soon).", mention=f"<@{s.user_id}>"),
            allowed_mentions=discord.AllowedMentions(users=True),
        )

    def _summary_view(self, table: Table) -> discord.ui.View:
        """The buttons of a hand's summary: each player's own review once the bot keeps
        the paid hand (issue #28)."""
        view = discord.ui.View(timeout=None)
        if self.keeps_hands(table) and table.settlement.unpaid is None:
            view.add_item(ReviewButton(table.hand_id, words.public_text(table)))
        return view

    async def hand_finished(self, table: Table, hand_no: int, result: HandResult) -> int | None:
        """Post the hand's summary; its message's id.  It is posted under the table's
        lock, so its picture gets ``picture_wait`` like a change's (a busy render pool
        held the next click for seconds): a picture drawn later is added by an edit of
        the summary."""
        embeds = summary_embeds(table, hand_no, result)
        scene = self._scene(lambda: summary_scene(table, hand_no, result))
        channel = self.client.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        view = self._summary_view(table)
        drawing: asyncio.Task[None] | None = None
        if scene is not None and self.picture_wait is not None:
            drawing = asyncio.get_running_loop().create_task(self._draw_one(scene), name=f"taroky-draw-{table.id}")
            await self._wait_for(drawing)
        if drawing is None or drawing.done():
            files = await self.picture(scene, "summary.png", embeds[0])
            return (await channel.send(embeds=embeds, files=files, view=view)).id
        message = await channel.send(embeds=embeds, view=view)
        asyncio.get_running_loop().create_task(
            self._late_summary(message, drawing, scene, embeds), name=f"taroky-pictures-{table.id}"
        )
        return message.id

    async def hand_paid(self, table: Table, summary_id: int) -> None:
        """A hand paid after its summary was posted (on a retry, after a restart): the
        summary gets its Review button, as a hand paid at once has."""
        view = self._summary_view(table)
        if not view.children:
            return
        channel = self.client.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        await channel.get_partial_message(summary_id).edit(view=view)

    async def _draw_one(self, scene: Scene) -> None:
        await self.render_many([scene])

    async def _late_summary(
        self, message: discord.Message, drawing: asyncio.Task[None], scene: Scene | None, embeds: list[discord.Embed]
    ) -> None:
        """The summary's picture came late: add it to the posted summary."""
        try:
            await drawing
            files = await self.picture(scene, "summary.png", embeds[0])
            if files:
                await message.edit(embeds=embeds, attachments=files)
                metrics.message_edited("summary", "late picture")
        except Exception:
            log.exception("Adding the picture to a hand summary failed")

    # ----------------------------------------------------------- public message
    async def publish(
        self, table: Table, *, force_new: bool = False, wait: bool = True, spare: bool = False
    ) -> None:
        """Create or edit the table's public message (coalesced).  ``wait=False``: do not
        wait for a picture not drawn yet (the message keeps the one it shows).
        ``spare``: an edit that only brings a late picture: it leaves the last
        ``SPARE_RESERVE`` edits the throttle allows to changes, and a change that may be
        shown now replaces it (a click is never held behind a picture)."""
        if force_new or table.message_id is None:
            await self._send_new(table)
            return
        pending = self._pending.get(table.id)
        if pending is not None:
            if spare or table.id not in self._spare or self._edit_wait(table) > 0:
                if not spare:
                    self._held.add(table.id)
                return  # a pending edit will show the latest state
            pending.cancel()  # a picture's edit: this change goes now and shows it too
            self._pending.pop(table.id, None)
        self._spare.discard(table.id)
        delay = self._edit_wait(table, reserve=SPARE_RESERVE if spare else 0)
        if delay <= 0:
            await self._edit(table, "late picture" if spare else "change", wait=wait)
            return
        self._pend(table, delay, spare=spare)

    def _edit_wait(self, table: Table, *, reserve: int = 0) -> float:
        """Seconds until the public message may be edited again (throttling): at most
        ``EDIT_BURST`` edits in any ``EDIT_BURST`` × ``edit_interval`` seconds, as Discord
        counts them (five in five seconds a channel), so a click after a quiet spell is
        shown at once (one edit a second held some clicks' edits for up to a second).
        ``reserve``: edits of the window left for others (a late picture's edit leaves
        one to the next change)."""
        times = self._edit_times.get(table.id)
        allowed = EDIT_BURST - reserve
        if self.edit_interval <= 0 or times is None or len(times) < allowed:
            return 0.0
        return times[-allowed] + EDIT_BURST * self.edit_interval - time.monotonic()

    def _edited(self, table: Table) -> None:
        """Note an edit (or post) of the table message, for ``_edit_wait``."""
        metrics.table_edited(table.channel_id)
        now = time.monotonic()
        self._last_edit[table.id] = now
        self._edit_times[table.id] = (*self._edit_times.get(table.id, ()), now)[-EDIT_BURST:]

    async def _delayed_edit(self, table: Table, wait: float) -> None:
        """The throttled edit of the table message: when it is due, its picture gets
        ``picture_wait`` to be drawn; the edit then goes out (with the picture the message
        shows if the new one is late: a busy render pool never holds the text back) and
        a late picture follows as after a change."""
        try:
            await asyncio.sleep(wait)
        finally:
            if self._pending.get(table.id) is asyncio.current_task():
                self._pending.pop(table.id, None)
                self._spare.discard(table.id)
        reason = "held change" if table.id in self._held else "late picture"
        self._held.discard(table.id)
        if self.picture_wait is None:
            await self._edit(table, reason)
            return
        drawing = self._draw_table_picture(table)
        if drawing is not None:
            await self._wait_for(drawing)
        await self._edit(table, reason, wait=False)
        if drawing is not None and not drawing.done():
            asyncio.get_running_loop().create_task(
                self._late_pictures(table, drawing, self._state(table)), name=f"taroky-pictures-{table.id}"
            )

    def _draw_table_picture(self, table: Table) -> asyncio.Task[None] | None:
        """Start drawing the table picture as the table stands (None: drawn already)."""
        scene = self._scene(lambda: table_scene(table)) if table.game is not None else None
        if (scene is None or scene in self._table_cache.get(table.id, {})
                or self._keeps((table.id, TABLE_PICTURE), table.message_id, scene)):
            return None

        state = self._state(table)

        async def draw() -> None:
            # (not drawn if the table moved on before a render process was free: the
            # edit that shows the newer state draws its own)
            await self.render_many([scene], table.id, wanted=lambda: self._state(table) == state)

        return asyncio.get_running_loop().create_task(draw(), name=f"taroky-draw-{table.id}")

    async def _send_new(self, table: Table) -> None:
        embed, view, files = await self.table_payload(table)
        channel = self.client.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        message = await channel.send(embed=embed, view=view, files=files)
        table.message_id = message.id
        self._shown.pop((table.id, TABLE_PICTURE), None)
        self._showing.pop(table.id, None)
        self._edited(table)

    async def _edit(self, table: Table, reason: str, *, wait: bool = True) -> None:
        """Edit the table message (``reason``: why, for ``metrics.MESSAGE_EDITS``)."""
        embed, view = table_message(table)
        scene = self._table_scene(table) if table.game is not None else None
        key = (table.id, TABLE_PICTURE)
        assert table.message_id is not None
        message = table.message_id
        files, sent = await self._edit_picture(scene, "table.png", embed, key, table.hand_no, message, wait=wait)
        if files:
            leave_to_picture(embed, words.public_text(table))
        showing = self._payload_key(message, embed, view, sent)
        if showing is not None and self._showing.get(table.id) == showing:
            # The message shows this already (a change no one sees on it, such as a
            # player's discard): no edit, and none of the throttle's five spent on it.
            metrics.table_edited(table.channel_id)  # (its clicks are shown)
            return
        self._showing.pop(table.id, None)
        channel = self.client.get_partial_messageable(table.channel_id, guild_id=table.guild_id)
        try:
            # ``attachments`` replaces the message's files: the new picture, the one it
            # keeps, or none.
            edited = await channel.get_partial_message(message).edit(embed=embed, view=view, attachments=files)
        except discord.NotFound:
            await self._send_new(table)
        else:
            self._sent(key, message, table.hand_no, sent, edited, "table.png")
            metrics.message_edited("table", reason)
            if showing is not None:
                self._showing[table.id] = showing
        self._edited(table)

    @staticmethod
    def _payload_key(
        message: int, embed: discord.Embed, view: discord.ui.View, sent: Scene | Shown | None,
    ) -> tuple[int, int, int | None] | None:
        """What an edit of the table message would show: the message, its text and buttons
        (a hash of their payload) and the picture it keeps; None for an edit that uploads
        a new picture (never the same as before)."""
        if sent is not None and not isinstance(sent, Shown):
            return None
        kept = sent.attachment.id if sent is not None else None
        return (message, hash(repr((embed.to_dict(), view.to_components()))), kept)

    # ----------------------------------------------------------- private panels
    async def show_panel(self, interaction: discord.Interaction, table: Table, *, edit: bool = False) -> None:
        """Show the clicking player's private panel: a fresh ephemeral message, or (``edit``)
        the panel the click came from, drawn again.  A player who was away is back."""
        own = self._own_output(table)
        if own is not None:
            await own.show_panel(interaction, table, edit=edit)
            return
        user_id = interaction.user.id
        seat = table.require_seat(user_id)
        if table.status not in (PLAYING, BETWEEN):
            raise TableError(N_("The game has not started yet; click Start when everyone is seated."))
        if not edit:
            await interaction.response.defer(ephemeral=True, thinking=True)
        async with table.lock:
            embed, view = panel_message(table, seat, reviews=self.keeps_hands(table))
            try:
                if edit:  # (no attachments: the old hand picture goes; a task draws the new one)
                    await interaction.response.edit_message(embed=embed, view=view, attachments=[])
                    metrics.message_edited("panel", "opened")
                    self._shown.pop((table.id, user_id), None)
                else:
                    await interaction.edit_original_response(embed=embed, view=view)
            finally:
                let_go(view)
        self.remember_panel(table, user_id, interaction)
        if table.mark_back(user_id):
            await interaction.followup.send(words.seat_text(table, seat)._("Welcome back: you play your own cards again."),
                                            ephemeral=True)

    def _own_output(self, table: Table) -> DiscordTableOutput | None:
        """The Discord output of a table shown through one of its own (a lesson,
        ``cogs.ui.lesson_view.LessonOutput``): its panels are drawn there."""
        own = table.output
        return own if isinstance(own, DiscordTableOutput) and own is not self else None

    def remember_panel(self, table: Table, user_id: int, interaction: discord.Interaction) -> None:
        """Keep the interaction that shows a panel (to refresh it) and make sure the
        panel carries the hand picture: the commands draw the text panel; unless a
        refresh already did, a short task redraws it with the picture."""
        own = self._own_output(table)
        if own is not None:
            own.remember_panel(table, user_id, interaction)
            return
        key = (table.id, user_id)
        self.panels[key] = (interaction, time.monotonic())
        if table.status == PLAYING and self._panel_drawn.get(key) != self._moment(table, interaction):
            asyncio.get_running_loop().create_task(
                self._draw_panel(table, user_id, interaction), name=f"taroky-panel-{table.id}-{user_id}"
            )

    @staticmethod
    def _moment(table: Table, interaction: discord.Interaction) -> tuple[int, int, int, str]:
        return (interaction.id, table.hand_no, table.step, table.status)

    async def _draw_panel(self, table: Table, user_id: int, interaction: discord.Interaction) -> None:
        key = (table.id, user_id)
        try:
            async with table.lock:  # keeps panel edits in the order of the game's changes
                current = self.panels.get(key)
                if current is None or current[0] is not interaction:
                    return  # a newer panel replaced this one
                if self._panel_drawn.get(key) == self._moment(table, interaction):
                    return  # a refresh already drew this moment
                seat = table.seat_of(user_id)
                if seat is None or table.status != PLAYING:
                    return
                await self._edit_panel(table, seat, key, interaction, "opened", wait=True)
                self._panel_drawn[key] = self._moment(table, interaction)
                self._panel_edited[key] = time.monotonic()
        except discord.HTTPException:
            self.panels.pop(key, None)
        except Exception:
            log.exception("Drawing the panel of table %s failed", table.id)

    def _open_panels(self, table: Table) -> list[tuple[int, tuple[discord.Interaction, float]]]:
        """The open panels of the table's seated players: (user id, (interaction, shown)),
        found by seat (not by looking through every table's panels)."""
        out: list[tuple[int, tuple[discord.Interaction, float]]] = []
        for chair in table.seats:
            if chair is not None and chair.user_id is not None:
                entry = self.panels.get((table.id, chair.user_id))
                if entry is not None:
                    out.append((chair.user_id, entry))
        return out

    @staticmethod
    def _to_act(table: Table, user_id: int) -> bool:
        game = table.game
        return game is not None and game.to_act is not None and table.seat_of(user_id) == game.to_act

    def _waited_on(self, table: Table, user_id: int, interaction: discord.Interaction) -> bool:
        """Someone waits on this panel: it is its player's turn, or the player clicked it
        and has not seen the result yet."""
        if self._to_act(table, user_id):
            return True
        drawn = self._panel_drawn.get((table.id, user_id))
        return drawn is None or drawn[0] != interaction.id

    async def refresh_panels(self, table: Table, *, wait: bool = True) -> None:
        """Edit the open panels of the table (``wait=False``: without waiting for their
        pictures)."""
        await self._refresh_panels(table, "refresh", wait=wait)

    async def _refresh_panels(
        self, table: Table, reason: str, *, wait: bool = True, waited_on_only: bool = False, stale_only: bool = False,
        throttle: bool = False,
    ) -> None:
        """``refresh_panels``.  ``reason``: why (``metrics.EDIT_REASONS``; a ``change``
        is counted as the ``turn`` or the ``click`` of a panel someone waits on).  ``waited_on_only``: a panel nobody waits on whose new
        picture is not drawn yet is left for the change's late pictures (marked stale);
        ``stale_only``: only the panels that do not show the last change in full;
        ``throttle``: a panel nobody waits on is edited at most once every
        ``edit_interval`` seconds (``_panel_edit_wait``): a later edit shows the latest
        change."""
        now = time.monotonic()
        for user_id, (interaction, shown) in self._open_panels(table):
            key = (table.id, user_id)
            seat = table.seat_of(user_id)
            if seat is None or now - shown > PANEL_TTL:
                self.panels.pop(key, None)
                continue
            if stale_only and key not in self._stale:
                continue
            if throttle and not self._waited_on(table, user_id, interaction):
                delay = self._panel_edit_wait(key, now)
                if delay > 0:
                    self._stale.add(key)
                    self._refresh_later(table, delay)
                    continue
            if (waited_on_only and user_id in self._undrawn.get(table.id, ())
                    and not self._waited_on(table, user_id, interaction)):
                self._stale.add(key)
                continue
            why = reason
            if reason == "change" and self._waited_on(table, user_id, interaction):
                why = "turn" if self._to_act(table, user_id) else "click"
            try:
                await self._edit_panel(table, seat, key, interaction, why, wait=wait)
                self._panel_drawn[key] = self._moment(table, interaction)
                self._panel_edited[key] = time.monotonic()
            except discord.HTTPException:
                # The token expired or the panel was dismissed: the player re-opens it.
                self.panels.pop(key, None)

    def _panel_edit_wait(self, key: tuple[str, int], now: float) -> float:
        """Seconds until a panel nobody waits on may be edited again: one edit every
        ``edit_interval`` (a change of the table edits the panels of both humans; with
        quick computers that is several edits a second of panels whose players are
        not looking for anything in them — the turn and a click's answer are never
        held)."""
        last = self._panel_edited.get(key)
        if self.edit_interval <= 0 or last is None:
            return 0.0
        return last + self.edit_interval - now

    def _refresh_later(self, table: Table, delay: float) -> None:
        """Edit the table's held-back panels (``_stale``) in ``delay`` seconds, with the
        table as it stands then (one task a table)."""
        if table.id in self._panels_later:
            return

        async def later() -> None:
            try:
                await asyncio.sleep(delay)
                async with table.lock:
                    if table.status != CLOSED:
                        await self._refresh_panels(table, "held change", wait=False, stale_only=True)
            except Exception:
                log.exception("Refreshing the panels of table %s failed", table.id)
            finally:
                if self._panels_later.get(table.id) is asyncio.current_task():
                    self._panels_later.pop(table.id, None)

        self._panels_later[table.id] = asyncio.get_running_loop().create_task(
            later(), name=f"taroky-panels-{table.id}")

    def forget_table(self, table: Table) -> None:
        self._edit_times.pop(table.id, None)
        self._spare.discard(table.id)
        self._held.discard(table.id)
        self._showing.pop(table.id, None)
        self._table_cache.pop(table.id, None)
        self._drawing.pop(table.id, None)
        self._undrawn.pop(table.id, None)
        for shown in [k for k in self._shown if k[0] == table.id]:
            self._shown.pop(shown, None)
        self._stale -= {k for k in self._stale if k[0] == table.id}
        self.pings.forget(table)
        for key in [k for k in self.panels if k[0] == table.id]:
            self.panels.pop(key, None)
            self._panel_drawn.pop(key, None)
        for key in [k for k in self._panel_edited if k[0] == table.id]:
            self._panel_edited.pop(key, None)
        for task in (self._pending.pop(table.id, None), self._panels_later.pop(table.id, None)):
            if task is not None:
                with contextlib.suppress(Exception):
                    task.cancel()
