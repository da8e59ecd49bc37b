"""Hostile agent logs (issue #7, items 3-6): secrets in shell commands never reach the lake, a line the lake cannot
store costs only itself, and FIFOs, devices and endless lines cannot hang or exhaust a run."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from extractors.agent_logs import AgentJsonlExtractor, ClaudeCodeExtractor, CodexExtractor
from hostile_helpers import codelake, holding
from pipeline.lake import Lake
from tests.agent_log_fixtures import empty_homes

S = "SECRET-d0n7-l34k"
# Each command holds the secret where no path stands (54 shapes; 21 leaked into tool_calls.path before).
COMMANDS = [
    f"cat > .env <<EOF\nAPI_KEY={S}\nEOF",
    f"cat <<'EOF' > config.py\nTOKEN = '{S}'\nEOF",
    f"cat <<-EOF >> notes.txt\n\t{S}\n\tEOF\ncat src/a.py",
    f"python - <<EOF\nprint('{S}')\nEOF",
    f"cat <<EOF | grep x\n{S} {S}.py\nEOF",
    f"sed -e 's/old/{S}/' src/a.py",
    f"sed -i -e 's/x/{S}/g' src/a.py",
    f"sed --expression='s/x/{S}/' src/a.py",
    f"sed --expression 's/x/{S}/' src/a.py",
    f"sed -ne 's/{S}/x/p' src/a.py",
    f"sed 's/x/{S}/' src/a.py",
    f"sed -f {S} src/a.py",
    f"grep --regexp {S} src",
    f"grep --regexp={S} src",
    f"grep -e {S} -e other src",
    f"grep -rne {S} -e x src",
    f"grep -rn {S} src",
    f"grep --include={S} foo .",
    f"grep --include {S} foo .",
    f"grep -f {S} src",
    f"rg --regexp {S} src",
    f"rg -e {S} -e x src",
    f"rg {S} src",
    f"rg -i {S}",
    f"rg --replace {S} foo src",
    f"rg -r {S} foo src",
    f"rg -g {S} foo",
    f"rg -A3 -e {S}",
    f"git grep {S}",
    f"git grep -e {S} -- src",
    f"find . -exec grep {S} {{}} \\;",
    f"find src -name '*.py' -exec grep -l {S} {{}} +",
    f"find . -regex {S}",
    f"find . -newer {S}",
    f"fd {S} src",
    f"fd -e py {S}",
    f"echo {S} > out.txt",
    f"echo 'API_KEY={S}' >> .env",
    f"export API_KEY={S} && cat src/a.py",
    f"API_KEY={S} cat src/a.py",
    f"env API_KEY={S} cat src/a.py",
    f"cat src/a.py | grep {S}",
    f"cat src/a.py && echo {S}",
    f"cat src/a.py # {S}",
    f"ls -I {S}",
    f"tree -P {S}",
    f"touch -d {S} src/a.py",
    f"cat <<< {S}",
    f"wc -l <<< '{S}'",
    f"cat src/a.py {S}=1",
    f"less +/{S} src/a.py",
    f"curl -H 'Authorization: Bearer {S}' https://example.com",
    f"head -n 3 src/a.py; echo {S}",
    f"cat https://user:{S}@example.com/x",
]
# What some of them do touch: the parsing still finds the paths around the secrets.
EXPECTED = {0: {("write", ".env")}, 2: {("write", "notes.txt"), ("read", "src/a.py")}, 6: {("edit", "src/a.py")},
            12: {("search", "src")}, 15: {("search", "src")}, 30: {("list", ".")}, 31: {("list", "src")},
            34: {("list", "src")}, 37: {("write", ".env")}, 46: {("create", "src/a.py")}, 49: {("read", "src/a.py")},
            50: {("read", "src/a.py")}}


def _claude_line(repo: Path, call_id: str, tool: str, params: dict) -> str:
    return json.dumps({"type": "assistant", "sessionId": "s", "cwd": str(repo), "message": {"content": [
        {"type": "tool_use", "id": call_id, "name": tool, "input": params}]}})


def _codex_lines(repo: Path, calls: list[tuple[str, object]]) -> list[str]:
    lines = [json.dumps({"timestamp": "2026-01-01T00:00:00Z", "type": "session_meta",
                         "payload": {"id": "c", "cwd": str(repo)}})]
    for call_id, command in calls:
        lines.append(json.dumps({"timestamp": "2026-01-01T00:00:01Z", "type": "response_item", "payload": {
            "type": "function_call", "name": "shell", "call_id": call_id,
            "arguments": json.dumps({"command": command})}}))
    return lines


@pytest.fixture
def repo(tmp_path, monkeypatch):
    empty_homes(tmp_path, monkeypatch)
    root = tmp_path / "repo"
    (root / "src").mkdir(parents=True)
    (root / "src/a.py").write_text("x = 1\n")
    return root


def _run_all(lake: Lake, repo: Path, logs: Path, **options) -> None:
    for extractor in (ClaudeCodeExtractor(), CodexExtractor(), AgentJsonlExtractor()):
        assert lake.run_extractor("r", extractor, repo, {"logs": [str(logs)], **options}).status == "ok"


def _write_secret_logs(repo: Path, logs: Path) -> None:
    logs.mkdir()
    (logs / "claude.jsonl").write_text("\n".join(
        _claude_line(repo, f"t{i}", "Bash", {"command": c}) for i, c in enumerate(COMMANDS)) + "\n")
    calls = [(f"t{i}", ["bash", "-lc", c]) for i, c in enumerate(COMMANDS)]
    calls += [(f"v{i}", c) for i, c in enumerate(COMMANDS)]  # the same as a plain string
    (logs / "rollout-1.jsonl").write_text("\n".join(_codex_lines(repo, calls)) + "\n")
    (logs / "proxy.jsonl").write_text("\n".join(json.dumps(
        {"session_id": "j", "tool": "shell", "call_id": f"t{i}", "cwd": str(repo), "op": "exec", "command": c})
        for i, c in enumerate(COMMANDS)) + "\n")


def test_no_secret_in_a_shell_command_reaches_the_lake(tmp_path, repo):
    logs, lake = tmp_path / "logs", Lake(tmp_path / "lake")
    _write_secret_logs(repo, logs)
    _run_all(lake, repo, logs)
    assert holding(lake.root, S) == []
    rows = lake.read_table("r", "tool_calls").to_pylist()
    for extractor in ("claude_code", "codex"):
        got: dict[int, set] = {}
        for r in rows:
            if r["extractor"] == extractor and r["path"] and r["call_id"].startswith("t"):
                got.setdefault(int(r["call_id"][1:]), set()).add((r["op"], r["path"]))
        assert {i: got.get(i, set()) for i in EXPECTED} == EXPECTED, extractor
        assert {p for paths in got.values() for _, p in paths} <= {".env", "config.py", "notes.txt", "src/a.py", "src",
                                                                   ".", "out.txt"}


def test_the_secret_scan_sees_a_kept_command(tmp_path, repo):
    """The opt-in stores commands: the same scan then finds the secret, so it would see a leak."""
    logs, lake = tmp_path / "logs", Lake(tmp_path / "lake")
    _write_secret_logs(repo, logs)
    _run_all(lake, repo, logs, keep_commands=True)
    assert "tool_calls" in {f.split("/")[0] for f, _ in holding(lake.root, S)}


def test_a_lone_surrogate_costs_nothing_and_the_rest_is_read(tmp_path, repo):
    logs, lake = tmp_path / "logs", Lake(tmp_path / "lake")
    logs.mkdir()
    bad = "wt9\udc80"
    (logs / "claude.jsonl").write_text("\n".join([
        _claude_line(repo, bad, "Read", {"file_path": f"{repo}/src/a.py"}),
        _claude_line(repo, "wt9\udc81", "Read", {"file_path": f"{repo}/src/\udcff.py"}),
        _claude_line(repo, "ok", "Read", {"file_path": f"{repo}/src/a.py"})]) + "\n", errors="surrogatepass")
    (logs / "rollout-1.jsonl").write_text("\n".join(_codex_lines(repo, [(bad, ["cat", "src/a.py"]),
                                                                        ("ok", ["cat", "src/a.py"])])) + "\n")
    (logs / "proxy.jsonl").write_text("\n".join(json.dumps(
        {"session_id": "j", "tool": "read", "call_id": c, "cwd": str(repo), "paths": ["src/a.py"]})
        for c in (bad, "ok")) + "\n")
    for _ in range(2):  # the second run too: nothing wedged in the cursor
        _run_all(lake, repo, logs)
    rows = lake.read_table("r", "tool_calls").to_pylist()
    ids = {(r["extractor"], r["call_id"]) for r in rows}
    assert ids == {(e, c) for e in ("claude_code", "codex", "agent_jsonl") for c in ("wt9\\udc80", "ok")} | {
        ("claude_code", "wt9\\udc81")}
    assert len(rows) == 7


def test_fifos_and_devices_among_logs_cannot_hang_a_run(tmp_path, repo):
    claude_home, logs, lake = tmp_path / "claude", tmp_path / "logs", tmp_path / "lake"
    project = claude_home / "projects" / "p"
    for folder in (project, logs):
        folder.mkdir(parents=True)
        os.mkfifo(folder / "fifo.jsonl")
        os.symlink("/dev/zero", folder / "zero.jsonl")
        (folder / "real.jsonl").write_text(_claude_line(repo, f"ok-{folder.name}", "Read",
                                                        {"file_path": f"{repo}/src/a.py"}) + "\n")
    out = codelake("index", str(repo), "--lake", str(lake), "--repo", "r", "--extractors", "claude_code",
                   "--logs", str(logs), "--logs", str(logs / "fifo.jsonl"), "--logs", str(logs / "zero.jsonl"),
                   env={"CLAUDE_CONFIG_DIR": str(claude_home)})
    assert out.returncode == 0, out.stderr
    assert "not a regular file" in out.stderr
    rows = Lake(lake).read_table("r", "tool_calls").to_pylist()
    assert sorted(r["call_id"] for r in rows) == ["ok-logs", "ok-p"]


def test_oversized_lines_and_long_files_are_read_in_bounded_steps(tmp_path, repo, monkeypatch):
    from extractors.agent_logs import sources

    monkeypatch.setattr(sources, "MAX_LINE_BYTES", 2000)
    monkeypatch.setattr(sources, "MAX_PASS_BYTES", 6000)
    logs, lake = tmp_path / "logs", Lake(tmp_path / "lake")
    logs.mkdir()
    line = lambda i: _claude_line(repo, f"c{i}", "Read", {"file_path": f"{repo}/src/a.py"}) + "\n"  # noqa: E731
    log = logs / "s.jsonl"
    log.write_text(line(1) + "x" * 5000 + "\n" + line(2) + "".join(line(i) for i in range(3, 40)))
    with log.open("a") as fh:
        fh.write("y" * 3000)  # an oversized line still being written
    for _ in range(12):
        lake.run_extractor("r", ClaudeCodeExtractor(), repo, {"logs": [str(logs)]})
    runs = [json.loads(r["counters"]) for r in lake.read_table("r", "runs").to_pylist()]
    ids = sorted(int(r["call_id"][1:]) for r in lake.read_table("r", "tool_calls").to_pylist())
    assert ids == list(range(1, 40))  # every normal line, over several bounded passes
    assert runs[0].get("files_read_in_part") == 1 and runs[0].get("oversized_lines") == 1
    with log.open("a") as fh:
        fh.write("y" * 100 + "\n" + line(40))  # the end of the oversized line, then a normal one
    lake.run_extractor("r", ClaudeCodeExtractor(), repo, {"logs": [str(logs)]})
    assert 40 in {int(r["call_id"][1:]) for r in lake.read_table("r", "tool_calls").to_pylist()}
    assert sum(r.get("oversized_lines", 0) for r in runs) == 2
