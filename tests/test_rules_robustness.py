"""Whatever a user's file holds, validation answers with problems, never an exception."""

from __future__ import annotations

from pathlib import Path

import yaml
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from heartspec.rules import validate_paths
from heartspec.rules.loader import load_yaml_text

HOUSE_SPEC = Path(__file__).parent / "fixtures" / "house_spec"
SPEC_FILES = sorted(HOUSE_SPEC.glob("*/*.yaml"))

scalars = st.one_of(
    st.none(), st.booleans(), st.integers(-3, 60), st.floats(allow_nan=False, allow_infinity=False),
    st.sampled_from(["left", "across", "none", "2C", "XC", "QS", "pip", "deal_total", "house", "3", ""]),
)
values = st.recursive(scalars, lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=4), inner, max_size=3), max_leaves=6)


def all_paths(node, path=()):
    yield path
    if isinstance(node, dict):
        for key, child in node.items():
            yield from all_paths(child, path + (key,))
    elif isinstance(node, list):
        for index, child in enumerate(node):
            yield from all_paths(child, path + (index,))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(data=st.data())
def test_a_mangled_file_yields_problems_not_exceptions(tmp_path_factory, data):
    source = data.draw(st.sampled_from(SPEC_FILES))
    document = load_yaml_text(source.read_text(encoding="utf-8"), "x").data
    for _ in range(data.draw(st.integers(1, 3))):
        path = data.draw(st.sampled_from(list(all_paths(document))[1:]))
        parent = document
        for part in path[:-1]:
            parent = parent[part]
        parent[path[-1]] = data.draw(values)
    folder = tmp_path_factory.mktemp("mangled") / source.parent.name
    folder.mkdir()
    target = folder / source.name
    target.write_text(yaml.safe_dump(document), encoding="utf-8")

    problems, counts = validate_paths([target], HOUSE_SPEC)

    assert sum(counts.values()) == 1
    for problem in problems:
        assert problem.file.endswith(source.name) and problem.line >= 1 and problem.path.startswith("/")
