"""A temporary Prefect API server for one command, started before Prefect is even imported.

Without a configured API (no ``PREFECT_API_URL`` in the environment or the active profile, no Prefect Cloud key),
Prefect starts a temporary server at the first API call, and the process waits for it: about 4 s in the server
process plus about 3 s importing Prefect's server modules in this one. ``codelake nightly`` starts the same server
(the same uvicorn app Prefect itself runs) first thing instead, so it comes up while this process imports Prefect and
the flows; the command then points ``PREFECT_API_URL`` at it and stops it at the end. If it does not come up, the
variable is left unset and Prefect starts its own as usual. Importing this module imports nothing from Prefect.
"""

from __future__ import annotations

import atexit
import importlib.util
import os
import socket
import subprocess
import sys
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path

START_TIMEOUT = 90.0


def api_configured() -> bool:
    """Whether Prefect already has an API to talk to (then this module starts nothing)."""
    if os.environ.get("PREFECT_API_URL") or os.environ.get("PREFECT_API_KEY"):
        return True
    import tomllib

    home = Path(os.environ.get("PREFECT_HOME") or Path.home() / ".prefect")
    try:
        data = tomllib.loads((home / "profiles.toml").read_text())
    except (OSError, ValueError):
        return False
    active = os.environ.get("PREFECT_PROFILE") or data.get("active") or "ephemeral"
    profile = (data.get("profiles") or {}).get(active) or {}
    return bool(profile.get("PREFECT_API_URL") or profile.get("PREFECT_API_KEY"))


def _port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


@contextmanager
def temporary_api():
    """A temporary API server for this process (None when one is configured: Prefect then behaves as always);
    ``ready()`` on the result waits for it."""
    spec = importlib.util.find_spec("prefect")
    if api_configured() or spec is None or spec.origin is None:
        yield None
        return
    port = _port()
    env = {**os.environ, "PREFECT_UI_ENABLED": "0", "PREFECT__SERVER_EPHEMERAL": "1", "PREFECT__SERVER_FINAL": "1",
           "PREFECT_SERVER_ANALYTICS_ENABLED": os.environ.get("PREFECT_SERVER_ANALYTICS_ENABLED", "false")}
    proc = subprocess.Popen([sys.executable, "-m", "uvicorn", "--app-dir", str(Path(spec.origin).parent.parent),
                             "--factory", "prefect.server.api.server:create_app", "--host", "127.0.0.1", "--port",
                             str(port), "--log-level", "error", "--lifespan", "on"],
                            env=env, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, stdin=subprocess.DEVNULL)
    url = f"http://127.0.0.1:{port}/api"
    os.environ["PREFECT_API_URL"] = url
    # Stopped at interpreter exit, after Prefect's log and event workers have drained into it (they flush at
    # thread shutdown, which comes before atexit handlers): stopping it earlier leaves them retrying for a minute.
    atexit.register(_stop, proc)
    yield _Pending(url, proc)


def _stop(proc) -> None:
    proc.terminate()
    try:
        proc.wait(10)
    except subprocess.TimeoutExpired:
        proc.kill()


class _Pending:
    """The server's URL; ``ready()`` waits for its health check (call it after the imports it overlaps with)."""

    def __init__(self, url: str, proc):
        self.url, self.proc = url, proc

    def ready(self, timeout: float | None = None) -> bool:
        limit = float(os.environ.get("PREFECT_SERVER_EPHEMERAL_STARTUP_TIMEOUT_SECONDS", START_TIMEOUT))
        deadline = time.monotonic() + (timeout or limit)
        while time.monotonic() < deadline and self.proc.poll() is None:
            try:
                with urllib.request.urlopen(f"{self.url}/health", timeout=2) as resp:
                    if resp.status == 200:
                        return True
            except OSError:
                time.sleep(0.1)
        os.environ.pop("PREFECT_API_URL", None)  # not up: let Prefect start its own
        return False
