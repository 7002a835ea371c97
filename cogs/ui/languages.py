"""Who reads which language: the choices players and servers made, remembered.

A player's own replies and panels: their ``/taroky language``, else their Discord
client's language (the interaction's locale), else English.  The public table message:
the server's ``/taroky-admin language``, else the server's preferred locale, else
English.  Choices are kept in the store (``language_choices``) and cached here.
"""

from __future__ import annotations

from typing import Final, Literal, Protocol

import discord

from bot.i18n import LANGUAGES, SOURCE, Text, pick_language

Scope = Literal["guild", "user"]
#: What ``/taroky language`` offers besides the languages: back to the client's own.
FOLLOW_DISCORD: Final = "discord"


class LanguageStore(Protocol):
    async def set_language(self, scope: str, id_: int, language: str | None) -> None: ...

    async def get_language(self, scope: str, id_: int) -> str | None: ...


class Languages:
    """The remembered choices (None: nobody chose; the store, when there is one, keeps
    them across restarts)."""

    def __init__(self, store: LanguageStore | None) -> None:
        self.store = store
        self._cache: dict[tuple[Scope, int], str | None] = {}

    async def chosen(self, scope: Scope, id_: int) -> str | None:
        key = (scope, id_)
        if key not in self._cache:
            stored = None if self.store is None else await self.store.get_language(scope, id_)
            self._cache[key] = stored if stored in LANGUAGES else None
        return self._cache[key]

    async def choose(self, scope: Scope, id_: int, language: str | None) -> None:
        if language is not None and language not in LANGUAGES:
            raise ValueError(f"no catalog for language {language!r}")
        if self.store is not None:
            await self.store.set_language(scope, id_, language)
        self._cache[(scope, id_)] = language

    async def for_reader(self, interaction: discord.Interaction) -> Text:
        """The language to answer this interaction's user in."""
        own = await self.chosen("user", interaction.user.id)
        return Text(pick_language(own, interaction.locale))

    async def for_guild(self, guild: discord.Guild | None) -> Text:
        """The language of a server's public table messages."""
        if guild is None:
            return Text(SOURCE)
        own = await self.chosen("guild", guild.id)
        return Text(pick_language(own, guild.preferred_locale))
