"""Where the nightly run finds each repository: a local checkout as it is, or a bare mirror of a remote that it
clones once and fetches on later nights (``<workspace>/<id>.git``).

Remotes are untrusted: git never prompts (a run is unattended), ``ext::`` transports are refused, options cannot be
smuggled in through a URL, every clone or fetch has a time budget (past it: ``FetchTimeout``, which flows retry), and
a clone is made under a temporary name so that an interrupted one never looks like a mirror.
"""

from __future__ import annotations

import os
import shutil
import uuid
from pathlib import Path

from . import gitsafe
from .errors import FetchError, FetchTimeout
from .orgconfig import RepoSpec
from .repos import git_toplevel, is_bare_repo, is_git_repo

SAFE_GIT = ("-c", "protocol.ext.allow=never", "-c", "core.askPass=", "-c", "credential.interactive=never")


def _env() -> dict:
    return {**os.environ, "GIT_TERMINAL_PROMPT": "0", "GIT_ASKPASS": "", "SSH_ASKPASS": "",
            "GIT_SSH_COMMAND": os.environ.get("GIT_SSH_COMMAND", "ssh -o BatchMode=yes")}


def _git(args: list[str], timeout: float, what: str, cwd: Path | None = None, check: bool = True) -> str:
    try:
        proc = gitsafe.run(cwd or os.getcwd(), list(args), timeout=timeout, prefix=SAFE_GIT, text=True, env=_env(),
                           cwd=cwd)  # its own session: ssh and helpers are stopped with it
    except gitsafe.GitNoAnswer:
        raise FetchTimeout(f"{what}: no answer within {timeout:g} s") from None
    if proc.returncode != 0 and not check:
        return ""
    if proc.returncode != 0:
        lines = [line.strip() for line in proc.stderr.splitlines() if line.strip()]
        detail = next((line for line in lines if line.startswith(("fatal:", "error:"))), None) or \
            (lines[-1] if lines else f"exit code {proc.returncode}")
        raise FetchError(f"{what}: {detail}")
    return proc.stdout


def source_path(spec: RepoSpec, workspace: Path, timeout: float) -> Path:
    """The folder to index for ``spec``: its local path, or its mirror after a clone or fetch."""
    if spec.is_remote:
        return mirror(spec, workspace, timeout)
    return local(spec)


def local(spec: RepoSpec) -> Path:
    root = spec.path
    if root is None or not root.is_dir():
        raise FetchError(f"{spec.id}: {root} is not a directory")
    if spec.branch and (is_git_repo(root) or is_bare_repo(root)):
        current = _git(["-C", str(root), "symbolic-ref", "--short", "-q", "HEAD"], gitsafe.git_timeout(),
                       f"{spec.id}: {root}", check=False).strip()
        if current != spec.branch:
            raise FetchError(f"{spec.id}: {root} has {current or 'a detached HEAD'} checked out, the config asks for "
                             f"{spec.branch!r}; codelake never switches a working tree: use url = \"{root}\" to index "
                             "that branch from a mirror")
    return git_toplevel(root) or root if is_git_repo(root) else root


def mirror(spec: RepoSpec, workspace: Path, timeout: float) -> Path:
    """Clone (``--mirror``) or fetch the remote into ``<workspace>/<id>.git`` and point its HEAD at the branch."""
    workspace.mkdir(parents=True, exist_ok=True)
    dest = workspace / f"{spec.id}.git"
    what = f"{spec.id}: {spec.url}"
    if (dest / "HEAD").exists():
        _git(["-C", str(dest), "config", "remote.origin.url", spec.url], timeout, what)
        _git(["-C", str(dest), "fetch", "--prune", "--force", "--quiet", "origin"], timeout, f"fetch {what}")
    else:
        tmp = workspace / f".{spec.id}.clone-{uuid.uuid4().hex[:8]}"
        try:
            _git(["clone", "--mirror", "--quiet", "--", spec.url, str(tmp)], timeout, f"clone {what}")
            os.replace(tmp, dest)
        finally:
            shutil.rmtree(tmp, ignore_errors=True)
    if spec.branch:
        ref = f"refs/heads/{spec.branch}"
        if _git(["-C", str(dest), "show-ref", "--verify", ref], timeout, what, check=False) == "":
            raise FetchError(f"{what}: no branch {spec.branch!r}")
        _git(["-C", str(dest), "symbolic-ref", "HEAD", ref], timeout, what)
    return dest


def sweep(workspace: Path) -> None:
    """Remove what interrupted clones left (their temporary folders)."""
    if workspace.is_dir():
        for tmp in workspace.glob(".*.clone-*"):
            shutil.rmtree(tmp, ignore_errors=True)
