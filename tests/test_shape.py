"""The shape of the code, enforced: the layers and the rules docs/architecture.md states.

Read from the source (every import, also under ``TYPE_CHECKING`` or inside a function), so a
change that breaks the shape fails ``make test``.
"""

from __future__ import annotations

import ast
import functools
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("core", "bot", "standin")
SCRIPTS = ("bench",)  # not packages (no import rules), but held to the length rule
LONGEST_MODULE = 400  # lines

# Each layer, and the modules (prefixes) it may never import.
DRIVERS = ("aiosqlite", "asyncpg", "sqlite3", "psycopg")
PLATFORM = ("discord", "aiohttp", "PIL", "standin")
# Each feature is a folder: its service (the rules) and its SQL (``sql.py``) beside its Discord
# adapter (``discord/``) and its page side (``web.py``, or a ``web/`` package). Another feature
# may use only its public modules. Found by their ``service.py``, not listed: a new feature is held to the rules
# from its first commit.
FEATURES = tuple(sorted(f"bot.{path.parent.name}" for path in (ROOT / "bot").glob("*/service.py")))
PUBLIC = ("service", "events", "model", "options", "view", "store")
FRONT_ENDS = ("bot.discord", "bot.web")
# The page's kit (``bot/web``: the server, the sockets, the routes each feature's page side
# declares) stands on these alone, beside core and aiohttp: the features plug into it.
PAGE_KIT_USES = ("bot.web", "bot.kernel", "bot.i18n", "bot.config")
# The storage kernel (the engines, the ways into a database, migrations, errors, the whole
# database's records) stands on these alone: each feature's SQL is in the feature's folder
# (``bot/<feature>/sql.py``), composed with the engines in ``bot.stores``, which only the
# composition root and the tools hold whole (a feature takes the narrow store it declares).
STORAGE_KERNEL_USES = ("bot.storage", "bot.kernel", "bot.config")
WHOLE_STORAGE_HOLDERS = ("bot.stores", "bot.services", "bot.tools")
# What the composition root composes; a kit (below) names none of it.
COMPOSED = ("bot.services", "bot.app", "bot.stores", "bot.storage", "bot.tools", "standin")
# The kits every feature builds on, naming no feature: the Discord front end (the client takes
# the features' Discord sides as plug-ins, handed in by the composition root) and the board's
# pictures (drawn for the services, the Discord side and the page). Each stands on these alone.
KITS = {
    "bot.discord": ("bot.discord", "bot.kernel", "bot.i18n", "bot.config"),
    "bot.pictures": ("bot.pictures", "bot.kernel", "bot.i18n"),
}
FORBIDDEN = {
    "core": ("asyncio", *DRIVERS, *PLATFORM, "bot"),
    # The kernel is below the storage kernel (which may use it): the two never import each other
    # both ways, so the kernel imports no storage.
    "bot.kernel": (
        *DRIVERS,
        *PLATFORM,
        *FEATURES,
        *FRONT_ENDS,
        "bot.storage",
        "bot.stores",
        "bot.tools",
        "bot.services",
    ),
    "bot.storage": ("discord", "aiohttp", "PIL", "standin", *FRONT_ENDS),
    "bot.stores": (
        "discord",
        "aiohttp",
        "PIL",
        "standin",
        *FRONT_ENDS,
        "bot.services",
        "bot.app",
        "bot.tools",
    ),
    "bot.config": (
        "discord",
        "aiohttp",
        "PIL",
        "standin",
        "bot.kernel",
        "bot.storage",
        "bot.metrics",
        *FEATURES,
        *FRONT_ENDS,
        *COMPOSED,
    ),
    "bot.i18n": ("discord", "aiohttp", "PIL", "standin", "bot.kernel", *FRONT_ENDS),
    "bot.services": ("standin", "bot.tools", "bot.web", "bot.app"),
    "bot.app": ("standin", "bot.tools"),
    "bot.discord": ("aiohttp", "bot.web", "bot.pictures", *DRIVERS, *FEATURES, *COMPOSED),
    "bot.pictures": ("discord", "aiohttp", *DRIVERS, *FEATURES, *FRONT_ENDS, *COMPOSED),
    "bot.web": (
        "discord",
        "standin",
        "bot.discord",
        "bot.tools",
        "bot.app",
        "bot.services",
        "bot.stores",
        "bot.storage",
        *FEATURES,
        *DRIVERS,
    ),
    "bot.__main__": ("standin",),
    "standin": ("bot",),
}


def module_files() -> dict[str, Path]:
    mods: dict[str, Path] = {}
    for package in PACKAGES:
        for path in (ROOT / package).rglob("*.py"):
            name = ".".join(path.relative_to(ROOT).with_suffix("").parts)
            mods[name.removesuffix(".__init__")] = path
    return mods


MODULES = module_files()


@functools.cache
def tree(path: Path) -> ast.Module:
    """The module's syntax tree, parsed once a run (every rule walks the same files)."""
    return ast.parse(path.read_text(), str(path))


def imported(name: str, path: Path) -> Iterator[tuple[str, int]]:
    """Every module ``name`` imports, absolute, with the line it is imported on."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(tree(path)):
        if isinstance(node, ast.Import):
            for alias in node.names:
                yield alias.name, node.lineno
        elif isinstance(node, ast.ImportFrom):
            base = node.module or ""
            if node.level:
                parts = package.split(".")[: len(package.split(".")) - node.level + 1]
                base = ".".join([*parts, base] if base else parts)
            yield base, node.lineno
            for alias in node.names:  # ``from . import render`` imports a module
                if f"{base}.{alias.name}" in MODULES:
                    yield f"{base}.{alias.name}", node.lineno


def within(module: str, prefix: str) -> bool:
    return module == prefix or module.startswith(prefix + ".")


@functools.cache
def graph() -> dict[str, set[str]]:
    edges: dict[str, set[str]] = {m: set() for m in MODULES}
    for name, path in MODULES.items():
        package = name if path.name == "__init__.py" else name.rpartition(".")[0]
        for target, _ in imported(name, path):
            while target and target not in MODULES:
                target = target.rpartition(".")[0]
            if target and target not in (name, package):  # a package's own name is no import
                edges[name].add(target)
    return edges


def circles(edges: dict[str, set[str]]) -> list[list[str]]:
    """Strongly connected components of more than one module (Tarjan's, iterative)."""
    index: dict[str, int] = {}
    low: dict[str, int] = {}
    stack: list[str] = []
    on_stack: set[str] = set()
    found: list[list[str]] = []
    for root in edges:
        if root in index:
            continue
        work = [(root, iter(sorted(edges[root])))]
        index[root] = low[root] = len(index)
        stack.append(root)
        on_stack.add(root)
        while work:
            node, children = work[-1]
            for child in children:
                if child not in index:
                    index[child] = low[child] = len(index)
                    stack.append(child)
                    on_stack.add(child)
                    work.append((child, iter(sorted(edges[child]))))
                    break
                if child in on_stack:
                    low[node] = min(low[node], index[child])
            else:
                work.pop()
                if work:
                    low[work[-1][0]] = min(low[work[-1][0]], low[node])
                if low[node] == index[node]:
                    component = []
                    while True:
                        member = stack.pop()
                        on_stack.discard(member)
                        component.append(member)
                        if member == node:
                            break
                    if len(component) > 1:
                        found.append(sorted(component))
    return found


def test_no_import_circle() -> None:
    assert circles(graph()) == []


def test_the_circle_finder_finds_a_circle() -> None:
    assert circles({"a": {"b"}, "b": {"c"}, "c": {"a"}, "d": {"a"}}) == [["a", "b", "c"]]


def folder_of(module: str) -> str | None:
    """The folder (or module) of ``bot/`` a module is in: ``bot.rounds.discord.x`` is
    ``bot.rounds``."""
    parts = module.split(".")
    return ".".join(parts[:2]) if parts[0] == "bot" and len(parts) > 1 else None


def both_ways(edges: dict[str, set[str]]) -> list[str]:
    """Pairs of ``bot/``'s folders each importing the other, with one import each way."""
    why: dict[tuple[str, str], str] = {}
    for name, targets in sorted(edges.items()):
        for target in sorted(targets):
            mine, theirs = folder_of(name), folder_of(target)
            if mine is not None and theirs is not None and mine != theirs:
                why.setdefault((mine, theirs), f"{name} imports {target}")
    return [f"{why[a, b]}; {why[b, a]}" for a, b in sorted(why) if a < b and (b, a) in why]


def test_no_two_folders_import_each_other() -> None:
    """The folders of ``bot/`` stand on one another one way: a lower feature serves a higher
    one (its service, events, types) and never names it back."""
    assert both_ways(graph()) == []


def test_the_pair_finder_finds_a_pair() -> None:
    edges = {"bot.a.x": {"bot.b.y"}, "bot.b.y": {"bot.a"}, "bot.a": set(), "bot.c": {"bot.a"}}
    assert both_ways(edges) == ["bot.a.x imports bot.b.y; bot.b.y imports bot.a"]


@pytest.mark.parametrize("layer", sorted(FORBIDDEN))
def test_a_layer_imports_only_what_it_may(layer: str) -> None:
    broken = [
        f"{MODULES[name].relative_to(ROOT)}:{line} imports {target}"
        for name in MODULES
        if within(name, layer)
        for target, line in imported(name, MODULES[name])
        if any(within(target, banned) for banned in FORBIDDEN[layer])
    ]
    assert broken == []


def front_end(name: str) -> bool:
    """A module that shows the game to players: a front end, or a feature's adapter to one."""
    return any(within(name, f) for f in FRONT_ENDS) or any(
        within(name, f"{feature}.discord") or within(name, f"{feature}.web") for feature in FEATURES
    )


def feature_of(name: str) -> str | None:
    return next((f for f in FEATURES if within(name, f)), None)


def is_sql(module: str) -> bool:
    """A feature's SQL (``bot/<feature>/sql.py``) or the storage kernel's (``*_sql.py``)."""
    last = module.rpartition(".")[2]
    return last == "sql" or last.endswith("_sql")


def test_a_front_end_calls_no_storage() -> None:
    """Front ends reach the game through the services only: no storage import (the kernel's,
    the composed one, a feature's SQL), no ``services.storage`` (nor any ``storage.``) call."""
    broken = []
    for name, path in MODULES.items():
        if not front_end(name):
            continue
        broken += [
            f"{path.relative_to(ROOT)}:{line} imports {target}"
            for target, line in imported(name, path)
            if within(target, "bot.storage") or within(target, "bot.stores") or is_sql(target)
        ]
        broken += [
            f"{path.relative_to(ROOT)}:{node.lineno} uses {ast.unparse(node)}"
            for node in ast.walk(tree(path))
            if isinstance(node, ast.Attribute) and node.attr == "storage"
        ]
    assert broken == []


def test_a_front_end_reads_no_live_round() -> None:
    """A front end sees a round as the service's frozen ``RoundView``, never its ``LiveRound``
    (``rounds.running``, ``rounds.live``)."""
    broken = []
    for name, path in MODULES.items():
        if not front_end(name):
            continue
        broken += [
            f"{path.relative_to(ROOT)}:{line} imports {target}"
            for target, line in imported(name, path)
            if target in ("bot.rounds.live", "bot.rounds.live_rounds")
        ]
        broken += [
            f"{path.relative_to(ROOT)}:{node.lineno} reads {ast.unparse(node)}"
            for node in ast.walk(tree(path))
            if isinstance(node, ast.Attribute)
            and node.attr in ("running", "live")
            and "rounds" in ast.unparse(node.value)
        ]
    assert broken == []


def test_the_features_are_found() -> None:
    assert {"bot.rounds", "bot.daily", "bot.achievements", "bot.seasons"} <= set(FEATURES)


def names_services(tree: ast.AST) -> list[int]:
    """Lines that import or name the whole ``Services`` bag (also in a quoted annotation)."""
    lines = []
    for node in ast.walk(tree):
        named: list[str | None]
        if isinstance(node, ast.ImportFrom):
            named = [alias.name for alias in node.names]
        else:  # a name, or an attribute (``bot.services.Services``)
            named = [getattr(node, "id", None), getattr(node, "attr", None)]
        if "Services" in named and isinstance(node, ast.stmt | ast.expr):
            lines.append(node.lineno)
        for hint in (getattr(node, "annotation", None), getattr(node, "returns", None)):
            if isinstance(hint, ast.Constant) and isinstance(hint.value, str):
                lines += [hint.lineno] * len(names_services(ast.parse(hint.value, mode="eval")))
    return sorted(set(lines))


def test_a_front_end_is_given_only_what_it_uses() -> None:
    """No front end holds the whole ``Services`` bag: the composition root (``bot.app``) gives
    each feature's Discord side, the client and the page the narrow view of what it uses (dynamic
    items reach their own feature's through its ``Registry``)."""
    broken = [
        f"{path.relative_to(ROOT)}:{line} names Services"
        for name, path in MODULES.items()
        if front_end(name)
        for line in names_services(tree(path))
    ]
    assert broken == []


def test_the_services_finder_finds_the_bag() -> None:
    assert names_services(ast.parse("from bot.services import Ports, Services\n")) == [1]
    assert names_services(ast.parse("import bot.services\n\nx: bot.services.Services\n")) == [3]
    assert names_services(ast.parse("def f(s: 'Services') -> None: ...\n")) == [1]
    assert names_services(ast.parse("from bot.services import Ports\nservices = 1\n")) == []


def test_features_meet_only_through_their_public_modules() -> None:
    """A feature may use another feature's service, events and types (``PUBLIC``), never its
    internals (its adapters, its helpers)."""
    broken = [
        f"{MODULES[name].relative_to(ROOT)}:{line} imports {target}"
        for name in MODULES
        if (mine := feature_of(name)) is not None
        for target, line in imported(name, MODULES[name])
        if (theirs := feature_of(target)) not in (None, mine)
        and target not in {f"{theirs}.{module}" for module in PUBLIC} | {theirs}
    ]
    assert broken == []


def polling_loops(tree: ast.AST) -> list[int]:
    """Lines of ``while`` loops that sleep or time out to look again: polling."""
    return [
        loop.lineno
        for loop in ast.walk(tree)
        if isinstance(loop, ast.While)
        for call in ast.walk(loop)
        if isinstance(call, ast.Call)
        and isinstance(call.func, ast.Attribute)
        and call.func.attr in ("sleep", "wait_for")
    ]


def test_no_polling_loop_in_a_front_end() -> None:
    """A front end is told what happens (the services' events); it never looks again and
    again."""
    broken = [
        f"{path.relative_to(ROOT)}:{line}"
        for name, path in MODULES.items()
        if front_end(name)
        for line in polling_loops(tree(path))
    ]
    assert broken == []


# Time-driven work is a job of the kernel's scheduler (``bot/kernel/scheduler.py``, which waits
# on an event until its earliest job, no sleep): no feature writes a loop of its own. The guess
# writer's batches are the one other loop that sleeps. Not yet jobs (each named with why): a
# round's ticks (its status, its warning) and the shard claims' wait and watch (on the wall
# clock, before the services run), the SQLite file's retries at open, the tools' terminal.
SLEEPING_LOOPS = {
    "bot.rounds.writer",
    "bot.rounds.runner",
    "bot.kernel.shard_claims",
    "bot.storage.sqlite.opening",
    "bot.tools.sandbox",
    "bot.tools.sandbox_terminal",
}


def sleeping_loops(modules: dict[str, Path]) -> list[str]:
    """Where a module of ``core`` or ``bot`` outside ``SLEEPING_LOOPS`` sleeps in a loop."""
    return [
        f"{name}:{line}"
        for name, path in modules.items()
        if (within(name, "bot") or within(name, "core")) and name not in SLEEPING_LOOPS
        for line in polling_loops(tree(path))
    ]


def test_time_driven_work_is_the_schedulers() -> None:
    """A feature's deadline or period is a job of the scheduler, never a ``while`` loop that
    sleeps and looks again."""
    assert sleeping_loops(MODULES) == []


def test_the_sleeping_loop_finder_finds_a_feature_loop(tmp_path: Path) -> None:
    loop = tmp_path / "loop.py"
    loop.write_text("async def f():\n    while True:\n        await asyncio.sleep(60)\n")
    found = sleeping_loops({"bot.seasons.loop": loop, "bot.rounds.writer": loop})
    assert found == ["bot.seasons.loop:2"]


def test_the_polling_finder_finds_a_poll() -> None:
    poll = "async def f():\n    while True:\n        await asyncio.sleep(0.2)\n"
    assert polling_loops(ast.parse(poll)) == [2]
    assert polling_loops(ast.parse("while x:\n    x = step(x)\n")) == []


def beyond(layer: str, allowed: tuple[str, ...]) -> list[str]:
    """Where a module of ``layer`` imports a ``bot`` module outside ``allowed``."""
    return [
        f"{MODULES[name].relative_to(ROOT)}:{line} imports {target}"
        for name in MODULES
        if within(name, layer)
        for target, line in imported(name, MODULES[name])
        if within(target, "bot") and not any(within(target, a) for a in allowed)
    ]


def test_the_page_kit_imports_no_feature() -> None:
    """The arrows point from each feature's page side to the kit, never back: the kit routes
    the page's messages to the handlers the features declare (``bot.web.routes``), and the
    composition root hands it their tables."""
    assert beyond("bot.web", PAGE_KIT_USES) == []


def test_only_a_page_side_uses_the_page_kit() -> None:
    """A feature's service, its SQL and its Discord side know nothing of the page: only its page
    side (``bot/<feature>/web``) and the composition root import the kit."""
    broken = [
        f"{MODULES[name].relative_to(ROOT)}:{line} imports {target}"
        for name in MODULES
        if not within(name, "bot.web") and name != "bot.app"
        for target, line in imported(name, MODULES[name])
        if within(target, "bot.web")
        and not any(within(name, f"{feature}.web") for feature in FEATURES)
    ]
    assert broken == []


@pytest.mark.parametrize("kit", sorted(KITS))
def test_a_kit_names_no_feature(kit: str) -> None:
    """A kit imports no feature, nor what composes them (the services, the app, the storage):
    the features build on it, and the composition root hands it what it runs."""
    assert beyond(kit, KITS[kit]) == []


def test_the_storage_kernel_imports_no_feature() -> None:
    """The arrows point from the features to the storage kernel, never back: a feature's SQL
    lives in its folder, and ``bot.stores`` (outside the kernel) composes it with the engines."""
    assert beyond("bot.storage", STORAGE_KERNEL_USES) == []


def test_only_the_composition_root_holds_the_whole_storage() -> None:
    """Services and adapters take the narrow store their feature declares, never ``Storage``."""
    broken = [
        f"{MODULES[name].relative_to(ROOT)}:{line} imports {target}"
        for name in MODULES
        if not any(within(name, holder) for holder in WHOLE_STORAGE_HOLDERS)
        for target, line in imported(name, MODULES[name])
        if within(target, "bot.stores")
    ]
    assert broken == []


PORT = "bot.rounds.discord.port"  # what the round's channel view asks of Discord


def port_methods() -> set[str]:
    """The methods of the Discord side's ``Publisher`` port, read from its source."""
    tree = ast.parse(MODULES[PORT].read_text())
    return {
        method.name
        for node in tree.body
        if isinstance(node, ast.ClassDef) and node.name == "Publisher"
        for method in node.body
        if isinstance(method, ast.FunctionDef | ast.AsyncFunctionDef)
    }


def named(node: ast.AST) -> str | None:
    """The name a node says: a variable, an attribute, an import, a parameter."""
    if isinstance(node, ast.Name):
        return node.id
    if isinstance(node, ast.Attribute):
        return node.attr
    if isinstance(node, ast.alias):
        return node.asname or node.name
    if isinstance(node, ast.arg):
        return node.arg
    return None


def publisher_uses(tree: ast.AST, methods: set[str]) -> list[str]:
    """Where a module names a publisher or calls one of the port's ``methods``."""
    found = []
    for node in ast.walk(tree):
        word = named(node)
        if word is not None and "publisher" in word.lower():
            found.append(f"{getattr(node, 'lineno', 0)} names {word}")
        if (
            isinstance(node, ast.Call)
            and isinstance(node.func, ast.Attribute)
            and node.func.attr in methods
        ):
            found.append(f"{node.lineno} calls {ast.unparse(node.func)}")
    return found


def test_the_round_service_shows_nothing_itself() -> None:
    """The round service (``bot/rounds/*.py`` outside ``discord/``) tells what happens as events
    and hears back through its use cases: it imports no Discord side (``bot.rounds.discord``,
    ``bot.discord``, discord.py), names no publisher and calls none of the port's methods, so
    the round's channel is a listener like the page's hub."""
    methods = port_methods()
    assert {"post_board", "edit_status", "post_results"} <= methods  # the port is where it was
    broken = []
    for name, path in MODULES.items():
        if not within(name, "bot.rounds") or within(name, "bot.rounds.discord"):
            continue
        where = path.relative_to(ROOT)
        broken += [
            f"{where}:{line} imports {target}"
            for target, line in imported(name, path)
            if any(
                within(target, side) for side in ("bot.rounds.discord", "bot.discord", "discord")
            )
        ]
        broken += [f"{where}:{use}" for use in publisher_uses(tree(path), methods)]
    assert broken == []


def test_the_publisher_finder_finds_a_publisher() -> None:
    methods = {"post_board"}
    port = "async def f(self):\n    await self.port.post_board(view)\n"
    named = "def f(publisher):\n    return publisher\n"
    assert publisher_uses(ast.parse(port), methods) == ["2 calls self.port.post_board"]
    assert publisher_uses(ast.parse(named), methods) == ["1 names publisher", "2 names publisher"]
    assert publisher_uses(ast.parse("def f(events):\n    events.publish(x)\n"), methods) == []


def test_only_the_tools_import_the_standin() -> None:
    users = {
        name
        for name in MODULES
        if within(name, "bot")
        and any(within(target, "standin") for target, _ in imported(name, MODULES[name]))
    }
    assert {name for name in users if not within(name, "bot.tools")} == set()


def test_no_module_is_over_the_limit() -> None:
    scripts = [path for folder in SCRIPTS for path in (ROOT / folder).rglob("*.py")]
    assert scripts  # the folders are there: a rename would silently check nothing
    long = {
        str(path.relative_to(ROOT)): lines
        for path in [*MODULES.values(), *scripts]
        if (lines := len(path.read_text().splitlines())) > LONGEST_MODULE
    }
    assert long == {}
