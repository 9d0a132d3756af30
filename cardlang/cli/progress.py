"""A one-line progress bar on a terminal: games done, games per second, time left. Knows no game.

It redraws at most ten times a second on a carriage return, and draws nothing when the stream is not a
terminal (a pipe, a file, CI), so redirected output never fills with bar frames.
"""
from __future__ import annotations

import time
from typing import TextIO


class Progress:
    def __init__(self, total: int, stream: TextIO, *, enabled: bool = True) -> None:
        self.total = total
        self.stream = stream
        self.enabled = enabled and _is_terminal(stream)
        self.began = time.perf_counter()
        self.drawn = 0.0
        self.width = 0

    def __call__(self, done: int) -> None:
        if not self.enabled:
            return
        now = time.perf_counter()
        if now - self.drawn < 0.1 and done < self.total:
            return
        self.drawn = now
        elapsed = now - self.began
        rate = done / elapsed if elapsed > 0 else 0.0
        left = (self.total - done) / rate if rate > 0 else None
        filled = int(24 * done / self.total) if self.total else 24
        line = (f"\r[{'#' * filled}{'-' * (24 - filled)}] {done}/{self.total} games  {rate:,.0f} games/s  "
                f"{_clock(left)} left")
        self.width = max(self.width, len(line))
        self.stream.write(line.ljust(self.width))
        self.stream.flush()

    def close(self) -> None:
        if self.enabled and self.drawn:
            self.stream.write("\r" + " " * self.width + "\r")
            self.stream.flush()


def _clock(seconds: float | None) -> str:
    if seconds is None:
        return "--:--"
    s = int(seconds + 0.5)
    return f"{s // 3600}:{s // 60 % 60:02d}:{s % 60:02d}" if s >= 3600 else f"{s // 60}:{s % 60:02d}"


def _is_terminal(stream) -> bool:
    try:
        return stream.isatty()
    except (AttributeError, ValueError):
        return False
