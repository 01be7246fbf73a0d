"""The house's shape at a git revision, counted: what issue 25 measured before and after.

``.venv/bin/python bench/house_counts.py 7cdf3ed HEAD``. A front end is ``bot/discord``,
``bot/web`` and each feature's ``discord/`` and ``web.py``; the counts are named in ``count``.
"""

from __future__ import annotations

import argparse
import ast
import re
import subprocess
from collections.abc import Iterator

STORAGE_CALL = re.compile(r"\bstorage\.[a-z_]+\(")
LIVE_READ = re.compile(r"\brounds\.(running\(|live\b)")
SPAM_CHECK = re.compile(r"limiter\.allow\(")
# Opening a daily attempt: the server's time zone and the player's name, with the open.
DAILY_OPENING = (re.compile(r"\bserver_zone\("), re.compile(r"\bremember_names\("))
WHOLE_BAG = re.compile(r"\bServices\b")
PORT_CALL = re.compile(r"\bpublisher\.(post_board|edit_status|post_results|react|post_warning)\(")
FEATURES = (
    *("rounds", "standings", "server_settings", "daily", "tournaments", "battles", "seasons"),
    *("achievements", "check", "definitions"),
)


def git(*args: str) -> str:
    return subprocess.run(["git", *args], capture_output=True, text=True, check=True).stdout


def python_files(rev: str) -> Iterator[str]:
    for path in git("ls-tree", "-r", "--name-only", rev, "bot").split():
        if path.endswith(".py"):
            yield path


def front_end(path: str) -> bool:
    parts = path.split("/")
    return (
        path.startswith(("bot/discord/", "bot/web/"))
        or (len(parts) > 2 and parts[2] == "discord")
        or (len(parts) == 3 and parts[2] == "web.py")
    )


def polling_loops(source: str) -> int:
    """``while`` loops that sleep or time out to look again (as tests/test_shape.py reads them)."""
    return sum(
        1
        for loop in ast.walk(ast.parse(source))
        if isinstance(loop, ast.While)
        and any(
            isinstance(c, ast.Call)
            and isinstance(c.func, ast.Attribute)
            and c.func.attr in ("sleep", "wait_for")
            for c in ast.walk(loop)
        )
    )


def count(rev: str) -> dict[str, int]:
    found = dict.fromkeys(
        (
            "storage calls from front ends",
            "front-end reads of a live round",
            "places applying the guess spam limit",
            "places opening a daily attempt",
            "polling loops in front ends",
            "front-end modules given the whole Services",
            "Discord port calls from the round service",
            "features whose SQL is in bot/storage",
            "features with their texts in their folder",
        ),
        0,
    )
    keys = list(found)
    for path in python_files(rev):
        source = git("show", f"{rev}:{path}")
        if front_end(path):
            found[keys[0]] += len(STORAGE_CALL.findall(source))
            found[keys[1]] += len(LIVE_READ.findall(source))
            found[keys[4]] += polling_loops(source)
            found[keys[5]] += 1 if WHOLE_BAG.search(source) else 0
        elif path.startswith(("bot/rounds/", "bot/service/")):  # bot/service/: before the house
            found[keys[6]] += len(PORT_CALL.findall(source))
        if path.startswith("bot/storage/") and path.count("/") == 2:
            found[keys[7]] += 1 if path.removesuffix(".py").split("/")[2] in FEATURES else 0
        found[keys[2]] += 1 if SPAM_CHECK.search(source) else 0
        found[keys[3]] += 1 if all(p.search(source) for p in DAILY_OPENING) else 0
    texts = git("ls-tree", "-r", "--name-only", rev, "bot")
    found[keys[8]] = sum(f"bot/{f}/locales/en.toml" in texts.split() for f in FEATURES)
    return found


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("revisions", nargs="+", help="git revisions, e.g. 7cdf3ed HEAD")
    revisions = parser.parse_args().revisions
    counted = {rev: count(rev) for rev in revisions}
    width = max(len(k) for k in next(iter(counted.values())))
    print(f"{'':{width}}  " + "  ".join(f"{rev:>10}" for rev in revisions))
    for key in next(iter(counted.values())):
        print(f"{key:{width}}  " + "  ".join(f"{counted[rev][key]:>10}" for rev in revisions))


if __name__ == "__main__":
    main()
