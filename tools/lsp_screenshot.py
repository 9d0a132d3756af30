"""Take docs/editor.png: the VS Code extension in a real editor (code-server, VS Code in the browser) with a
diagnostic from `cardlang lsp` and a hover on a card's name, driven by headless Chromium.

It installs editors/vscode/cardlang-*.vsix (built by tools/build_vsix.sh when missing) into a throw-away
code-server profile, opens a copy of this checkout's games and cards, misspells a verb of
cards/dominion/witch.card, waits for the server's squiggle, opens the Problems panel and shows the hover on
the name of the card Witch gives (Curse).

Needs: code-server (tools/install_code_server.sh installs it from the npm registry; pass its executable with
--code-server, or have one on PATH), node and npm, Chromium (/usr/bin/chromium, or CARDLANG_CHROMIUM), the
playwright Python package, and cardlang's `lsp` extra. The server runs the cardlang that PYTHONPATH names,
else this checkout's.

    python tools/lsp_screenshot.py --code-server /tmp/code-server/code-server [-o docs/editor.png]
                                   [--server "python -P -m cardlang lsp"]
"""
from __future__ import annotations

import argparse
import json
import os
import shlex
import shutil
import socket
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
EDITOR = ROOT / "editors" / "vscode"
# Witch: a misspelt verb on one line, and below it another card's name to hover (the hover opens below the
# line, so the squiggle above it stays in the picture)
CARD = "cards/dominion/witch.card"
VERB, TYPO = "draw 2;", "drow 2;"
NAME_AT = "5:32"  # line:column of `Curse` in `attack p in others { gain Curse for p; }`


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def _vsix() -> Path:
    version = json.loads((EDITOR / "package.json").read_text(encoding="utf-8"))["version"]
    vsix = EDITOR / f"cardlang-{version}.vsix"
    if not vsix.is_file():
        subprocess.run(["sh", str(ROOT / "tools" / "build_vsix.sh")], check=True)
    return vsix


def _settings(server: list[str]) -> dict:
    return {
        "cardlang.server.command": server[0],
        "cardlang.server.args": server[1:],
        # the server runs this checkout's cardlang, or the one PYTHONPATH names
        "cardlang.server.env": {"PYTHONPATH": os.environ.get("PYTHONPATH") or str(ROOT)},
        "workbench.colorTheme": "Default Dark Modern",
        "workbench.startupEditor": "none",
        "workbench.tips.enabled": False,
        "workbench.activityBar.location": "hidden",
        "workbench.statusBar.visible": True,
        "window.commandCenter": False,
        "breadcrumbs.enabled": False,
        "editor.minimap.enabled": False,
        "editor.fontSize": 15,
        "editor.hover.delay": 100,
        "editor.hover.sticky": True,
        "security.workspace.trust.enabled": False,
        "telemetry.telemetryLevel": "off",
        "extensions.ignoreRecommendations": True,
        "update.mode": "none",
        "chat.commandCenter.enabled": False,
        "workbench.secondarySideBar.defaultVisibility": "hidden",
    }


def _shrink(png: Path) -> None:
    """Palette the picture (256 colours read the same for an editor's flat colours): a third the bytes."""
    try:
        from PIL import Image
    except ImportError:
        return
    with Image.open(png) as image:
        image.convert("RGB").quantize(colors=256, method=Image.Quantize.MEDIANCUT).save(png, optimize=True)


def _drive(page, port: int, folder: Path) -> None:
    deadline = time.time() + 60
    while True:
        try:
            page.goto(f"http://127.0.0.1:{port}/?folder={folder}")
            break
        except Exception:
            if time.time() > deadline:
                raise
            time.sleep(1)
    page.wait_for_selector(".monaco-workbench", timeout=90_000)
    page.wait_for_timeout(3000)
    # open the card with Quick Open
    page.keyboard.press("Control+P")
    page.wait_for_selector(".quick-input-widget input", timeout=20_000)
    page.keyboard.type(CARD, delay=20)
    page.wait_for_timeout(1500)
    page.keyboard.press("Enter")
    page.wait_for_selector(".monaco-editor .view-lines", timeout=20_000)
    page.wait_for_timeout(1500)
    # misspell the verb: find it, then type over the selected match
    page.keyboard.press("Control+F")
    page.keyboard.type(VERB)
    page.keyboard.press("Enter")
    page.keyboard.press("Escape")
    page.keyboard.type(TYPO)
    page.wait_for_selector(".monaco-editor .squiggly-error", timeout=120_000)
    page.keyboard.press("Control+Shift+M")  # the Problems panel lists the diagnostic
    page.wait_for_timeout(1500)
    # hover the card's name in its declaration (the server answers with its rules text): the cursor goes
    # there and "Show Hover" (Ctrl+K Ctrl+I) asks, which a mouse over a moving layout does not always do
    page.keyboard.press("Control+1")
    page.keyboard.press("Control+G")
    page.keyboard.type(NAME_AT)
    page.keyboard.press("Enter")
    hover = page.locator(".monaco-hover .rendered-markdown").first
    for _ in range(10):  # a chord typed while the editor still settles can be lost: ask again
        page.wait_for_timeout(1000)
        page.keyboard.press("Control+K")
        page.wait_for_timeout(100)
        page.keyboard.press("Control+I")
        try:
            hover.wait_for(state="visible", timeout=3000)
            break
        except Exception:
            continue
    hover.wait_for(state="visible", timeout=1000)
    page.wait_for_timeout(800)


def take(code_server: str, out: Path, server: list[str], chromium: str) -> None:
    from playwright.sync_api import sync_playwright

    with tempfile.TemporaryDirectory(prefix="cardlang-shot-") as tmp:
        # a copy of the games and cards, so that nothing the editor does (autosave, backups) touches the checkout
        folder = Path(tmp, "cardlang")
        for part in ("games", "cards"):
            shutil.copytree(ROOT / part, folder / part)
        data, exts = Path(tmp, "data"), Path(tmp, "extensions")
        (data / "User").mkdir(parents=True)
        (data / "User" / "settings.json").write_text(json.dumps(_settings(server), indent=2))
        base = [code_server, "--user-data-dir", str(data), "--extensions-dir", str(exts)]
        subprocess.run([*base, "--install-extension", str(_vsix())], check=True, stdout=subprocess.DEVNULL)
        port = _free_port()
        log = open(Path(tmp, "code-server.log"), "wb")
        proc = subprocess.Popen(
            [*base, "--auth", "none", "--bind-addr", f"127.0.0.1:{port}", "--disable-telemetry",
             "--disable-update-check", "--disable-workspace-trust", "--disable-getting-started-override", str(folder)],
            stdout=log, stderr=subprocess.STDOUT,
        )
        try:
            with sync_playwright() as pw:
                browser = pw.chromium.launch(executable_path=chromium, args=["--no-sandbox"])
                page = browser.new_page(viewport={"width": 1200, "height": 720})
                try:
                    _drive(page, port, folder)
                except Exception:
                    page.screenshot(path=str(out.with_suffix(".failed.png")))
                    print(f"the page as it was: {out.with_suffix('.failed.png')}", file=sys.stderr)
                    sys.stderr.write(Path(tmp, "code-server.log").read_text(errors="replace")[-3000:])
                    for channel in data.glob("logs/**/*cardlang*.log"):  # the extension's output channel
                        sys.stderr.write(f"--- {channel.name}\n" + channel.read_text(errors="replace")[-3000:])
                    raise
                out.parent.mkdir(parents=True, exist_ok=True)
                page.screenshot(path=str(out))
                browser.close()
        finally:
            proc.terminate()
            try:
                proc.wait(timeout=15)
            except subprocess.TimeoutExpired:
                proc.kill()
            log.close()
    _shrink(out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--code-server", default=shutil.which("code-server") or "",
                        help="code-server's executable (default: the one on PATH)")
    parser.add_argument("-o", "--out", type=Path, default=ROOT / "docs" / "editor.png")
    # -P: the server's cardlang is the one PYTHONPATH (or the install) names, not one in the folder opened
    parser.add_argument("--server", default=f"{shlex.quote(sys.executable)} -P -m cardlang lsp",
                        help="the command the extension starts the server with")
    args = parser.parse_args(argv)
    if not args.code_server or not Path(args.code_server).exists():
        parser.error("code-server not found: pass --code-server PATH (see this script's docstring)")
    chromium = os.environ.get("CARDLANG_CHROMIUM") or shutil.which("chromium") or ""
    if not chromium:
        parser.error("Chromium not found: apt-get install chromium, or set CARDLANG_CHROMIUM")
    try:
        take(args.code_server, args.out, shlex.split(args.server), chromium)
    except Exception as e:  # a tool: say what failed in one line, the picture is simply not taken
        print(f"error: {type(e).__name__}: {e}", file=sys.stderr)
        return 1
    size = args.out.stat().st_size
    print(f"wrote {args.out} ({size // 1024} KB)")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
