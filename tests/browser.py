"""Open a page in Debian's headless Chromium and report what a person would see: console errors, uncaught
exceptions, failed requests, the result of a JavaScript expression, a screenshot. Speaks the DevTools protocol over
a websocket (the ``websockets`` package Prefect already brings); no browser is downloaded."""

from __future__ import annotations

import base64
import json
import shutil
import subprocess
import tempfile
import time
import urllib.request
from pathlib import Path

FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run", "--disable-default-apps",
         "--remote-debugging-port=0", "--remote-allow-origins=*"]


def chromium() -> str | None:
    return shutil.which("chromium") or shutil.which("chromium-browser")


class Page:
    def __init__(self, ws):
        self.ws, self.next_id, self.events = ws, 0, []

    def call(self, method: str, timeout: float = 30, **params) -> dict:
        self.next_id += 1
        self.ws.send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            msg = json.loads(self.ws.recv(timeout=max(0.1, deadline - time.monotonic())))
            if msg.get("id") == self.next_id:
                if "error" in msg:
                    raise RuntimeError(f"{method}: {msg['error']}")
                return msg.get("result", {})
            self.events.append(msg)
        raise TimeoutError(method)

    def evaluate(self, expression: str):
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        return result.get("result", {}).get("value")

    def errors(self) -> list[str]:
        out = []
        for e in self.events:
            method, params = e.get("method"), e.get("params", {})
            if method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
                out.append("console: " + " ".join(str(a.get("value", a.get("description"))) for a in params["args"]))
            elif method == "Runtime.exceptionThrown":
                out.append("exception: " + json.dumps(params.get("exceptionDetails", {}))[:500])
            elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
                out.append("log: " + params["entry"].get("text", ""))
            elif method == "Network.requestWillBeSent" and not params.get("request", {}).get("url", "").startswith(
                    ("file:", "data:", "about:")):
                out.append("network: " + params["request"]["url"])
        return out


def open_page(path: Path, until: str, timeout: float = 60):
    """Load ``path`` and wait until the JavaScript expression ``until`` is truthy; yields nothing, returns the Page
    (the browser is closed when the caller's ``with`` block ends)."""
    from contextlib import contextmanager

    from websockets.sync.client import connect

    @contextmanager
    def session():
        profile = tempfile.mkdtemp(prefix="codelake-chromium-")
        proc = subprocess.Popen([chromium(), *FLAGS, f"--user-data-dir={profile}", "about:blank"],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        try:
            port = _port(Path(profile), proc)
            targets = json.loads(urllib.request.urlopen(f"http://127.0.0.1:{port}/json/list", timeout=10).read())
            ws_url = next(t["webSocketDebuggerUrl"] for t in targets if t.get("type") == "page")
            with connect(ws_url, max_size=None, open_timeout=20) as ws:
                page = Page(ws)
                for domain in ("Runtime", "Log", "Network", "Page"):
                    page.call(f"{domain}.enable")
                page.call("Page.navigate", url=path.resolve().as_uri())
                deadline = time.monotonic() + timeout
                while not page.evaluate(until):
                    if time.monotonic() > deadline:
                        raise TimeoutError(f"{until} never became true; errors: {page.errors()}")
                    time.sleep(0.2)
                yield page
        finally:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:
                proc.kill()
            shutil.rmtree(profile, ignore_errors=True)

    return session()


def _port(profile: Path, proc) -> int:
    marker = profile / "DevToolsActivePort"
    deadline = time.monotonic() + 30
    while time.monotonic() < deadline:
        if marker.exists() and marker.read_text().strip():
            return int(marker.read_text().split()[0])
        if proc.poll() is not None:
            raise RuntimeError(f"chromium exited with {proc.returncode}")
        time.sleep(0.1)
    raise TimeoutError("chromium did not open its DevTools port")


def screenshot(page: Page, out: Path) -> None:
    metrics = page.call("Page.getLayoutMetrics")
    size = metrics.get("cssContentSize") or metrics["contentSize"]
    data = page.call("Page.captureScreenshot", format="png", captureBeyondViewport=True,
                     clip={"x": 0, "y": 0, "width": size["width"], "height": size["height"], "scale": 1})["data"]
    out.write_bytes(base64.b64decode(data))
