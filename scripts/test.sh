#!/usr/bin/env bash
# Run jtc's whole test suite (unit, semantic, end-to-end), after setting up if needed.
set -euo pipefail
cd "$(dirname "$0")/.."
./scripts/setup.sh
exec .venv/bin/python -m pytest -q "$@"
