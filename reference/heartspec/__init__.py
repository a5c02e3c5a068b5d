"""heartspec: the Nordic Hearts rules as data, a reference engine that plays them, and a conformance suite."""

__version__ = "0.1.0"
