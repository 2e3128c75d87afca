"""ARCHITECTURE.md's layers for players: ``players`` imports only ``engine`` and games; ``tables``
and ``store`` import nothing of ``players``."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

import busbahnhof

PACKAGE = Path(busbahnhof.__file__).parent
ALLOWED = {"players": {"players", "engine", "games"}, "tables": None, "store": None}


def project_imports(package: str) -> set[str]:
    """The project packages the modules of ``package`` import (``busbahnhof.<x>`` and ``..x``)."""
    found: set[str] = set()
    for path in (PACKAGE / package).rglob("*.py"):
        depth = len(path.relative_to(PACKAGE).parts) - 1
        for node in ast.walk(ast.parse(path.read_text("utf-8"))):
            if isinstance(node, ast.Import):
                found |= {alias.name.split(".")[1] for alias in node.names if alias.name.startswith("busbahnhof.")}
            elif isinstance(node, ast.ImportFrom):
                if node.level == 0 and (node.module or "").startswith("busbahnhof."):
                    found.add((node.module or "").split(".")[1])
                elif node.level > depth:
                    found.add((node.module or "").split(".")[0])
                elif node.level > 0:
                    found.add(package)
    return found


@pytest.mark.parametrize("package", sorted(ALLOWED))
def test_players_stays_in_its_layer(package: str) -> None:
    imported = project_imports(package)
    allowed = ALLOWED[package]
    if allowed is None:
        assert "players" not in imported
    else:
        assert imported <= allowed, imported - allowed
