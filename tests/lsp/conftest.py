"""One language server (`cardlang lsp`, a real process on stdio) for the tests of this folder, driven by
pytest-lsp's client; skipped where the extra `lsp` is not installed."""
from __future__ import annotations

import sys
from pathlib import Path

import pytest

pytest.importorskip("pygls")
pytest_lsp = pytest.importorskip("pytest_lsp")
from lsprotocol import types as T  # noqa: E402
from pytest_lsp import ClientServerConfig, LanguageClient  # noqa: E402

ROOT = Path(__file__).resolve().parents[2]


@pytest_lsp.fixture(scope="module", config=ClientServerConfig(server_command=[sys.executable, "-m", "cardlang", "lsp"]))
async def client(lsp_client: LanguageClient):
    lsp_client.lens_refreshes = 0

    @lsp_client.feature(T.WORKSPACE_CODE_LENS_REFRESH)
    def refresh(client: LanguageClient, params) -> None:  # the server asks after a scenario's run
        client.lens_refreshes += 1

    caps = T.ClientCapabilities(workspace=T.WorkspaceClientCapabilities(code_lens=T.CodeLensWorkspaceClientCapabilities(
        refresh_support=True)))
    await lsp_client.initialize_session(T.InitializeParams(capabilities=caps, root_uri=ROOT.as_uri()))
    yield
    await lsp_client.shutdown_session()
