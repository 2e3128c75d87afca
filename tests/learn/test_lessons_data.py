"""The lessons' files against the engine (docs/lessons.md): every lesson's expected decisions are
legal when replayed with the table's bots, both languages are there, a broken file or step is
named, and a lesson table's progress follows the learner's decisions step by step."""

from __future__ import annotations

import tomllib
from dataclasses import replace
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from busbahnhof.cli import app
from busbahnhof.engine import LANGUAGES, InvalidDataError
from busbahnhof.learn.lessons import DATA, Step, lessons, parse_lesson, progress, start_state, walk
from busbahnhof.tables.thinking import bot_rng

FILES = sorted(DATA.glob("*.toml"))
GAMES = ("busfahrer", "bus", "busfaktor")


def raw(path: Path) -> dict[str, Any]:
    return tomllib.loads(path.read_text(encoding="utf-8"))


def test_each_game_has_a_lesson_and_each_file_is_one() -> None:
    assert {lesson.game for lesson in lessons()} == set(GAMES)
    assert len(lessons()) == len(FILES)


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.stem)
def test_every_expected_decision_is_legal_with_the_tables_bots(path: Path) -> None:
    lesson = parse_lesson(raw(path), path.name)
    walked = walk(lesson, bot_rng, path.name)
    assert len(walked.decisions) == len(lesson.steps)
    assert all(step.matches(decision) for step, decision in zip(lesson.steps, walked.decisions, strict=True))


@pytest.mark.slow
@pytest.mark.parametrize("path", FILES, ids=lambda path: path.stem)
def test_every_action_a_step_accepts_leads_on_to_the_lessons_end(path: Path) -> None:
    """A learner who follows the lesson with another action its step accepts (another suit, another
    player for the points, another street from the named end) is never left without a next step:
    each such choice, one step at a time (at most four per step), is walked to the end."""
    lesson = parse_lesson(raw(path), path.name)
    first = walk(lesson, bot_rng, path.name)
    for index in range(len(lesson.steps)):
        previous = first.decisions[index]
        for choice in range(1, 4):
            walked = walk(lesson, bot_rng, f"{path.name} (choice {choice} at step {index + 1})", {index: choice})
            if walked.decisions[index] == previous:
                break  # the step accepts no further action here (the last one was taken again)
            previous = walked.decisions[index]


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.stem)
def test_every_text_is_there_in_both_languages(path: Path) -> None:
    lesson = parse_lesson(raw(path), path.name)
    texts = [lesson.title, lesson.summary, lesson.intro, lesson.outro]
    texts += [text for step in lesson.steps for text in (step.text, step.otherwise)]
    for text in texts:
        assert set(text) == set(LANGUAGES) and all(text[lang].strip() for lang in LANGUAGES)
        assert text["de"] != text["en"], f"{path.name}: a text not translated: {text['de']!r}"
    assert all(step.rule.startswith(("Busfahrer: ", "Bus: ", "Busfaktor §")) for step in lesson.steps)


def test_a_missing_language_or_an_unknown_key_names_the_file_and_the_entry() -> None:
    data = raw(FILES[0])
    without_english = {**data, "steps": [{**data["steps"][0], "text": {"de": "nur Deutsch"}}, *data["steps"][1:]]}
    with pytest.raises(InvalidDataError, match=r"lesson\.toml, step 1: text needs a text in each of de, en"):
        parse_lesson(without_english, "lesson.toml")
    with pytest.raises(InvalidDataError, match=r"lesson\.toml: unknown keys colour"):
        parse_lesson({**data, "colour": "red"}, "lesson.toml")


def test_a_step_no_legal_action_matches_fails_the_walk_naming_the_step() -> None:
    """What a designer sees when a rules change breaks a lesson: the file, the step, what is legal."""
    lesson = next(one for one in lessons() if one.game == "busfahrer")
    broken = replace(lesson.steps[1], expect=("guess red",))
    damaged = replace(lesson, steps=(lesson.steps[0], broken, *lesson.steps[2:]))
    with pytest.raises(
        InvalidDataError, match=r"x\.toml, step 2: no legal action matches guess red; legal: guess higher"
    ):
        walk(damaged, bot_rng, "x.toml")


@pytest.mark.parametrize("path", FILES, ids=lambda path: path.stem)
def test_progress_follows_the_walk_and_marks_the_first_step_chosen_otherwise(path: Path) -> None:
    lesson = parse_lesson(raw(path), path.name)
    walked = walk(lesson, bot_rng)
    start = start_state(lesson)
    assert progress(lesson, start, []).step == 0
    for count in range(len(walked.actions) + 1):
        made = progress(lesson, start, walked.actions[:count])
        assert made.off is None
        taken = sum(1 for decision_at in learner_indices(lesson, walked.actions) if decision_at < count)
        assert made.step == taken
        if made.learner_to_move and made.step < len(lesson.steps):
            assert walked.decisions[made.step] in made.expected
    assert progress(lesson, start, walked.actions).done
    # The same game with the learner choosing otherwise at the first step that has an alternative.
    state = start.clone()
    played: list[str] = []
    for action in walked.actions:
        if state.to_move == lesson.seat:
            other = [str(a) for a in state.legal_actions() if not step_of(lesson, played).matches(str(a))]
            if other:
                played.append(other[0])
                break
        state.apply(action)
        played.append(action)
    off = progress(lesson, start, played)
    assert off.off == off.step - 1 and off.chosen == played[-1] and not off.done and off.expected == ()


def learner_indices(lesson: Any, actions: tuple[str, ...]) -> list[int]:
    """The positions of the learner's decisions among ``actions``."""
    state, found = start_state(lesson), []
    for index, action in enumerate(actions):
        if state.to_move == lesson.seat:
            found.append(index)
        state.apply(action)
    return found


def step_of(lesson: Any, played: list[str]) -> Step:
    """The step the learner is at after ``played``."""
    return lesson.steps[progress(lesson, start_state(lesson), played).step]


def test_the_cli_checks_every_lesson_and_fails_on_a_broken_file(tmp_path: Path) -> None:
    runner = CliRunner()
    result = runner.invoke(app, ["lessons", "check"])
    assert result.exit_code == 0, result.output
    assert result.output.count("✓") == len(FILES)
    data = (
        (DATA / "busfahrer-erste-partie.toml")
        .read_text(encoding="utf-8")
        .replace('expect = "guess higher"', 'expect = "guess red"')
    )
    broken = tmp_path / "broken.toml"
    broken.write_text(data, encoding="utf-8")
    result = runner.invoke(app, ["lessons", "check", str(broken)])
    assert result.exit_code != 0
    assert "✗ broken.toml, step 2: no legal action matches guess red" in result.output
