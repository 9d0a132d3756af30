"""The file `play --log` writes: owner-only, and holding nothing until the game is over.

A game's log holds every card drawn and every shuffle's order, so a person at the table who could read it
during the game would know the bot's hand and everyone's next draws (principle 5). So the lines go to a
private file beside the target (created 0600, whatever the umask, named `.NAME.*.part`), which is renamed
onto the target only when the game is over: the target never exists half-written, and is owner-only (0600).
A target that is no regular file (`/dev/null`, a FIFO, /dev/stdout) cannot be renamed onto: its lines are
kept in memory and written when the game is over. The bytes are those written, in order: a log stays
byte-identical for the same seed and decisions. Knows nothing of games or events.
"""
from __future__ import annotations

import os
import stat
import tempfile
from pathlib import Path


class SealedLog:
    """A text file written in full when `close()` is called (the game is over), owner-only."""

    def __init__(self, path: Path | str) -> None:
        self.path = Path(path)
        self._lines: list[str] | None = None
        self._part: str | None = None
        self._file = None
        try:
            special = not stat.S_ISREG(os.stat(self.path).st_mode)
        except FileNotFoundError:
            special = False
        if special:
            self._lines = []
            return
        parent = self.path.parent if str(self.path.parent) else Path(".")
        fd, self._part = tempfile.mkstemp(prefix=f".{self.path.name}.", suffix=".part", dir=parent)
        self._file = os.fdopen(fd, "w", encoding="utf-8")

    def write(self, text: str) -> None:
        if self._lines is not None:
            self._lines.append(text)
        else:
            self._file.write(text)

    def close(self) -> None:
        """The game is over: put the whole log in place (raises OSError when it cannot be written; the
        private part is then removed)."""
        if self._lines is not None:
            lines, self._lines = self._lines, None
            with open(self.path, "w", encoding="utf-8") as f:
                f.write("".join(lines))
            return
        if self._file is None:
            return
        f, self._file = self._file, None
        try:
            f.close()
            os.chmod(self._part, 0o600)
            os.replace(self._part, self.path)
        except OSError:
            self._remove_part()
            raise

    def _remove_part(self) -> None:
        try:
            os.unlink(self._part)
        except OSError:
            pass
