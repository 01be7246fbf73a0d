"""``python -m bot.tools.copy_database SOURCE TARGET [--force]``: copy the bot's data across.

SOURCE and TARGET are what ``BOGGLE_DATABASE`` takes (a SQLite path or a ``postgresql://`` URL).
All data is copied with its ids, as the source held it at one moment, in one transaction. A
target that holds data is refused, unchanged, unless ``--force`` (which replaces its data). Stop
the bot first: rounds it runs during the copy carry on in the source only.
Exit codes: 0 copied; 1 a database cannot be used or the target holds data; 2 bad arguments.
"""

from __future__ import annotations

import argparse
import asyncio
import sys
from collections.abc import Sequence
from pathlib import Path

from bot.storage import StorageError, TargetNotEmpty, is_postgres, printable
from bot.stores import Storage

# How the command names each table's rows, in copy order.
LABELS = {
    "rounds": "rounds",
    "guesses": "guesses",
    "found_words": "accepted words",
    "round_results": "results",
    "standings": "standings",
    "players": "names",
    "server_settings": "server settings",
    "round_channels": "round channels",
    "banned_words": "banned words",
    "daily_attempts": "daily attempts",
    "daily_guesses": "daily guesses",
    "daily_posts": "daily posts",
    "tournaments": "tournaments",
    "tournament_entrants": "tournament entrants",
    "tournament_rounds": "tournament rounds",
    "tournament_scores": "tournament scores",
    "tournament_places": "tournament places",
    "tournament_settings": "tournament settings",
    "battle_days": "battle days",
    "battle_weeks": "battle weeks",
    "season_settings": "season settings",
    "seasons": "seasons",
    "season_places": "season places",
    "achievements": "achievements",
    "world_secret": "world secret",
    "world_channels": "world channels",
    "world_rounds": "world rounds",
    "world_entries": "world entries",
    "world_words": "world words",
}


class CopyError(Exception):
    """The copy cannot be made; the message says which database and why."""


def main(argv: Sequence[str] | None = None) -> int:
    args = _parser().parse_args(argv)
    try:
        _check(args.source, args.target)
        copied = asyncio.run(copy(args.source, args.target, replace=args.force))
    except CopyError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 1
    except KeyboardInterrupt:
        return 130
    print(f"copied {describe(copied)} from {printable(args.source)} to {printable(args.target)}")
    return 0


async def copy(source: str, target: str, *, replace: bool = False) -> dict[str, int]:
    """Copy everything from ``source`` into ``target``; the rows copied per table."""
    origin = await _open("SOURCE", source)
    try:
        destination = await _open("TARGET", target)
        try:
            return await destination.import_records(origin.export_records(), replace=replace)
        except TargetNotEmpty as exc:
            raise CopyError(
                f"TARGET {printable(target)} already holds data ({describe(exc.counts)}); "
                "pass --force to replace it"
            ) from None
        except StorageError as exc:
            raise CopyError(
                f"copying {printable(source)} to {printable(target)} failed, nothing was "
                f"written: {exc}"
            ) from None
        finally:
            await destination.close()
    finally:
        await origin.close()


def describe(counts: dict[str, int]) -> str:
    """``3 rounds, 120 guesses, ...``, every table in copy order."""
    return ", ".join(f"{counts.get(table, 0)} {label}" for table, label in LABELS.items())


def _check(source: str, target: str) -> None:
    """Refuse, before opening anything, what cannot be meant: a SQLite source that is not there
    (opening it would make an empty one), or the same database on both sides."""
    try:
        files = [not is_postgres(t) and t != ":memory:" for t in (source, target)]
    except StorageError as exc:  # a URL of another kind
        raise CopyError(str(exc)) from None
    if files[0] and not Path(source).is_file():
        raise CopyError(f"SOURCE {source}: no such database file")
    if source == target or (all(files) and Path(target).exists() and Path(source).samefile(target)):
        raise CopyError("SOURCE and TARGET are the same database")


async def _open(role: str, target: str) -> Storage:
    try:
        return await Storage.open(target)
    except StorageError as exc:
        raise CopyError(f"{role} {printable(target)}: {exc}") from None


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m bot.tools.copy_database",
        description="Copy the bot's data (rounds, guesses, results, standings, names, server "
        "settings) from one "
        "database to another: a SQLite path or a postgresql:// URL on either side.",
    )
    parser.add_argument("source", metavar="SOURCE", help="the database to copy from")
    parser.add_argument("target", metavar="TARGET", help="the database to copy into")
    parser.add_argument(
        "--force", action="store_true", help="replace the data of a TARGET that holds some"
    )
    return parser


if __name__ == "__main__":
    sys.exit(main())
