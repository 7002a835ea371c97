# Taroky bot: slim Python image, non-root user, the data directory as a volume.

# Build stage: a C compiler so that the rules engine is compiled with mypyc (setup.py).
FROM python:3.11-slim AS build
RUN apt-get update \
    && apt-get install -y --no-install-recommends gcc libc6-dev \
    && rm -rf /var/lib/apt/lists/*
WORKDIR /src
COPY pyproject.toml setup.py README.md* ./
COPY bot ./bot
COPY cogs ./cogs
COPY rendering ./rendering
RUN pip wheel --no-cache-dir --no-deps -w /wheels .

FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    TAROKY_DB=/app/data/taroky.sqlite3

WORKDIR /app

# The wheel built above (compiled engine included) and its dependencies, with the
# PostgreSQL driver (DATABASE_URL; the `postgresql` extra) so one image serves both stores.
COPY --from=build /wheels /wheels
RUN pip install /wheels/*.whl "psycopg[binary]>=3.2" \
    && rm -rf /wheels \
    && useradd --create-home --uid 10001 taroky \
    && mkdir -p /app/data \
    && chown -R taroky:taroky /app/data

USER taroky
VOLUME ["/app/data"]

# DISCORD_TOKEN (and the other settings in .env.example) come from the environment:
#   docker run --env-file .env -v taroky-data:/app/data taroky-bot
CMD ["taroky-bot"]
