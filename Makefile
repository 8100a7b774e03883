# Two commands: `make serve` builds everything and serves the site; `make test` builds everything and runs
# every test, browser tests included. Each step runs only when its inputs changed.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := serve

VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8000
ROOMS_PORT ?= 8765

DEPS := $(VENV)/.deps-installed
LOCK := locks/dev.txt
PROPERDOCS_LOCK := locks/properdocs.txt
PROPERDOCS_VENV := .build/properdocs-venv
PROPERDOCS_DEPS := $(PROPERDOCS_VENV)/.deps-installed
LOCK_TOOLS := .build/lock-tools
PIP_INSTALL := -m pip install --quiet --disable-pip-version-check
NODE_DEPS := node_modules/.package-lock.json
RUNTIME := .build/runtime/pyodide/pyodide-lock.json
SITE := site/.built
SITE_INPUTS := $(shell find docs i18n overrides scripts/sitebuild engine -type f -not -name '*.pyc' 2>/dev/null) \
               scripts/serve.py scripts/precompress.py \
               $(wildcard mkdocs.yml)

.PHONY: serve test site setup clean review-kit lock compare-generators pyodide-upgrade

serve: $(SITE)  ## build everything, then serve the site on http://127.0.0.1:$(PORT)/ and the rooms server on ws://127.0.0.1:$(ROOMS_PORT)/ws
	$(PY) scripts/serve.py --port $(PORT) --rooms-port $(ROOMS_PORT)

test: $(SITE)  ## build everything, then run the whole test suite (engine, site, browser, Albanian spelling)
	CHROMIUM="$$(scripts/find-chromium.sh)" HUNSPELL="$$(scripts/find-hunspell.sh)" MSGFMT="$$(scripts/find-gettext.sh)" \
		REDIS_SERVER="$$(scripts/find-redis.sh)" \
		$(PY) -m pytest $(PYTEST_ARGS)

site: $(SITE)

setup: $(DEPS) $(NODE_DEPS)

# Every package comes from the lock, each file checked against its sha256; the project itself adds nothing
# (--no-deps) and builds with the locked setuptools (--no-build-isolation). `make lock` rewrites the locks.
$(DEPS): $(LOCK) pyproject.toml
	@python="$$(scripts/find-python.sh)"; "$$python" scripts/lock.py --check; \
	if [ ! -x $(PY) ] || ! $(PY) -c 'import sys; sys.exit(sys.version_info < (3, 12))'; then \
		rm -rf $(VENV); echo "Creating $(VENV) with $$python"; "$$python" -m venv $(VENV); fi
	$(PY) $(PIP_INSTALL) --require-hashes -r $(LOCK)
	$(PY) $(PIP_INSTALL) --no-deps --no-build-isolation --editable .
	touch $@

# ProperDocs (the maintained fork of MkDocs 1.x) in a venv of its own, so .venv stays on MkDocs.
$(PROPERDOCS_DEPS): $(PROPERDOCS_LOCK) pyproject.toml
	rm -rf $(PROPERDOCS_VENV); "$$(scripts/find-python.sh)" -m venv $(PROPERDOCS_VENV)
	$(PROPERDOCS_VENV)/bin/python $(PIP_INSTALL) --require-hashes --no-deps -r $(PROPERDOCS_LOCK)
	$(PROPERDOCS_VENV)/bin/python $(PIP_INSTALL) --no-deps --no-build-isolation --editable .
	touch $@

lock:  ## re-resolve locks/dev.txt and locks/properdocs.txt from pyproject.toml (needs PyPI)
	@if [ ! -x $(LOCK_TOOLS)/bin/uv ]; then "$$(scripts/find-python.sh)" -m venv $(LOCK_TOOLS); \
		$(LOCK_TOOLS)/bin/python $(PIP_INSTALL) --require-hashes -r locks/uv.txt; fi
	$(LOCK_TOOLS)/bin/python scripts/lock.py

compare-generators: $(DEPS) $(PROPERDOCS_DEPS)  ## build the pages with MkDocs and with ProperDocs, compare them
	$(PY) scripts/compare_generators.py

$(NODE_DEPS): package.json package-lock.json
	npm ci --no-audit --no-fund --loglevel=error
	touch $@

$(RUNTIME): $(DEPS) $(NODE_DEPS) pyproject.toml scripts/assemble_runtime.py scripts/trim_python.mjs \
            scripts/runtime_imports.py scripts/bridge_samples.py scripts/precompress.py $(shell find engine -name "*.py")
	$(PY) scripts/assemble_runtime.py

$(SITE): $(DEPS) $(RUNTIME) $(SITE_INPUTS)
	$(PY) -m mkdocs build --strict --quiet
	$(PY) scripts/assemble_runtime.py --into site
	$(PY) -m scripts.sitebuild.offline site
	$(PY) -m scripts.sitebuild.host_config site
	$(PY) scripts/precompress.py site
	touch $@

review-kit: $(SITE)  ## for native reviewers: every page and main app screen at 360 px, every string in context
	CHROMIUM="$$(scripts/find-chromium.sh)" $(PY) scripts/review_kit.py --site site --out .build/review-kit

pyodide-upgrade:  ## move Pyodide to VERSION (make pyodide-upgrade VERSION=314.0.8), rebuild, run the runtime tests
	scripts/pyodide-upgrade.sh $(VERSION)

clean:  ## remove everything the build made (not the installs)
	rm -rf site .build
