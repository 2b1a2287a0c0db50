"""A ``--scheduler`` that speaks anything but Dask is one line within the deadline, never a traceback.

Tiny local servers stand in for what an address may hold: an HTTP server that answers first, one
that waits for a request, one that sends random bytes, one that closes at once, one that accepts
and never speaks, and a port nobody listens at. A real scheduler's first bytes (its handshake) are
checked against the same test the command makes, so the check cannot refuse Dask itself.
"""

from __future__ import annotations

import os
import socket
import threading
import time
from collections.abc import Iterator
from contextlib import contextmanager

import pytest

from grawlix_print.playtest.runner import _dask_greeting

from commands import refused, run_here

DEADLINE = 3.0


@contextmanager
def server(kind: str) -> Iterator[int]:
    listening = socket.socket()
    listening.bind(("127.0.0.1", 0))
    listening.listen(8)
    stop = threading.Event()

    def handle(connection: socket.socket) -> None:
        with connection:
            if kind == "http first":
                connection.sendall(b"HTTP/1.1 400 Bad Request\r\nContent-Length: 0\r\n\r\n")
            elif kind == "random bytes":
                connection.sendall(os.urandom(4096))
            elif kind == "closes":
                return
            stop.wait(30)  # "http waits" and "silent": hold the connection, say nothing

    def serve() -> None:
        listening.settimeout(0.1)
        while not stop.is_set():
            try:
                connection, _ = listening.accept()
            except socket.timeout:
                continue
            threading.Thread(target=handle, args=(connection,), daemon=True).start()

    thread = threading.Thread(target=serve, daemon=True)
    thread.start()
    try:
        yield listening.getsockname()[1]
    finally:
        stop.set()
        thread.join(5)
        listening.close()


PEERS = {
    "http first": "something answers, but it speaks no Dask (it began 'HTTP/1.1 400 Bad')",
    "random bytes": "something answers, but it speaks no Dask (it began ",
    "closes": "it closed the connection without a word",
    "http waits": f"nothing within {DEADLINE:g} s (something accepts the connection but says nothing)",
    "silent": f"nothing within {DEADLINE:g} s (something accepts the connection but says nothing)",
}


@pytest.mark.parametrize("kind", list(PEERS))
def test_a_peer_that_is_no_dask_scheduler_is_one_line_within_the_deadline(kind, tmp_path):
    with server(kind) as port:
        began = time.monotonic()
        result = run_here("playtest", "--games", "10", "--scheduler", f"tcp://127.0.0.1:{port}",
                          "--scheduler-timeout", str(DEADLINE), "-o", str(tmp_path))  # fmt: skip
        took = time.monotonic() - began
    refused(result, f"no Dask scheduler answers at tcp://127.0.0.1:{port}: {PEERS[kind]}")
    assert took < DEADLINE + 5
    assert not (tmp_path / "playtest").exists()


def test_a_closed_port_is_one_line_at_once(tmp_path):
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port = probe.getsockname()[1]  # free again once closed: nobody listens there
    refused(run_here("playtest", "--games", "10", "--scheduler", f"tcp://127.0.0.1:{port}", "-o", str(tmp_path)),
            f"no Dask scheduler answers at tcp://127.0.0.1:{port}: Connection refused")  # fmt: skip


def test_a_real_schedulers_handshake_passes_the_check():
    pytest.importorskip("distributed")
    from distributed import Scheduler
    import asyncio

    async def first_bytes() -> bytes:
        async with Scheduler(host="127.0.0.1", port=0, dashboard_address=":0") as scheduler:
            host, port = scheduler.address.removeprefix("tcp://").rsplit(":", 1)
            reader, writer = await asyncio.open_connection(host, int(port))
            data = await asyncio.wait_for(reader.readexactly(24), 10)
            writer.close()
            return data

    data = asyncio.run(first_bytes())
    assert _dask_greeting(data), data
    assert not _dask_greeting(b"HTTP/1.1 200 OK\r\nContent-Length: 0\r\n")
    assert not _dask_greeting(data[:23])
