"""The compiled game, loaded once for every test of this folder."""
import pytest

from fall_helpers import load


@pytest.fixture
def game():
    return load()
