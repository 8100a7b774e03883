# Two commands: `make serve` builds everything and serves the site; `make test` builds everything and runs
# every test, browser tests included. Each step runs only when its inputs changed.
SHELL := /bin/bash
.SHELLFLAGS := -eu -o pipefail -c
.DEFAULT_GOAL := serve

VENV := .venv
PY := $(VENV)/bin/python
PORT ?= 8000

DEPS := $(VENV)/.deps-installed
NODE_DEPS := node_modules/.package-lock.json
RUNTIME := .build/runtime/pyodide/pyodide-lock.json
SITE := site/.built
SITE_INPUTS := $(shell find docs i18n overrides scripts/sitebuild engine -type f -not -name '*.pyc' 2>/dev/null) \
               scripts/serve.py scripts/precompress.py \
               $(wildcard mkdocs.yml)

.PHONY: serve test site setup clean review-kit

serve: $(SITE)  ## build everything, then serve the site on http://127.0.0.1:$(PORT)/
	$(PY) scripts/serve.py --port $(PORT)

test: $(SITE)  ## build everything, then run the whole test suite (engine, site, browser, Albanian spelling)
	CHROMIUM="$$(scripts/find-chromium.sh)" HUNSPELL="$$(scripts/find-hunspell.sh)" MSGFMT="$$(scripts/find-gettext.sh)" \
		$(PY) -m pytest $(PYTEST_ARGS)

site: $(SITE)

setup: $(DEPS) $(NODE_DEPS)

$(DEPS): pyproject.toml
	@python="$$(scripts/find-python.sh)"; \
	if [ ! -x $(PY) ] || ! $(PY) -c 'import sys; sys.exit(sys.version_info < (3, 12))'; then \
		rm -rf $(VENV); echo "Creating $(VENV) with $$python"; "$$python" -m venv $(VENV); fi
	$(PY) -m pip install --quiet --upgrade pip
	$(PY) -m pip install --quiet --editable '.[dev]'
	touch $@

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

clean:  ## remove everything the build made (not the installs)
	rm -rf site .build
