"""From a TestSuite to a JUnit 5 source file known to compile and pass.

Entry points: `jtc.emit.validate.validate_suite` (render, check, write) and, for a rendering alone,
`jtc.emit.render.render_suite`.
"""
