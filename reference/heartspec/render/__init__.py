"""Rendering the spec for people: resolved rulebooks (`heartspec rules`) and difference tables (`heartspec diff`)."""

from heartspec.render.selection import RenderError

__all__ = ["RenderError"]
