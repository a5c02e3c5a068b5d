"""Each scenario's name, rule area, dependencies and guide source, read from the shipped feature files.

A conform report names a scenario only where it failed; the site names every one, so the
catalog is saved with the reports (reports/scenarios.json) and the site never reads the tree.
"""

from __future__ import annotations

from pathlib import Path

from heartspec.conformance.coverage import CoverageError, tag_values
from heartspec.conformance.tiers import TierError, tier_of
from heartspec.paths import data_dir


def scenario_catalog(folder: Path | None = None) -> dict[str, dict]:
    """Scenario id (without its Examples row) -> name, feature file, area, tier, protocol clauses, depends, source text."""
    from gherkin.parser import Parser

    catalog: dict[str, dict] = {}
    for path in sorted((folder or data_dir("features")).glob("*.feature")):
        try:
            document = Parser().parse(path.read_text(encoding="utf-8"))
        except Exception as err:  # the gherkin parser raises its own family of errors
            raise CoverageError(f"{path.name}: {err}") from None
        for child in document["feature"]["children"]:
            scenario = child.get("scenario")
            if not scenario:
                continue
            tags = scenario["tags"] + [tag for block in scenario.get("examples") or [] for tag in block["tags"]]
            ident = (tag_values(scenario["tags"], "id") or [""])[0]
            if not ident:
                continue
            area = (tag_values(scenario["tags"], "area") or [path.stem])[0]
            try:
                tier = tier_of(area, tag_values(tags, "tier"))
            except TierError as err:
                raise CoverageError(f"{path.name}: scenario {ident}: {err}") from None
            catalog[ident] = {
                "name": scenario.get("name", ""),
                "feature": path.name,
                "area": area,
                "tier": tier,
                "clauses": sorted(set(tag_values(tags, "clause"))),
                "depends": sorted(set(tag_values(tags, "depends"))),
                "source": " ".join((scenario.get("description") or "").split()),
            }
    return dict(sorted(catalog.items()))
