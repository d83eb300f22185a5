"""A normal (non-editable) wheel carries the templates and game data and runs from anywhere."""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
import venv
import zipfile
from pathlib import Path

import pytest

from tests.conftest import ROOT

pytestmark = pytest.mark.slow  # every test here builds the wheel; `pytest -m "not slow"` leaves them out


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("dist")
    subprocess.run(
        [sys.executable, "-m", "build", "--wheel", "--no-isolation", "--outdir", str(out), str(ROOT)],
        check=True,
        capture_output=True,
        timeout=300,
    )
    (whl,) = out.glob("campaign-*.whl")
    return whl


def test_wheel_contains_templates_and_game_data(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    assert "campaign/templates/receipt.txt.j2" in names
    assert any(n.startswith("games/hordes_heroes/") for n in names)
    toml = [n for n in names if n.endswith(".toml") and n.startswith("games/")]
    source_toml = list((ROOT / "games").rglob("*.toml"))
    assert len(toml) == len(source_toml)
    assert not any(n.startswith("tests/") for n in names)


def test_installed_wheel_runs_from_outside_the_repository(wheel: Path, tmp_path: Path) -> None:
    env_dir = tmp_path / "venv"
    venv.EnvBuilder(with_pip=False).create(env_dir)
    py = env_dir / "bin" / "python"
    site = Path(
        subprocess.check_output(
            [str(py), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"], text=True
        ).strip()
    )
    # the dependencies come from this test run's environment; campaign itself only from the wheel
    (site / "deps.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    subprocess.run(
        [sys.executable, "-m", "pip", "--python", str(py), "install", "--quiet", "--no-deps", "--no-index", str(wheel)],
        check=True,
        capture_output=True,
        timeout=300,
    )
    bin_dir = env_dir / "bin"
    assert (bin_dir / "campaign").exists()  # the console script came from the wheel's entry points
    outside = tmp_path / "elsewhere"
    outside.mkdir()
    env = {k: v for k, v in os.environ.items() if k not in {"PYTHONPATH", "CAMPAIGN_RULESETS"}}

    where = subprocess.run(
        [str(py), "-c", "import campaign; print(campaign.__file__)"],
        cwd=outside,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert where.startswith(str(site)), where  # not the source tree

    help_text = subprocess.run(
        [str(bin_dir / "campaign"), "--help"], cwd=outside, env=env, capture_output=True, text=True, check=True
    ).stdout
    assert "Example:" in help_text

    render = (
        "from campaign.templating import render, templates_dir; print(templates_dir());"
        "print(render('receipt.txt.j2', side='north', game='1', key='k', seq=5, canonical='hold',"
        " orders_hash='ab', resolved=[], waiting=None, decision=None, chain_head='cd'))"
    )
    out = subprocess.run(
        [str(py), "-c", render], cwd=outside, env=env, capture_output=True, text=True, check=True
    ).stdout
    assert out.splitlines()[0].startswith(str(site)) and "Orders accepted for north in game 1" in out

    data = subprocess.run(
        [
            str(py),
            "-c",
            "from importlib import resources; print(sorted(p.name for p in"
            " resources.files('games.hordes_heroes').iterdir()))",
        ],
        cwd=outside,
        env=env,
        capture_output=True,
        text=True,
        check=True,
    ).stdout
    assert "__init__.py" in data

    init = subprocess.run(
        [str(bin_dir / "campaign"), "--db", "c.db", "init"], cwd=outside, env=env, capture_output=True, text=True
    )
    assert init.returncode == 0, init.stderr
    assert (outside / "c.db").exists()
