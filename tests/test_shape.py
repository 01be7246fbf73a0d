"""The shape of the code, enforced: layers import only downwards, no cog imports another cog, no
import circle, no module over 400 lines. Read from the source (every import, also those under
``TYPE_CHECKING`` or inside a function), so a change that breaks the shape fails ``make test``.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("core", "bot", "standin")
LONGEST_MODULE = 400  # lines

# Each layer, and the modules (prefixes) it may never import.
DRIVERS = ("aiosqlite", "asyncpg", "sqlite3", "psycopg")
PLATFORM = ("discord", "aiohttp", "PIL", "standin")
FRONT_ENDS = ("discord", "aiohttp", "PIL", "standin")
FEATURES = ("bot.rounds", "bot.daily", "bot.standings", "bot.server_settings", "bot.check")
FORBIDDEN = {
    "core": ("asyncio", *DRIVERS, *PLATFORM, "bot"),
    "bot.kernel": (*DRIVERS, *PLATFORM, *FEATURES, "bot.discord", "bot.web", "bot.tools"),
    "bot.storage": ("discord", "aiohttp", "PIL", "standin", "bot.discord", "bot.web"),
    "bot.config": ("discord", "aiohttp", "PIL", "standin", "bot.kernel", "bot.discord"),
    "bot.i18n": ("discord", "aiohttp", "PIL", "standin", "bot.kernel", "bot.discord"),
    "bot.discord.render": ("aiohttp", "standin", "bot.storage", "bot.tools", *FEATURES),
    "bot.services": ("standin", "bot.tools"),
    "bot.discord": ("standin", "bot.tools", *DRIVERS),
    "bot.web": ("discord", "standin", "bot.discord", "bot.tools", *DRIVERS),
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


def imported(name: str, path: Path) -> Iterator[tuple[str, int]]:
    """Every module ``name`` imports, absolute, with the line it is imported on."""
    package = name if path.name == "__init__.py" else name.rpartition(".")[0]
    for node in ast.walk(ast.parse(path.read_text(), str(path))):
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


def test_no_cog_imports_another_cog() -> None:
    cogs = "bot.discord.features"
    broken = [
        f"{name} imports {target}"
        for name in MODULES
        if within(name, cogs) and name != cogs
        for target, _ in imported(name, MODULES[name])
        if within(target, cogs) and target != name
    ]
    assert broken == []


def test_only_the_tools_import_the_standin() -> None:
    users = {
        name
        for name in MODULES
        if within(name, "bot")
        and any(within(target, "standin") for target, _ in imported(name, MODULES[name]))
    }
    assert {name for name in users if not within(name, "bot.tools")} == set()


def test_no_module_is_over_the_limit() -> None:
    long = {
        str(path.relative_to(ROOT)): lines
        for path in MODULES.values()
        if (lines := len(path.read_text().splitlines())) > LONGEST_MODULE
    }
    assert long == {}
