"""The shipped spec kept between processes (heartspec.rules.spec_cache): the same spec, or a fresh load."""

from __future__ import annotations

import marshal
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from heartspec.paths import data_dir
from heartspec.rules import load_spec, spec_cache, validate


@pytest.fixture
def cache_home(tmp_path, monkeypatch) -> Path:
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.delenv("HEARTSPEC_NO_CACHE", raising=False)
    return tmp_path / "cache" / "heartspec"


def entries(cache_home: Path) -> list[Path]:
    return sorted(cache_home.glob("spec-*.marshal")) if cache_home.is_dir() else []


def fresh_spec(monkeypatch):
    with monkeypatch.context() as patch:
        patch.setenv("HEARTSPEC_NO_CACHE", "1")
        return load_spec()


def no_reading(monkeypatch) -> None:
    """From here on, reading a YAML file of the spec fails the test."""
    def refuse(path):
        raise AssertionError(f"{path} was read: the cached spec was not used")

    monkeypatch.setattr(validate, "read_spec_file", refuse)
    monkeypatch.setattr("heartspec.rules.read_spec_file", refuse)


def test_the_cached_spec_is_the_spec_a_fresh_load_gives(cache_home, monkeypatch):
    first, fresh = load_spec(), fresh_spec(monkeypatch)
    assert len(entries(cache_home)) == 1
    no_reading(monkeypatch)
    cached = load_spec()
    assert cached == fresh == first
    assert list(cached.rulesets) == list(first.rulesets) and list(cached.variants) == list(first.variants)
    assert cached.files == first.files and list(cached.files) == list(first.files)
    ruleset = next(iter(cached.rulesets))
    assert cached.rulesets[ruleset] is cached.files[("ruleset", ruleset)].data  # shared, as a fresh load has it
    assert cached.compile(ruleset, players=cached.players_of(ruleset)[0]) == first.compile(
        ruleset, players=first.players_of(ruleset)[0])


def test_a_cached_start_neither_reads_yaml_nor_imports_jsonschema(cache_home):
    code = ("import sys; from heartspec.rules import load_spec; import heartspec.rules as rules; "
            "rules.read_spec_file = lambda path: sys.exit('read ' + str(path)) if sys.argv[1] == 'cached' else None; "
            "load_spec(); print('jsonschema' in sys.modules)")

    def start(mode: str) -> subprocess.CompletedProcess:
        return subprocess.run([sys.executable, "-c", code, mode], capture_output=True, text=True, timeout=120,
                              env={**os.environ, "XDG_CACHE_HOME": str(cache_home.parent)})

    first = subprocess.run([sys.executable, "-c", "from heartspec.rules import load_spec; load_spec()"],
                           timeout=120, env={**os.environ, "XDG_CACHE_HOME": str(cache_home.parent)})
    second = start("cached")
    assert first.returncode == 0 and second.returncode == 0, second.stderr
    assert second.stdout.split() == ["False"]  # validating is what needs jsonschema


def test_a_changed_file_or_schema_or_rule_code_is_a_miss(tmp_path):
    files = validate.spec_folder_files(data_dir("spec"))
    copies = []
    for path in files:
        copy = tmp_path / path.relative_to(data_dir("spec"))
        copy.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(path, copy)
        copies.append(copy)
    before = spec_cache._digest(copies)
    assert spec_cache._digest(copies) == before
    copies[0].write_bytes(copies[0].read_bytes() + b"\n# one more line\n")
    assert spec_cache._digest(copies) != before


def test_an_entry_for_other_contents_or_a_broken_one_is_a_miss_and_is_rewritten(cache_home, monkeypatch):
    load_spec()
    [entry] = entries(cache_home)
    for stale in (b"not marshal data at all", marshal.dumps(("another digest", []))):
        entry.write_bytes(stale)
        loaded = load_spec()
        assert loaded == fresh_spec(monkeypatch)
        assert entry.read_bytes() != stale  # written again from the fresh load


def test_no_cache_without_a_writable_place_or_when_turned_off(tmp_path, monkeypatch):
    blocked = tmp_path / "a-file"
    blocked.write_text("")
    monkeypatch.setenv("XDG_CACHE_HOME", str(blocked))  # a file where the folder would go: nothing can be written
    assert load_spec() == fresh_spec(monkeypatch)
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "cache"))
    monkeypatch.setenv("HEARTSPEC_NO_CACHE", "1")
    load_spec()
    assert not (tmp_path / "cache").exists()


def test_a_spec_folder_other_than_the_shipped_one_is_never_kept(cache_home, tmp_path):
    folder = tmp_path / "spec"
    shutil.copytree(data_dir("spec"), folder)
    copied, shipped = load_spec(folder), load_spec()
    assert (copied.rulesets, copied.variants) == (shipped.rulesets, shipped.variants)
    assert len(entries(cache_home)) == 1  # the shipped spec's entry only
