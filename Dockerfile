# Taroky bot: slim Python image, non-root user, the data directory as a volume.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_NO_CACHE_DIR=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    TAROKY_DB=/app/data/taroky.sqlite3

WORKDIR /app

# Dependencies first (better layer caching), then the code.
COPY pyproject.toml README.md* ./
COPY bot ./bot
COPY cogs ./cogs
COPY rendering ./rendering
RUN pip install . \
    && useradd --create-home --uid 10001 taroky \
    && mkdir -p /app/data \
    && chown -R taroky:taroky /app/data

USER taroky
VOLUME ["/app/data"]

# DISCORD_TOKEN (and the other settings in .env.example) come from the environment:
#   docker run --env-file .env -v taroky-data:/app/data taroky-bot
CMD ["taroky-bot"]
