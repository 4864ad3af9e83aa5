"""jtc's benchmarks (docs/benchmarks.md): `python -m bench <name>`; results in bench/results/."""
