"""The wheel carries spec/, schemas/ and features/, so an installed heartspec works outside the checkout."""

import os
import subprocess
import sys
import venv
import zipfile
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [sys.executable, "-m", "pip", "wheel", "--no-deps", "--no-build-isolation", "-q", "-w", str(out), str(ROOT)],
        check=True,
    )
    (built,) = out.glob("heartspec-*.whl")
    return built


def test_wheel_carries_the_spec_schemas_and_features(wheel):
    names = zipfile.ZipFile(wheel).namelist()
    for folder in ("spec/rulesets", "spec/variants", "schemas", "features"):
        assert any(n.startswith(f"heartspec/_data/{folder}/") for n in names), folder
    assert "heartspec/_data/spec/rulesets/fi.yaml" in names
    assert "heartspec/compat/assets/app.js" in names and "heartspec/compat/assets/style.css" in names  # the compat site's
    for kit_file in ("js/heartspec-kit.js", "js/template/engine.js", "python/template/engine.py", "template-README.md"):
        assert f"heartspec/_data/kits/{kit_file}" in names, kit_file  # what new-engine copies
    assert "heartspec/kit.py" in names


def test_installed_wheel_lists_rules_outside_the_checkout(wheel, tmp_path):
    env_dir = tmp_path / "venv"
    # System site packages give the dependencies without a network; the wheel itself is what we test.
    venv.EnvBuilder(with_pip=False, system_site_packages=True).create(env_dir)
    python = env_dir / "bin" / "python"
    subprocess.run(
        [str(python), "-m", "pip", "install", "-q", "--no-deps", "--ignore-installed", str(wheel)],
        check=True,
        cwd=tmp_path,
    )
    env = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
    result = subprocess.run(
        [str(env_dir / "bin" / "heartspec"), "rules"], capture_output=True, text=True, cwd=tmp_path, env=env
    )
    assert result.returncode == 0, result.stderr
    for ruleset in ("fi", "no", "dk", "se", "fi-classic"):
        assert ruleset in result.stdout
    check = subprocess.run(
        [str(python), "-c", "import heartspec.paths as p; print(p.data_dir('spec'))"],
        capture_output=True, text=True, cwd=tmp_path, env=env,
    )
    assert str(env_dir) in check.stdout, check.stdout
    scaffold = subprocess.run([str(env_dir / "bin" / "heartspec"), "new-engine", "--lang", "javascript", "mine"],
                              capture_output=True, text=True, cwd=tmp_path, env=env)
    assert scaffold.returncode == 0 and (tmp_path / "mine" / "heartspec-kit.js").is_file(), scaffold.stderr
