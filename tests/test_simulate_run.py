"""heartspec simulate end to end: sharding across workers (and a Dask cluster), the CLI, JSON and HTML."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path

import jsonschema
import pytest
from click.testing import CliRunner

from heartspec.cli import main
from heartspec.simulate.runner import prepare, simulate
from heartspec.simulate.shards import SHARD_GAMES, run_local

SCHEMA = json.loads((Path(__file__).parents[1] / "schemas" / "simulation.schema.json").read_text())
GAMES = 2 * SHARD_GAMES + 7  # three shards, the last one short


def _figures(document: dict) -> dict:
    """Everything but the wall clock and how the run was executed."""
    return {k: document[k] for k in ("results", "differences", "histograms", "played", "seed", "games")}


@pytest.fixture(scope="module")
def run():
    return prepare(["fi", "dk"], 4, GAMES, "random", seed=21)


def test_a_seeded_run_gives_the_same_report_on_one_worker_and_on_three(run):
    one = simulate(*run, workers=1)
    three = simulate(*run, workers=3)
    assert one["shards"] == 3
    assert _figures(one) == _figures(three)


def test_a_dask_cluster_plays_the_same_shards_to_the_same_report(run):
    distributed = pytest.importorskip("dask.distributed")
    with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True,
                                  dashboard_address=None) as cluster, distributed.Client(cluster) as client:
        on_dask = simulate(*run, executor="dask", scheduler=client)
    local = simulate(*run, workers=1)
    assert on_dask["executor"] == "dask" and on_dask["workers"] is None
    assert _figures(on_dask) == _figures(local)


def test_a_dask_run_by_scheduler_address(run):
    distributed = pytest.importorskip("dask.distributed")
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=True, dashboard_address=None) as cluster:
        on_dask = simulate(*run, executor="dask", scheduler=cluster.scheduler_address)
    assert _figures(on_dask) == _figures(simulate(*run, workers=1))


def test_progress_reaches_every_game(run):
    seen = []
    run_local(run[0], 1, progress=seen.append)
    assert seen[-1] == GAMES and seen == sorted(seen)


def test_the_cli_writes_a_schema_valid_json_report_and_a_self_contained_html_one(tmp_path):
    json_path, html_path = tmp_path / "report.json", tmp_path / "report.html"
    result = CliRunner().invoke(main, ["simulate", "fi", "dk", "se+qs-lead-exception", "--players", "4",
                                       "--games", "6", "--seed", "3", "--workers", "1", "--bots", "heuristic",
                                       "--json", str(json_path), "--html", str(html_path)])
    assert result.exit_code == 0, result.output
    document = json.loads(json_path.read_text())
    jsonschema.validate(document, SCHEMA)
    assert [r["label"] for r in document["rulesets"]] == ["fi", "dk", "se+qs-lead-exception"]
    assert document["rulesets"][2]["variants"] == ["qs-lead-exception"]
    assert "first trick: a point card refused" in result.output
    assert re.search(r"Δ dk", result.output)
    page = html_path.read_text()
    assert page.count("<svg") > 10
    assert not re.search(r"(src|href)\s*=\s*['\"]?(https?:)?//", page)  # nothing fetched from anywhere
    assert "<script" not in page


def test_json_on_stdout_validates_and_money_appears_with_a_settlement():
    result = CliRunner().invoke(main, ["simulate", "fi-classic", "--players", "4", "--games", "3", "--seed", "2",
                                       "--workers", "1", "--format", "json", "-o", "settlement=pairwise"])
    assert result.exit_code == 0, result.output
    document = json.loads(result.output)
    jsonschema.validate(document, SCHEMA)
    money = [document["results"]["fi-classic"][f"money_cents.seat{s}"]["mean"] for s in range(4)]
    assert abs(sum(money)) < 1e-9 and any(money)  # pairwise settlement is zero-sum, and someone won


@pytest.mark.parametrize("args, message", [
    (["xx", "--players", "4"], "unknown ruleset 'xx'"),
    (["fi+", "--players", "4"], "is not RULESET[+VARIANT...]"),
    (["fi", "fi", "--players", "4"], "named twice"),
    (["fi", "--players", "9"], "9"),
    (["fi", "--players", "4", "--bots", "clever"], "unknown bot 'clever'"),
    (["fi", "--players", "4", "--executor", "dask"], "--scheduler"),
])
def test_mistakes_get_one_clear_line_and_no_traceback(args, message):
    result = CliRunner().invoke(main, ["simulate", *args, "--games", "1"])
    assert result.exit_code != 0
    assert message in result.output
    assert "Traceback" not in result.output


def test_the_command_runs_as_a_subprocess_with_two_workers():
    completed = subprocess.run([sys.executable, "-c", "from heartspec.cli import main; main()", "simulate", "no", "se",
                                "--players", "4", "--games", "4", "--seed", "1", "--workers", "2"],
                               capture_output=True, text=True, timeout=300)
    assert completed.returncode == 0, completed.stderr
    assert "heartspec simulate: no, se; 4 players, 4 games" in completed.stdout
