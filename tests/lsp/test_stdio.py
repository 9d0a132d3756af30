"""`cardlang lsp` on raw stdio: junk bytes, a body that is not JSON and an unknown method are answered or
skipped, a valid request after them is still answered, and stdout holds nothing but framed messages; without
pygls the command says how to install the extra (exit 2); `--stdio` (which many clients add) is accepted; a
card changed on disk (workspace/didChangeWatchedFiles) re-checks its game."""
from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]



def frame(obj) -> bytes:
    body = json.dumps(obj).encode()
    return b"Content-Length: %d\r\n\r\n" % len(body) + body


def messages(out: bytes) -> list[dict]:
    """Every framed message of OUT; fails on any byte outside a frame."""
    found = []
    while out:
        head, sep, rest = out.partition(b"\r\n\r\n")
        assert sep and head.startswith(b"Content-Length: "), out[:200]
        n = int(head.split(b"\r\n")[0].split(b":")[1])
        found.append(json.loads(rest[:n]))
        out = rest[n:]
    return found


def test_stdio_option_is_accepted_as_many_clients_add_it() -> None:
    sent = (frame({"jsonrpc": "2.0", "id": 1, "method": "initialize",
                   "params": {"processId": None, "rootUri": ROOT.as_uri(), "capabilities": {}}})
            + frame({"jsonrpc": "2.0", "id": 2, "method": "shutdown"}) + frame({"jsonrpc": "2.0", "method": "exit"}))
    done = subprocess.run([sys.executable, "-m", "cardlang", "lsp", "--stdio"], input=sent, capture_output=True,
                          timeout=60, env=os.environ | {"PYTHONPATH": str(ROOT)})
    by_id = {m.get("id"): m for m in messages(done.stdout)}
    assert "hoverProvider" in by_id[1]["result"]["capabilities"]
    assert done.returncode == 0, done.stderr


def test_junk_and_unknown_method_then_a_valid_request_is_answered() -> None:
    sent = (b"\x00\xff junk that is no header\r\n" + b"Content-Length: 9\r\n\r\n{not json"
            + frame({"jsonrpc": "2.0", "id": 1, "method": "cardlang/noSuchMethod", "params": {}})
            + frame({"jsonrpc": "2.0", "id": 2, "method": "initialize",
                     "params": {"processId": None, "rootUri": ROOT.as_uri(), "capabilities": {}}})
            + frame({"jsonrpc": "2.0", "id": 3, "method": "shutdown"})
            + frame({"jsonrpc": "2.0", "method": "exit"}))
    done = subprocess.run([sys.executable, "-m", "cardlang", "lsp"], input=sent, capture_output=True, timeout=60,
                          env=os.environ | {"PYTHONPATH": str(ROOT)})
    by_id = {m.get("id"): m for m in messages(done.stdout)}
    assert by_id[1]["error"]["code"] == -32601  # method not found
    assert "hoverProvider" in by_id[2]["result"]["capabilities"]
    assert by_id[3]["result"] is None
    assert b"Traceback" not in done.stderr
    assert done.returncode == 0  # exit after shutdown


def test_without_pygls_the_command_says_how_to_install_it(tmp_path) -> None:
    (tmp_path / "pygls").mkdir()
    (tmp_path / "pygls" / "__init__.py").write_text("raise ImportError('hidden for this test')\n")
    done = subprocess.run([sys.executable, "-m", "cardlang", "lsp"], capture_output=True, text=True, timeout=60,
                          env=os.environ | {"PYTHONPATH": f"{tmp_path}{os.pathsep}{ROOT}"})
    assert done.returncode == 2
    assert done.stderr.startswith("error: the language server needs the extra `lsp`: pip install 'cardlang[lsp]'")
    assert done.stdout == ""


def test_a_card_changed_on_disk_rechecks_its_game(tmp_path) -> None:
    """workspace/didChangeWatchedFiles: the game the changed file belongs to is checked again (a copy of one
    game, so the checkout's own files are never written)."""
    import shutil
    sys.path.insert(0, str(ROOT / "tools"))
    from lsp_client import LspClient
    for folder in ("games", "cards"):
        shutil.copytree(ROOT / folder / "dominion", tmp_path / folder / "dominion")
    card = tmp_path / "cards/dominion/village.card"
    good = card.read_text()
    client = LspClient([sys.executable, "-m", "cardlang", "lsp", "--folder", str(tmp_path)], cwd=tmp_path,
                       env=os.environ | {"PYTHONPATH": str(ROOT)})
    try:
        client.initialize(tmp_path)
        for text, broken in ((good.replace("draw 1", "draww 1"), True), (good, False)):
            card.write_text(text)
            client.notify("workspace/didChangeWatchedFiles", {"changes": [{"uri": card.as_uri(), "type": 2}]})
            _, params = client.wait_for("textDocument/publishDiagnostics", lambda p: p["uri"] == card.as_uri(),
                                        timeout=60)
            assert [d["message"].split("\n")[0] for d in params["diagnostics"]] == (
                ["unknown verb 'draww'"] if broken else [])
    finally:
        client.close()
