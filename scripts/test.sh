#!/usr/bin/env bash
# Run jtc's whole test suite (type check, then unit, semantic, end-to-end), after setting up if needed.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
.venv/bin/mypy
exec .venv/bin/python -m pytest -q "$@"
