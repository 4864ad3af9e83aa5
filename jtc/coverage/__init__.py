"""JaCoCo coverage of compiled test classes: `jtc.coverage.measure.measure` runs and reports,
`jtc.coverage.model` holds the per-class counters and lines; `jtc coverage` measures suites
(`suites`), compares them (`comparison`) and prints a table (`table`), writes HTML (`html`, `svg`) and JSON."""
