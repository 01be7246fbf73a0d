# Two commands on a fresh machine: `make run` and `make test`. Each sets up .venv when needed.
PYTHON ?= python3
VENV := .venv
PY := $(VENV)/bin/python

.PHONY: run test cache lint format bench clean

$(VENV)/.installed: pyproject.toml
	$(PYTHON) -m venv $(VENV)
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet -e '.[dev]'
	touch $@

# Every language's lexicon and definitions index, built once per machine and content into the
# cache the bot, the CLI and the tests share ($$BOGGLE_CACHE_DIR, else ~/.cache/boggle): a look
# at the cache (a second or two) when it holds them, minutes on a fresh machine.
cache: $(VENV)/.installed
	$(PY) -m core.compile --all

run: cache
	$(PY) -m bot

test: cache
	$(PY) -m ruff check .
	$(PY) -m ruff format --check .
	$(PY) -m mypy core bot standin tests bench
	$(PY) -m pytest -q -n 4  # several processes: most tests wait on the network, few compute

format: $(VENV)/.installed
	$(PY) -m ruff format .
	$(PY) -m ruff check --fix .

bench: $(VENV)/.installed
	$(PY) bench/bench_core.py

clean:
	rm -rf $(VENV) .pytest_cache .ruff_cache .hypothesis
