# Podium: `make html` builds the demo site, `make test` runs the tests.
# Both create .venv and install the project on first use, and the node tools
# of package.json (pagefind, axe-core) when npm is there: without them the
# site is built all the same, only without its search index.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
NPM ?= npm
NODE_STAMP := node_modules/.installed
PAGEFIND := node_modules/.bin/pagefind
RESULTS ?= results
OUTPUT ?= output
PORT ?= 8000

export PODIUM_RESULTS := $(RESULTS)
export PYTHONHASHSEED := 0

.PHONY: html search-index serve devserver publish test bench messages clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

# optional: a failed or impossible install leaves no stamp and is tried again next time
$(NODE_STAMP): package.json package-lock.json
	@if command -v $(NPM) >/dev/null 2>&1 && $(NPM) ci --no-audit --no-fund --loglevel=error; then touch $@; \
	else echo "note: npm is missing or 'npm ci' failed: no search index and no accessibility checks in the browser tests"; fi

html: $(STAMP) $(NODE_STAMP)
	$(BIN)/pelican content -o $(OUTPUT) -s pelicanconf.py
	@$(MAKE) --no-print-directory search-index

# the Pagefind index of the built site (the search page works without it, as a list)
search-index:
	@rm -rf $(OUTPUT)/pagefind
	@if [ -x $(PAGEFIND) ] && $(PAGEFIND) --site $(OUTPUT) --force-language en --quiet; then echo "search index: $(OUTPUT)/pagefind"; \
	else echo "note: pagefind is not available (npm ci) or failed: $(OUTPUT) has no search index; the search page lists every event and player"; fi

# one long-lived process: rebuilds only what changed, and reloads the open page
serve: $(STAMP)
	$(BIN)/python -m pelican.plugins.podium.serve --port $(PORT) --output $(OUTPUT) --settings pelicanconf.py

devserver: serve

publish: $(STAMP) $(NODE_STAMP)
	$(BIN)/python -m pelican.plugins.podium.publish --output $(OUTPUT) --settings publishconf.py

# the browser tests (tests/test_browser.py) run when /usr/bin/chromium is there
test: $(STAMP) $(NODE_STAMP)
	$(BIN)/python -m pytest

# what organisers wait for, on a 200-event archive (docs/performance.md)
bench: $(STAMP)
	$(BIN)/python benchmarks/bench.py

# The UI's words (templates' _(), engines' Text and N_): extract them into the template
# catalog, then update every language's catalog (or start it); translators fill the .po files.
# A changed msgid keeps its old translation marked fuzzy (the site shows English until a
# translator confirms it); msgids no longer in the sources are dropped.
LOCALE := plugins/pelican/plugins/podium/locale
MESSAGE_LANGUAGES := lv lt pl hu

messages: $(STAMP)
	$(BIN)/pybabel extract -F babel.cfg -k Text -k N_ --no-location --sort-output --project=Podium -o $(LOCALE)/podium.pot .
	for lang in $(MESSAGE_LANGUAGES); do \
	  if [ -f $(LOCALE)/$$lang.po ]; then \
	    $(BIN)/pybabel update -i $(LOCALE)/podium.pot -o $(LOCALE)/$$lang.po -l $$lang --ignore-obsolete || exit 1; \
	  else \
	    $(BIN)/pybabel init -i $(LOCALE)/podium.pot -o $(LOCALE)/$$lang.po -l $$lang || exit 1; \
	  fi; \
	done

# the output, and the build cache (compiled templates, every event's pages)
clean:
	rm -rf $(OUTPUT) .pytest_cache cache .$(notdir $(OUTPUT)).podium-lock
