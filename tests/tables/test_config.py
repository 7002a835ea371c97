"""Settings: .env parsing and one-sentence errors for a missing or malformed token."""

from __future__ import annotations

import pytest

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
    assert main() == 2
    err = capsys.readouterr().err.strip()
    assert err.count("\n") == 0 and "DISCORD_TOKEN is not set" in err


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
