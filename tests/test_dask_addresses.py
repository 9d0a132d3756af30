"""Issue 24: an address given to --executor where no Dask scheduler answers is a clear error within the
bound (5 s), saying what was found there: a port that listens but never answers, another kind of server, a
peer that sends junk (it once had Dask allocate 3 EiB), a connection closed at once. Local sockets only."""
from __future__ import annotations

import socket
import threading
import time

import pytest

from tests.io_child import cardlang

pytest.importorskip("distributed", reason="the optional extra cardlang[dask] is not installed")


class Server:
    """A TCP server on 127.0.0.1 that does ACT(connection) for each connection, in a thread."""

    def __init__(self, act) -> None:
        self.sock = socket.socket()
        self.sock.bind(("127.0.0.1", 0))
        self.sock.listen(8)
        self.port = self.sock.getsockname()[1]
        self.act = act
        self.held: list[socket.socket] = []
        threading.Thread(target=self.serve, daemon=True).start()

    def serve(self) -> None:
        while True:
            try:
                conn, _ = self.sock.accept()
            except OSError:
                return
            self.held.append(conn)
            if self.act is not None:
                self.act(conn)

    def close(self) -> None:
        for c in self.held:
            c.close()
        self.sock.close()


def _banner(conn: socket.socket) -> None:
    conn.sendall(b"SSH-2.0-OpenSSH_9.6\r\n")


def _junk(conn: socket.socket) -> None:
    conn.sendall(b"\xff" * 64)


def _shut(conn: socket.socket) -> None:
    conn.close()


@pytest.mark.parametrize("act, said", [
    (None, "something listens there but said nothing within 5 s"),
    (_banner, "not a Dask scheduler: it began with b'SSH-2.0-OpenSSH_9.6\\r\\n'"),
    (_junk, "not a Dask scheduler: it began with b'\\xff\\xff"),
    (_shut, "the connection was closed at once"),
], ids=["silent", "banner", "junk", "closed"])
def test_no_scheduler_at_the_address(act, said: str) -> None:
    server = Server(act)
    try:
        began = time.monotonic()
        r = cardlang("simulate", "dominion", "--players", "big-money,random", "--games", "5", "--executor",
                     f"dask://127.0.0.1:{server.port}", code=1, timeout=60)
        took = time.monotonic() - began
    finally:
        server.close()
    assert f"error: no Dask scheduler at dask://127.0.0.1:{server.port}: " in r.stderr, r.stderr
    assert said in r.stderr, r.stderr
    assert took < 30, f"{took:.0f} s"


def test_a_tls_address_without_tls_settings_is_a_clear_error() -> None:
    r = cardlang("simulate", "dominion", "--players", "big-money,random", "--games", "5", "--executor",
                 "dask+tls://127.0.0.1:1", code=1, timeout=60)
    assert "error: --executor dask+tls://127.0.0.1:1: Dask's configuration names no TLS certificates" in r.stderr


def test_a_scheduler_that_uses_tls(tmp_path) -> None:
    """dask+tls:// takes the certificates from Dask's own configuration; the same scheduler asked without TLS
    is named as possibly one that uses TLS."""
    import distributed
    from distributed.security import Security
    sec = Security.temporary()
    files = {}
    for name, pem in (("CA_FILE", sec.tls_ca_file), ("CLIENT__CERT", sec.tls_client_cert),
                      ("CLIENT__KEY", sec.tls_client_key or sec.tls_client_cert)):
        files[f"DASK_DISTRIBUTED__COMM__TLS__{name}"] = str(tmp_path / f"{name}.pem")
        (tmp_path / f"{name}.pem").write_text(pem)
    with distributed.LocalCluster(n_workers=1, threads_per_worker=1, processes=False, host="127.0.0.1",
                                  dashboard_address=None, security=sec) as cluster:
        rest = cluster.scheduler_address.split("://", 1)[1]
        common = ("simulate", "dominion", "--players", "big-money,random", "--games", "4", "--json")
        r = cardlang(*common, "--executor", f"dask+tls://{rest}", env=files, code=0, timeout=120)
        assert '"games": 4' in r.stdout
        r = cardlang(*common, "--executor", f"dask://{rest}", code=1, timeout=60)
        assert "said nothing within 5 s" in r.stderr and "a scheduler that uses TLS?" in r.stderr
