"""jtc: concolic unit-test generator for compiled Java classes."""

__version__ = "0.1.0"
