#!/usr/bin/env bash
# Every test: lint, then the whole pytest suite.
set -euo pipefail
cd "$(dirname "$0")/.."
ruff check .
python3 -m pytest -q
