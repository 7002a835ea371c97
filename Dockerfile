# Taroky bot: slim Python image, non-root user, the data directory as a volume.
# Every Python package comes from the hashed lock files (README: "Reproducible installs").

# Build stage: a C compiler so that the rules engine is compiled with mypyc (setup.py),
# by the locked setuptools and mypy (no isolated build environment resolving its own).
FROM python:3.11-slim AS build
RUN apt-get update \
    && apt-get install -y --no-install-recommends gcc libc6-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY requirements-build.lock ./
RUN pip install --no-cache-dir --require-hashes -r requirements-build.lock
COPY pyproject.toml setup.py README.md* ./
COPY bot ./bot
COPY cogs ./cogs
COPY rendering ./rendering
RUN pip wheel --no-cache-dir --no-deps --no-build-isolation -w /wheels .

FROM python:3.11-slim

# tini is PID 1: it hands SIGTERM (docker stop) to the bot, which stops cleanly
# (bot/lifecycle.py), and reaps the worker processes.
RUN apt-get update \
    && apt-get install -y --no-install-recommends tini \
    && rm -rf /var/lib/apt/lists/*

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    TAROKY_DB=/app/data/taroky.sqlite3 \
    TAROKY_METRICS_PORT=9108

WORKDIR /app

# The dependencies exactly as locked (with the PostgreSQL driver: one image serves both
# stores), then the wheel built above (compiled engine included) on top of them.
COPY requirements.lock /tmp/requirements.lock
COPY --from=build /wheels /wheels
RUN pip install --require-hashes -r /tmp/requirements.lock \
    && pip install --no-deps /wheels/*.whl \
    && rm -rf /wheels /tmp/requirements.lock \
    && useradd --create-home --uid 10001 taroky \
    && mkdir -p /app/data \
    && chown -R taroky:taroky /app/data

USER taroky
VOLUME ["/app/data"]

# Metrics (/metrics) and the health probe (/healthz) that HEALTHCHECK asks: the image
# turns the endpoint on for it; publish the port (-p 9108:9108) to scrape it.
EXPOSE 9108
HEALTHCHECK --interval=30s --timeout=15s --start-period=60s --retries=3 CMD ["taroky-bot", "--health"]

# docker stop sends SIGTERM, then waits 10 s: the bot is gone in a few.
STOPSIGNAL SIGTERM
ENTRYPOINT ["/usr/bin/tini", "--"]

# DISCORD_TOKEN (and the other settings in .env.example) come from the environment:
#   docker run --env-file .env -v taroky-data:/app/data taroky-bot
CMD ["taroky-bot"]
