"""Busfaktor in English (issue 8 item 5, ruling R17): English card texts in the deck format, the default deck
translated, an English notation beside the German reference, and a whole game in English without German text
except the game terms the ruling keeps."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from busfaktor_helpers import GAME, MINI, arrange, cid, named
from rich.console import Console
from typer.testing import CliRunner

from busbahnhof.cli import app
from busbahnhof.engine import GameError, InvalidDataError, Rng, load_game, replay
from busbahnhof.engine.events import load_messages
from busbahnhof.games.busfaktor.actions import FACTOR_TYPE_NAMES, SOURCE_WORDS, VERBS, parse, summary
from busbahnhof.games.busfaktor.bots import HeuristicBot
from busbahnhof.games.busfaktor.deck import resolve_deck_path, validate_deck

GAME_TERMS = {
    "busfaktor",
    "mehraufwand",
    "rückschlag",
    "absicherung",
    "sichten",
    "nachziehen",
    "rückholen",
    "umverteilen",
    "joker",
}
"""R17: the rule document's terms that English play keeps in German (keywords, event kinds, templates)."""

SAME_IN_BOTH = {
    "busbahnhof", "changelog", "check", "deck", "force", "hardware", "lang", "online", "open", "phase", "text",
    "tokens", "workshops", "quit", "seed", "backup", "cluster", "code", "community", "continuous", "core", "credit",
    "doi", "dublin", "dump", "edition", "engineer", "entity", "excel", "git", "gnd", "hand", "integration",
    "kubernetes", "management", "monitoring", "named", "oai", "pmh", "person", "portal", "qualitative",
    "recognition", "release", "research", "review", "schema", "server", "software", "source", "tandem", "team",
    "tei", "template", "tests", "toml", "version", "wcag", "wildcard", "wildcards", "xml", "bot", "bots", "play",
    "resume", "workers", "repeats", "seconds", "option", "preset", "delay", "players", "names", "name", "random",
    "record", "true", "false", "spieleranzahl",
    "bom", "byte", "bytes", "decks", "fifo", "json", "nul", "socket", "utf",
    "game", "options", "actions",
}  # fmt: skip
"""Words the German and the English texts share: names, loanwords, English terms in German card texts and a
record's JSON field names (game, options, actions), which German messages quote."""

WORD = re.compile(r"[^\W\d_]{3,}")
PLACEHOLDER = re.compile(r"\{\w+\}")


def words(text: str) -> set[str]:
    """The words of three letters or more, in lower case, without ``{placeholders}``."""
    return {word.lower() for word in WORD.findall(PLACEHOLDER.sub(" ", text))}


def german_texts() -> list[str]:
    """Every German text the game can show: its catalog, the engine's, the deck, the notation."""
    model = GAME.deck.model
    texts = [*load_messages("busbahnhof.games.busfaktor", "de").values()]
    texts += [*load_messages("busbahnhof.engine", "de").values(), *load_messages("busbahnhof.cli", "de").values()]
    texts += [summary("de"), *FACTOR_TYPE_NAMES["de"], *SOURCE_WORDS["de"], model.deck.name]
    texts += [text for p in model.projects for text in (p.title, p.goal, p.flavor)]
    texts += [text for card in (*model.factors, *model.events) for text in (card.name, card.text)]
    return texts


GERMAN_ONLY = set().union(*(words(text) for text in german_texts())) - SAME_IN_BOTH - GAME_TERMS


def german_in(text: str) -> set[str]:
    """The words of ``text`` that only German texts use, and words with umlauts that are no kept game term."""
    found = words(text)
    return (found & GERMAN_ONLY) | {word for word in found - GAME_TERMS if re.search("[äöüß]", word)}


def test_the_german_word_list_is_a_real_test() -> None:
    assert {"serverumzug", "projektstapel", "beginne", "daten", "betrieb", "runde", "fertig"} <= GERMAN_ONLY
    assert german_in("Round 2: Player 1 plays Rückschlag on Server Move") == set()
    assert german_in("Serverumzug [2] als Daten") == {"serverumzug", "als", "daten"}


# -- the deck format ---------------------------------------------------------------------------------


def test_every_card_of_the_default_deck_has_english_texts() -> None:
    model = GAME.deck.model
    assert all(p.en is not None and p.en.title and p.en.goal for p in model.projects)
    assert all(p.en is not None and bool(p.en.flavor) == bool(p.flavor) for p in model.projects)
    assert all(f.en is not None and bool(f.en.text) == bool(f.text) for f in model.factors)
    assert all(e.en is not None and e.en.text for e in model.events)
    assert len(set(GAME.deck.english_names)) == GAME.deck.size
    assert model.deck.title("en") == "Busfaktor: 1 – default deck"


def test_english_texts_are_english() -> None:
    model = GAME.deck.model
    texts = [summary("en"), *FACTOR_TYPE_NAMES["en"], *SOURCE_WORDS["en"]]
    texts += [
        *load_messages("busbahnhof.games.busfaktor", "en").values(),
        *load_messages("busbahnhof.engine", "en").values(),
    ]
    for card in (*model.projects, *model.factors, *model.events):
        assert card.en is not None
        texts += [str(value) for value in card.en.model_dump().values()]
    assert {text: german_in(text) for text in texts if german_in(text)} == {}


def test_english_names_and_texts_go_to_front_ends_with_the_card_descriptions() -> None:
    described = GAME.card_descriptions[cid("Serverumzug")]
    assert described["en"] == {
        "title": "Server Move",
        "goal": "The service runs on the new hardware; the old server is switched off.",
        "flavor": "The old server is still running. Just in case.",
    }
    assert GAME.card_descriptions[cid("Serverausfall")]["en"]["name"] == "Server Outage"
    assert "en" not in MINI.card_descriptions[0]


def test_a_card_without_english_texts_shows_its_german_ones() -> None:
    assert MINI.deck.name(0, "en") == MINI.deck.name(0, "de") == "Kleines Repositorium"
    assert MINI.deck.text(0, "en") == "Ein Datensatz ist mit DOI veröffentlicht."


def _deck_with(tmp_path: Path, old: str, new: str) -> str:
    text = resolve_deck_path(None).read_text(encoding="utf-8")
    assert old in text
    changed = tmp_path / "deck.toml"
    changed.write_text(text.replace(old, new, 1), encoding="utf-8")
    return str(changed)


@pytest.mark.parametrize(
    ("old", "new", "problem"),
    [
        (
            'title = "User Survey"\n',
            "",
            "projects[1] 'Nutzungsumfrage': field en.title: Field required",
        ),
        (
            'name = "Server Outage"\ntext = "RÜCKSCHLAG (setback): ',
            'name = "Server Outage"\ntext = "(setback): ',
            "events[9] 'Serverausfall': field en: the English text must show exactly the keywords [RÜCKSCHLAG]",
        ),
        (
            'name = "Contingency Plan"\ntext = "Absicherung (safeguard):',
            'name = "Contingency Plan"\ntext = "MEHRAUFWAND Absicherung (safeguard):',
            "events[10] 'Notfallplan': field en: the English text must show exactly the keywords [none]",
        ),
        (
            'name = "Server Outage"',
            'name = "Regular Backup"',
            "events[9] 'Regular Backup': field en: the English name is used twice (also factors[20])",
        ),
        (
            'name = "Collation"\n',
            'name = "Collation"\nflavor = "x"\n',
            "factors[31] 'Kollationierung': field en.flavor: Extra inputs are not permitted",
        ),
    ],
)
def test_bad_english_texts_are_refused_naming_card_and_field(tmp_path: Path, old: str, new: str, problem: str) -> None:
    with pytest.raises(InvalidDataError) as caught:
        load_game("busfaktor", deck=_deck_with(tmp_path, old, new))
    assert problem in caught.value.message


def test_english_texts_are_optional() -> None:
    raw = {
        "deck": {"name": "ohne Englisch"},
        "projects": [{"title": f"P{i}", "goal": "g", "requirements": ["Team", "Daten"], "points": 2} for i in range(4)],
        "factors": [{"name": f"F{i}", "type": "Team"} for i in range(8)],
    }
    model = validate_deck(raw, "ohne.toml")
    assert all(p.en is None for p in model.projects)


# -- the notation ------------------------------------------------------------------------------------


BOTH_NOTATIONS = [
    ("ziehe ablage", "draw discard"),
    ("beginne 3", "start 3"),
    ("lege 20 an 3 als Daten", "attach 20 to 3 as Data"),
    ("teile 20 an 3 als Betrieb", "share 20 on 3 as Operations"),
    ("spiele 62", "play 62"),
    ("spiele 66 an 3 als Methode", "play 66 on 3 as Method"),
    ("spiele 68 an 3", "play 68 on 3"),
    ("spiele 70 auf 20", "play 70 against 20"),
    ("biete 3 mit 4", "offer 3 with 4"),
    ("annehmen", "accept"),
    ("ablehnen", "decline"),
    ("absichern 72", "secure 72"),
    ("verzichten", "waive"),
    ("nimm 5", "take 5"),
    ("unter 5", "under 5"),
    ("verschiebe 20 nach 4", "move 20 to 4"),
    ("fertig", "done"),
    ("wirf 5", "discard 5"),
    ("schliesse 3 ab", "complete 3"),
]


@pytest.mark.parametrize(("german", "english"), BOTH_NOTATIONS)
def test_each_action_has_an_english_notation_that_reads_back(german: str, english: str) -> None:
    action = GAME.parse_action(german)
    assert str(action) == german  # the reference notation, as records store it
    assert GAME.notation(action, "en") == english
    assert GAME.notation(action, "de") == german
    assert GAME.parse_action(english) is action
    assert GAME.parse_action(english.upper()) is action


def test_every_verb_is_in_the_table_above() -> None:
    covered = {action.verb for action in (parse(german) for german, _ in BOTH_NOTATIONS) if action is not None}
    assert covered == set(VERBS)
    assert len(set(summary("en").split(", "))) == len(VERBS)


def test_factor_types_are_read_in_either_language() -> None:
    assert parse("attach 20 to 3 as daten") is parse("lege 20 an 3 als Data")


@pytest.mark.parametrize("text", ["attach 20 an 3 als Data", "draw ablage", "ziehe discard", "play 3 auf 4", "done 3"])
def test_the_two_notations_are_not_mixed(text: str) -> None:
    assert parse(text) is None


def test_a_record_played_in_english_replays_from_its_german_notation() -> None:
    state = GAME.new_state(3, 11)
    bots = [HeuristicBot() for _ in range(3)]
    rng = Rng(5)
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        english = GAME.notation(bots[seat].choose(state, seat, rng), "en")
        state.apply(english, seat=seat)
    record = state.record()
    assert all(parse(text) is not None and str(parse(text)) == text for text in record["actions"])
    assert replay(record).outcome() == state.outcome()


# -- playing in English ------------------------------------------------------------------------------


def _shown_in_english(state_players: int, seed: int) -> list[str]:
    """Every text an English player meets in a game between bots: views of every seat and of spectators,
    log lines, action descriptions and notation, and a refusal at every step."""
    state = GAME.new_state(state_players, seed)
    catalog = GAME.catalog("en")
    bots = [HeuristicBot() for _ in range(state_players)]
    rng = Rng(seed)
    shown: list[str] = []
    console = Console(width=200, record=True)
    while not state.is_over:
        seat = state.to_move
        assert seat is not None
        console.print(GAME.render_text(state.view(seat), catalog))
        legal = state.legal_actions()
        shown += [GAME.describe_action(action, catalog) + " " + GAME.notation(action, "en") for action in legal]
        illegal = next(
            a for a in (parse("fertig"), parse("ziehe ablage"), parse("wirf 0"), parse("beginne 0")) if a not in legal
        )
        try:
            state.apply(illegal, seat=seat)
        except GameError as error:
            shown.append(catalog.error_text(error))
        state.apply(bots[seat].choose(state, seat, rng), seat=seat)
    console.print(GAME.render_text(state.view(None), catalog))
    shown.append(console.export_text())
    shown += [catalog.render(event) for event in state.log]
    return shown


@pytest.mark.parametrize(("players", "seed"), [(2, 1), (3, 2), (4, 3)])
def test_a_whole_game_in_english_shows_no_german_but_the_kept_game_terms(players: int, seed: int) -> None:
    shown = _shown_in_english(players, seed)
    found = {word for text in shown for word in german_in(text)}
    assert found == set()
    everything = "\n".join(shown)
    assert any(name in everything for name in GAME.deck.english_names[: GAME.deck.n_projects])
    assert "Data" in everything and "project stack" in everything


def test_a_malformed_action_lists_the_english_notation() -> None:
    state = GAME.new_state(2, 1)
    with pytest.raises(GameError) as caught:
        state.apply("guess red")
    english = GAME.catalog("en").error_text(caught.value)
    assert "draw project|action|discard" in english and "ziehe" not in english
    assert "ziehe projekt|aktion|ablage" in GAME.catalog("de").error_text(caught.value)


def test_a_refusal_quotes_the_action_in_the_players_words() -> None:
    """The refused action as the action lists describe it, its cards by name (issue 24: no ids)."""
    state = arrange(hands={0: ["Serverumzug", "Monitoring"]})
    with pytest.raises(GameError) as caught:
        state.apply(named("lege Monitoring an Serverumzug als Betrieb"))
    english = GAME.catalog("en").error_text(caught.value)
    assert english.startswith("'attach Monitoring as Operations to Server Move' is not allowed")
    german = GAME.catalog("de").error_text(caught.value)
    assert german.startswith("„Monitoring als Betrieb an Serverumzug anlegen“ ist jetzt nicht")


def test_terminal_play_in_english_lists_english_notation_and_takes_it() -> None:
    runner = CliRunner()
    typed = "draw action\n" + "1\n" * 400
    result = runner.invoke(
        app,
        ["play", "busfaktor", "--players", "2", "--bots", "heuristik:1", "--seed", "4", "--lang", "en"],
        input=typed,
        env={"COLUMNS": "200"},
    )
    assert result.exit_code == 0, result.output
    assert "draw project" in result.stdout and "ziehe" not in result.stdout
    assert german_in(result.stdout) <= {"heuristik"}  # the bot's name


def test_the_german_game_stays_german() -> None:
    state = arrange(hands={0: ["Serverumzug", "Monitoring"]})
    console = Console(width=200, record=True)
    console.print(GAME.render_text(state.view(0), GAME.catalog("de")))
    text = console.export_text()
    assert "Serverumzug" in text and "Betrieb" in text and "Server Move" not in text


def test_replay_in_english_names_the_actions_in_english_notation(tmp_path: Path) -> None:
    runner = CliRunner()
    record = tmp_path / "partie.json"
    args = ["play", "busfaktor", "--players", "2", "--bots", "heuristik:2", "--seed", "6", "--record", str(record)]
    assert runner.invoke(app, args).exit_code == 0
    shown = runner.invoke(app, ["replay", str(record), "--at", "1", "--lang", "en"], env={"COLUMNS": "200"})
    assert shown.exit_code == 0, shown.output
    assert "(draw " in shown.stdout and "ziehe" not in shown.stdout
    german = runner.invoke(app, ["replay", str(record), "--at", "1"], env={"COLUMNS": "200"})
    assert "(ziehe " in german.stdout
