"""Which lines of a class the runs reached, and why the others were not: proved unreachable, or not
reached within the budget."""
