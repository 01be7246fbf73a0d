"""``BOGGLE_DATABASE`` fit to print: the one place that hides a password before a target (a
PostgreSQL URL or a SQLite path) is printed or logged, the settings' own included."""

from __future__ import annotations

from pathlib import Path
from urllib.parse import parse_qsl, urlencode, urlsplit, urlunsplit

_HIDDEN = "***"
_SECRET_PARAMS = {"password", "passfile", "sslpassword"}


def printable(target: str | Path) -> str:
    """``target`` fit to print: a URL's password (in its user part or its query) replaced."""
    text = str(target)
    scheme, sep, _ = text.partition("://")
    if not sep:
        return text
    try:
        parts = urlsplit(text)
        parts.port  # noqa: B018 (raises on a port that is not a number)
    except ValueError:  # too broken to tell where a password would be: hide all of it
        return f"{scheme}://{_HIDDEN}"
    if "@" in text.partition("://")[2] and "@" not in parts.netloc:
        return f"{scheme}://{_HIDDEN}"  # an unencoded /, ? or # in the password cut it short
    netloc = parts.netloc
    userinfo, at, hostinfo = netloc.rpartition("@")
    if at and ":" in userinfo:
        netloc = f"{userinfo.partition(':')[0]}:{_HIDDEN}@{hostinfo}"
    query = parts.query
    if query:
        pairs = parse_qsl(query, keep_blank_values=True)
        query = urlencode(
            [(k, _HIDDEN if k.lower() in _SECRET_PARAMS else v) for k, v in pairs], safe="*"
        )
    return urlunsplit((parts.scheme, netloc, parts.path, query, parts.fragment))
