"""A local S3-compatible endpoint for the object-storage lake tests: moto's server in a child process.

It serves one request at a time (``threaded=False``): moto checks a conditional PUT's condition and stores the object
in two steps, so a threaded server could let two racing ``If-None-Match: *`` PUTs both succeed, where S3 lets exactly
one (the README lists what else moto does not emulate). Run as ``python -m tests.s3_server PORT``.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
import time
from pathlib import Path


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def start(log: Path) -> tuple[subprocess.Popen, str]:
    port = free_port()
    root = Path(__file__).resolve().parents[1]
    with open(log, "wb") as out:
        proc = subprocess.Popen([sys.executable, "-m", "tests.s3_server", str(port)], cwd=root, stdout=out,
                                stderr=subprocess.STDOUT)
    url = f"http://127.0.0.1:{port}"
    deadline = time.monotonic() + 60
    while time.monotonic() < deadline:
        if proc.poll() is not None:
            raise RuntimeError(f"moto server exited: {log.read_text()[-2000:]}")
        try:
            with socket.create_connection(("127.0.0.1", port), timeout=0.5):
                return proc, url
        except OSError:
            time.sleep(0.1)
    proc.kill()
    raise RuntimeError("moto server did not start within 60 s")


def environment(url: str) -> dict[str, str]:
    """The standard AWS settings pointing at the local server (moto accepts any credentials)."""
    return {"AWS_ENDPOINT_URL": url, "AWS_ACCESS_KEY_ID": "testing", "AWS_SECRET_ACCESS_KEY": "testing",
            "AWS_REGION": "us-east-1", "AWS_EC2_METADATA_DISABLED": "true"}


def main(port: int) -> None:
    from moto.server import DomainDispatcherApplication, create_backend_app
    from werkzeug.serving import run_simple

    os.environ.setdefault("MOTO_ALLOW_NONEXISTENT_REGION", "true")
    run_simple("127.0.0.1", port, DomainDispatcherApplication(create_backend_app), threaded=False,
               use_reloader=False)


if __name__ == "__main__":
    main(int(sys.argv[1]))
