"""A minimal Language Server Protocol client over stdio, for the tools that time or picture `cardlang lsp`.

It speaks JSON-RPC with Content-Length framing, answers the few requests a server sends its client (with
an empty result), and keeps each notification with the time it arrived, so a caller can measure from a
message it sent to the notification that answers it. It knows nothing of cardlang.
"""
from __future__ import annotations

import json
import queue
import subprocess
import threading
import time
from pathlib import Path
from typing import Any


class LspError(RuntimeError):
    """The server answered a request with an error, closed its output, or did not answer in time."""


class LspClient:
    def __init__(self, command: list[str], cwd: Path | None = None, env: dict[str, str] | None = None) -> None:
        self.proc = subprocess.Popen(
            command, stdin=subprocess.PIPE, stdout=subprocess.PIPE, stderr=subprocess.PIPE, cwd=cwd, env=env,
        )
        self._next_id = 0
        self._responses: dict[int, queue.Queue] = {}
        self._lock = threading.Lock()
        self.notifications: queue.Queue[tuple[float, dict]] = queue.Queue()
        self.stderr: list[bytes] = []
        threading.Thread(target=self._read, daemon=True).start()
        threading.Thread(target=lambda: self.stderr.extend(self.proc.stderr), daemon=True).start()

    # ---- wire -----------------------------------------------------------------------------------------
    def _send(self, message: dict) -> None:
        body = json.dumps({"jsonrpc": "2.0", **message}).encode("utf-8")
        with self._lock:
            self.proc.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
            self.proc.stdin.flush()

    def _read(self) -> None:
        out = self.proc.stdout
        while True:
            length = None
            while True:
                line = out.readline()
                if not line:
                    self.notifications.put((time.perf_counter(), {"method": "$/closed"}))
                    for q in list(self._responses.values()):
                        q.put({"error": {"message": "server closed its output"}})
                    return
                if line in (b"\r\n", b"\n"):
                    break
                name, _, value = line.decode("ascii").partition(":")
                if name.strip().lower() == "content-length":
                    length = int(value)
            message = json.loads(out.read(length))
            now = time.perf_counter()
            if "id" in message and "method" in message:  # a request from the server: workDoneProgress, ...
                result: Any = [None] * len(message["params"]["items"]) if message["method"] == (
                    "workspace/configuration") else None
                self._send({"id": message["id"], "result": result})
            elif "id" in message:
                self._responses.setdefault(message["id"], queue.Queue()).put(message)
            else:
                self.notifications.put((now, message))

    # ---- API ------------------------------------------------------------------------------------------
    def request(self, method: str, params: Any, timeout: float = 30.0) -> Any:
        self._next_id += 1
        rid = self._next_id
        box = self._responses.setdefault(rid, queue.Queue())
        self._send({"id": rid, "method": method, "params": params})
        try:
            message = box.get(timeout=timeout)
        except queue.Empty:
            raise LspError(f"{method}: no answer within {timeout:g} s") from None
        finally:
            self._responses.pop(rid, None)
        if "error" in message:
            raise LspError(f"{method}: {message['error'].get('message')}")
        return message.get("result")

    def notify(self, method: str, params: Any) -> None:
        self._send({"method": method, "params": params})

    def wait_for(self, method: str, match=lambda params: True, timeout: float = 30.0) -> tuple[float, dict]:
        """The next notification METHOD whose params satisfy MATCH, with the time it arrived; others are
        dropped."""
        deadline = time.perf_counter() + timeout
        while True:
            left = deadline - time.perf_counter()
            if left <= 0:
                raise LspError(f"no {method} within {timeout:g} s")
            try:
                at, message = self.notifications.get(timeout=left)
            except queue.Empty:
                continue
            if message.get("method") == "$/closed":
                raise LspError("server closed its output: " + b"".join(self.stderr[-20:]).decode(errors="replace"))
            if message.get("method") == method and match(message.get("params")):
                return at, message["params"]

    def drain(self) -> None:
        while True:
            try:
                self.notifications.get_nowait()
            except queue.Empty:
                return

    def initialize(self, root: Path) -> dict:
        result = self.request("initialize", {
            "processId": None,
            "rootUri": root.as_uri(),
            "workspaceFolders": [{"uri": root.as_uri(), "name": root.name}],
            "capabilities": {
                "textDocument": {
                    "hover": {"contentFormat": ["markdown", "plaintext"]},
                    "completion": {"completionItem": {"snippetSupport": False}},
                    "publishDiagnostics": {"versionSupport": True},
                },
                "workspace": {"workspaceFolders": True, "configuration": True},
            },
        }, timeout=120.0)
        self.notify("initialized", {})
        return result

    def close(self) -> None:
        try:
            self.request("shutdown", None, timeout=10.0)
            self.notify("exit", None)
            self.proc.wait(timeout=10.0)
        except (LspError, OSError, subprocess.TimeoutExpired):
            self.proc.kill()
            self.proc.wait()
