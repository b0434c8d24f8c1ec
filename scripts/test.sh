#!/usr/bin/env bash
# Every test: lint, front-end type check and unit tests, the strict docs build, then one pytest run over
# the suite (engine, solver, widget, real-browser tests in JupyterLab) and the tutorials under nbval.
set -euo pipefail
cd "$(dirname "$0")/.."
ruff check .
npx tsc --noEmit -p .
npx vitest run
NO_MKDOCS_2_WARNING=1 mkdocs build --strict --quiet --site-dir "${TMPDIR:-/tmp}/wispwidget-site"
python3 -m pytest -q --nbval tests notebooks --nbval-sanitize-with notebooks/sanitize.cfg
