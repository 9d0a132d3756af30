"""Files a command writes (a game's log, one JSON line per game, sheets): whole or not at all.

A regular file is written to a temporary file beside it and renamed into place when the command is done with
it, so a failed write (a full disk, a lost mount) leaves the old file, or none, never half of a new one. A
device or a pipe (/dev/stdout, /dev/null, a FIFO) is written directly: it has nothing to leave behind. A
*sealed* file (a game's log, which holds every draw and shuffle: principle 5) is owner-only (0600) and shows
nothing until it is committed: a device, a pipe, or a file in a folder we may not write gets its text from
memory at the end. Any write that fails raises `WriteFailed`, which says which option and file and why, for the command line to
print as one `error:` line. Knows nothing of games.
"""
from __future__ import annotations

import io
import os
import stat
from pathlib import Path


class WriteFailed(Exception):
    """Writing an output failed; the message names the option, the file and the system's reason."""


def _reason(e: OSError) -> str:
    return e.strerror or str(e)


class OutputFile:
    """A text file being written (see the module docstring): `write`, then `commit()` to put it in place,
    or `discard()` to remove what was written. As a context manager, it commits when the block ends
    without an exception, and discards when the write failed or the block raised."""

    def __init__(self, path: Path, option: str, *, mode: int = 0o644, sealed: bool = False) -> None:
        self.path = Path(path)
        self.option = option
        self.sealed = sealed
        self.later = False  # the text is held in memory and written at commit (a sealed device or pipe)
        self.tmp: Path | None = None
        if sealed:
            mode = 0o600
        self.error: WriteFailed | None = None  # the first failure: every later write raises it again
        try:
            st = os.stat(self.path)
            direct = not stat.S_ISREG(st.st_mode)
        except OSError:
            st, direct = None, False
        try:
            if not direct:
                tmp = self.path.with_name(f".{self.path.name}.{os.getpid()}.tmp")
                flags = os.O_WRONLY | os.O_CREAT | os.O_EXCL | getattr(os, "O_CLOEXEC", 0)
                try:
                    try:
                        fd = os.open(tmp, flags, mode)
                    except FileExistsError:  # left by a run of the same process id that was killed
                        os.unlink(tmp)
                        fd = os.open(tmp, flags, mode)
                except PermissionError:
                    if st is None:
                        raise
                    direct = True  # a file we may write in a folder we may not: written in place, as before
                else:
                    self.tmp = tmp
                    if st is not None and not sealed:  # the file keeps its permissions
                        os.chmod(tmp, stat.S_IMODE(st.st_mode) & mode | stat.S_IMODE(st.st_mode) & 0o600)
                    self.file = os.fdopen(fd, "w", encoding="utf-8")
            if direct and sealed:  # nothing shows until the end: checked now, written from memory then
                if not os.access(self.path, os.W_OK):
                    raise PermissionError(13, "Permission denied")
                self.later, self.file = True, io.StringIO()
            elif direct:  # a device or pipe: written as it is
                self.file = open(self.path, "w", encoding="utf-8")
        except OSError as e:
            if self.tmp is not None:
                self.discard()
            raise self._failed(e) from None

    def _failed(self, e: OSError) -> WriteFailed:
        self.error = self.error or WriteFailed(f"{self.option} {self.path}: cannot write: {_reason(e)}")
        return self.error

    def write(self, text: str) -> None:
        if self.file is None:
            raise self.error or WriteFailed(f"{self.option} {self.path}: written after it was closed")
        try:
            self.file.write(text)
        except OSError as e:
            self.discard()
            raise self._failed(e) from None

    def flush(self) -> None:
        if self.file is None:
            raise self.error or WriteFailed(f"{self.option} {self.path}: written after it was closed")
        try:
            self.file.flush()
        except OSError as e:
            self.discard()
            raise self._failed(e) from None

    def commit(self) -> None:
        """Flush what was written and put the file in place; after a failed write, raise its error again."""
        if self.file is None:
            if self.error is not None:
                raise self.error
            return
        try:
            if self.later:
                text = self.file.getvalue()
                with open(self.path, "w", encoding="utf-8") as f:
                    f.write(text)
                if self.sealed and stat.S_ISREG(os.stat(self.path).st_mode):
                    os.chmod(self.path, 0o600)
            self.file.close()
            if self.tmp is not None:
                os.replace(self.tmp, self.path)
        except OSError as e:
            self.discard()
            raise self._failed(e) from None
        self.file = None

    def discard(self) -> None:
        """Remove what was written (the file in place, if any, is left as it was)."""
        f, self.file = self.file, None
        if f is not None:
            try:
                f.close()
            except OSError:
                pass
        if self.tmp is not None:
            try:
                os.unlink(self.tmp)
            except OSError:
                pass

    def __enter__(self) -> "OutputFile":
        return self

    def __exit__(self, kind, value, tb) -> None:
        if kind is None:
            self.commit()
        else:
            self.discard()


def write_whole(path: Path, text: str, option: str) -> None:
    """Write TEXT to PATH whole or not at all; raises WriteFailed."""
    with OutputFile(path, option) as f:
        f.write(text)
