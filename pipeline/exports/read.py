"""The light reader of the exports: what an agent hook calls in a fresh process, before the agent reads a file.

Stdlib only, and only cheap stdlib modules (no duckdb, pyarrow, prefect, pathlib, subprocess at import): a snippet
lookup from a fresh process must cost little more than starting Python. Layout (``pipeline.exports.export`` writes
it)::

    <lake>/_exports/index.json                  {"v": 1, "repos": {"<repo>": {"root": ..., "exported_at": ...}}}
    <lake>/_exports/<repo>/manifest.json        repo, root, snapshot, indexed_commit, exported_at, tokenizer,
                                                budgets, signals {"history": bool, "behaviour": bool}, generation,
                                                tables, updated (per-file exports since: at, snapshot, files)
    <lake>/_exports/<repo>/digest.json          sections with items, token counts, paths and terms
    <lake>/_exports/<repo>/digest.md            the default rendering
    <lake>/_exports/<repo>/snippets/<path>.json {"v": 1, "path", "blob_sha", "indexed_commit", "tokens", "text",
                                                 "card" (the facts the text was rendered from)}

Each file is replaced whole (a rename), so a reader never sees half of one; a per-file export after an edit replaces
some snippets and then the manifest (``generation`` + 1), so two snippets read one after the other may come from
different generations (``pipeline.exports.export`` says what stays stale until the next whole export).

Every function returns None (never raises) when the export is missing, unreadable or the input is unsafe: a hook
stays silent rather than failing. Paths from callers are untrusted: nothing is read outside the exports folder and
the repository root.
"""

from __future__ import annotations

import json
import os
import re

from pipeline.safeio import read_regular

FORMAT_VERSION = 1
EXPORTS_DIR = "_exports"
MAX_JSON_BYTES = 8 * 1024 * 1024  # an export file larger than this is not ours: refuse it
MAX_HASH_BYTES = 2 * 1024 * 1024  # the structure extractor skips larger files, so they have no snippet anyway
_REPO_ID = re.compile(r"^[A-Za-z0-9._-]+$")
_TERM = re.compile(r"[a-z]+|[A-Z][a-z]*|[0-9]+")
STALE_NOTE = "(note: {path} changed since it was indexed; facts above may be out of date)"
# weights of what makes a digest item relevant to the current task (read-time ordering)
CHANGED_WEIGHT, RECENT_WEIGHT, TERM_WEIGHT = 3.0, 2.0, 1.0


def exports_root(lake_root) -> str:
    return os.path.join(os.fspath(lake_root), EXPORTS_DIR)


def _load(path: str):
    try:
        if os.path.getsize(path) > MAX_JSON_BYTES:
            return None
        with open(path, encoding="utf-8") as fh:
            data = json.load(fh)
    except (OSError, ValueError):
        return None
    return data if isinstance(data, dict) and data.get("v") == FORMAT_VERSION else None


def _safe_rel(rel_path: str) -> str | None:
    """A repository-relative path that cannot leave the folder it is joined to, '/'-separated, or None."""
    if not isinstance(rel_path, str) or not rel_path or "\0" in rel_path:
        return None
    rel = rel_path.replace(os.sep, "/")
    while rel.startswith("./"):
        rel = rel[2:]
    parts = rel.split("/")
    if rel.startswith("/") or any(p in ("", ".", "..") for p in parts):
        return None
    return rel


def _repo_dir(lake_root, repo: str) -> str | None:
    if not isinstance(repo, str) or not _REPO_ID.match(repo) or repo in (".", ".."):
        return None
    return os.path.join(exports_root(lake_root), repo)


def index(lake_root) -> dict | None:
    """``index.json``: every exported repository with its root and export time."""
    return _load(os.path.join(exports_root(lake_root), "index.json"))


def manifest(lake_root, repo: str) -> dict | None:
    folder = _repo_dir(lake_root, repo)
    return _load(os.path.join(folder, "manifest.json")) if folder else None


def repo_for_path(lake_root, abs_path: str) -> tuple[str, str] | None:
    """(repository id, repository-relative path) of an absolute path inside an exported repository's root; the
    deepest root wins (a repository nested in another)."""
    data = index(lake_root)
    if not data or not isinstance(abs_path, str) or not os.path.isabs(abs_path):
        return None
    candidates = {os.path.normpath(abs_path)}
    try:
        candidates.add(os.path.realpath(abs_path))
    except (OSError, ValueError):
        pass
    best = None
    for repo, entry in (data.get("repos") or {}).items():
        root = entry.get("root") if isinstance(entry, dict) else None
        if not isinstance(root, str) or not root:
            continue
        root = os.path.normpath(root)
        for path in candidates:
            if path.startswith(root + os.sep) and (best is None or len(root) > len(best[2])):
                rel = _safe_rel(path[len(root) + 1:])
                if rel:
                    best = (repo, rel, root)
    return (best[0], best[1]) if best else None


def _git_blob_id(data: bytes) -> str:
    """Git's blob id of ``data``. SHA-1 from the small ``_sha1`` module when it is there: ``hashlib`` loads OpenSSL's
    bindings (3-12 ms, a tenth of a hook's whole process), and only a snippet's freshness check needs a hash."""
    try:
        from _sha1 import sha1
    except ImportError:  # an interpreter built without it
        from hashlib import sha1
    return sha1(b"blob %d\0" % len(data) + data).hexdigest()


def blob_sha_of(path: str) -> str | None:
    """Git's blob id of a file's current content (as the structure extractor records it), or None."""
    try:
        if os.path.islink(path):
            return _git_blob_id(os.fsencode(os.readlink(path)))
        size = os.path.getsize(path)
        if size > MAX_HASH_BYTES:
            return None
        data = read_regular(path, MAX_HASH_BYTES, truncate=True)  # a FIFO would block the hook, a device never end
    except OSError:
        return None
    return _git_blob_id(data)


def snippet_record(lake_root, repo: str, rel_path: str) -> dict | None:
    folder, rel = _repo_dir(lake_root, repo), _safe_rel(rel_path)
    if not folder or not rel:
        return None
    record = _load(os.path.join(folder, "snippets", rel + ".json"))
    return record if record and isinstance(record.get("text"), str) else None


def snippet(lake_root, repo: str, rel_path: str, check_fresh: bool = True) -> str | None:
    """The file's snippet (about 100 tokens), plus a one-line note when its content changed since it was indexed."""
    record = snippet_record(lake_root, repo, rel_path)
    if record is None:
        return None
    text = record["text"]
    if check_fresh and record.get("blob_sha"):
        root = _root_of(lake_root, repo)
        if root:
            current = blob_sha_of(os.path.join(root, _safe_rel(rel_path)))
            if current is not None and current != record["blob_sha"]:
                text += "\n" + STALE_NOTE.format(path=record.get("path") or rel_path)
    return text


def _root_of(lake_root, repo: str) -> str | None:
    entry = ((index(lake_root) or {}).get("repos") or {}).get(repo)
    root = entry.get("root") if isinstance(entry, dict) else None
    if not root:
        root = (manifest(lake_root, repo) or {}).get("root")
    return root if isinstance(root, str) and os.path.isdir(root) else None


# -- the digest ---------------------------------------------------------------------------------------------------
def terms(text: str) -> set[str]:
    """Lower-case words of a branch name, path or identifier (camelCase and snake_case split), 3+ letters."""
    return {t.lower() for t in _TERM.findall(text or "") if len(t) >= 3}


def _relevance(item: dict, changed: set, recent: set, task_terms: set) -> float:
    paths = set(item.get("paths") or ())
    score = CHANGED_WEIGHT * len(paths & changed) + RECENT_WEIGHT * len(paths & recent)
    return score + TERM_WEIGHT * len(set(item.get("terms") or ()) & task_terms)


def order_sections(data: dict, branch: str | None = None, changed=None, recent=None) -> list[dict]:
    """The digest's sections (and their items) ordered by relevance to the current task: files changed on the
    branch, files agents touched recently (the export's own list when ``recent`` is None), terms of the branch name.
    Pinned sections (the header) stay first; ties keep the exporter's order."""
    changed = set(changed or ())
    recent = set(data.get("recent") or ()) if recent is None else set(recent)
    task_terms = terms(branch or "") - {"main", "master", "feature", "feat", "fix", "bugfix", "dev", "develop"}
    ordered = []
    for position, section in enumerate(data.get("sections") or []):
        items = section.get("items") or []
        scored = sorted(enumerate(items), key=lambda p: (-_relevance(p[1], changed, recent, task_terms), p[0]))
        relevance = sum(_relevance(i, changed, recent, task_terms) for i in items)
        ordered.append((not section.get("pinned"), -relevance, position, {**section, "items": [i for _, i in scored]}))
    return [s for *_, s in sorted(ordered, key=lambda t: t[:3])]


def render_digest(sections: list[dict], budget: int) -> str:
    """Sections cut to ``budget`` tokens (counted at export time, line by line). Items are taken in rounds, each
    section in order giving its next ``per_round`` items (pinned sections give all first), so every section gets
    its best lines before any gets its tenth; a section's title counts with its first item. Shown grouped by section,
    in section order."""
    taken: list[list[str]] = [[] for _ in sections]
    used, position = 0, [0] * len(sections)
    for i, section in enumerate(sections):
        if section.get("pinned"):
            for item in section.get("items") or []:
                if used + int(item.get("tokens") or 0) <= budget:
                    taken[i].append(item["text"])
                    used += int(item.get("tokens") or 0)
            position[i] = len(section.get("items") or [])
    progress = True
    while progress:
        progress = False
        for i, section in enumerate(sections):
            items = section.get("items") or []
            for _ in range(max(int(section.get("per_round") or 1), 1)):
                if position[i] >= len(items):
                    break
                cost = int(items[position[i]].get("tokens") or 0)
                if not taken[i] and section.get("title"):
                    cost += int(section.get("title_tokens") or 0)
                if used + cost > budget:
                    position[i] = len(items)  # this section stops here; smaller items of others may still fit
                    break
                taken[i].append(items[position[i]]["text"])
                used, position[i], progress = used + cost, position[i] + 1, True
    lines = []
    for section, texts in zip(sections, taken):
        if texts:
            lines.extend(([section["title"]] if section.get("title") and not section.get("pinned") else []) + texts)
    return "\n".join(lines)


def digest(lake_root, repo: str, budget: int = 400, branch: str | None = None, changed=None,
           recent=None, check_fresh: bool = True) -> str | None:
    """The session digest of ``repo``: sections ordered by relevance to the task, cut to ``budget`` tokens, plus a
    one-line note when the repository's HEAD moved since the indexed commit."""
    folder = _repo_dir(lake_root, repo)
    data = _load(os.path.join(folder, "digest.json")) if folder else None
    if data is None:
        return None
    budget = max(int(budget), 0)
    note = _head_note(lake_root, repo) if check_fresh and budget >= 2 * NOTE_TOKENS else None
    budget -= NOTE_TOKENS if note else 0
    text = render_digest(order_sections(data, branch, changed, recent), max(budget, 0))
    return text + "\n" + note if note else text


NOTE_TOKENS = 40  # kept for the HEAD note (about 30 tokens with two hex ids)
HEAD_NOTE = "(note: HEAD is now {head}, the map was indexed at {indexed}: recent changes are not in it)"


def _head_note(lake_root, repo: str) -> str | None:
    indexed = (manifest(lake_root, repo) or {}).get("indexed_commit")
    root = _root_of(lake_root, repo)
    head = head_commit(root) if root and isinstance(indexed, str) else None
    if head and head != indexed:
        return HEAD_NOTE.format(head=head[:10], indexed=indexed[:10])
    return None


def head_commit(root: str) -> str | None:
    """The commit HEAD names, read from the repository's files (no git process): a checkout's ``.git`` folder or
    file (worktrees), loose refs, then packed-refs. None when unknown."""
    try:
        git_dir = os.path.join(root, ".git")
        if os.path.isfile(git_dir):
            with open(git_dir, encoding="utf-8") as fh:
                line = fh.read(4096).strip()
            if not line.startswith("gitdir:"):
                return None
            git_dir = os.path.normpath(os.path.join(root, line[len("gitdir:"):].strip()))
        with open(os.path.join(git_dir, "HEAD"), encoding="utf-8") as fh:
            head = fh.read(4096).strip()
        if not head.startswith("ref:"):
            return head if re.fullmatch(r"[0-9a-f]{40,64}", head) else None
        ref = head[4:].strip()
        common = git_dir
        if os.path.isfile(os.path.join(git_dir, "commondir")):
            with open(os.path.join(git_dir, "commondir"), encoding="utf-8") as fh:
                common = os.path.normpath(os.path.join(git_dir, fh.read(4096).strip()))
        return _ref(git_dir, ref) or _ref(common, ref)
    except (OSError, ValueError):
        return None


def _ref(git_dir: str, ref: str) -> str | None:
    if ".." in ref.split("/"):
        return None
    try:
        with open(os.path.join(git_dir, *ref.split("/")), encoding="utf-8") as fh:
            sha = fh.read(128).strip()
            return sha if re.fullmatch(r"[0-9a-f]{40,64}", sha) else None
    except OSError:
        pass
    try:
        with open(os.path.join(git_dir, "packed-refs"), encoding="utf-8") as fh:
            for line in fh:
                parts = line.split()
                if len(parts) == 2 and parts[1] == ref:
                    return parts[0]
    except OSError:
        pass
    return None


def task_context(root: str, timeout: float = 2.0) -> dict:
    """The current task as git sees it: branch name and files changed on the branch since its merge base with the
    default branch (plus uncommitted changes). Empty when git is missing or slow; never raises."""
    import subprocess

    from pipeline.gitsafe import GitNoAnswer, inert_env, run

    env = inert_env(root, timeout=timeout)  # `git diff` compares contents: no program the repository's config names

    def git(*args: str) -> str:
        try:
            proc = run(root, list(args), timeout=timeout, text=True, env=env)  # its own session: killed whole
        except (OSError, subprocess.SubprocessError, GitNoAnswer):
            return ""
        return proc.stdout.strip() if proc.returncode == 0 else ""

    branch = git("rev-parse", "--abbrev-ref", "HEAD")
    base = ""
    for candidate in ("origin/HEAD", "origin/main", "origin/master", "main", "master"):
        base = git("merge-base", "HEAD", candidate)
        if base:
            break
    changed = set(git("diff", "--name-only", base).splitlines()) if base else set()
    changed |= set(git("diff", "--name-only", "HEAD").splitlines())
    return {"branch": None if branch in ("", "HEAD") else branch, "changed": sorted(p for p in changed if p)}
