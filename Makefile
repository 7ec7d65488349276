# Podium: `make html` builds the demo site, `make test` runs the tests.
# Both create .venv and install the project on first use.

PYTHON ?= python3
VENV := .venv
BIN := $(VENV)/bin
STAMP := $(VENV)/.installed
RESULTS ?= results
OUTPUT ?= output
PORT ?= 8000

export PODIUM_RESULTS := $(RESULTS)
export PYTHONHASHSEED := 0

.PHONY: html serve devserver publish test bench clean

$(STAMP): pyproject.toml
	test -x $(BIN)/python || $(PYTHON) -m venv $(VENV)
	$(BIN)/python -m pip install --quiet --upgrade pip
	$(BIN)/python -m pip install --quiet -e '.[test]'
	touch $(STAMP)

html: $(STAMP)
	$(BIN)/pelican content -o $(OUTPUT) -s pelicanconf.py

serve: $(STAMP)
	$(BIN)/python -m podium.serve --port $(PORT) --output $(OUTPUT) --settings pelicanconf.py

devserver: serve

publish: $(STAMP)
	$(BIN)/python -m podium.publish --output $(OUTPUT) --settings publishconf.py

test: $(STAMP)
	$(BIN)/python -m pytest

bench: $(STAMP)
	$(BIN)/python -m podium.bench

clean:
	rm -rf $(OUTPUT) .pytest_cache
