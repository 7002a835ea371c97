"""Keep the catalogs in step with the code: ``python -m tools.catalogs``.

* ``--check`` (run by the test suite): every language's catalog has every message the
  code marks and the slash commands use, and nothing else; lists what is missing or
  unused and exits 1 if anything is.
* no flag: writes the template ``bot/i18n/locale/taroky.pot`` and updates each
  language's ``.po`` from it (new messages added untranslated, gone ones marked
  obsolete), the way ``pybabel update`` does, for translators to fill in.

The messages are what Babel's extractor finds in ``bot/``, ``cogs/`` and ``rendering/``
(``_``, ``N_``, ``ngettext``, ``pgettext``) and every text discord.py asks the command
translator for (names, descriptions, parameters, choices) while building the commands'
payloads, so a command added to a cog is a message at once.
"""

from __future__ import annotations

import argparse
import ast
import asyncio
import string
import sys
from collections.abc import Iterable
from pathlib import Path
from typing import Final

import discord
from babel.messages.catalog import Catalog
from babel.messages.extract import extract_from_dir
from babel.messages.pofile import read_po, write_po
from discord import app_commands

from bot.i18n import DOMAIN, LANGUAGES, LOCALE_DIR, SOURCE, VARIANT_CONTEXT, catalog_path
from cogs.ui.translator import context_of

ROOT: Final = Path(__file__).resolve().parents[1]
SOURCE_DIRS: Final = ("bot", "cogs", "rendering")
KEYWORDS: Final = {"_": None, "N_": None, "ngettext": (1, 2), "pgettext": ((1, "c"), 2)}
TEMPLATE: Final = LOCALE_DIR / f"{DOMAIN}.pot"

#: A message: (context or None, msgid, plural msgid or None).
Message = tuple[str | None, str, str | None]


def code_messages() -> dict[Message, list[tuple[str, int]]]:
    """Every message the code marks for translation, with where it is."""
    out: dict[Message, list[tuple[str, int]]] = {}
    for folder in SOURCE_DIRS:
        for filename, lineno, message, _comments, context in extract_from_dir(
            ROOT / folder, method_map=[("**.py", "python")], keywords=KEYWORDS,
        ):
            if isinstance(message, tuple):
                key: Message = (context, message[0], message[1])
            else:
                key = (context, message, None)
            if key[1]:
                out.setdefault(key, []).append((f"{folder}/{filename}", lineno))
    _pair_plural_msgs(out)
    return out


def _plural_msgs() -> set[tuple[str, str]]:
    """Every plural ``Msg`` of the engine: ``Msg(N_(singular), ..., plural=N_(plural), n=...)``
    (Babel's extractor sees two ``N_`` calls; the translation is looked up as a plural)."""
    pairs: set[tuple[str, str]] = set()
    for folder in ("bot/engine", "bot/ai"):
        for path in sorted((ROOT / folder).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
                if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "Msg"
                        and node.args and isinstance(node.args[0], ast.Call)):
                    continue
                singular = _marked(node.args[0])
                plural = next((_marked(k.value) for k in node.keywords if k.arg == "plural"), None)
                if singular is not None and plural is not None:
                    pairs.add((singular, plural))
    return pairs


def _marked(node: ast.expr) -> str | None:
    """The constant of ``N_("...")``."""
    if (isinstance(node, ast.Call) and isinstance(node.func, ast.Name) and node.func.id == "N_"
            and node.args and isinstance(node.args[0], ast.Constant) and isinstance(node.args[0].value, str)):
        return node.args[0].value
    return None


def _pair_plural_msgs(out: dict[Message, list[tuple[str, int]]]) -> None:
    """The two halves of each plural ``Msg`` made one plural message (its singular and
    plural kept as messages of their own only where some other call says them alone)."""
    for singular, plural in _plural_msgs():
        where: list[tuple[str, int]] = []
        for half in (singular, plural):
            key: Message = (None, half, None)
            found = out.get(key, [])
            where.extend(found)
            # (a half said alone elsewhere keeps its message: only ``Msg`` lines are merged)
            if found and all(_is_plural_msg_line(w) for w in found):
                del out[key]
        if where:
            out.setdefault((None, singular, plural), []).extend(sorted(set(where)))


def _is_plural_msg_line(where: tuple[str, int]) -> bool:
    path, lineno = where
    lines = (ROOT / path).read_text(encoding="utf-8").splitlines()
    near = "\n".join(lines[max(0, lineno - 3):lineno + 1])
    return "plural=N_(" in near or "Msg(N_(" in near


class _Recorder(app_commands.Translator):
    """Notes every text discord.py would have translated, and translates none."""

    def __init__(self) -> None:
        self.seen: set[Message] = set()

    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        self.seen.add((context_of(context.location), string.message, None))
        return None


async def _command_messages() -> set[Message]:
    from bot.app import TarokyBot
    from bot.config import Settings

    bot = TarokyBot(Settings(token="", db_path=Path("unused.sqlite3")).for_tests())
    for extension in bot.settings.extensions:
        await bot.load_extension(extension)
    recorder = _Recorder()
    for command in bot.tree.get_commands():
        await command.get_translated_payload(bot.tree, recorder)
    await bot.close()
    return recorder.seen


def command_messages() -> set[Message]:
    """Every name, description, parameter and choice of the bot's slash commands."""
    return asyncio.run(_command_messages())


def engine_messages() -> set[Message]:
    """The texts the engine keeps as data and the bot shows: the variants' titles, their
    words for cards (context ``card word``), and the game terms (context ``game term``): the titles of contracts, bonuses and declarations
    and the doubling words, each variant's own, said with ``bot.engine.actions.term``."""
    from bot.engine import VARIANTS
    from bot.engine.actions import TERM, TITLES
    from bot.engine.cards import CARD_WORD

    out: set[Message] = {(VARIANT_CONTEXT, v.title, None) for v in VARIANTS.values()}
    terms: set[str] = set(TITLES.values())
    for v in VARIANTS.values():
        terms.update(c.title for c in v.contracts.values())
        terms.update(w for w in v.double_words if w)
        terms.update(v.title_of(name) for name in (*TITLES, *v.contracts, "game"))
    out.update((TERM, term, None) for term in terms)
    for v in VARIANTS.values():  # (the variants' words for cards: "horse", "luna", "Skiż")
        cw = v.card_words
        out.update((CARD_WORD, w, None) for w in (cw.skyz, cw.pagat, cw.mond, cw.rider) if w)
    return out


def rules_messages() -> set[Message]:
    """The texts of each variant's rules pages, which the variant keeps as data
    (``bot.engine.rulebook`` says each through the reader's translator): how each part of
    a hand goes, the counting, payment and bonus rules, the pool, the options' titles and
    help, the glossary's meanings and examples, and its terms (context ``game term``, as
    the contracts' titles)."""
    from bot.engine import VARIANTS
    from bot.engine.actions import TERM

    out: set[Message] = set()

    def add(text: str, context: str | None = None) -> None:
        if text:
            out.add((context, text, None))

    for v in VARIANTS.values():
        for lines in v.how_it_goes.values():
            for line in lines:
                add(line)
        for line in (*v.counting_rules, *v.scoring_rules, *v.game_payments.values(), v.valat_rule, v.pool_rule):
            add(line)
        for o in v.option_specs:
            add(o.title)
            add(o.help)
        for term, (meaning, example) in v.glossary.items():
            add(term, TERM)
            add(meaning)
            add(example)
    return out


def all_messages() -> dict[Message, list[tuple[str, int]]]:
    out = code_messages()
    for message in sorted(engine_messages(), key=lambda m: m[1]):
        out.setdefault(message, []).append(("(variants)", 0))
    for message in sorted(rules_messages(), key=lambda m: m[1]):
        out.setdefault(message, []).append(("(rules pages)", 0))
    for message in sorted(command_messages(), key=lambda m: (m[0] or "", m[1])):
        out.setdefault(message, []).append(("(slash commands)", 0))
    return out


def template(messages: dict[Message, list[tuple[str, int]]]) -> Catalog:
    cat = Catalog(domain=DOMAIN, project="Taroky bot", locale=None, charset="utf-8")
    for (context, msgid, plural), where in sorted(messages.items(), key=lambda kv: (kv[0][0] or "", kv[0][1])):
        cat.add(msgid if plural is None else (msgid, plural), locations=where, context=context)
    return cat


def read_catalog(lang: str) -> Catalog:
    with catalog_path(lang).open("rb") as f:
        return read_po(f, locale=lang, domain=DOMAIN)


def _key(context: str | None, msgid: str | tuple[str, ...] | list[str]) -> tuple[str | None, str]:
    return context, msgid if isinstance(msgid, str) else msgid[0]


def fields(text: str) -> set[str]:
    """The ``{name}`` fields of a message (what the code fills in)."""
    return {name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name}


def field_problems(msgid: str | tuple[str, ...] | list[str], strings: tuple[str, ...]) -> list[str]:
    """What is wrong with a translation's fields: one the code does not fill (the text
    would fail to format), or one the English has and the translation dropped.  A plural
    form may leave ``{n}`` out ("jeden žeton")."""
    plural = not isinstance(msgid, str)
    source = fields(msgid) if isinstance(msgid, str) else set().union(*(fields(m) for m in msgid))
    out: list[str] = []
    for text in strings:
        try:
            have = fields(text)
        except ValueError:
            out.append(f"malformed field in {text!r}")
            continue
        if have - source:
            out.append(f"unknown field(s) {sorted(have - source)} in {text!r}")
        dropped = source - have - ({"n"} if plural else set())
        if dropped:
            out.append(f"field(s) {sorted(dropped)} dropped in {text!r}")
    return out


def check(messages: dict[Message, list[tuple[str, int]]], langs: Iterable[str] = LANGUAGES) -> list[str]:
    """What is wrong with the catalogs, a line each (nothing: all is well)."""
    wanted = {_key(c, m) for c, m, _p in messages}
    problems: list[str] = []
    for lang in langs:
        if lang == SOURCE:
            continue
        cat = read_catalog(lang)
        have: set[tuple[str | None, str]] = set()
        for msg in cat:
            if not msg.id:
                continue  # the header
            key = _key(msg.context, msg.id)
            have.add(key)
            strings = msg.string if isinstance(msg.string, tuple) else (msg.string,)
            if key in wanted and (msg.fuzzy or not all(strings)):
                problems.append(f"{lang}: untranslated: {key[1]!r}" + (f" ({key[0]})" if key[0] else ""))
            elif key in wanted:
                said = tuple(s for s in strings if isinstance(s, str))
                problems.extend(f"{lang}: {p}: {key[1]!r}" for p in field_problems(msg.id, said))
        for key in sorted(wanted - have, key=lambda k: (k[0] or "", k[1])):
            problems.append(f"{lang}: missing: {key[1]!r}" + (f" ({key[0]})" if key[0] else ""))
        for key in sorted(have - wanted, key=lambda k: (k[0] or "", k[1])):
            problems.append(f"{lang}: unused: {key[1]!r}" + (f" ({key[0]})" if key[0] else ""))
    return problems


def update(messages: dict[Message, list[tuple[str, int]]]) -> None:
    """Write the template and bring every language's catalog up to it."""
    tmpl = template(messages)
    TEMPLATE.parent.mkdir(parents=True, exist_ok=True)
    with TEMPLATE.open("wb") as f:
        write_po(f, tmpl, width=100, omit_header=False)
    for lang in LANGUAGES:
        if lang == SOURCE:
            continue
        path = catalog_path(lang)
        if path.exists():
            cat = read_catalog(lang)
            cat.update(tmpl, no_fuzzy_matching=True)
        else:
            path.parent.mkdir(parents=True, exist_ok=True)
            cat = Catalog(domain=DOMAIN, locale=lang, project="Taroky bot")
            cat.update(tmpl, no_fuzzy_matching=True)
        with path.open("wb") as f:
            write_po(f, cat, width=100, ignore_obsolete=True)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m tools.catalogs", description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true", help="only check the catalogs; exit 1 if any is behind")
    args = parser.parse_args(argv)
    messages = all_messages()
    if args.check:
        problems = check(messages)
        for line in problems:
            print(line)
        print(f"{len(messages)} messages; {len(problems)} problem(s)")
        return 1 if problems else 0
    update(messages)
    print(f"{len(messages)} messages written to {TEMPLATE.relative_to(ROOT)} and the catalogs of "
          + ", ".join(lang for lang in LANGUAGES if lang != SOURCE))
    return 0


if __name__ == "__main__":
    sys.exit(main())
