"""Python API for writing the lake: index a repository with the registered extractors, or update a few files."""

from __future__ import annotations

import os
import re
import stat
import subprocess
from dataclasses import dataclass
from pathlib import Path

from . import gitsafe
from .errors import CodelakeError, ExtractError
from .lake import Lake, LakeBusy, RunSummary
from .repos import derive_repo_id, git_facts, validate_repo_id


@dataclass(frozen=True)
class Source:
    root: Path
    repo: str
    is_git: bool
    head: str | None = None
    bare: bool = False


def resolve_source(path: str | Path = ".", repo: str | None = None) -> Source:
    root = Path(path).resolve()
    if not root.is_dir():
        raise CodelakeError(f"{path}: not a directory")
    facts = git_facts(root)
    top = Path(facts["toplevel"]) if facts["toplevel"] else None
    in_checkout = facts["work_tree"] and top is not None and (top == root or not _ignored_by_git(root))
    git = bool(in_checkout or facts["bare"])
    if in_checkout:
        root = top  # a bare repository has no top level: it is its own root
    return Source(root=root, repo=validate_repo_id(repo) if repo else derive_repo_id(root), is_git=git,
                  head=facts["head"] if git else None, bare=facts["bare"])


def _ignored_by_git(path: Path) -> bool:
    """A folder git ignores (a venv inside a checkout) is its own, plain repository, not part of the checkout."""
    try:  # no fsmonitor program a .git/config may name; bounded (a hostile ignore file costs this check only)
        return gitsafe.run(path, ["check-ignore", "-q", "."], timeout=_check_seconds(),
                           prefix=("-c", "core.fsmonitor=false")).returncode == 0
    except gitsafe.GitNoAnswer:
        return False


def repo_info(source: Source) -> dict:
    return {"root": str(source.root), "is_git": source.is_git, "head": source.head}


def index(path: str | Path = ".", repo: str | None = None, lake: Lake | None = None,
          extractors: list[str] | None = None, full: bool = False, logs: list[str] | None = None,
          progress=None, extra_options: dict | None = None) -> list[RunSummary]:
    """Run the selected (default: all registered) extractors on one repository; each publishes atomically. When
    the structure extractor ran, the derived tables (``pipeline.map.derive``) are written after them.

    Every extractor runs even when an earlier one failed; the first failure is raised at the end.
    """
    lake = lake or Lake()
    source = resolve_source(path, repo)
    options = {**(extra_options or {}), "full": full, "logs": list(logs or [])}
    summaries, failures = [], []
    from .registry import load_registry  # scanning the installed plugins costs ~50 ms: not on the update path

    registry = load_registry()
    for extractor in registry.select(extractors):
        try:
            summaries.append(run_one(lake, source, extractor, options, progress))
        except ExtractError as exc:
            failures.append(exc)
    if extractors is None or "structure" in extractors:  # derived tables (communities) follow the extractors
        from .map.derive import derive

        try:
            summaries.extend(derive(lake, source, registry))
        except ExtractError as exc:
            failures.append(exc)
    if failures:
        raise failures[0]
    return summaries


def run_one(lake: Lake, source: Source, extractor, options: dict, progress=None) -> RunSummary:
    return lake.run_extractor(source.repo, extractor, source.root, options=options, progress=progress,
                              info=repo_info(source))


def top_nodes_store(lake: Lake, source: Source) -> str | None:
    """Where an update's parse-ahead child keeps its file's records per top-level node, for the file's next update
    (``extractors.structure.topnodes``; a full index keeps none): a local lake's private folder; None for any other
    lake."""
    if type(lake) is not Lake:
        return None
    from extractors.structure.topnodes import store_folder

    folder = store_folder(lake.root, source.root)
    return str(folder) if folder is not None else None


UPDATE_WAIT = 1.0  # default of CODELAKE_UPDATE_WAIT: seconds an update waits for another writer before queueing


def update(path: str | Path, files: list[str], repo: str | None = None, lake: Lake | None = None,
           wait: float | None = None, strict: bool = False, worker: str = "off", ahead: bool = False) -> RunSummary:
    """Re-index just ``files`` of an indexed repository (the post-edit path: no Prefect, no full scan).

    A folder, a device, a binary, a file of no known language, one too large, a link out of the repository, an
    untracked file git ignores, a file of a submodule or a nested checkout or a path that is gone and the lake never
    had is refused: with ``strict`` (the CLI) the whole update, in one line, else (a hook's batch of edited paths)
    just that file (``status`` ``skipped`` when none is left). When another writer holds the repository (a nightly
    ``index``) for longer than ``wait`` seconds, the update is queued instead (status ``queued``): that writer applies
    it, with the files' content as it is then, before it lets go of the repository.

    ``worker``: ``auto`` hands the files to the repository's warm refresh worker when one is running for this
    checkout (``pipeline.hooks.worker``: it has the grammars, imports and the lake's shards at hand, so the update
    costs the edit, not a process start) and waits for its outcome; ``start`` starts one first when none runs;
    ``off`` (the worker's own calls) always updates in this process.

    ``ahead``: a one-shot process (the CLI command) has the files parsed by a forked child while it imports and reads
    the lake (``extractors.structure.ahead``); a long-lived one (the warm worker) keeps its compiled queries instead."""
    lake = lake or Lake()
    source = resolve_source(path, repo)
    if "structure" not in lake.snapshot(source.repo).cursors:
        raise CodelakeError(f"repository {source.repo!r} is not indexed in the lake at {lake.root}: run "
                            f"`codelake index {source.root}` first")
    rel = _update_targets(source.root, files, strict)
    rel = _held_if_gone(lake, source, _not_ignored(source, rel, strict), strict)
    if not rel:
        return RunSummary(source.repo, "structure", "", "skipped", {}, 0, None, "no file to update", 0.0)
    local = type(lake) is Lake  # the hooks' workers keep their state in a local lake's folder
    handed = _through_worker(lake, source, rel, worker) if worker != "off" and local else None
    if handed is not None:
        return handed
    from extractors.structure import StructureExtractor  # built in: no plugin can take its name, so no registry scan

    extractor = StructureExtractor()
    if wait is None:
        wait = float(os.environ.get("CODELAKE_UPDATE_WAIT", UPDATE_WAIT))
    store = top_nodes_store(lake, source)
    parsed = extractor.parse_ahead(source.root, rel, store) if ahead and not source.bare else None
    try:
        options = {"files": rel, "git": {"bare": source.bare, "is_git": source.is_git, "head": source.head},
                   "parsed_ahead": parsed}
        return lake.run_extractor(source.repo, extractor, source.root, options=options,
                                  info=repo_info(source), lock_wait=wait, background_refresh=True)
    except LakeBusy:
        return lake.defer(source.repo, extractor, source.root, {"files": rel}, repo_info(source))
    finally:
        if parsed is not None:
            parsed.cancel()


HAND_OVER_TIMEOUT = 60.0  # default of CODELAKE_HAND_OVER_TIMEOUT: past it, the worker applies the files later


def _through_worker(lake: Lake, source: Source, rel: list[str], worker: str) -> RunSummary | None:
    """The outcome of the warm refresh worker's update of ``rel``; None when there is none to hand them to."""
    from .hooks import background

    root, checkout = str(lake.root), str(source.root)
    if not background.warm_worker(root, source.repo, checkout):
        if worker != "start" or background.busy(root, source.repo, "refresh"):
            return None
        background.start(root, "refresh", source.repo, checkout)
    from extractors.structure.ahead import cancel_early

    cancel_early()  # the worker parses: a child this process forked as it started has nothing to give
    timeout = float(os.environ.get("CODELAKE_HAND_OVER_TIMEOUT") or HAND_OVER_TIMEOUT)
    outcome = background.hand_over(root, source.repo, rel, timeout)
    if outcome is None:
        return None
    if outcome.get("status") == "failed":
        raise ExtractError(f"the refresh worker's update of {', '.join(rel[:5])} failed: {outcome.get('error')}")
    return RunSummary(source.repo, "structure", "", outcome.get("status") or "ok", outcome.get("rows") or {}, 0,
                      None, outcome.get("error"), float(outcome.get("seconds") or 0.0))


class SkippedSource(CodelakeError):
    """A file a full run records as skipped, unparsed (too large, a link out of the repository): refused when a
    user names it, recorded so in a hook's batch (the rows of what it was before go, as a full run would drop them)."""

    def __init__(self, message: str, rel: str):
        super().__init__(message)
        self.rel = rel


def _update_targets(root: Path, files: list[str], strict: bool) -> list[str]:
    out = []
    for file in files:
        try:
            out.append(_update_target(root, file))
        except SkippedSource as exc:
            if strict:
                raise
            out.append(exc.rel)
        except CodelakeError:
            if strict:
                raise
    return sorted(set(out))


def _not_ignored(source: Source, rel: list[str], strict: bool) -> list[str]:
    """The targets less the untracked files git ignores: a full run reads tracked and untracked-not-ignored files
    (``list_candidates``), so a build's output an agent wrote is no part of the repository for an update either."""
    present = [r for r in rel if os.path.lexists(source.root / r)]
    if not (source.is_git and not source.bare and present):
        return rel
    nested = {r: folder for r in present if (folder := _nested_repository(source.root, r))}
    if nested and strict:
        rel, folder = next(iter(nested.items()))
        raise CodelakeError(f"{rel}: inside {folder}, a repository of its own (a submodule or a nested checkout), "
                            f"which an index of {source.root} leaves out; index it as its own repository; nothing was "
                            f"updated")
    present = [r for r in present if r not in nested]
    ignored = _git_ignored(source.root, present) + list(nested)
    if ignored and strict:
        raise CodelakeError(f"{ignored[0]}: ignored by git (untracked, and an ignore rule names it), no part of the "
                            f"repository an index reads; nothing was updated")
    return [r for r in rel if r not in ignored]


def _nested_repository(root: Path, rel: str) -> str | None:
    """The folder (repository-relative) of ``rel`` that holds a repository of its own: a submodule's checkout or a
    nested clone has a ``.git`` of its own; git lists neither's files in this repository, so a full run reads none."""
    parts = rel.split("/")[:-1]
    for depth in range(1, len(parts) + 1):
        folder = "/".join(parts[:depth])
        if os.path.lexists(root / folder / ".git"):
            return folder
    return None


GIT_CHECK_SECONDS = 10.0


def _check_seconds() -> float:
    return min(GIT_CHECK_SECONDS, gitsafe.git_timeout())  # CODELAKE_GIT_TIMEOUT may ask for less


def _git_ignored(root: Path, paths: list[str]) -> list[str]:
    """Those of ``paths`` git ignores (a tracked file is never ignored: check-ignore leaves it out). A path asked
    again while every file its answer depends on is as it was (``_IgnoreRules``) is answered without git."""
    rules = _IgnoreRules.of(root)
    answers = {path: rules.answer(path) for path in paths} if rules is not None else {}
    ask = [path for path in paths if answers.get(path) is None]
    if ask:
        before = {path: rules.signature(path) for path in ask} if rules is not None else {}
        ignored = _ask_git_ignored(root, ask)
        for path in ask:
            answers[path] = ignored is not None and path in ignored
            if rules is not None and ignored is not None:
                rules.remember(path, before[path], answers[path])
    return sorted(path for path, yes in answers.items() if yes)


def _ask_git_ignored(root: Path, paths: list[str]) -> frozenset | None:
    """The paths git ignores; None when it did not answer (then nothing is taken for ignored, nor remembered)."""
    try:  # bounded: the repository's ignore files are its own (a hostile one costs this check only)
        proc = gitsafe.run(root, ["check-ignore", "-z", "--stdin"], timeout=_check_seconds(),
                           prefix=("-c", "core.fsmonitor=false"),
                           input=b"".join(os.fsencode(p) + b"\0" for p in paths))
    except (OSError, subprocess.SubprocessError, gitsafe.GitNoAnswer):
        return None
    if proc.returncode not in (0, 1):  # 1: none ignored; else git failed, and says so on stderr
        return None
    return frozenset(os.fsdecode(p) for p in proc.stdout.split(b"\0") if p)  # names as bytes


class _IgnoreRules:
    """``git check-ignore``'s answers for one checkout, each kept with the state of every file it depends on: the
    index (a tracked file is never ignored), the ``.gitignore`` of the path's folder and of each folder above it,
    ``info/exclude``, the configs and the excludes file they name (``core.excludesFile``). A warm worker asks at
    every edit, most often of the same file (one ``git`` process, ~30 ms, each). A config that includes another
    (``[include]``) is not followed: nothing is kept then."""

    _by_root: dict[str, "_IgnoreRules"] = {}

    def __init__(self, root: Path, dirs):
        self.root, self.dirs = str(root), dirs
        self.answers: dict[str, tuple[tuple, bool]] = {}
        self.configs: tuple[str, ...] = ()
        self.config_state: tuple | None = None
        self.excludes: tuple[str, ...] | None = None  # None: a config this cannot follow

    @classmethod
    def of(cls, root: Path) -> "_IgnoreRules | None":
        from .repos import known_git_dirs

        dirs = known_git_dirs(root)  # ``resolve_source`` asked git of this root just before
        if dirs is None:
            return None
        rules = cls._by_root.get(str(root))
        if rules is None or rules.dirs != dirs:
            rules = cls._by_root[str(root)] = cls(root, dirs)
        return rules

    def answer(self, path: str) -> bool | None:
        kept = self.answers.get(path)
        return kept[1] if kept is not None and kept[0] == self.signature(path) else None

    def remember(self, path: str, before: tuple | None, ignored: bool) -> None:
        if before is not None and self.signature(path) == before:  # nothing moved while git answered
            self.answers[path] = (before, ignored)

    def signature(self, path: str) -> tuple | None:
        from .repos import stat_signature

        excludes = self._excludes()
        if excludes is None:
            return None
        folders = path.split("/")[:-1]
        ignore_files = [os.path.join(self.root, *folders[:depth], ".gitignore") for depth in range(len(folders) + 1)]
        own = [os.path.join(self.dirs.git_dir, "index"), os.path.join(self.dirs.common_dir, "info", "exclude")]
        return stat_signature(own + ignore_files + list(excludes))

    def _excludes(self) -> tuple[str, ...] | None:
        """The excludes files the configs name (or git's default), read again when a config changed."""
        from .repos import stat_signature

        configs = _config_files(self.dirs)
        state = stat_signature(list(configs))
        if state is None:
            return None
        if state != self.config_state or configs != self.configs:
            self.configs, self.config_state, self.excludes = configs, state, _excludes_files(configs)
        return None if self.excludes is None else (*configs, *self.excludes)


def _config_files(dirs) -> tuple[str, ...]:
    """The configs git reads, least to most specific (``GIT_CONFIG_*`` in the environment are in the signature)."""
    home = os.path.expanduser("~")
    xdg = os.environ.get("XDG_CONFIG_HOME") or os.path.join(home, ".config")
    system = os.environ.get("GIT_CONFIG_SYSTEM") or "/etc/gitconfig"
    user = os.environ.get("GIT_CONFIG_GLOBAL")
    users = (user,) if user else (os.path.join(xdg, "git", "config"), os.path.join(home, ".gitconfig"))
    return (system, *users, os.path.join(dirs.common_dir, "config"), os.path.join(dirs.git_dir, "config.worktree"))


_EXCLUDES_FILE = re.compile(rb"(?im)^\s*excludesfile\s*=\s*(.*?)\s*$")
_INCLUDE = re.compile(rb"(?im)^\s*\[\s*include")


def _excludes_files(configs: tuple[str, ...]) -> tuple[str, ...] | None:
    """The ``core.excludesFile`` the configs name (the last wins; unset: ``$XDG_CONFIG_HOME/git/ignore``); None
    when a config includes another or names one this cannot place (a relative path, quotes, escapes)."""
    named = None
    for config in configs:
        try:
            with open(config, "rb") as fh:
                text = fh.read()
        except OSError:
            continue
        if _INCLUDE.search(text):
            return None
        for value in _EXCLUDES_FILE.findall(text):
            named = os.path.expanduser(os.fsdecode(value))
            if not os.path.isabs(named) or any(c in named for c in "\"\\;#"):
                return None
    if named is None:
        xdg = os.environ.get("XDG_CONFIG_HOME") or os.path.join(os.path.expanduser("~"), ".config")
        named = os.path.join(xdg, "git", "ignore")
    return (named,)


def _held_if_gone(lake: Lake, source: Source, rel: list[str], strict: bool) -> list[str]:
    """The targets, less the paths that are gone and that the lake never had: a typo with ``strict`` (one line, and
    nothing is written), a scratch file an agent made and removed in a hook's batch (no snapshot written for it)."""
    gone = [r for r in rel if not os.path.lexists(source.root / r)]
    if not gone:
        return rel
    files = lake.read_table(source.repo, "files", columns=["path"], where=("path", gone))
    held = set(files.column("path").to_pylist()) if files is not None else set()
    unknown = [r for r in gone if r not in held]
    if unknown and strict:
        raise CodelakeError(f"{unknown[0]}: no such file in {source.root}, nor in the lake; nothing was updated")
    return [r for r in rel if r not in unknown]


def _update_target(root: Path, file: str) -> str:
    """A file given to ``update``, repository-relative; a folder, a device, a binary, an unknown kind of file, one
    over the size a source file may have or a link out of the repository is refused with one line (and nothing is
    written)."""
    from extractors.structure.discover import MAX_BYTES, utf8_name
    from extractors.structure.plan import indexable

    rel = _relative(root, file)
    if not utf8_name(rel):
        raise CodelakeError(f"{rel.encode('utf-8', 'backslashreplace').decode()}: the file name is not UTF-8, which "
                            f"the lake's path columns cannot hold (an index leaves it out too); nothing was updated")
    full = root / rel
    try:
        info = full.lstat()
    except FileNotFoundError:
        return rel  # deleted: its rows go (``_held_if_gone``: if the lake has it)
    except OSError as exc:
        raise CodelakeError(f"{file}: cannot read it ({exc.strerror})") from None
    mode = info.st_mode
    if stat.S_ISDIR(mode):
        raise CodelakeError(f"{file}: is a folder; `codelake update` takes files (`codelake index` reads folders)")
    if not (stat.S_ISREG(mode) or stat.S_ISLNK(mode)):
        raise CodelakeError(f"{file}: not a regular file (a FIFO, socket or device); nothing was updated")
    if not indexable(rel, root):
        raise CodelakeError(f"{file}: not a source file codelake indexes (no known language or resolution config)")
    if stat.S_ISLNK(mode):
        _refuse_link_out_of(root, file, rel)
    elif _is_binary(full):
        raise CodelakeError(f"{file}: a binary file, not source; nothing was updated")
    elif info.st_size > MAX_BYTES:
        raise SkippedSource(f"{file}: {info.st_size} bytes, over the {MAX_BYTES} a source file may have "
                            f"(larger ones are generated or data); nothing was updated", rel)
    return rel


def _refuse_link_out_of(root: Path, file: str, rel: str) -> None:
    """A link is recorded as a link (as a full run records it), never followed; one leading out of the repository
    is refused when a user names it: it is no part of it."""
    target = (root / rel).resolve()
    if target != root and root not in target.parents:
        raise SkippedSource(f"{file}: a link to {target}, outside the repository {root}; nothing was updated", rel)


def _is_binary(path: Path) -> bool:
    try:
        with open(path, "rb") as fh:
            return b"\0" in fh.read(8192)
    except OSError:
        return False


def _relative(root: Path, file: str) -> str:
    """A path given absolute, relative to the working directory, or relative to the repository root."""
    p = Path(file)
    candidates = [p] if p.is_absolute() else [Path.cwd() / p, root / p]
    inside = []
    for c in candidates:
        try:
            inside.append((os.path.lexists(c), _resolved_parent(c).relative_to(root).as_posix()))
        except ValueError:
            continue
    if not inside:
        raise CodelakeError(f"{file}: not inside the repository {root}")
    return max(inside, key=lambda t: t[0])[1]


def _resolved_parent(path: Path) -> Path:
    """The path with its folders' links resolved, not its own name (a link is indexed as a link, not followed)."""
    path = Path(os.path.abspath(path))
    return path.parent.resolve() / path.name
