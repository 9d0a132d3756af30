"""Writing a golden file, shared by the targets of tools/regen_goldens.py (sheets, results, transcripts):
write it only when its text changed, or with --check only say that it is out of date."""
from __future__ import annotations

from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]


def refresh(path: Path, text: str, check: bool) -> bool:
    """Write TEXT to PATH unless it holds it already (with CHECK: only say so); True when it was stale."""
    if (path.read_text(encoding="utf-8") if path.exists() else None) == text:
        return False
    if check:
        print(f"out of date: {path.relative_to(ROOT)}")
    else:
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(text, encoding="utf-8")
        print(f"wrote {path.relative_to(ROOT)}")
    return True
