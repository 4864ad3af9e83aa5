"""`python -m bench <name> [options]`: run one benchmark; each module exposes main(argv) -> int."""

from __future__ import annotations

import importlib
import sys

BENCHMARKS = {"containers": "bench.containers", "differ": "bench.differ", "engine": "bench.engine", "real": "bench.real",
              "modern": "bench.modern", "scale": "bench.scale", "strength": "bench.strength",
              "thirdparty": "bench.thirdparty"}


def main(argv: list[str]) -> int:
    if not argv or argv[0] not in BENCHMARKS:
        print(f"usage: python -m bench {{{','.join(sorted(BENCHMARKS))}}} [options]", file=sys.stderr)
        return 2
    return int(importlib.import_module(BENCHMARKS[argv[0]]).main(argv[1:]))


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
