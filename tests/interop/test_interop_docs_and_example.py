"""docs/interop.md describes every observation field; the example and the benchmark run."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from busbahnhof.interop import bench
from busbahnhof.interop.codecs import CODECS, make_codec
from busbahnhof.interop.examples import busfahrer_questions

DOC = Path(__file__).resolve().parents[2] / "docs" / "interop.md"


@pytest.mark.parametrize("game", sorted(CODECS))
def test_every_observation_field_is_documented(game: str) -> None:
    text = DOC.read_text(encoding="utf-8")
    for field in make_codec(game, 3).layout.fields:
        assert f"| `{field.name}` |" in text and field.doc in text, field.name


def test_the_example_learns_the_questions(capsys: pytest.CaptureFixture[str]) -> None:
    busfahrer_questions.main(["--games", "300", "--eval-games", "60", "--seed", "3"])
    lines = capsys.readouterr().out.splitlines()
    assert lines[2].split()[0] == "policy"
    rows = {line.rsplit(maxsplit=5)[0]: [float(x) for x in line.split()[-5:]] for line in lines[3:]}
    assert list(rows) == ["random", "learned table", "kartenzaehler"]
    assert rows["kartenzaehler"][-1] < rows["random"][-1]
    assert rows["learned table"][1] < rows["random"][1]  # Frage 2: higher or lower is learnt fast


def test_the_benchmark_measures_every_loop(capsys: pytest.CaptureFixture[str]) -> None:
    bench.main(["busfahrer", "--games", "3", "--rounds", "1"])
    figures = json.loads(capsys.readouterr().out)
    assert set(figures["decisions_per_second"]) == {
        "engine",
        "pettingzoo",
        "gymnasium",
        "gymnasium+masks",
        "pettingzoo+obs",
    }
    assert all(rate > 0 for rate in figures["decisions_per_second"].values())
    assert len(figures["load_average"]) == 2
