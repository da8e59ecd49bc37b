"""Commands over the exports: export (write digest and snippets), digest and snippet (print what a hook injects,
exporting first when the export is missing or older than the lake)."""

from __future__ import annotations

import os

from . import common
from .output import emit, message


def cmd_export(args) -> int:
    from ..exports.export import export, export_repo

    lake = common.lake(args)
    if args.files:  # just these files' snippets (and those naming them), in place
        summaries = [export_repo(lake, _one_repo(lake, args.repo), args.snippet_budget, files=args.files)]
    else:
        summaries = export(lake, [args.repo] if args.repo else None, args.snippet_budget or 100, args.digest_budget)
    emit(["repo", "mode", "snippets", "digest_tokens", "max_snippet_tokens", "seconds", "folder"],
         [(s.repo, s.mode, s.snippets, s.digest_tokens, s.max_snippet_tokens, round(s.seconds, 2), s.folder)
          for s in summaries], args.format)
    return 0


def _fresh_export(lake, repo: str) -> None:
    """Export ``repo`` when it has no export or the lake changed since."""
    from ..exports import read
    from ..exports.export import export_repo

    manifest = read.manifest(lake.root, repo)
    if manifest is None or manifest.get("snapshot") != lake.snapshot(repo).snapshot:
        message(f"exporting {repo} (the export is {'missing' if manifest is None else 'older than the lake'})")
        export_repo(lake, repo)


def _one_repo(lake, repo: str | None) -> str:
    from ..errors import QueryError

    repos = lake.repos()
    if repo:
        if repo not in repos:
            raise QueryError(f"no repository {repo!r} in the lake at {lake.root}")
        return repo
    cwd = os.path.realpath(os.getcwd())
    for name in repos:
        root = lake.snapshot(name).info.get("root")
        if root and (cwd == root or cwd.startswith(root.rstrip(os.sep) + os.sep)):
            return name
    if len(repos) == 1:
        return repos[0]
    raise QueryError(f"several repositories in the lake ({', '.join(repos) or 'none'}): name one with --repo")


def cmd_digest(args) -> int:
    from ..exports import read

    lake = common.lake(args)
    repo = _one_repo(lake, args.repo)
    _fresh_export(lake, repo)
    root = lake.snapshot(repo).info.get("root")
    task = read.task_context(root) if root and os.path.isdir(root) else {"branch": None, "changed": []}
    branch = args.branch if args.branch is not None else task["branch"]
    print(read.digest(lake.root, repo, budget=args.budget, branch=branch, changed=task["changed"]) or "")
    return 0


def cmd_snippet(args) -> int:
    from ..errors import QueryError
    from ..exports import read

    lake = common.lake(args)
    found = read.repo_for_path(lake.root, os.path.abspath(args.path)) if not args.repo else None
    if found is None:
        repo = _one_repo(lake, args.repo)
        root = lake.snapshot(repo).info.get("root") or ""
        absolute = os.path.abspath(args.path)
        rel = os.path.relpath(absolute, root) if root and absolute.startswith(root.rstrip(os.sep) + os.sep) \
            else args.path
        found = (repo, rel)
    _fresh_export(lake, found[0])
    text = read.snippet(lake.root, found[0], found[1])
    if text is None:
        raise QueryError(f"{args.path}: no snippet in repository {found[0]} (not an indexed source file)")
    print(text)
    return 0


def register(sub, common_parser) -> None:
    p = sub.add_parser("export", parents=[common_parser], help="write the digest and the per-file snippets",
                       description="Write <lake>/_exports/<repo>/: digest.json, digest.md, snippets/<path>.json, "
                                   "manifest.json (what agent hooks read without a database).")
    p.add_argument("--repo", help="repository id (default: every repository; with --files, the one the current "
                                  "folder is in)")
    p.add_argument("--files", nargs="+", metavar="FILE",
                   help="rewrite only these files' snippets and the snippets that name them, in the published "
                        "export (after an edit; paths absolute or relative to the repository root)")
    p.add_argument("--snippet-budget", type=int, default=None,
                   help="tokens per snippet (default 100; with --files, the export's own budget)")
    p.add_argument("--digest-budget", type=int, default=400, help="tokens of digest.md (default 400)")
    p.set_defaults(func=cmd_export)

    p = sub.add_parser("digest", parents=[common_parser], help="the session digest an agent gets",
                       description="The digest of a repository, its sections ordered by the current task (branch "
                                   "name, files changed since the merge base, files agents touched recently).")
    p.add_argument("--repo", help="repository id (default: the one the current folder is in)")
    p.add_argument("--budget", type=int, default=400, help="tokens (default 400)")
    p.add_argument("--branch", help="task terms from this branch name instead of the checked-out one")
    p.set_defaults(func=cmd_digest)

    p = sub.add_parser("snippet", parents=[common_parser], help="the ~100-token note an agent gets before a file",
                       description="The snippet of PATH, with a note when the file changed since it was indexed.")
    p.add_argument("path", metavar="PATH")
    p.add_argument("--repo")
    p.set_defaults(func=cmd_snippet)
