"""Fixtures shared by the sheet tests."""
from __future__ import annotations

from pathlib import Path

import pytest

ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"


@pytest.fixture(scope="session")
def artifacts() -> Path:
    """tests/artifacts/: screenshots and files a person can look at after a run (gitignored)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS
