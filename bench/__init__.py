"""jtc's benchmarks (../shared/BENCHMARKS.md): `python -m bench <name>`; results in bench/results/."""
