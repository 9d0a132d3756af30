"""How fast `cardlang lsp` answers an editor, against a warm server over stdio (issue 27's targets).

Opens one Warring Kingdom card, then edits it N times (1,000 by default), alternating a correct text and one
with a misspelt verb. For each edit it times the didChange to the card's next publishDiagnostics, checks
that the diagnostics fit the text (an error for the misspelt one, none for the correct one), then times a
hover on the card's name, a hover on its verb and a completion inside its ability. It samples the server's
resident memory every 50 edits. Prints the median, the 10th and 90th percentiles and the worst of each,
and the memory after the warm-up and at the end.

    python tools/lsp_benchmark.py [--edits 1000] [--card cards/warring-kingdom/spy.card]
                                  [--server "cardlang lsp"] [--json]

Targets: diagnostics < 200 ms, hover and completion < 50 ms (medians); memory flat.
"""
from __future__ import annotations

import argparse
import json
import os
import shlex
import statistics
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from lsp_client import LspClient, LspError  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
_WARMUP = 20
_RSS_EVERY = 50


def _position(text: str, needle: str, offset: int = 0) -> dict:
    return _at(text, text.index(needle) + offset)


def _at(text: str, at: int) -> dict:
    line = text.count("\n", 0, at)
    return {"line": line, "character": at - (text.rfind("\n", 0, at) + 1)}


def _rss_mib(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    return float("nan")


def _spread(values: list[float]) -> dict:
    ordered = sorted(values)
    q = statistics.quantiles(ordered, n=10) if len(ordered) > 1 else [ordered[0]] * 9
    return {"median": statistics.median(ordered), "p10": q[0], "p90": q[-1], "max": ordered[-1],
            "n": len(ordered)}


def run(card: Path, edits: int, server: list[str]) -> dict:
    card = card.resolve()
    root = card.parents[2]  # the checkout: cards/<game>/<card>
    text = card.read_text(encoding="utf-8")
    verb = "sabotage"
    if f"{{ {verb}; }}" not in text:
        raise SystemExit(f"error: {card} has no `{{ {verb}; }}` ability to edit; pick another card with --card")
    broken = text.replace(f"{{ {verb}; }}", f"{{ {verb[:3]}{verb[4:]}; }}")
    uri = card.as_uri()
    declared = text.index("card ") + len("card ")
    hover_card = _at(text, declared + 1)  # inside the card's name, quoted or not
    hover_verb = _position(text, f"{{ {verb}", 3)
    complete_at = _position(text, f"{{ {verb}", 5)  # after "sab"

    env = dict(os.environ, PYTHONUNBUFFERED="1")
    client = LspClient(server, cwd=root, env=env)
    try:
        started = time.perf_counter()
        client.initialize(root)
        client.notify("textDocument/didOpen", {"textDocument": {
            "uri": uri, "languageId": "cardlang", "version": 1, "text": text}})
        client.wait_for("textDocument/publishDiagnostics", lambda p: p["uri"] == uri, timeout=300)
        first = time.perf_counter() - started

        diag, hover_c, hover_v, completion, rss, wrong = [], [], [], [], [], 0
        for i in range(_WARMUP + edits):
            version = i + 2
            bad = i % 2 == 0
            client.drain()
            sent = time.perf_counter()
            client.notify("textDocument/didChange", {
                "textDocument": {"uri": uri, "version": version},
                "contentChanges": [{"text": broken if bad else text}],
            })
            at, params = client.wait_for(
                "textDocument/publishDiagnostics",
                lambda p: p["uri"] == uri and p.get("version") in (None, version), timeout=60)
            errors = [d for d in params["diagnostics"] if d.get("severity", 1) == 1]
            wrong += bool(errors) != bad
            # hover and completion on the correct text only, so the positions hold
            if not bad:
                t0 = time.perf_counter()
                client.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": hover_card})
                t1 = time.perf_counter()
                client.request("textDocument/hover", {"textDocument": {"uri": uri}, "position": hover_verb})
                t2 = time.perf_counter()
                client.request("textDocument/completion", {"textDocument": {"uri": uri}, "position": complete_at})
                t3 = time.perf_counter()
            if i < _WARMUP:
                continue
            diag.append((at - sent) * 1000)
            if not bad:
                hover_c.append((t1 - t0) * 1000)
                hover_v.append((t2 - t1) * 1000)
                completion.append((t3 - t2) * 1000)
            if (i - _WARMUP) % _RSS_EVERY == 0 or i == _WARMUP + edits - 1:
                rss.append(_rss_mib(client.proc.pid))
                print(f"{i - _WARMUP} edits: last diagnostics {diag[-1]:.0f} ms, RSS {rss[-1]:.1f} MiB",
                      file=sys.stderr, flush=True)
        return {
            "card": str(card.relative_to(root)),
            "server": " ".join(server), "edits": edits, "start_to_first_diagnostics_ms": first * 1000,
            "diagnostics_ms": _spread(diag), "hover_card_ms": _spread(hover_c), "hover_verb_ms": _spread(hover_v),
            "completion_ms": _spread(completion), "diagnostics_not_matching_text": wrong,
            "rss_mib": {"after_warmup": rss[0], "end": rss[-1], "max": max(rss), "samples": rss},
        }
    finally:
        client.close()


def _print(result: dict) -> None:
    print(f"{result['server']}: {result['edits']} edits of {result['card']} "
          f"(first diagnostics {result['start_to_first_diagnostics_ms']:.0f} ms after start)")
    print(f"{'ms':<22}{'median':>8}{'p10':>8}{'p90':>8}{'max':>8}{'n':>6}  target")
    for key, label, target in (("diagnostics_ms", "didChange→diagnostics", "< 200"),
                               ("hover_card_ms", "hover (card name)", "< 50"),
                               ("hover_verb_ms", "hover (verb)", "< 50"),
                               ("completion_ms", "completion", "< 50")):
        s = result[key]
        print(f"{label:<22}{s['median']:>8.1f}{s['p10']:>8.1f}{s['p90']:>8.1f}{s['max']:>8.1f}{s['n']:>6}  {target}")
    rss = result["rss_mib"]
    print(f"RSS: {rss['after_warmup']:.1f} MiB after warm-up, {rss['end']:.1f} MiB at the end, "
          f"{rss['max']:.1f} MiB at most ({len(rss['samples'])} samples)")
    print(f"diagnostics that did not fit the text: {result['diagnostics_not_matching_text']}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--edits", type=int, default=1000)
    parser.add_argument("--card", type=Path, default=ROOT / "cards" / "warring-kingdom" / "spy.card")
    parser.add_argument("--server", default=f"{shlex.quote(sys.executable)} -m cardlang lsp",
                        help="the command that starts the server (default: this Python's -m cardlang lsp)")
    parser.add_argument("--json", action="store_true")
    args = parser.parse_args(argv)
    if args.edits < 2:
        parser.error("--edits must be at least 2")
    if not args.card.is_file():
        parser.error(f"no such card: {args.card}")
    try:
        result = run(args.card, args.edits, shlex.split(args.server))
    except (LspError, OSError) as e:
        print(f"error: {e}", file=sys.stderr)
        return 1
    if args.json:
        print(json.dumps(result, indent=2))
    else:
        _print(result)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
