# Two commands for learners: `make lab` and `make test`. Both set up .venv first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
NOTEBOOKS := $(sort $(wildcard notebooks/[0-9][0-9]_*.ipynb))
# JupyterLab refuses to run as root without --allow-root (workshop VMs, containers, CI).
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)
# Tests and stored outputs always use the mock provider, even when .env holds a key.
MOCK := HANDAGENT_PROVIDER=mock

.PHONY: lab test lint unit nbval test-browser notebooks setup clean book test-book

setup: $(STAMP)

$(STAMP): requirements.txt pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -r requirements.txt
	touch $(STAMP)

lab: setup
	$(BIN)/jupyter lab $(ROOT_FLAG) notebooks/

test: lint unit nbval test-browser test-book

lint: setup
	$(BIN)/ruff check src tests notebooks benchmarks
	$(BIN)/ruff format --check src tests notebooks benchmarks

unit: setup
	$(MOCK) $(BIN)/python -m pytest tests

nbval: setup
	$(MOCK) $(BIN)/python -m pytest -p no:cacheprovider --nbval --nbval-current-env \
		--nbval-sanitize-with notebooks/sanitize.cfg -o testpaths=notebooks notebooks

# Every notebook in JupyterLab in headless Chromium: widgets and diagrams must draw and respond.
# Skips with a hint when /usr/bin/chromium is missing (CI installs it, see .ci/run).
test-browser: setup
	$(MOCK) HANDAGENT_BROWSER_TESTS=1 $(BIN)/python -m pytest -p no:cacheprovider tests/browser

# The book: every chapter with its stored outputs, as a static site in build/book/ (nothing runs).
book: setup
	rm -rf build/book && $(BIN)/sphinx-build -b html -c docs -W --keep-going -q . build/book

# The built book in headless Chromium, offline: every page, diagram, transcript and link.
test-book: book
	HANDAGENT_BROWSER_TESTS=1 HANDAGENT_BOOK=build/book $(BIN)/python -m pytest -p no:cacheprovider tests/browser/test_book.py

# Regenerate every notebook's stored outputs against the mock: the only way outputs change.
notebooks: setup
	$(BIN)/ruff format notebooks
	$(MOCK) $(BIN)/jupyter nbconvert --to notebook --execute --inplace \
		--ExecutePreprocessor.timeout=300 --ExecutePreprocessor.record_timing=False \
		--ExecutePreprocessor.store_widget_state=False $(NOTEBOOKS)

clean:
	rm -rf $(VENV)
