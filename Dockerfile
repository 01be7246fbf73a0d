# The bot's image: slim Python, a non-root user, every lexicon compiled in (docs/hosting.md).
# Layers go from what changes least to what changes most, so a change to the bot's code
# rebuilds only the last two: the dependencies (pyproject.toml), then the lexicons (core/ and
# data/), then the code.
FROM python:3.11-slim

ENV PYTHONDONTWRITEBYTECODE=1 \
    PYTHONUNBUFFERED=1 \
    PIP_DISABLE_PIP_VERSION_CHECK=1 \
    BOGGLE_DATABASE=/data/boggle.sqlite3 \
    BOGGLE_CACHE_DIR=/app/cache \
    BOGGLE_METRICS_PORT=9100

# /data is where the SQLite database goes: mount a volume there (docker run -v boggle-data:/data).
# No VOLUME line: it would give every container an anonymous volume, used or not.
RUN useradd --create-home --uid 10001 boggle \
    && mkdir -p /data && chown boggle /data
WORKDIR /app

# 1. The dependencies and the build backend, read from pyproject.toml: this layer is rebuilt only
#    when pyproject.toml changes.
COPY pyproject.toml ./
RUN python -c "import tomllib; p = tomllib.load(open('pyproject.toml', 'rb')); \
print('\n'.join(p['build-system']['requires'] + p['project']['dependencies']))" \
        > /tmp/requirements.txt \
    && pip install --no-cache-dir -r /tmp/requirements.txt \
    && rm /tmp/requirements.txt

# 2. Every language's lexicon, so the bot starts warm and never builds one (German's build peaks
#    near 130 MB). Only core/ and data/ go into this layer, so it is rebuilt only when they change.
#    The lexicons live in the image, not on the volume, so they always match the image's word
#    lists. The boggle user may write the cache: another BOGGLE_DICTIONARY is built at a
#    container's first start (by a child process of the bot) and kept for the container's life.
COPY core ./core
COPY data ./data
#    The definitions' indexes too (every form resolved: a build peaks at a few hundred MB), so
#    the bot only reads them (data/definitions/README.md). One command, as `make` runs it: the
#    builds in parallel, one child a core.
RUN python -m core.compile --all && chown -R boggle /app/cache

# 3. The bot's code, installed without its dependencies (layer 1 has them). An editable install:
#    the code runs from /app, so data/ and migrations/ are found beside it. /app stays root's.
COPY README.md ./
COPY migrations ./migrations
COPY standin ./standin
COPY bot ./bot
RUN pip install --no-cache-dir --no-deps --no-build-isolation -e .

USER boggle
# /healthz on BOGGLE_METRICS_PORT: 503 (urlopen raises, exit 1) when the gateway or the database
# is down. Python's own urllib: the slim image has no curl. The start period covers a cold start.
HEALTHCHECK --interval=30s --timeout=5s --start-period=60s --retries=3 \
    CMD ["python", "-c", "import os, urllib.request; urllib.request.urlopen('http://127.0.0.1:' + os.environ['BOGGLE_METRICS_PORT'] + '/healthz', timeout=4)"]
# Needs DISCORD_TOKEN (docker run -e DISCORD_TOKEN=...): the no-token sandbox is for a checkout.
CMD ["python", "-m", "bot"]
