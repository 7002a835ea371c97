"""Settings: .env parsing and one-sentence errors for a missing or malformed token."""

from __future__ import annotations

import subprocess
import sys

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from bot.__main__ import main
from bot.config import ConfigError, load_settings, parse_dotenv

GOOD = "MTA5ODc2NTQzMjEwOTg3NjU0.GaBcDe.abcdefghijklmnopqrstuvwxyz0123456789AB"


def test_parse_dotenv_dialect():
    text = "# comment\nexport A=1\nB='two words'\nC=\"x\"\nD=plain # trailing\nnot a line\n"
    assert parse_dotenv(text) == {"A": "1", "B": "two words", "C": "x", "D": "plain"}


def test_environment_overrides_dotenv(tmp_path):
    env_file = tmp_path / ".env"
    env_file.write_text(f"DISCORD_TOKEN={GOOD}\nLOG_LEVEL=debug\nDEV_GUILD_ID=123\n")
    s = load_settings({"LOG_LEVEL": "WARNING"}, env_file)
    assert s.token == GOOD and s.log_level == "WARNING" and s.dev_guild_id == 123
    assert str(s.db_path).endswith("taroky.sqlite3")


@pytest.mark.parametrize(
    ("env", "fragment"),
    [
        ({}, "DISCORD_TOKEN is not set"),
        ({"DISCORD_TOKEN": "hello"}, "does not look like a Discord bot token"),
        ({"DISCORD_TOKEN": GOOD, "DEV_GUILD_ID": "abc"}, "DEV_GUILD_ID must be"),
        ({"DISCORD_TOKEN": GOOD, "LOG_LEVEL": "loud"}, "LOG_LEVEL must be"),
        ({"DISCORD_TOKEN": GOOD, "TAROKY_AI_DELAY": "-1"}, "TAROKY_AI_DELAY must be"),
        ({"DISCORD_TOKEN": GOOD, "TAROKY_LOBBY_EXPIRY": "1e9"}, "TAROKY_LOBBY_EXPIRY must be"),
        ({"DISCORD_TOKEN": GOOD, "DATABASE_URL": "mysql://x/y"}, "DATABASE_URL must be a PostgreSQL URL"),
        ({"DISCORD_TOKEN": GOOD, "TAROKY_SHARDS": "2"}, "TAROKY_SHARDS ('2'): write the shards as IDS/COUNT"),
        ({"DISCORD_TOKEN": GOOD, "TAROKY_SHARDS": "2/2"}, "shard ids run from 0 to 1"),
        ({"DISCORD_TOKEN": GOOD, "TAROKY_SHARDS": "0,0/2"}, "distinct shards"),
    ],
)
def test_bad_settings_fail_with_one_sentence(env, fragment):
    with pytest.raises(ConfigError) as info:
        load_settings(env, None)
    message = str(info.value)
    assert fragment in message
    assert message.endswith(".") and "\n" not in message


def test_main_without_token_exits_2_with_one_line(monkeypatch, tmp_path, capsys):
    monkeypatch.chdir(tmp_path)
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    assert main([]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "DISCORD_TOKEN is not set" in err


def test_the_lobby_expiry_is_a_setting():
    """Issue #29: a lobby nobody starts closes after TAROKY_LOBBY_EXPIRY seconds (0: never)."""
    assert load_settings({"DISCORD_TOKEN": GOOD}, None).limits.lobby_expiry == 1800.0
    assert load_settings({"DISCORD_TOKEN": GOOD, "TAROKY_LOBBY_EXPIRY": "600"}, None).limits.lobby_expiry == 600.0
    assert load_settings({"DISCORD_TOKEN": GOOD, "TAROKY_LOBBY_EXPIRY": "0"}, None).limits.lobby_expiry is None


def test_hand_reviews_are_a_setting():
    """Issue #28: a process reviews paid hands unless TAROKY_ANALYSIS is off, within
    TAROKY_ANALYSIS_PLAYOUTS hands played out per seat; anything else is one sentence."""
    s = load_settings({"DISCORD_TOKEN": GOOD}, None)
    assert s.analysis is True and s.analysis_playouts == 4000
    s = load_settings({"DISCORD_TOKEN": GOOD, "TAROKY_ANALYSIS": "off", "TAROKY_ANALYSIS_PLAYOUTS": "500"}, None)
    assert s.analysis is False and s.analysis_playouts == 500
    for env, fragment in (({"TAROKY_ANALYSIS": "maybe"}, "TAROKY_ANALYSIS must be on or off"),
                          ({"TAROKY_ANALYSIS_PLAYOUTS": "5"}, "TAROKY_ANALYSIS_PLAYOUTS must be a whole number"),
                          ({"TAROKY_ANALYSIS_PLAYOUTS": "many"}, "TAROKY_ANALYSIS_PLAYOUTS must be a whole number")):
        with pytest.raises(ConfigError) as info:
            load_settings({"DISCORD_TOKEN": GOOD, **env}, None)
        assert fragment in str(info.value)


def test_shards_and_database_settings():
    """TAROKY_SHARDS names this process's shards (IDS/COUNT); DATABASE_URL picks PostgreSQL."""
    s = load_settings({"DISCORD_TOKEN": GOOD, "TAROKY_SHARDS": "0-2,5/8",
                       "DATABASE_URL": "postgresql://u:p@db/taroky", "TAROKY_INSTANCE": "bot-a"}, None)
    assert s.shards is not None and (s.shards.count, s.shards.ids) == (8, (0, 1, 2, 5))
    assert s.store_location == "postgresql://u:p@db/taroky" and s.lease_owner == "bot-a"
    plain = load_settings({"DISCORD_TOKEN": GOOD}, None)
    assert plain.shards is None and plain.store_location == plain.db_path
    assert plain.lease_owner.endswith(":all")


def test_a_sharded_process_runs_its_shards_with_discord_py():
    from discord.ext import commands

    from bot.app import ShardedTarokyBot, TarokyBot, make_bot

    settings = load_settings({"DISCORD_TOKEN": GOOD, "TAROKY_SHARDS": "1/2"}, None)
    bot = make_bot(settings)
    assert isinstance(bot, ShardedTarokyBot) and isinstance(bot, commands.AutoShardedBot)
    assert bot.shard_count == 2 and bot.shard_ids == [1]
    single = make_bot(load_settings({"DISCORD_TOKEN": GOOD}, None))
    assert type(single) is TarokyBot


# ---- python-dotenv and the checks on top (issue #30) ------------------------------------------


def test_a_quoted_token_with_a_comment_after_it_is_the_token(tmp_path):
    """``DISCORD_TOKEN="…"  # comment`` is the token without its quotes or the comment
    (the hand-written parser kept the quotes: "does not look like a Discord bot token")."""
    env_file = tmp_path / ".env"
    env_file.write_text(f'DISCORD_TOKEN="{GOOD}"  # from the Developer Portal\n'
                        "LOG_LEVEL='warning' # quiet\n", encoding="utf-8")
    s = load_settings({}, env_file)
    assert s.token == GOOD and s.log_level == "WARNING"


def test_a_dotenv_saved_with_a_byte_order_mark_keeps_its_first_key(tmp_path):
    """A ``.env`` saved by Notepad starts with a UTF-8 byte-order mark; the first key is
    still DISCORD_TOKEN (it was lost: "DISCORD_TOKEN is not set")."""
    env_file = tmp_path / ".env"
    env_file.write_bytes(f"DISCORD_TOKEN={GOOD}\nDEV_GUILD_ID=42\n".encode("utf-8-sig"))
    assert env_file.read_bytes().startswith(b"\xef\xbb\xbf")
    s = load_settings({}, env_file)
    assert s.token == GOOD and s.dev_guild_id == 42


def test_a_dotenv_that_is_not_utf8_is_one_sentence(tmp_path):
    env_file = tmp_path / ".env"
    env_file.write_bytes(b"DISCORD_TOKEN=\xff\xfe\n")
    with pytest.raises(ConfigError, match="is not UTF-8 text"):
        load_settings({}, env_file)


def test_a_dollar_in_a_value_is_kept_as_written():
    """No ``${VAR}`` expansion: a password may hold a dollar sign."""
    assert parse_dotenv("DATABASE_URL=postgresql://u:pa$${HOME}@h/db\n") == {
        "DATABASE_URL": "postgresql://u:pa$${HOME}@h/db"}


@pytest.mark.parametrize("url", [
    "postgresql://u:secret@localhost:notaport/db",
    "postgresql://u:secret@localhost:99999/db",
    "postgresql://u:secret@localhost:0/db",
    "postgresql://u:secret@[::1/db",
    "postgresql://u:secret@::1]/db",
    "postgresql://u:sec[ret@h/db",
    "postgresql://u:sec/ret@h/db",
    "postgresql://u:sec#ret@h/db",
    "postgresql://u:sec ret@h/db",
    "postgresql://u:secret@ｈ℀/db",
    "postgres://u:secret@h:５４３２/db",
])
def test_every_malformed_database_url_is_one_sentence(url, monkeypatch, tmp_path, capsys):
    """A malformed DATABASE_URL is one sentence that does not repeat the password, from
    the settings and from ``taroky-bot`` (``localhost:notaport`` was a ValueError
    traceback)."""
    with pytest.raises(ConfigError) as info:
        load_settings({"DISCORD_TOKEN": GOOD, "DATABASE_URL": url}, None)
    message = str(info.value)
    assert "DATABASE_URL" in message and message.endswith(".") and "\n" not in message
    assert "secret" not in message and "sec" not in message.replace("second", "")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setenv("DISCORD_TOKEN", GOOD)
    monkeypatch.setenv("DATABASE_URL", url)
    assert main([]) == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and err.startswith("taroky-bot: ") and "secret" not in err


@pytest.mark.parametrize("url", [
    "postgresql://u:p@db/taroky",
    "postgresql://u:p@db:5433/taroky?sslmode=require",
    "postgresql://u:p@[::1]:5432/taroky",
    "postgresql://u:p@h1:5432,h2:5433/taroky",
    "postgresql:///taroky",
])
def test_well_formed_database_urls_are_accepted(url):
    """Hosts, ports, IPv6 and libpq's several hosts, a local socket: all accepted as written."""
    assert load_settings({"DISCORD_TOKEN": GOOD, "DATABASE_URL": f" {url} "}, None).database_url == url


@settings(max_examples=300, deadline=None)
@given(rest=st.text(max_size=40))
def test_any_database_url_is_accepted_or_one_sentence(rest):
    """Whatever follows ``postgresql://``: accepted, or a ConfigError, never another error."""
    try:
        load_settings({"DISCORD_TOKEN": GOOD, "DATABASE_URL": "postgresql://" + rest}, None)
    except ConfigError as error:
        assert str(error).endswith(".") and "\n" not in str(error)


def test_the_bot_says_nothing_about_voice_at_start_up():
    """The bot has no voice: making it logs no PyNaCl / davey warning (each start logged
    two).  In a fresh process, since discord.py warns once per process."""
    code = ("import logging; logging.basicConfig(level=logging.INFO)\n"
            "from bot.app import make_bot; from bot.config import load_settings\n"
            f"make_bot(load_settings({{'DISCORD_TOKEN': {GOOD!r}}}, None))\n"
            "import discord; discord.Client(intents=discord.Intents.none())\n")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr
    assert "voice will NOT be supported" not in done.stderr
    assert "PyNaCl" not in done.stderr and "davey" not in done.stderr
