"""``BOGGLE_LOG_FORMAT=json``: one JSON object a line, for a log collector to index without
parsing text. A record's ``guild``, ``channel`` and ``round`` (given with ``extra=``) become
fields of their own."""

from __future__ import annotations

import json
import logging
from datetime import UTC, datetime
from pathlib import Path

# Fields a log call may attach with ``extra=`` that a collector filters on.
CONTEXT = ("guild", "channel", "round")


class JsonFormatter(logging.Formatter):
    """time (ISO 8601, UTC), level, logger, message; the context fields a record carries; the
    traceback as ``exception`` when there is one."""

    def format(self, record: logging.LogRecord) -> str:
        line: dict[str, object] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        for name in CONTEXT:
            value = record.__dict__.get(name)
            if value is not None:
                line[name] = value
        if record.exc_info:
            line["exception"] = self.formatException(record.exc_info)
        elif record.exc_text:
            line["exception"] = record.exc_text
        return json.dumps(line, ensure_ascii=False, default=str)


def configure_logging(
    level: str, filename: str | Path | None = None, log_format: str = "text"
) -> None:
    """Log to stderr, or to ``filename`` (the sandbox keeps its terminal for the chat); as
    text, or as one JSON object a line (``log_format="json"``: ``JsonFormatter``)."""
    logging.basicConfig(
        level=getattr(logging, level),
        format="%(asctime)s %(levelname)-7s %(name)s: %(message)s",
        filename=filename,
    )
    if log_format == "json":
        for handler in logging.getLogger().handlers:
            handler.setFormatter(JsonFormatter())
