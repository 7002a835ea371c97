"""Slash commands in the players' languages: discord.py's ``app_commands.Translator``
reads each command's name, description, parameters and choices from the catalogs.

The English texts in the command decorators are the msgids, under the context
``command`` (names, which Discord requires lowercase and without spaces) and
``command help`` (descriptions and choice names).  Discord shows each user the
localization for their client's language when the commands are synced.
"""

from __future__ import annotations

import re
from typing import Final

import discord
from discord import app_commands

from bot.i18n import SOURCE, language_of, translations

NAME_CONTEXT: Final = "command"
HELP_CONTEXT: Final = "command help"
#: What Discord accepts as a command or option name (lowercase, no spaces, 1–32).
NAME_RE: Final = re.compile(r"^[-_\w]{1,32}$")

_NAMES: Final = frozenset({
    app_commands.TranslationContextLocation.command_name,
    app_commands.TranslationContextLocation.group_name,
    app_commands.TranslationContextLocation.parameter_name,
})


def context_of(location: app_commands.TranslationContextLocation) -> str:
    return NAME_CONTEXT if location in _NAMES else HELP_CONTEXT


class CatalogTranslator(app_commands.Translator):
    """Command names and help from the catalogs; None (Discord shows the English) where a
    catalog has no translation, or a name translation Discord would refuse."""

    async def translate(
        self, string: app_commands.locale_str, locale: discord.Locale, context: app_commands.TranslationContextTypes
    ) -> str | None:
        lang = language_of(locale)
        if lang is None or lang == SOURCE:
            return None
        ctx = context_of(context.location)
        text = translations(lang).pgettext(ctx, string.message)
        if text == string.message:
            return None
        if ctx == NAME_CONTEXT and not (NAME_RE.match(text) and text == text.lower()):
            return None
        return text[:100]
