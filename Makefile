# Two commands for learners: `make lab` and `make test`. Both set up .venv first.
PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
# Both editions: notebooks/NN_slug.ipynb (English) and notebooks/zh-CN/NN_slug.ipynb (简体中文).
NOTEBOOKS := $(sort $(wildcard notebooks/[0-9][0-9]_*.ipynb notebooks/zh-CN/[0-9][0-9]_*.ipynb))
ENGLISH := $(sort $(wildcard notebooks/[0-9][0-9]_*.ipynb))
# JupyterLab refuses to run as root without --allow-root (workshop VMs, containers, CI).
ROOT_FLAG := $(if $(filter 0,$(shell id -u)),--allow-root,)
# Tests and stored outputs always use the mock provider, even when .env holds a key.
MOCK := HANDAGENT_PROVIDER=mock

# uv sets up .venv in seconds: the one on PATH, else one installed once from PyPI into
# .venv-tools/ by the machine's own pip. `make setup INSTALLER=pip`, or a machine where uv cannot
# be had, sets up with pip. Either way requirements.txt holds every pin.
INSTALLER ?= uv
UV_VERSION := 0.13.9
TOOLS := .venv-tools
UV := $(or $(shell command -v uv 2>/dev/null),$(TOOLS)/bin/uv)
# Pinned in requirements.txt, but left out where uv sets up: rfc3987-syntax (with lark, its
# parser), which jsonschema uses, when installed, to check the "iri" formats. It builds an Earley
# grammar as it is imported: 1.3 CPU-s in every Jupyter server, nbconvert and sphinx-build
# (jupyter-events and nbformat import jsonschema), eight of them in `make test`. No schema of the
# package's, Jupyter's or the tests' has those formats; pip, which cannot leave a pin out,
# installs them, and the package imports jsonschema without them either way (api/schemas.py).
LEFT_OUT := rfc3987-syntax lark

# The stages of `make test`, each also a target of its own. They run at the same time where make
# can keep their outputs apart (GNU make 4: each stage prints when it ends), else one by one.
STAGES := lint unit nbval nbval-opus replay test-browser
PARALLEL := $(if $(filter output-sync,$(.FEATURES)),-j$(words $(STAGES)) -Otarget,-j1)
# `make test` marks each stage that failed here, to name them in its last line.
FAILED_DIR := $(VENV)/.failed-stages
# pytest processes per stage. Alone, two keep two cores busy (three or four measured slower
# here: each worker collects every test file). In `make test`, where the stages already keep both
# cores busy, the notebook stages run one process each: two workers cost a stage ~17 CPU-seconds
# more (a second pytest, a second warm kernel process) and saved no time (benchmarks/README.md).
WORKERS ?= 2
NB_WORKERS ?= 2

lint_command = $(BIN)/ruff check src tests notebooks benchmarks && \
	$(BIN)/ruff format --check src tests notebooks benchmarks
# Kernels that nbconvert starts in the unit tests (test_secrets runs the series beside other tests)
# talk over Unix sockets, not TCP: jupyter_client probes a free port, frees it and the kernel
# binds it later, so two kernels starting together can pick the same port, and one dies
# ("Kernel died before replying to kernel_info"). nbval does not read this config.
KERNEL_CONFIG := $(VENV)/jupyter-test/jupyter_nbconvert_config.json
# loadfile: a test file's tests share one worker, so a module-scoped fixture is built once
# (test_secrets' two runs of the series). xdist 3.8's loadgroup does not group under pytest 9.
# The unit stage also keeps, as data, the requests tests/api puts to check_request
# (tests/drift_cases.py), then runs the drift check without a key (below) on them.
unit_command = $(MOCK) JUPYTER_CONFIG_PATH=$(CURDIR)/$(dir $(KERNEL_CONFIG)) \
	$(BIN)/python -m pytest -n $(WORKERS) --dist loadfile \
	-p tests.drift_cases --drift-cases $(DRIFT_CASES) --ignore=tests/browser tests && \
	$(BIN)/python -m handagent.record.drift --cases $(DRIFT_CASES) --cap $(CAP) --offline
# One kernel per notebook, on Unix sockets (tests/nbval_kernels.py says why); a notebook's cells
# stay together, in order, on one worker. The startup ceiling is for a machine under load.
# `make nbval NB_PATHS=notebooks/03_feeding_results_back.ipynb` checks one notebook.
NB_PATHS ?= notebooks
# The nbval stages plant a key and search every message of every kernel for it and for the key
# the mock provider sends (tests/nbval_secrets.py); test_secrets.py does the rest.
NBVAL_KERNELS := -p tests.nbval_kernels -p tests.nbval_secrets --nbval-kernel-startup-timeout 300
# `make nbval` checks both editions. In `make test` its stage checks the zh-CN edition only: the
# English one runs under strict nbval in the replay stage, from cassettes that
# tests/record/test_check.py proves the mock answers now byte for byte (handagent.record.check
# says why that is the same check), which spares 12 of the suite's kernels.
NBVAL_PATHS ?= $(NB_PATHS)
nbval_command = $(MOCK) $(BIN)/python -m pytest -p no:cacheprovider -n $(NB_WORKERS) \
	--dist loadfile --nbval --nbval-current-env $(NBVAL_KERNELS) \
	--nbval-sanitize-with notebooks/sanitize.cfg \
	-o testpaths="$(NBVAL_PATHS)" $(NBVAL_PATHS)
# Every notebook executed again under another current model's rules (claude-opus-5-5: no forced
# tool_choice, no disabled thinking, a different hidden prompt): no cell may fail, outputs are not
# compared (they name another model). Errors tagged raises-exception still pass, as in nbval.
# The English chapters 06 on take, in the same run, the path a learner's key takes: provider
# `anthropic` pointed at a mock the run starts (tests/nbval_key.py), the planted key as the key,
# so every request to the provider the settings name goes through client(), endpoint() and
# runtime.target.configured() with a key and a base URL. One execution serves both checks, which
# spares the suite nine kernels and 45 CPU-seconds (benchmarks/README.md). `make nbval-key` runs
# the key's path alone, with the default model.
OTHER_MODEL ?= claude-opus-5-5
KEY_CHAPTERS := $(filter-out $(wildcard notebooks/0[0-5]_*.ipynb),$(ENGLISH))
KEYED = $(if $(filter notebooks,$(NB_PATHS)),$(KEY_CHAPTERS),$(filter $(KEY_CHAPTERS),$(NB_PATHS)))
NBVAL_LAX = $(BIN)/python -m pytest -p no:cacheprovider -n $(NB_WORKERS) --dist loadfile \
	--nbval-lax --nbval-current-env $(NBVAL_KERNELS)
UNKEYED = $(if $(filter notebooks,$(NB_PATHS)),notebooks $(addprefix --ignore=,$(KEY_CHAPTERS)),\
	$(filter-out $(KEY_CHAPTERS),$(NB_PATHS)))
nbval-opus_command = true \
	$(if $(strip $(UNKEYED)),&& $(MOCK) HANDAGENT_MODEL=$(OTHER_MODEL) $(NBVAL_LAX) \
		-o testpaths=notebooks $(UNKEYED)) \
	$(if $(KEYED),&& HANDAGENT_MODEL=$(OTHER_MODEL) $(NBVAL_LAX) -p tests.nbval_key \
		-o testpaths=notebooks $(KEYED))
nbval-key_command = $(NBVAL_LAX) -p tests.nbval_key -o testpaths=notebooks $(KEY_CHAPTERS)
# The English series replayed from its cassettes (cassettes/NN_slug.json, recorded against the
# mock by `make record`): strict nbval, the stored outputs unchanged but the provider line. A
# notebook whose requests changed fails naming the first difference from its cassette (stale:
# `make record NOTEBOOKS=...` again). One process, no xdist: it is the cheapest in CPU.
# `make replay NOTEBOOKS=notebooks/03_feeding_results_back.ipynb` replays one chapter.
# The English chapters `make record` and `make replay` take: NOTEBOOKS=... when given, else all.
CHOSEN = $(if $(filter command line,$(origin NOTEBOOKS)),$(NOTEBOOKS),$(ENGLISH))
replay_command = HANDAGENT_PROVIDER=replay $(BIN)/python -m pytest -p no:cacheprovider \
	--nbval --nbval-current-env $(NBVAL_KERNELS) -p tests.nbval_replay \
	--nbval-sanitize-with notebooks/sanitize.cfg -o testpaths=notebooks $(CHOSEN)
# The drift check, `make drift` (CONTRIBUTING.md, "The drift check"): the cases the API rules'
# tests put to check_request (collected as data by tests/drift_cases.py) and the traffic recorded
# from the real API (tests/recorded), sent to the API and to the mock with ANTHROPIC_API_KEY
# (the cost estimated first, at most CAP dollars), else compared with the recorded replies.
# Its report: build/drift.md, the newest run first.
CAP ?= 2.00
DRIFT_CASES := build/drift/cases.json
drift_command = mkdir -p $(dir $(DRIFT_CASES)) && { $(MOCK) $(BIN)/python -m pytest -q \
	-p no:cacheprovider -p tests.drift_cases --drift-cases $(DRIFT_CASES) tests/api \
	> $(DRIFT_CASES).log || { cat $(DRIFT_CASES).log; false; }; } && \
	$(BIN)/python -m handagent.record.drift --cases $(DRIFT_CASES) --cap $(CAP)
# The book (every chapter with its stored outputs, nothing executed), then every browser test:
# the notebooks in JupyterLab (widgets and diagrams draw and respond), chapters as GitHub shows
# them, and every page of the book offline. Installs Chromium where that is safe (Debian/Ubuntu
# as root), else skips the browser tests saying how to enable them; the book is built either way.
book_command = rm -rf build/book && $(BIN)/sphinx-build -b html -c docs -W --keep-going -q . build/book
test-browser_command = $(book_command) && \
	$(MOCK) HANDAGENT_BOOK=build/book $(BIN)/python tests/browser/run.py

.PHONY: lab test test-stages $(STAGES) nbval-key book notebooks record drift hub setup clean

setup: $(STAMP)

$(STAMP): requirements.txt pyproject.toml
	@if [ "$(INSTALLER)" = uv ] && [ ! -x "$(UV)" ]; then \
		$(PYTHON) -m pip install --quiet --disable-pip-version-check --target $(TOOLS) \
			uv==$(UV_VERSION) >/dev/null 2>&1 || rm -rf $(TOOLS); fi
	@if [ "$(INSTALLER)" = uv ] && [ -x "$(UV)" ]; then \
		echo "setting up $(VENV) with uv ($(UV))"; \
		{ test -x $(BIN)/python || UV_PYTHON_DOWNLOADS=never \
			$(UV) venv --quiet --seed --python $(PYTHON) $(VENV); } && \
		printf '%s\n' $(LEFT_OUT) > $(VENV)/left-out.txt && \
		$(UV) pip install --quiet --compile-bytecode --python $(BIN)/python \
			--excludes $(VENV)/left-out.txt -r requirements.txt; \
	else \
		echo "setting up $(VENV) with pip, which is slower ($(if $(filter uv,$(INSTALLER)),uv could not be installed from PyPI,INSTALLER=$(INSTALLER)))"; \
		{ test -x $(BIN)/python || $(PYTHON) -m venv $(VENV); } && \
		$(BIN)/python -m pip install --quiet --upgrade pip && \
		$(BIN)/python -m pip install --quiet -r requirements.txt; \
	fi
	@# The package is installed editable, so neither installer compiles it; every kernel and
	@# server would compile it afresh wherever Python writes no bytecode (PYTHONDONTWRITEBYTECODE).
	@$(BIN)/python -m compileall -q src
	@touch $(STAMP)

lab: setup
	$(BIN)/jupyter lab $(ROOT_FLAG) notebooks/

# Every stage, then one last line: all passed, or which stages failed and how to rerun only them
# (make prints it as its own last word: "Makefile:NN: *** make test FAILED in: ...  Stop.").
failed = $(shell ls $(FAILED_DIR) 2>/dev/null)
test: test-stages
	@$(if $(failed),$(error make test FAILED in: $(failed). Rerun only what failed: make $(failed)))
	@echo "make test passed: $(STAGES)"

test-stages: setup
	@rm -rf $(FAILED_DIR) && mkdir -p $(FAILED_DIR)
	@echo "make test: $(STAGES), $(if $(filter -j1,$(PARALLEL)),one after another,at the same time)"
	@# The unit stage ends last, so the others yield the cores to it (nice 10: they run when it
	@# waits, and at full speed once it is done): 206 -> 188 s, and fewer CPU-seconds, with fewer
	@# processes contending at once (benchmarks/README.md).
	@# Bytecode caches are written (git ignores them) even where the environment says not to:
	@# without them every pytest process rewrote every test module again, 4.7 CPU-s a worker.
	@PYTHONDONTWRITEBYTECODE= $(MAKE) --no-print-directory -k $(PARALLEL) $(STAGES) FAILED=$(FAILED_DIR) \
		$(if $(filter command line,$(origin NB_PATHS)),,NBVAL_PATHS=notebooks/zh-CN) \
		$(if $(filter -j1,$(PARALLEL))$(filter command line,$(origin NB_WORKERS)),,NB_WORKERS=0) \
		$(if $(filter -j1,$(PARALLEL)),,YIELDING="$(filter-out unit,$(STAGES))") || true

unit: $(KERNEL_CONFIG)
$(KERNEL_CONFIG):
	@mkdir -p $(@D) && echo '{"KernelManager": {"transport": "ipc"}}' > $@

$(STAGES) nbval-key: setup
	@echo "--- $@: $($@_command)"
	@started=$$(date +%s); $(if $(filter $@,$(YIELDING)),renice -n 10 -p $$$$ > /dev/null;) \
	$($@_command); status=$$?; \
	spent=$$(mktemp) && times > $$spent && cpu=$$(awk 'NR == 2 { gsub(/[ms]/, " "); \
		print int($$1 * 60 + $$2 + $$3 * 60 + $$4) }' $$spent) && rm -f $$spent; \
	echo "--- $@: $$(( $$(date +%s) - started )) s ($$cpu CPU-s), $$([ $$status = 0 ] && echo passed || echo FAILED)"; \
	[ $$status = 0 ] || { $(if $(FAILED),touch $(FAILED)/$@;) exit 1; }

# The book alone, in build/book/: open build/book/index.html.
book: setup
	$(book_command)

# Regenerate every notebook's stored outputs against the mock: the only way outputs change.
# A cell's consecutive prints are stored as one stream, however the kernel happened to flush them,
# so a rerun leaves the stored text as it was (a widget's model_id is new on every run).
notebooks: setup
	$(BIN)/ruff format notebooks
	$(MOCK) $(BIN)/jupyter nbconvert --to notebook --execute --inplace \
		--ExecutePreprocessor.timeout=300 --ExecutePreprocessor.record_timing=False \
		--ExecutePreprocessor.store_widget_state=False \
		--NotebookExporter.preprocessors=nbconvert.preprocessors.CoalesceStreamsPreprocessor \
		$(NOTEBOOKS)

# Record the notebooks' traffic as cassettes/<notebook>.json: the real API with ANTHROPIC_API_KEY
# (the mock run's cost estimate first), else the mock; UPSTREAM=mock forces the mock (what the
# committed cassettes and `make replay` use). Every English chapter unless NOTEBOOKS is given:
# `make record UPSTREAM=mock` re-records them all, `make record
# NOTEBOOKS=notebooks/03_feeding_results_back.ipynb` one. Replay: HANDAGENT_PROVIDER=replay.
record: setup
	$(BIN)/python -m handagent.record $(if $(UPSTREAM),--upstream $(UPSTREAM)) $(CHOSEN)

# A JupyterHub for a cohort on this machine, every learner their own JupyterLab and kernels, all
# pointed at one room it starts too (hub/jupyterhub_config.py lists its settings): on
# http://127.0.0.1:8000 unless HANDAGENT_HUB_URL says otherwise. Its proxy comes from npm into
# hub/node_modules, pinned by hub/package-lock.json, never installed globally.
hub: setup
	@test -x hub/node_modules/.bin/configurable-http-proxy || npm ci --prefix hub --no-audit --no-fund
	$(BIN)/jupyterhub -f hub/jupyterhub_config.py

drift: setup
	$(drift_command)

clean:
	rm -rf $(VENV) $(TOOLS) hub/node_modules
