"""JaCoCo coverage of compiled test classes: `jtc.coverage.measure.measure` runs and reports,
`jtc.coverage.model` holds the per-class counters and lines."""
