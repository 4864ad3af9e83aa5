"""Minimal tests and a minimal suite (issue 9, item 3), between the oracle's choice of tests and the emitter."""
