"""Install Sourcegraph's SCIP indexers from the npm registry and run them on a benchmark repository.

Everything lands outside the repository: the npm packages and the ``index.scip`` outputs in a cache folder
(``$CODELAKE_BENCH_CACHE``, default ``~/.cache/codelake-bench``), keyed by the indexed commit and the indexer's
version, so re-running the comparison after a change to codelake's extractor costs only codelake's own indexing.
The repositories are the fetched corpora (``$CODELAKE_BENCH_CORPORA``, default ``/work/corpora``): each is cloned into
a temporary folder first, since scip-typescript writes a tsconfig.json into the tree it infers one for.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

PACKAGES = {"scip-typescript": "@sourcegraph/scip-typescript@0.4.0", "scip-python": "@sourcegraph/scip-python@0.6.6"}
INSTALL_TIMEOUT = 600
INDEX_TIMEOUT = 900
TSCONFIG_NAME = "tsconfig.codelake-bench.json"


class Unavailable(Exception):
    """The comparison cannot run here (no node/npm, no repository, an indexer failed): the message says why."""


@dataclass(frozen=True)
class Target:
    name: str
    language: str  # what codelake calls the family compared: typescript, python, javascript
    tool: str
    args: tuple[str, ...]
    note: str = ""
    corpus_name: str = ""
    # a src/ layout's import root for scip-python: without it pyright binds the tests' `import jinja2` to whatever
    # copy of the package is installed where scip-python runs (or to nothing), never to the files being compared
    extra_paths: tuple[str, ...] = ()
    # a tsconfig written to the private clone as TSCONFIG_NAME (pass that name in args): for a repository whose own
    # tsconfig leaves its tests out or extends a package that is not installed
    tsconfig: tuple[tuple[str, object], ...] = ()
    # folders removed from the private clone before either tool indexes it: data that is not code that runs
    # (a formatter's test inputs, generated profiling files), which would swamp the repository's own calls
    dropped: tuple[str, ...] = ()

    @property
    def corpus(self) -> Path:
        return Path(os.environ.get("CODELAKE_BENCH_CORPORA", "/work/corpora")) / (self.corpus_name or self.name)


TARGETS = {
    # hono's tsconfig.json is a solution file; tsconfig.spec.json covers src/ with its tests
    "hono": Target("hono", "typescript", "scip-typescript", ("index", "--no-progress-bar", "tsconfig.spec.json")),
    "httpx": Target("httpx", "python", "scip-python", ("index", "--project-name", "httpx", "--quiet")),
    # held out: first compared after the extractor's rules were written (2026-12-02), never tuned against
    "requests": Target("requests", "python", "scip-python", ("index", "--project-name", "requests", "--quiet")),
    "uvicorn": Target("uvicorn", "python", "scip-python", ("index", "--project-name", "uvicorn", "--quiet")),
    # tuning target (2026-12-05)
    "starlette": Target("starlette", "python", "scip-python", ("index", "--project-name", "starlette", "--quiet")),
    # tuning target (2026-12-05)
    "rich": Target("rich", "python", "scip-python", ("index", "--project-name", "rich", "--quiet")),
    # tuning targets (2026-12-05, sixth round): pallets/jinja (a compiler: node visitors, generated code's runtime)
    # and tiangolo/typer (a CLI library over click: decorator-registered commands, many small test apps)
    "jinja": Target("jinja", "python", "scip-python", ("index", "--project-name", "jinja", "--quiet"),
                    extra_paths=("src",)),
    "typer": Target("typer", "python", "scip-python", ("index", "--project-name", "typer", "--quiet")),
    # tuning targets (2026-12-05, seventh round): pallets/click (a CLI library: decorators building commands, a
    # context object passed down) and python-attrs/attrs (class decorators generating methods, many small test classes)
    "click": Target("click", "python", "scip-python", ("index", "--project-name", "click", "--quiet"),
                    extra_paths=("src",)),
    "attrs": Target("attrs", "python", "scip-python", ("index", "--project-name", "attrs", "--quiet"),
                    extra_paths=("src",)),
    # tuning targets (2026-12-05, eighth round): pallets/werkzeug (a WSGI toolkit: routing converters, data
    # structures, a dev server) and psf/black (a formatter over its own lib2to3 fork: node visitors, a parser driver)
    "werkzeug": Target("werkzeug", "python", "scip-python", ("index", "--project-name", "werkzeug", "--quiet"),
                       extra_paths=("src",)),
    "black": Target("black", "python", "scip-python", ("index", "--project-name", "black", "--quiet"),
                    extra_paths=("src",), dropped=("tests/data", "profiling")),
    "h3": Target("h3", "typescript", "scip-typescript", ("index", "--no-progress-bar")),
    # tuning target (2026-12-05): unjs/unstorage, tsconfig.json covers src/ and test/
    "unstorage": Target("unstorage", "typescript", "scip-typescript", ("index", "--no-progress-bar")),
    # tuning targets (2026-12-05, sixth round): colinhacks/zod, a class-heavy library (the root tsconfig.json covers
    # packages/zod, its v3 and v4 classes and tests), and egoist/tsup, a CLI
    "zod": Target("zod", "typescript", "scip-typescript", ("index", "--no-progress-bar", "packages/zod/tsconfig.json")),
    "tsup": Target("tsup", "typescript", "scip-typescript", ("index", "--no-progress-bar")),
    "express": Target("express", "javascript", "scip-typescript",
                      ("index", "--infer-tsconfig", "--no-progress-bar"),
                      note="plain CommonJS: the type checker binds require() results and functions, not methods "
                           "assigned to objects (app.x = function ...), so its calls are a subset of the real ones"),
    # tuning targets (2026-12-05, seventh round): sindresorhus/ky (one class behind a function-object API; its
    # tsconfig extends an uninstalled package and leaves test/ out) and tj/commander.js (plain CommonJS classes
    # with JSDoc types; its tsconfig leaves the JavaScript tests out)
    "ky": Target("ky", "typescript", "scip-typescript", ("index", "--no-progress-bar", TSCONFIG_NAME),
                 tsconfig=(("compilerOptions", {"target": "es2022", "module": "nodenext", "strict": True,
                                                "lib": ["dom", "dom.iterable", "es2022"], "types": []}),
                           ("include", ["source", "test"]))),
    "commander": Target("commander", "javascript", "scip-typescript", ("index", "--no-progress-bar", TSCONFIG_NAME),
                        tsconfig=(("compilerOptions", {"target": "esnext", "module": "nodenext", "allowJs": True,
                                                       "checkJs": True, "noEmit": True, "types": []}),
                                  ("include", ["*.js", "lib/**/*.js", "tests/**/*.js", "typings/**/*.ts"]))),
    # tuning targets (2026-12-05, eighth round): pmndrs/zustand (React state: a store built by composed middleware
    # functions, generics-heavy; its tsconfig names an uninstalled types package) and caolan/async (plain
    # JavaScript: ESM library functions wrapping each other, CommonJS mocha tests that require('../lib'))
    "zustand": Target("zustand", "typescript", "scip-typescript", ("index", "--no-progress-bar", TSCONFIG_NAME),
                      tsconfig=(("compilerOptions", {"target": "esnext", "strict": True, "jsx": "react-jsx",
                                                     "esModuleInterop": True, "module": "esnext",
                                                     "moduleResolution": "bundler", "skipLibCheck": True,
                                                     "allowImportingTsExtensions": True, "noEmit": True, "types": [],
                                                     "paths": {"zustand": ["./src/index.ts"],
                                                               "zustand/*": ["./src/*.ts"]}}),
                                ("include", ["src/**/*", "tests/**/*"]))),
    "async": Target("async", "javascript", "scip-typescript", ("index", "--no-progress-bar", TSCONFIG_NAME),
                    tsconfig=(("compilerOptions", {"target": "esnext", "module": "nodenext", "allowJs": True,
                                                   "checkJs": True, "noEmit": True, "types": []}),
                              ("include", ["lib/**/*.js", "test/**/*.js"]))),
    # tuning target (2026-12-05, ninth round): TanStack/query's packages/query-core with the query-test-utils its
    # tests import (a corpus of those two folders alone, committed afresh): classes of observers, caches and
    # managers subscribing to each other, a singleton per manager
    "query-core": Target("query-core", "typescript", "scip-typescript", ("index", "--no-progress-bar", TSCONFIG_NAME),
                         tsconfig=(("compilerOptions", {"target": "esnext", "strict": True, "jsx": "react-jsx",
                                                        "module": "esnext", "moduleResolution": "bundler",
                                                        "skipLibCheck": True, "noEmit": True, "types": [],
                                                        "lib": ["dom", "dom.iterable", "esnext"],
                                                        "paths": {"@tanstack/query-test-utils":
                                                                  ["./packages/query-test-utils/src/index.ts"]}}),
                                   ("include", ["packages/query-core/src/**/*",
                                                "packages/query-test-utils/src/**/*"]))),
}


def cache_dir() -> Path:
    return Path(os.environ.get("CODELAKE_BENCH_CACHE", Path.home() / ".cache" / "codelake-bench"))


def tool_path(tool: str) -> Path:
    """The indexer's executable, installed into the cache with npm on first use."""
    prefix = cache_dir() / "scip-npm"
    binary = prefix / "node_modules" / ".bin" / tool
    if binary.exists():
        return binary
    for needed in ("node", "npm"):
        if shutil.which(needed) is None:
            raise Unavailable(f"{needed} is not installed (the SCIP indexers are npm packages)")
    prefix.mkdir(parents=True, exist_ok=True)
    try:
        proc = subprocess.run(["npm", "install", "--no-audit", "--no-fund", "--prefix", str(prefix),
                               *PACKAGES.values()], capture_output=True, text=True, timeout=INSTALL_TIMEOUT)
    except subprocess.TimeoutExpired:
        raise Unavailable(f"npm install of {', '.join(PACKAGES.values())} took over {INSTALL_TIMEOUT} s") from None
    if proc.returncode != 0 or not binary.exists():
        tail = (proc.stderr or proc.stdout).strip().splitlines()[-1:] or ["no output"]
        raise Unavailable(f"npm install of {PACKAGES[tool]} failed: {tail[0]}")
    return binary


def _git(*args: str) -> subprocess.CompletedProcess:
    if shutil.which("git") is None:
        raise Unavailable("git is not installed")
    return subprocess.run(["git", *args], capture_output=True, text=True)


def head_commit(repo: Path) -> str:
    proc = _git("-C", str(repo), "rev-parse", "HEAD")
    if proc.returncode != 0:
        raise Unavailable(f"{repo}: not a git repository")
    return proc.stdout.strip()


def checkout(target: Target, into: Path) -> Path:
    """A private clone of the target's corpus at its HEAD (the corpus itself is shared and stays untouched)."""
    if not (target.corpus / ".git").exists():
        raise Unavailable(f"{target.corpus} is not there (fetch the repository to compare against it)")
    clone = into / target.name
    proc = _git("clone", "-q", "--shared", str(target.corpus), str(clone))
    if proc.returncode != 0:
        raise Unavailable(f"git clone {target.corpus} failed: {proc.stderr.strip()}")
    for folder in target.dropped:
        shutil.rmtree(clone / folder, ignore_errors=True)
    return clone


def scip_index(target: Target, clone: Path) -> Path:
    """The SCIP index of ``clone`` (a checkout of the target), from the cache when the same commit was indexed."""
    commit = head_commit(clone)
    version = PACKAGES[target.tool].rsplit("@", 1)[1]
    out = cache_dir() / "scip-indexes" / f"{target.name}-{commit[:12]}-{target.tool}-{version}.scip"
    if out.exists():
        return out
    tool = tool_path(target.tool)
    out.parent.mkdir(parents=True, exist_ok=True)
    if target.extra_paths:  # the clone is private; pyrightconfig.json wins over pyproject.toml's [tool.pyright]
        (clone / "pyrightconfig.json").write_text(json.dumps({"extraPaths": list(target.extra_paths)}))
    if target.tsconfig:
        (clone / TSCONFIG_NAME).write_text(json.dumps(dict(target.tsconfig)))
    partial = out.with_suffix(".partial")
    env = {**os.environ, "NODE_OPTIONS": os.environ.get("NODE_OPTIONS", "--max-old-space-size=4096")}
    try:
        proc = subprocess.run([str(tool), *target.args, "--output", str(partial)], cwd=clone, capture_output=True,
                              text=True, timeout=INDEX_TIMEOUT, env=env)
    except subprocess.TimeoutExpired:
        raise Unavailable(f"{target.tool} on {target.name} took over {INDEX_TIMEOUT} s") from None
    if proc.returncode != 0 or not partial.exists():
        tail = (proc.stderr or proc.stdout).strip().splitlines()[-1:] or [f"exit {proc.returncode}"]
        raise Unavailable(f"{target.tool} failed on {target.name}: {tail[0]}")
    partial.rename(out)
    return out
