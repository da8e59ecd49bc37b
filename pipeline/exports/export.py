"""The exporter: reads the views and writes, per repository, the digest and one snippet per source file under
``<lake>/_exports/`` (layout in ``pipeline.exports.read``), so that a hook reads one small file and needs no database.

Atomic per repository: a run writes a new folder ``_exports/.versions/<repo>/<run>/`` and then points the link
``_exports/<repo>`` at it with one rename, so a reader sees the previous export or the new one, never a mix, and a
killed run leaves only a folder the next run sweeps. ``index.json`` is rewritten under a lock.
"""

from __future__ import annotations

import fcntl
import json
import os
import shutil
import uuid
from dataclasses import dataclass
from datetime import datetime, timezone
from pathlib import Path

from ..lake import Lake
from ..repos import commits_behind
from . import read, render, tokens

SNIPPET_BUDGET = 100
DIGEST_BUDGET = 400
SECTION_ROWS = 10  # items per digest section kept in digest.json (the budget decides how many are shown)
VERSIONS = ".versions"
VIEWS = ["file_cards", "subsystems", "hotspots", "interfaces", "agent_activity", "commits", "tool_calls", "files"]


@dataclass
class ExportSummary:
    repo: str
    folder: str
    snippets: int
    digest_tokens: int
    max_snippet_tokens: int
    seconds: float

    def as_dict(self) -> dict:
        return dict(self.__dict__)


def export(lake: Lake, repos: list[str] | None = None, snippet_budget: int = SNIPPET_BUDGET,
           digest_budget: int = DIGEST_BUDGET) -> list[ExportSummary]:
    """Export every repository of the lake (or those named)."""
    from ..errors import QueryError

    known = lake.repos()
    missing = [r for r in repos or [] if r not in known]
    if missing:
        raise QueryError(f"no repository {', '.join(missing)} in the lake at {lake.root} (indexed: "
                         f"{', '.join(known) or 'none'})")
    return [export_repo(lake, repo, snippet_budget, digest_budget) for repo in (repos or known)]


def export_repo(lake: Lake, repo: str, snippet_budget: int = SNIPPET_BUDGET,
                digest_budget: int = DIGEST_BUDGET) -> ExportSummary:
    from ..catalog import connect
    from ..query import NO_STRUCTURE

    started = datetime.now(timezone.utc)
    snap = lake.snapshot(repo)
    catalog = connect(lake, repos=[repo], views=VIEWS)
    catalog.require("file_cards", NO_STRUCTURE)
    facts = repo_facts(catalog, snap, repo)
    ctx = render.SnippetContext(facts["history"], facts["behaviour"], facts["behind"])
    root = Path(lake.root) / read.EXPORTS_DIR
    root.mkdir(parents=True, exist_ok=True)
    _sweep(root, repo)
    stage = root / VERSIONS / repo / f"{started.strftime('%Y%m%dT%H%M%S%f')}-{uuid.uuid4().hex[:6]}"
    try:
        count, largest = write_snippets(catalog, repo, stage, ctx, facts, snippet_budget)
        digest = digest_data(catalog, repo, facts)
        _write_json(stage / "digest.json", digest)
        text = read.render_digest(read.order_sections(digest), digest_budget)
        (stage / "digest.md").write_text(text + "\n")
        exported_at = datetime.now(timezone.utc).isoformat()
        _write_json(stage / "manifest.json", {
            "v": read.FORMAT_VERSION, "repo": repo, "root": facts["root"], "snapshot": snap.snapshot,
            "indexed_commit": facts["indexed_commit"], "exported_at": exported_at, "tokenizer": tokens.name(),
            "budgets": {"snippet": snippet_budget, "digest": digest_budget},
            "signals": {"history": facts["history"], "behaviour": facts["behaviour"]},
            "snippets": count})
        _publish(root, repo, stage)
    except BaseException:
        shutil.rmtree(stage, ignore_errors=True)
        raise
    _update_index(root, repo, facts["root"], exported_at)
    seconds = (datetime.now(timezone.utc) - started).total_seconds()
    return ExportSummary(repo, str(root / repo), count, tokens.count(text), largest, seconds)


def repo_facts(catalog, snap, repo: str) -> dict:
    root = snap.info.get("root")
    indexed = (snap.cursors.get("structure") or {}).get("commit")
    behind = commits_behind(Path(root), indexed) if root and indexed and os.path.isdir(root) else None
    has = lambda view, query: view in catalog.views and catalog.rows(query, [repo])[1][0][0] > 0  # noqa: E731
    return {"repo": repo, "root": root, "indexed_commit": indexed, "behind": behind,
            "files": catalog.rows("SELECT count(*) FROM files WHERE repo = ? AND parse_status <> 'skipped'",
                                  [repo])[1][0][0],
            "history": has("commits", "SELECT count(*) FROM commits WHERE repo = ?"),
            "behaviour": has("tool_calls", "SELECT count(*) FROM tool_calls WHERE repo = ? AND path IS NOT NULL")}


def write_snippets(catalog, repo: str, stage: Path, ctx, facts: dict, budget: int) -> tuple[int, int]:
    cur = catalog.sql("SELECT * FROM file_cards(repo_id := ?)", [repo])
    columns = [d[0] for d in cur.description]
    count = largest = 0
    folder = stage / "snippets"
    while True:
        batch = cur.fetchmany(2000)
        if not batch:
            return count, largest
        for row in batch:
            card = dict(zip(columns, row))
            rel = read._safe_rel(card["path"])
            if rel is None:
                continue  # a path that would leave the folder: no snippet
            text, used = render.snippet(card, ctx, budget)
            target = folder / (rel + ".json")
            try:
                target.parent.mkdir(parents=True, exist_ok=True)
                target.write_text(json.dumps({"v": read.FORMAT_VERSION, "path": card["path"],
                                              "blob_sha": card["blob_sha"],
                                              "indexed_commit": card["indexed_commit"] or facts["indexed_commit"],
                                              "tokens": used, "text": text}, ensure_ascii=False))
            except OSError:  # a name the filesystem refuses (too long...): that file goes without a snippet
                continue
            count, largest = count + 1, max(largest, used)


def digest_data(catalog, repo: str, facts: dict) -> dict:
    def rows(view: str, query: str) -> list[dict]:
        if view not in catalog.views:
            return []
        columns, data = catalog.rows(query, [repo, SECTION_ROWS])
        return [dict(zip(columns, r)) for r in data]

    subsystems = rows("subsystems", "SELECT * FROM subsystems WHERE repo = ? ORDER BY size DESC, community LIMIT ?")
    hot = rows("hotspots", "SELECT * FROM hotspots(repo_id := ?) ORDER BY rank, path LIMIT ?") \
        if facts["history"] else []
    interfaces = rows("interfaces", "SELECT * FROM interfaces WHERE repo = ? ORDER BY rank LIMIT ?")
    recent = rows("agent_activity",
                  "SELECT path, sum(reads) AS reads, sum(edits) AS edits, max(last_touched) AS last_at FROM "
                  "agent_activity WHERE repo = ? GROUP BY path ORDER BY last_at DESC, path LIMIT ?") \
        if facts["behaviour"] else []
    sections = [render.section("header", None, render.header_lines(facts), pinned=True)]
    sections.append(render.section("subsystems", "## Subsystems", [render.subsystem_item(r) for r in subsystems],
                                   per_round=2))
    if hot:
        sections.append(render.section("hotspots", "## Hotspots", [render.hotspot_item(r) for r in hot]))
    sections.append(render.section("interfaces", "## Most depended-on",
                                   [render.interface_item(r) for r in interfaces]))
    if recent:
        sections.append(render.section("recent", "## Recently touched by agents",
                                       [render.recent_item(r) for r in recent]))
    return {"v": read.FORMAT_VERSION, "repo": repo, "tokenizer": tokens.name(), "sections": sections,
            "recent": [r["path"] for r in recent]}


def _write_json(path: Path, data: dict) -> None:
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(data, ensure_ascii=False, indent=1, default=str))


def _publish(root: Path, repo: str, stage: Path) -> None:
    """Point ``_exports/<repo>`` at ``stage`` atomically; remove what it pointed at before."""
    link = root / repo
    previous = os.readlink(link) if link.is_symlink() else None
    if link.exists() and not link.is_symlink():  # a plain folder (not written by this exporter): replace it
        shutil.rmtree(link)
    tmp = stage.parent / f".link-{uuid.uuid4().hex[:6]}"
    target = os.path.relpath(stage, root)
    os.symlink(target, tmp)
    os.replace(tmp, link)
    if previous and previous != target and Path(previous).parts[:2] == (VERSIONS, repo):
        shutil.rmtree(root / previous, ignore_errors=True)


def _sweep(root: Path, repo: str) -> None:
    """Versions and links left by killed runs of this repository (not the one the link names)."""
    link = root / repo
    current = (root / os.readlink(link)).name if link.is_symlink() else None
    folder = root / VERSIONS / repo
    for path in folder.iterdir() if folder.is_dir() else []:
        if path.name == current:
            continue
        if path.is_symlink() or path.is_file():
            path.unlink(missing_ok=True)
        else:
            shutil.rmtree(path, ignore_errors=True)


def _update_index(root: Path, repo: str, repo_root: str | None, exported_at: str) -> None:
    with open(root / ".index.lock", "a+") as lock:
        fcntl.flock(lock.fileno(), fcntl.LOCK_EX)
        data = read.index(root.parent) or {"v": read.FORMAT_VERSION, "repos": {}}
        data["repos"][repo] = {"root": repo_root, "exported_at": exported_at}
        tmp = root / f".index.json.tmp-{uuid.uuid4().hex[:6]}"
        tmp.write_text(json.dumps(data, indent=1, sort_keys=True))
        os.replace(tmp, root / "index.json")
