"""Adapters that put third-party Hearts engines behind heartspec protocol v1.

`openspiel` serves OpenSpiel's `hearts` (needs the optional `open_spiel` extra).
"""
