#!/usr/bin/env bash
# Every test: lint, front-end type check and unit tests, the strict docs build, the static type check (mypy), then
# one pytest run over the suite (engine, solver, widget, real-browser tests in JupyterLab, Notebook 7 and marimo,
# installs without a toolchain, the layers contract) and the tutorials under nbval.
set -euo pipefail
cd "$(dirname "$0")/.."
ruff check .
npx tsc --noEmit -p .
npx vitest run
NO_MKDOCS_2_WARNING=1 mkdocs build --strict --quiet --site-dir "${TMPDIR:-/tmp}/wispwidget-site"
mypy
python3 -m pytest -q --nbval tests notebooks --nbval-sanitize-with notebooks/sanitize.cfg
