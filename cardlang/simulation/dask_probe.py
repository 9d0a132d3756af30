"""What answers at a Dask scheduler's address, found within a bounded time before Dask's own Client connects.

Dask's Client retries a connection until its own timeouts (a minute and more), and trusts what the peer
sends: an address where something listens but never answers held a run for a minute, another kind of server for
eleven, and a peer sending junk had Dask allocate exabytes for a frame length it read. So the address is
tried here first, every step bounded by one deadline: the connection (and with TLS its handshake), then the
first message, which a Dask scheduler sends unasked as soon as a connection is made (its handshake: a frame
length of a few hundred bytes, then a small message naming its compression and pickle protocol). Anything
else is named in the error: nothing listening, no answer, a connection closed at once, silence, or the first
bytes of whatever else answered. Knows nothing of games; imports no Dask.
"""
from __future__ import annotations

import socket
import ssl
import struct
import time

_MAX_HANDSHAKE = 64 * 1024  # a scheduler's first message is a few hundred bytes
_MARKS = (b"pickle-protocol", b"compression")


class NotAScheduler(Exception):
    """What was found at the address, in words (the caller adds the address)."""


def _shown(data: bytes) -> str:
    text = data[:40]
    return repr(text) + ("..." if len(data) > 40 else "")


def probe(host: str, number: int, timeout: float, tls: ssl.SSLContext | None = None) -> None:
    """Raise NotAScheduler unless a Dask scheduler greets a connection to HOST:NUMBER within TIMEOUT seconds."""
    deadline = time.monotonic() + timeout
    try:
        sock = socket.create_connection((host, number), timeout=timeout)
    except ConnectionRefusedError:
        raise NotAScheduler("nothing listens there (connection refused); is `dask scheduler` running?") from None
    except (socket.timeout, TimeoutError):
        raise NotAScheduler(f"no answer to the connection within {timeout:g} s (a firewall, or a host that is "
                            "down?)") from None
    except OSError as e:
        raise NotAScheduler(f"cannot connect: {e.strerror or e}") from None
    try:
        if tls is not None:
            sock.settimeout(max(0.01, deadline - time.monotonic()))
            try:
                sock = tls.wrap_socket(sock, server_hostname=host)
            except (socket.timeout, TimeoutError):
                raise NotAScheduler(f"no TLS handshake within {timeout:g} s: something listens there, but not a "
                                    "scheduler using TLS") from None
            except (ssl.SSLError, OSError) as e:
                raise NotAScheduler(f"the TLS handshake failed ({getattr(e, 'reason', None) or e}): not a "
                                    "scheduler using TLS, or not with these certificates") from None
        head = _read(sock, 8, deadline, timeout, b"")
        (size,) = struct.unpack("<Q", head)
        if not 16 <= size <= _MAX_HANDSHAKE:
            raise NotAScheduler("something answered that is not a Dask scheduler: it began with "
                                f"{_shown(head + _more(sock, deadline))}")
        body = _read(sock, size, deadline, timeout, head)
        if not any(m in body for m in _MARKS):
            raise NotAScheduler("something answered that is not a Dask scheduler: it began with "
                                f"{_shown(head + body)}")
    finally:
        sock.close()


def _more(sock: socket.socket, deadline: float) -> bytes:
    """What else the peer has sent by now (a few more bytes to show), waiting a moment at most."""
    sock.settimeout(max(0.01, min(0.2, deadline - time.monotonic())))
    try:
        return sock.recv(64)
    except OSError:
        return b""


def _read(sock: socket.socket, n: int, deadline: float, timeout: float, before: bytes) -> bytes:
    got = b""
    while len(got) < n:
        left = deadline - time.monotonic()
        if left <= 0:
            break
        sock.settimeout(left)
        try:
            chunk = sock.recv(min(n - len(got), 65536))
        except (socket.timeout, TimeoutError):
            break
        except OSError as e:
            raise NotAScheduler(f"the connection failed while waiting for a greeting: {e.strerror or e}") from None
        if not chunk:
            seen = before + got
            if not seen:
                raise NotAScheduler("the connection was closed at once, with nothing said: not a Dask scheduler")
            raise NotAScheduler(f"something answered that is not a Dask scheduler: it said {_shown(seen)} and "
                                "closed the connection")
        got += chunk
    if len(got) < n:
        seen = before + got
        if not seen:
            raise NotAScheduler(f"something listens there but said nothing within {timeout:g} s (a Dask scheduler "
                                "greets at once): another kind of server, or a scheduler that uses TLS?")
        raise NotAScheduler(f"something answered that is not a Dask scheduler: it began with {_shown(seen)}")
    return got
