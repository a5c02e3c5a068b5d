"""The schemas are the authoring manual: valid 2020-12, closed, described, and consistent with themselves."""

from __future__ import annotations

import json

import pytest
from jsonschema import Draft202012Validator

from heartspec.paths import data_dir
from heartspec.rules import vocabulary

KINDS = ("ruleset", "variant")


def load(kind: str) -> dict:
    return json.loads((data_dir("schemas") / f"{kind}.schema.json").read_text(encoding="utf-8"))


def walk(node, trail=()):
    """Every (trail, property name, property schema) under any `properties`."""
    if isinstance(node, dict):
        for name, prop in node.get("properties", {}).items():
            yield trail, name, prop
        for key, child in node.items():
            yield from walk(child, trail + (key,))
    elif isinstance(node, list):
        for index, child in enumerate(node):
            yield from walk(child, trail + (index,))


def resolve_ref(root: dict, ref: str) -> dict:
    node = root
    for part in ref.removeprefix("#/").split("/"):
        node = node[part]
    return node


@pytest.mark.parametrize("kind", KINDS)
def test_schema_is_valid_draft_2020_12(kind):
    schema = load(kind)
    assert schema["$schema"] == "https://json-schema.org/draft/2020-12/schema"
    Draft202012Validator.check_schema(schema)


@pytest.mark.parametrize("kind", KINDS)
def test_every_property_has_a_description(kind):
    schema = load(kind)
    undescribed = [
        "/".join(map(str, trail + (name,)))
        for trail, name, prop in walk(schema)
        if "description" not in prop and "description" not in resolve_ref(schema, prop.get("$ref", "#"))
    ]
    assert undescribed == []


@pytest.mark.parametrize("kind", KINDS)
def test_every_object_with_properties_is_closed(kind):
    schema = load(kind)
    open_objects = []

    def visit(node, trail):
        if isinstance(node, dict):
            is_narrowing = "$ref" in node  # narrows a closed definition it refers to
            if node.get("type") == "object" and "properties" in node and not is_narrowing:
                if node.get("additionalProperties") is not False:
                    open_objects.append("/".join(map(str, trail)))
            for key, child in node.items():
                visit(child, trail + (key,))

    visit(schema, ())
    assert open_objects == []


def test_dotted_rule_keys_mirror_the_fields_of_object_rules():
    rules = load("ruleset")["properties"]["rules"]["properties"]
    for key in vocabulary.rule_keys():
        fields = vocabulary.field_order(key)
        dotted = {k for k in rules if k.startswith(key + ".")}
        assert dotted == {f"{key}.{field}" for field in fields}, key


def test_rule_keys_follow_the_vocabulary_table():
    doc = (data_dir("schemas").parent / "docs" / "rule-vocabulary.md")
    if not doc.exists():
        pytest.skip("the vocabulary doc ships only in a checkout")
    table_keys = [
        line.split("`")[1] for line in doc.read_text(encoding="utf-8").splitlines()
        if line.startswith("| `")
    ]
    assert list(vocabulary.rule_keys()) == table_keys


def test_value_schema_finds_rule_paths_and_refuses_others():
    assert vocabulary.value_schema("moon.also_requires")["type"] == "array"
    assert vocabulary.value_schema("card_points.JD") is not None
    assert vocabulary.value_schema("card_points.1H") is None
    assert vocabulary.value_schema("moon.also_require") is None
    assert vocabulary.value_schema("frist_trick") is None


def test_options_find_the_rule_they_set():
    assert vocabulary.option_rule("target", {}) == "game_end.target"
    assert vocabulary.option_rule("draw_order", {}) == "two_player.draw_order"
    assert vocabulary.option_rule("anything", {"rule": "settlement.stake"}) == "settlement.stake"
    assert vocabulary.option_rule("colour", {}) is None
