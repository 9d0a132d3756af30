"""`simulate --executor dask://HOST:PORT`: the same batches on a Dask cluster (here a LocalCluster of two
worker processes with one thread each) give exactly the results of `--workers 1`; an address where no
scheduler listens is a clear error within seconds, not a hang."""
from __future__ import annotations

import json
import os
import socket
import subprocess
import sys
from pathlib import Path

import pytest

distributed = pytest.importorskip("distributed", reason="the optional extra cardlang[dask] is not installed")

ROOT = Path(__file__).resolve().parents[1]
ENV = dict(os.environ, PYTHONPATH=str(ROOT))


def cli(*args: str, timeout: float = 300) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "cardlang", *args], cwd=ROOT, env=ENV, capture_output=True,
                          text=True, timeout=timeout)


@pytest.fixture(scope="module")
def cluster():
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("PYTHONPATH", str(ROOT))  # the workers import this checkout's cardlang
        with distributed.LocalCluster(n_workers=2, threads_per_worker=1, processes=True, host="127.0.0.1",
                                      dashboard_address=None) as c:
            yield c


def test_a_dask_cluster_gives_the_results_of_one_worker(cluster, tmp_path: Path) -> None:
    address = cluster.scheduler_address.replace("tcp://", "dask://")
    common = ["simulate", "greedy-kingdoms", "--players", "needs,reader,random", "--games", "40", "--seed", "2",
              "--json"]
    one = cli(*common, "--workers", "1", "--per-game", str(tmp_path / "one.jsonl"))
    dask = cli(*common, "--executor", address, "--per-game", str(tmp_path / "dask.jsonl"))
    assert one.returncode == 0 and dask.returncode == 0, one.stderr + dask.stderr
    a, b = json.loads(one.stdout.splitlines()[-1]), json.loads(dask.stdout.splitlines()[-1])
    a.pop("games_per_second"), b.pop("games_per_second")
    assert a == b and a["games"] == 40
    assert (tmp_path / "one.jsonl").read_bytes() == (tmp_path / "dask.jsonl").read_bytes()
    # Both workers took part, and each compiled the game once (it received names, not compiled code).
    from cardlang.simulation.parallel import games_loaded
    with distributed.Client(cluster.scheduler_address) as client:
        assert sorted(client.run(games_loaded).values()) == [1, 1]


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def test_an_unreachable_scheduler_is_a_clear_error_within_seconds() -> None:
    r = cli("simulate", "dominion", "--players", "big-money,random", "--games", "5", "--executor",
            f"dask://127.0.0.1:{_free_port()}", timeout=60)
    assert r.returncode == 1
    assert r.stderr.startswith("error: no Dask scheduler at dask://127.0.0.1:"), r.stderr
    assert "nothing listens there (connection refused)" in r.stderr
    assert "Traceback" not in r.stderr and r.stdout == ""


def test_a_malformed_executor_is_a_usage_error() -> None:
    from typer.testing import CliRunner

    from cardlang.cli.commands import app
    for bad in ("dask://", "dask://host", "local", "dask://host:port"):  # (in this process: it ends at the options)
        r = CliRunner().invoke(app, ["simulate", "dominion", "--players", "big-money,random", "--games", "5",
                                     "--executor", bad])
        assert r.exit_code == 2, (bad, r.output)
        assert "expected dask://HOST:N, the scheduler's address" in r.stderr
