"""A whole Bus decision (recent log, position, grouped options, prompt) fits a 50-line terminal.

Plays ``busbahnhof play bus`` in a real pseudo-terminal of 110 x 50 (COLUMNS/LINES and the
window size both set) and measures what the terminal shows from the answer to the previous
prompt up to the next prompt, wrapped lines counted as the terminal wraps them.  The answers
vary (the k-th prompt gets option k modulo the count), so the games run long.
"""

from __future__ import annotations

import fcntl
import os
import pty
import re
import select
import struct
import subprocess
import sys
import termios
import time

import pytest

COLUMNS, LINES = 110, 50
ESCAPES = re.compile(r"\x1b\[[0-?]*[ -/]*[@-~]|\x1b[()][0-9A-Za-z]|\x1b[=>]")
PROMPT = re.compile(r"(\(1–(?P<count>\d+) (oder Aktion|or action)\)|\(oder 1\)|\(or 1\)).*: $")
SKIPPED = re.compile(r"… (\d+) (frühere Einträge? im Verlauf|earlier log lines?)")


class Terminal:
    """``busbahnhof play bus`` with one human and three ``planer`` bots in a pseudo-terminal."""

    def __init__(self, seed: int, lang: str, options: list[str], lines: int = LINES) -> None:
        self.main, child = pty.openpty()
        fcntl.ioctl(child, termios.TIOCSWINSZ, struct.pack("HHHH", lines, COLUMNS, 0, 0))
        env = {**os.environ, "COLUMNS": str(COLUMNS), "LINES": str(lines), "TERM": "xterm-256color"}
        env.pop("NO_COLOR", None)
        command = [sys.executable, "-m", "busbahnhof", "play", "bus", "--lang", lang, "--players", "4"]
        command += ["--bots", "planer:3", "--seed", str(seed), *options]
        self.process = subprocess.Popen(command, stdin=child, stdout=child, stderr=child, env=env, close_fds=True)
        os.close(child)

    def screen(self) -> tuple[str, int] | None:
        """What is shown up to the next prompt (without escapes) and the number of options, or
        ``None`` once the program has ended."""
        buffer = ""
        deadline = time.monotonic() + 60
        while time.monotonic() < deadline:
            ready, _, _ = select.select([self.main], [], [], 5)
            if not ready:
                continue
            try:
                data = os.read(self.main, 65536).decode("utf-8", "replace")
            except OSError:
                return None
            if not data:
                return None
            buffer += data
            plain = ESCAPES.sub("", buffer.split("\x1b[2J")[-1]).replace("\r", "")
            prompt = PROMPT.search(plain.rsplit("\n", 1)[-1])
            if prompt:
                return plain, int(prompt.group("count") or 1)
        return None

    def answer(self, text: str) -> None:
        os.write(self.main, f"{text}\r".encode())

    def close(self) -> None:
        self.process.kill()
        self.process.wait()
        os.close(self.main)


def _lines(screen: str, echoed: bool) -> int:
    """Terminal lines of ``screen`` at :data:`COLUMNS`, without the echoed previous answer."""
    rows = screen.split("\n")[1 if echoed else 0 :]
    return sum(max(1, -(-len(row) // COLUMNS)) for row in rows)


@pytest.mark.slow
@pytest.mark.parametrize(
    ("seed", "lang", "options"),
    [(1, "de", []), (2, "en", []), (3, "de", ["--option", "edition=1999"]), (4, "en", ["--option", "edition=1999"])],
)
def test_every_bus_decision_fits_a_50_line_terminal(seed: int, lang: str, options: list[str]) -> None:
    terminal = Terminal(seed, lang, options)
    try:
        screens = 0
        while screens < 60 and (shown := terminal.screen()) is not None:
            screen, count = shown
            assert _lines(screen, echoed=screens > 0) <= LINES, screen
            terminal.answer(str(screens % count + 1))
            screens += 1
        assert screens >= 15
    finally:
        terminal.close()


@pytest.mark.slow
def test_log_lines_left_out_are_counted_and_shown_by_the_log_command() -> None:
    """On a terminal too small for all new log lines the earlier ones are counted; ``log`` lists all."""
    terminal = Terminal(1, "en", [], lines=36)
    try:
        for screens in range(80):
            shown = terminal.screen()
            assert shown is not None, "no decision left out log lines"
            screen, count = shown
            skipped = SKIPPED.search(screen)
            if skipped:
                break
            terminal.answer(str(screens % count + 1))
        bullets = [row for row in screen.split("\n") if row.startswith("• ")]
        terminal.answer("log")
        shown = terminal.screen()
        assert shown is not None
        listed = [row for row in shown[0].split("\n") if row.startswith("• ")]
        assert len(listed) == int(skipped.group(1)) + len(bullets)
        assert listed[-len(bullets) :] == bullets
    finally:
        terminal.close()
