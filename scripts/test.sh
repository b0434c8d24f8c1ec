#!/usr/bin/env bash
# Every test: lint, front-end type check and unit tests, then the whole pytest suite
# (engine, solver, widget, real-browser tests in JupyterLab, notebooks under nbval).
set -euo pipefail
cd "$(dirname "$0")/.."
ruff check .
npx tsc --noEmit -p .
npx vitest run
python3 -m pytest -q
