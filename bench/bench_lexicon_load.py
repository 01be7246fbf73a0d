"""A language's lexicon load in a fresh process: the stamped digest against a full read.

"Before" reads and hashes the sources as ``load`` did before the stamp; "after" calls
``lexicon_for``; alternating, a fresh interpreter each, files in the page cache as for a bot's
next start. Target: every language's load < 40 ms (median).
"""

from __future__ import annotations

import argparse
import json
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from core.languages import LANGUAGES, language, lexicon_for  # noqa: E402
from core.lexicon.cache import source_stamp  # noqa: E402
from core.lexicon.sources import spellings_beside  # noqa: E402

TARGET_MS = 40.0

CHILD = """
import json, sys, time
from pathlib import Path
from core.languages import language, lexicon_for
from core.lexicon import Lexicon, cache_file
from core.lexicon.sources import read_sources, spellings_beside
lang, cache, way = language({code!r}), Path({cache!r}), {way!r}
spellings = lang.spellings_file or spellings_beside(lang.words_file)
started = time.perf_counter()
if way == "before":
    _, _, _, digest = read_sources(lang.words_file, lang.alphabet, lang.frequency_file, spellings)
    lexicon = Lexicon.from_bytes(cache_file(digest, cache).read_bytes(), expect_source=digest)
else:
    lexicon = lexicon_for(lang, cache)
seconds = time.perf_counter() - started
print(json.dumps({{"seconds": seconds, "digest": lexicon.source_hash.hex()}}))
"""


def child_load(code: str, cache: Path, way: str) -> tuple[float, str]:
    """One load in a fresh interpreter: its seconds and the lexicon's source digest."""
    done = subprocess.run(
        [sys.executable, "-c", CHILD.format(code=code, cache=str(cache), way=way)],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=True,
    )
    figures = json.loads(done.stdout.strip().splitlines()[-1])
    return float(figures["seconds"]), str(figures["digest"])


def prepare(code: str, cache: Path) -> bool:
    """Build and stamp the language's lexicon; whether its sources are stamped (not 'racy')."""
    lang = language(code)
    lexicon_for(lang, cache)
    spellings = lang.spellings_file or spellings_beside(lang.words_file)
    stamp = source_stamp(lang.words_file, cache, lang.alphabet, lang.frequency_file, spellings)
    return stamp.known_digest() is not None


def measure(code: str, cache: Path, repeats: int) -> dict[str, float | bool]:
    """Median and best of each way, alternating so both see the same machine load."""
    stamped = prepare(code, cache)
    before: list[float] = []
    after: list[float] = []
    for _ in range(repeats):
        old, old_digest = child_load(code, cache, "before")
        new, new_digest = child_load(code, cache, "after")
        if old_digest != new_digest:
            raise SystemExit(f"{code}: the two ways loaded different lexicons")
        before.append(old)
        after.append(new)
    size = len(language(code).read_words().encode())  # as text, compressed on disk or not
    return {
        "list_mb": size / 1e6,
        "before": 1000 * statistics.median(before),
        "after": 1000 * statistics.median(after),
        "before_best": 1000 * min(before),
        "after_best": 1000 * min(after),
        "stamped": stamped,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lang", nargs="+", default=list(LANGUAGES), choices=list(LANGUAGES))
    parser.add_argument("--repeats", type=int, default=15)
    parser.add_argument("--cache-dir", type=Path, default=None, help="default: a temporary one")
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="bench-lexicon-") as scratch:
        cache: Path = args.cache_dir or Path(scratch)
        print(f"cold load, fresh process, median (best) of {args.repeats}; target < {TARGET_MS} ms")
        print("| lang | list | before: read + SHA-256 | after: stamp | ratio | < 40 ms |")
        print("|---|---:|---:|---:|---:|---|")
        worst = 0.0
        for code in args.lang:
            got = measure(code, cache, args.repeats)
            worst = max(worst, float(got["after"]))
            note = "" if got["stamped"] else " (not stamped: list changed < 2 s ago)"
            print(
                f"| {code} | {got['list_mb']:.1f} MB "
                f"| {got['before']:.1f} ms ({got['before_best']:.1f}) "
                f"| {got['after']:.1f} ms ({got['after_best']:.1f}) "
                f"| {float(got['after']) / float(got['before']):.2f} "
                f"| {'yes' if float(got['after']) < TARGET_MS else 'NO'}{note} |",
                flush=True,
            )
    return 0 if worst < TARGET_MS else 1


if __name__ == "__main__":
    sys.exit(main())
