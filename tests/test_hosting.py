"""Hosting files, checked by reading them: no Docker engine (and no network) runs in the tests.

docker-compose.yml's bot environments are read by the bot's own settings; the Docker commands in
README.md and docs/hosting.md must use the image name and volume the files use.
"""

from __future__ import annotations

import json
import re
from pathlib import Path, PurePosixPath
from typing import Any

import pytest
import yaml

from bot.config.settings import Settings
from bot.storage.targets import is_postgres

ROOT = Path(__file__).resolve().parent.parent
COMPOSE = ROOT / "docker-compose.yml"
DOCKERFILE = ROOT / "Dockerfile"
DOCKERIGNORE = ROOT / ".dockerignore"
DOCS = (ROOT / "README.md", ROOT / "docs" / "hosting.md")
POSTGRES_DATA = "/var/lib/postgresql/data"  # where the postgres:16 image keeps its data
REQUIRED = re.compile(r"\$\{(\w+):\?[^}]*\}")  # ${NAME:?message}: compose stops without NAME


def compose() -> dict[str, Any]:
    data = yaml.safe_load(COMPOSE.read_text())
    assert isinstance(data, dict)
    return data


def services() -> dict[str, dict[str, Any]]:
    found: dict[str, dict[str, Any]] = compose()["services"]
    return found


def bot_image() -> str:
    """The image the compose file builds: exactly one service builds it, and names it."""
    builders = [s for s in services().values() if "build" in s]
    assert len(builders) == 1, "one service builds the bot's image; the others run it"
    image = builders[0].get("image")
    assert isinstance(image, str) and image, (
        "the built image is named, so that the other bot services can run it"
    )
    return image


def bots() -> dict[str, dict[str, Any]]:
    image = bot_image()
    return {name: s for name, s in services().items() if s.get("image") == image}


def interpolated(value: str) -> str:
    """A value as compose would pass it, with each required variable given a stand-in."""
    return REQUIRED.sub(lambda m: f"{m[1].lower()}123", value)


def environment(service: dict[str, Any]) -> dict[str, str]:
    env = service.get("environment", {})
    assert isinstance(env, dict), "environment as a mapping"
    return {key: str(value) for key, value in env.items()}


def test_compose_is_yaml_and_every_bot_runs_the_one_built_image() -> None:
    image = bot_image()
    assert len(bots()) >= 2
    for name, service in services().items():
        if name == "postgres":
            assert service["image"].startswith("postgres:")
        else:
            assert service.get("image") == image, f"{name} runs another image"


def test_each_bot_gets_what_it_needs_and_its_settings_are_valid() -> None:
    names = set(services())
    for name, service in bots().items():
        env = environment(service)
        required = REQUIRED.fullmatch(env["DISCORD_TOKEN"])
        assert required, f"{name}: compose must stop without it"
        assert required[1] == "DISCORD_TOKEN"
        database = interpolated(env["BOGGLE_DATABASE"])
        assert is_postgres(database), f"{name}: processes that share shards share PostgreSQL"
        host = re.search(r"@([\w.-]+):\d+/", database)
        assert host is not None and host[1] in names, f"{name}: the database is a service here"
        waits = service.get("depends_on", {})
        assert waits.get(host[1], {}).get("condition") == "service_healthy"
        settings = Settings.from_env({k: interpolated(v) for k, v in env.items()}, env_file=None)
        assert settings.token and settings.database == database


def test_shard_ids_across_the_bots_cover_every_shard_once() -> None:
    slices = []
    for service in bots().values():
        env = {k: interpolated(v) for k, v in environment(service).items()}
        slices.append(Settings.from_env(env, env_file=None).shards)
    counts = {s.count for s in slices}
    assert len(counts) == 1 and None not in counts, "one BOGGLE_SHARD_COUNT, set in every bot"
    (count,) = counts
    assert count is not None
    ids = [i for s in slices for i in s.claimed[0]]
    assert sorted(ids) == list(range(count)), "each shard run by exactly one process"


def mounts(service: dict[str, Any]) -> list[tuple[str, str]]:
    """(source, target) of each volume a service mounts (short syntax)."""
    out = []
    for entry in service.get("volumes", []):
        source, _, rest = str(entry).partition(":")
        out.append((source, rest.split(":")[0]))
    return out


def test_no_service_has_a_volume_it_does_not_use() -> None:
    used = set()
    for name, service in services().items():
        for source, target in mounts(service):
            used.add(source)
            if name == "postgres":
                assert target == POSTGRES_DATA, f"postgres keeps its data in {POSTGRES_DATA}"
                continue
            database = interpolated(environment(service)["BOGGLE_DATABASE"])
            assert not is_postgres(database), f"{name}: a volume, but its data is in PostgreSQL"
            assert PurePosixPath(database).parent == PurePosixPath(target), name
    assert set(compose().get("volumes") or {}) <= used, "every named volume is mounted"
    # A VOLUME line would give every container of the image an anonymous volume, used or not.
    assert not any(word == "VOLUME" for word, _ in instructions())


def instructions() -> list[tuple[str, str]]:
    """The Dockerfile's instructions, (WORD, arguments), continuation lines joined."""
    text = re.sub(r"\\\n", " ", DOCKERFILE.read_text())
    out = []
    for line in text.splitlines():
        line = line.strip()
        if line and not line.startswith("#"):
            word, _, rest = line.partition(" ")
            out.append((word.upper(), rest.strip()))
    return out


def first(predicate: Any) -> int:
    steps = instructions()
    found = [i for i, step in enumerate(steps) if predicate(*step)]
    assert found, "no such instruction in the Dockerfile"
    return found[0]


def copies(path: str) -> Any:
    return lambda word, rest: word == "COPY" and rest.split()[0] == path


def test_dockerfile_installs_dependencies_before_copying_the_code() -> None:
    pyproject = first(copies("pyproject.toml"))
    dependencies = first(lambda w, r: w == "RUN" and "pip install" in r and "pyproject" in r)
    core, data, bot = first(copies("core")), first(copies("data")), first(copies("bot"))
    lexicons = first(lambda w, r: w == "RUN" and "core.compile" in r)
    install = first(lambda w, r: w == "RUN" and "pip install" in r and "-e ." in r)
    assert pyproject < dependencies < min(core, bot), "a code change reinstalls nothing"
    assert max(core, data) < lexicons < bot, "lexicons rebuilt only when core/ or data/ change"
    assert "--no-deps" in instructions()[install][1] and bot < install
    for other in ("standin", "migrations"):
        assert lexicons < first(copies(other))


def test_image_runs_the_bot_as_a_user_with_its_database_on_data() -> None:
    steps = instructions()
    assert steps[-1] == ("CMD", '["python", "-m", "bot"]')
    users = [rest for word, rest in steps if word == "USER"]
    assert users and users[-1] not in ("root", "0")
    env = " ".join(rest for word, rest in steps if word == "ENV")
    assert "BOGGLE_DATABASE=/data/boggle.sqlite3" in env


def test_dockerignore_keeps_the_checkout_out_of_the_image() -> None:
    lines = DOCKERIGNORE.read_text().splitlines()
    patterns = {line.strip().rstrip("/") for line in lines if line.strip()}
    for path in (".venv", ".git", "sandbox", ".env"):
        assert path in patterns, f".dockerignore must exclude {path}"


@pytest.mark.parametrize("doc", DOCS, ids=lambda p: p.name)
def test_docker_commands_in_the_docs_match_the_files(doc: Path) -> None:
    text = doc.read_text()
    image = bot_image()
    builds = re.findall(r"docker build -t (\S+) \.", text)
    runs = re.findall(r"docker run [^`\n]*", text)
    for tag in builds:
        assert tag == image, f"{doc.name}: build the image compose runs ({image})"
    for run in runs:
        assert "DISCORD_TOKEN" in run and ":/data" in run and run.rstrip().endswith(image), run
    assert "docker compose up" in text


HEALTH = re.compile(r"http://127\.0\.0\.1:(?:(\d+)|' \+ os\.environ\['(\w+)'\] \+ ')/healthz")


def health_port(command: str, env: dict[str, str]) -> int:
    """The port a health command asks /healthz on (a literal, or read from the environment)."""
    found = HEALTH.search(command)
    assert found is not None, f"no /healthz on 127.0.0.1 in {command!r}"
    return int(found[1] or env[found[2]])


def test_the_image_checks_its_health_on_the_metrics_port() -> None:
    steps = instructions()
    (check,) = [rest for word, rest in steps if word == "HEALTHCHECK"]
    options, _, command = check.partition("CMD")
    assert "--start-period" in options and "--timeout" in options
    argv = json.loads(command)
    assert argv[:2] == ["python", "-c"], "the slim image has Python, not curl"
    env = dict(
        pair.split("=", 1)
        for word, rest in steps
        if word == "ENV"
        for pair in rest.split()
        if "=" in pair
    )
    settings = Settings.from_env({"DISCORD_TOKEN": "t", **env}, env_file=None)
    assert settings.metrics_port == health_port(argv[2], env)
    # urlopen raises on a 503: the command fails, so Docker counts the check failed
    assert "urlopen(" in argv[2]


def test_each_bot_checks_its_health_and_serves_metrics_to_the_network() -> None:
    for name, service in bots().items():
        env = {k: interpolated(v) for k, v in environment(service).items()}
        settings = Settings.from_env(env, env_file=None)
        assert settings.metrics_port is not None, f"{name}: BOGGLE_METRICS_PORT"
        assert settings.metrics_host == "0.0.0.0", f"{name}: reachable by a scraper beside it"
        assert str(settings.metrics_port) in [str(p) for p in service.get("expose", [])], name
        test = service["healthcheck"]["test"]
        assert test[0] == "CMD" and test[1:3] == ["python", "-c"], name
        assert health_port(test[3], env) == settings.metrics_port, name
        assert settings.log_format == "json", f"{name}: lines a log collector reads"
