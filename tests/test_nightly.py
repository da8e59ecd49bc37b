"""The nightly run: an org config, local and remote repositories, one that fails, the summary and the artifacts."""

from __future__ import annotations

import json
import subprocess

import pytest

from conftest import git

PY = {"lib/core.py": "def load():\n    return 1\n", "lib/__init__.py": "", "app.py": "from lib.core import load\n\n\n"
      "def main():\n    return load()\n"}


@pytest.fixture
def org(tmp_path, make_repo):
    local = make_repo(files=PY, name="local")
    upstream = make_repo(files={"pkg/util.py": "def helper():\n    return 2\n"}, name="upstream")
    git(upstream, "checkout", "-qb", "release")
    (upstream / "pkg/util.py").write_text("def helper():\n    return 3\n\n\ndef extra():\n    return helper()\n")
    git(upstream, "commit", "-qam", "release work")
    git(upstream, "checkout", "-q", "main")
    config = tmp_path / "org.toml"
    config.write_text(f"""
lake = "lake"
workspace = "mirrors"
concurrency = 2
fetch_timeout = 60

[defaults]
extractors = ["structure", "git"]

[[repositories]]
path = "{local}"
id = "acme__local"

[[repositories]]
url = "file://{upstream}"
id = "acme__upstream"
branch = "release"

[[repositories]]
url = "file://{tmp_path}/no-such-repo"
id = "acme__gone"
""")
    return config, local, upstream


def test_config_errors_name_the_file_and_the_entry(tmp_path):
    from pipeline.errors import ConfigError
    from pipeline.orgconfig import load

    bad = tmp_path / "bad.toml"
    cases = {
        "[[repositories]]\npath = 'a'\nurl = 'b'\n": "repositories[0]: give exactly one of `path`",
        "[[repositories]]\npath = 'a'\nbrnach = 'x'\n": "repositories[0]: unknown key brnach",
        "[[repositories]]\npath = 'a'\n[[repositories]]\npath = 'b/a'\n": "both have the id 'a'",
        "concurrency = 0\n[[repositories]]\npath = 'a'\n": "`concurrency` must be a whole number",
        "[[repositories]]\nurl = 'x'\nid = '../up'\n": "invalid repository id '../up'",
        "repositories = [\n": "not valid TOML",
    }
    for text, expected in cases.items():
        bad.write_text(text)
        with pytest.raises(ConfigError, match=expected.replace("[", r"\[").replace("]", r"\]")) as info:
            load(bad)
        assert str(bad) in str(info.value)


def test_a_lake_on_object_storage_keeps_its_uri_and_local_things_go_to_the_data_folder(tmp_path, monkeypatch):
    from pipeline.orgconfig import lake_root, load, with_lake

    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    config = tmp_path / "org.toml"
    config.write_text('lake = "s3://acme-lake/codelake"\n[[repositories]]\npath = "a"\n')
    cfg = load(config)
    assert cfg.lake == "s3://acme-lake/codelake" and lake_root(cfg) == "s3://acme-lake/codelake"
    home = tmp_path / "data" / "codelake" / "object-lakes" / "s3_acme-lake_codelake"
    assert cfg.workspace_for(lake_root(cfg)) == home / "workspace"  # mirrors and the report stay on local disk
    assert cfg.report_for(lake_root(cfg)) == home / "report.html"
    assert lake_root(with_lake(load(config), "s3://other/x")) == "s3://other/x"
    assert lake_root(cfg, str(tmp_path / "lake")) == tmp_path / "lake"


def test_nightly_indexes_local_and_mirrored_repositories_and_one_failure_spares_the_others(prefect_harness, org,
                                                                                          tmp_path):
    from flows.nightly import nightly
    from pipeline.catalog import connect
    from pipeline.lake import Lake

    config, local, upstream = org
    result = nightly(str(config))
    by_repo = {o["repo"]: o for o in result["repositories"]}
    assert by_repo["acme__local"]["status"] == "indexed"
    assert by_repo["acme__upstream"]["status"] == "indexed"
    assert by_repo["acme__gone"]["status"] == "failed" and by_repo["acme__gone"]["reason"].startswith("fetch: clone")
    assert "does not appear to be a git repository" in by_repo["acme__gone"]["reason"]
    assert result["failed"] == ["acme__gone"]
    report = result["org"]["report"]
    assert report["status"] == "ok" and report["path"] == str(tmp_path / "lake" / "_report" / "report.html")
    html = (tmp_path / "lake" / "_report" / "report.html").read_text()
    assert "acme__gone" in html and "repositories that failed last run" in html
    mirror = tmp_path / "mirrors" / "acme__upstream.git"
    assert subprocess.run(["git", "-C", str(mirror), "rev-parse", "--is-bare-repository"], capture_output=True,
                          text=True).stdout.strip() == "true"
    catalog = connect(Lake(tmp_path / "lake"))
    _, rows = catalog.rows("SELECT repo, id FROM symbols WHERE kind = 'function' ORDER BY repo, id")
    assert ("acme__upstream", "pkg/util.py::extra") in rows  # the configured branch, not the remote's HEAD
    assert ("acme__local", "lib/core.py::load") in rows

    # the next night: nothing moved, so nothing is re-indexed; a new upstream commit is fetched and indexed
    (upstream / "pkg/more.py").write_text("def more():\n    return 4\n")
    git(upstream, "checkout", "-q", "release")
    git(upstream, "add", "-A")
    git(upstream, "commit", "-qm", "more")
    again = nightly(str(config), repos=["acme__local", "acme__upstream"])
    by_repo = {o["repo"]: o for o in again["repositories"]}
    assert by_repo["acme__local"]["status"] == "current" and by_repo["acme__local"]["runs"] == []
    assert by_repo["acme__upstream"]["status"] == "indexed" and "HEAD moved" in by_repo["acme__upstream"]["reason"]
    assert again["failed"] == []


def test_nightly_artifacts_name_the_failed_repository_and_why(prefect_harness, org):
    from flows.nightly import nightly
    from prefect.client.orchestration import get_client
    from prefect.client.schemas.filters import ArtifactFilter, ArtifactFilterKey
    from prefect.client.schemas.sorting import ArtifactSort

    config, _, _ = org
    nightly(str(config), repos=["acme__gone"])
    with get_client(sync_client=True) as client:
        found = {key: client.read_artifacts(artifact_filter=ArtifactFilter(key=ArtifactFilterKey(any_=[key])),
                                            sort=ArtifactSort.CREATED_DESC)[0]
                 for key in ("codelake-nightly", "codelake-nightly-repositories", "codelake-report")}
    markdown = found["codelake-nightly"].data
    assert "## Failed" in markdown and "`acme__gone` (failed): fetch: clone" in markdown
    table = json.loads(found["codelake-nightly-repositories"].data)
    assert table[0]["repo"] == "acme__gone" and table[0]["status"] == "failed"
    assert found["codelake-report"].data.endswith("/_report/report.html)")  # a link to the HTML file


def test_codelake_nightly_starts_and_stops_its_own_prefect_server(tmp_path, make_repo):
    """No Prefect API configured: the command brings a temporary one up while it imports, and stops it at exit
    only after Prefect's log and event workers have flushed into it (else they retry for a minute)."""
    import os
    import sys

    root = make_repo(files=PY)
    config = tmp_path / "org.toml"
    config.write_text(f'report = false\n[[repositories]]\npath = "{root}"\nid = "solo"\n'
                      '[defaults]\nextractors = ["structure"]\n')
    env = {k: v for k, v in os.environ.items() if not k.startswith("PREFECT_API")}
    env.update(PREFECT_HOME=str(tmp_path / "prefect"), PREFECT_SERVER_ANALYTICS_ENABLED="false", DO_NOT_TRACK="1")
    out = subprocess.run([sys.executable, "-m", "pipeline.cli.main", "nightly", str(config), "--lake",
                          str(tmp_path / "lake"), "--format", "json"], capture_output=True, text=True, env=env,
                         timeout=180)
    assert out.returncode == 0, out.stderr[-2000:]
    assert [(r["repo"], r["status"]) for r in json.loads(out.stdout)] == [("solo", "indexed")]
    assert "Error logging to API" not in out.stderr and "Starting temporary server" not in out.stderr
    assert _servers_using(tmp_path / "prefect") == []  # no server process left behind


def _servers_using(home) -> list[int]:
    from pathlib import Path

    found = []
    for proc in Path("/proc").iterdir():
        try:
            cmd = (proc / "cmdline").read_bytes()
            env = (proc / "environ").read_bytes()
        except OSError:
            continue
        if b"prefect.server.api.server:create_app" in cmd and f"PREFECT_HOME={home}".encode() in env:
            found.append(int(proc.name))
    return found


def test_serve_schedules_are_checked_before_serving():
    from flows.serve import schedule
    from pipeline.errors import CodelakeError

    nightly = schedule("0 2 * * *", "Europe/Berlin")
    assert nightly.cron == "0 2 * * *" and nightly.timezone == "Europe/Berlin"
    with pytest.raises(CodelakeError, match="unknown time zone 'Mars/Olympus'"):
        schedule("0 2 * * *", "Mars/Olympus")
    with pytest.raises(CodelakeError, match="invalid cron schedule '61 2 \\* \\* \\*'"):
        schedule("61 2 * * *", None)
