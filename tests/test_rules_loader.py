"""The YAML loader: line numbers for every key and item, strict booleans, duplicate keys, syntax errors."""

from __future__ import annotations

from heartspec.rules.loader import load_yaml_text

TEXT = """\
id: no
applies_to: [fi, no, dk]
rules:
  deck:
    by_players:
      3: {value: 1}
      4:
        value: 2
flags: [true, false, yes, off]
"""


def test_every_key_and_item_has_its_line():
    loaded = load_yaml_text(TEXT, "x.yaml")
    assert loaded.errors == []
    assert loaded.lines[("applies_to", 2)] == 2
    assert loaded.lines[("rules", "deck", "by_players", "3")] == 6
    assert loaded.lines[("rules", "deck", "by_players", "4", "value")] == 8
    assert loaded.line_of(("rules", "deck", "by_players", "4", "value", "missing")) == 8


def test_no_is_a_ruleset_id_and_only_true_false_are_booleans():
    data = load_yaml_text(TEXT, "x.yaml").data
    assert data["id"] == "no"
    assert data["applies_to"] == ["fi", "no", "dk"]
    assert data["flags"] == [True, False, "yes", "off"]


def test_mapping_keys_are_their_own_text():
    data = load_yaml_text(TEXT, "x.yaml").data
    assert list(data["rules"]["deck"]["by_players"]) == ["3", "4"]


def test_duplicate_keys_are_reported_with_both_lines():
    loaded = load_yaml_text("a: 1\nb: 2\na: 3\n", "x.yaml")
    assert loaded.errors == [(3, ("a",), "duplicate key 'a' (first given on line 1)")]
    assert loaded.data == {"a": 1, "b": 2}


def test_syntax_errors_carry_their_line():
    loaded = load_yaml_text("a: 1\nb: [1, 2\nc: 3\n", "x.yaml")
    assert loaded.data is None
    [(line, path, message)] = loaded.errors
    assert path == () and message.startswith("YAML syntax error")
    assert line in (2, 3)


def test_unsafe_tags_are_refused():
    loaded = load_yaml_text("a: !!python/object/apply:os.system ['true']\n", "x.yaml")
    assert loaded.data is None
    assert "YAML syntax error" in loaded.errors[0][2]


def test_an_empty_document_has_no_data_and_no_crash():
    loaded = load_yaml_text("# only a comment\n", "x.yaml")
    assert loaded.data is None and loaded.errors == []
