# A small image for the bot: slim Python, a non-root user, the database on a volume.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    BOGGLE_DATABASE=/data/boggle.sqlite3 \
    BOGGLE_CACHE_DIR=/data/cache

WORKDIR /app
COPY pyproject.toml README.md ./
COPY core ./core
COPY bot ./bot
COPY standin ./standin
COPY migrations ./migrations
COPY data ./data
RUN pip install --no-cache-dir -e . \
    && useradd --create-home --uid 10001 boggle \
    && mkdir -p /data && chown boggle /data

USER boggle
VOLUME ["/data"]
# The code runs from /app (an editable install), so data/ and migrations/ are found beside it.
CMD ["python", "-m", "bot"]
