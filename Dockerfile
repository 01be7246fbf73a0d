# A small image for the bot: slim Python, a non-root user, the database on a volume.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    BOGGLE_DATABASE=/data/boggle.sqlite3 \
    BOGGLE_CACHE_DIR=/app/cache

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
# Every language's lexicon compiled into the image, so the bot starts warm and never builds one
# (German's build peaks near 130 MB). They live in the image, not on the volume, so they always
# match the image's word lists. The boggle user may write there: another BOGGLE_DICTIONARY is
# built at a container's first start (by a child process of the bot) and kept for the container's
# life.
RUN for lang in en fr es de; do python -m core.compile --lang "$lang"; done \
    && chown -R boggle /app/cache

USER boggle
VOLUME ["/data"]
# The code runs from /app (an editable install), so data/ and migrations/ are found beside it.
CMD ["python", "-m", "bot"]
