# Podium: `make html` builds the demo site, `make test` runs the tests.
# Both create .venv and install the project on first use, with PyPI's pagefind
# for the search index (the `search` extra): Python is all the site needs.
# `make test` also installs the test tools, and the node tool of package.json
# (axe-core, for the accessibility checks of the browser tests) when npm is there.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
BUILD_STAMP := $(VENV)/.installed-build
NPM ?= npm
NODE_STAMP := node_modules/.installed
RESULTS ?= results
OUTPUT ?= output
PORT ?= 8000

export PODIUM_RESULTS := $(RESULTS)
export PYTHONHASHSEED := 0

.PHONY: html search-index serve devserver publish test bench messages clean

# what building the site needs (CI installs only this) ...
$(BUILD_STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[search]'
	touch $(BUILD_STAMP)

# ... and what the tests need besides
$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[search,test]'
	touch $(STAMP) $(BUILD_STAMP)

# optional, for the tests only: a failed or impossible install leaves no stamp and is tried again next time
$(NODE_STAMP): package.json package-lock.json
	@if command -v $(NPM) >/dev/null 2>&1 && $(NPM) ci --no-audit --no-fund --loglevel=error; then touch $@; \
	else echo "note: npm is missing or 'npm ci' failed: no accessibility checks in the browser tests"; fi

html: $(BUILD_STAMP)
	$(BIN)/python -m pelican.plugins.podium.build --output $(OUTPUT) --settings pelicanconf.py

# the Pagefind index of the built site, by PyPI's pagefind, swapped in whole (the search page works without it, as a list)
search-index: $(BUILD_STAMP)
	@$(BIN)/python -m pelican.plugins.podium.build --search-index-only --output $(OUTPUT)

# one long-lived process: rebuilds only what changed, and reloads the open page
serve: $(BUILD_STAMP)
	$(BIN)/python -m pelican.plugins.podium.serve --port $(PORT) --output $(OUTPUT) --settings pelicanconf.py

devserver: serve

publish: $(BUILD_STAMP)
	$(BIN)/python -m pelican.plugins.podium.publish --output $(OUTPUT) --settings publishconf.py

# the browser tests (tests/test_browser.py) run when /usr/bin/chromium is there; the suite runs
# on every core (pyproject's addopts: pytest-xdist), `$(BIN)/python -m pytest -n 0 tests/...` in one process
test: $(STAMP) $(NODE_STAMP)
	$(BIN)/python -m pytest

# what organisers wait for, on archives of 200 and 1,000 events (docs/performance.md);
# make bench EVENTS=1000 (or ARGS="--events 1000") measures the sizes given
bench: $(STAMP)
	$(BIN)/python benchmarks/bench.py $(if $(EVENTS),--events $(EVENTS)) $(ARGS)

# The UI's words (templates' ui(), ui_plural(), ui_with_context(); engines' Text and N_): extract them into the template
# catalog, then update every language's catalog (or start it); translators fill the .po files.
# A changed msgid keeps its old translation marked fuzzy (the site shows English until a
# translator confirms it); msgids no longer in the sources are dropped.
LOCALE := plugins/pelican/plugins/podium/locale
MESSAGE_LANGUAGES := lv lt pl hu

messages: $(STAMP)
	$(BIN)/pybabel extract -F babel.cfg -k Text -k N_ -k ui -k ui_plural:1,2 -k ui_with_context:1c,2 --no-location --sort-output --project=Podium -o $(LOCALE)/podium.pot .
	for lang in $(MESSAGE_LANGUAGES); do \
	  if [ -f $(LOCALE)/$$lang.po ]; then \
	    $(BIN)/pybabel update -i $(LOCALE)/podium.pot -o $(LOCALE)/$$lang.po -l $$lang --ignore-obsolete || exit 1; \
	  else \
	    $(BIN)/pybabel init -i $(LOCALE)/podium.pot -o $(LOCALE)/$$lang.po -l $$lang || exit 1; \
	  fi; \
	done

# the output, and the build cache (compiled templates, every event's pages, make html's copy of the site)
clean:
	rm -rf $(OUTPUT) .pytest_cache cache
