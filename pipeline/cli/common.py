"""What every command group needs: the lake and a catalog over it, from the shared ``--lake`` option."""

from __future__ import annotations


def lake(args):
    from ..lake import Lake

    return Lake(args.lake)


def catalog(args, *views: str, lazy: bool = False):
    """A catalog over ``--lake``; naming the views a command reads spares it binding the others (cold start), and
    ``lazy`` binds each only when a query reads it (``pipeline.catalog.connect``).
    A ``--repo`` the lake does not hold is an error here, for every command that reads: not an empty answer. A
    damaged file is left out with a warning (only its repository's rows of its table are missing)."""
    from ..catalog import connect

    the_lake = lake(args)
    check_repo(the_lake, getattr(args, "repo", None))
    found = connect(the_lake, views=list(views) or None, lazy=lazy)
    for path, (repo, table, reason) in sorted(found.damaged.items()):
        _warn_damaged(path, repo, table, reason)
    found.on_damage = _warn_damaged  # a lazy catalog binds its views later
    return found


def _warn_damaged(path: str, repo: str, table: str, reason: str) -> None:
    from .output import message

    where = f"repository {repo!r}, table {table!r}" if repo else f"table {table!r}"
    message(f"codelake: warning: damaged lake file {path} ({where}: {reason}); its rows are left out: "
            f"run `codelake check`, then `codelake index --full` on that repository")


WHOLE_PROCESS = False  # set by ``main``: the process runs one command and ends (what it refuses stays refused)


class _NoPandas:
    """Import hook refusing pandas. pyarrow imports pandas, when it is installed, the first time it converts Python
    objects (0.3-1 s); the post-edit path never uses pandas, so it is kept out of that process."""

    def find_spec(self, name, path=None, target=None):
        if name == "pandas" or name.startswith("pandas."):
            raise ModuleNotFoundError(f"{name} is not used by this codelake command", name=name)
        return None


def lean_process() -> None:
    """For a short command that runs no plugin (the post-edit ``update``): no pandas, and no cyclic garbage
    collector: the process lives a second and builds a few hundred thousand objects it keeps to the end (definitions,
    references), over which each collection walks again (~15 % of a sympy update). pyarrow's allocator is named when
    the command line starts (``pipeline.allocator``), without importing pyarrow: when a warm worker takes the files,
    this process never imports it."""
    import gc

    gc.disable()
    refuse_pandas()


def refuse_pandas() -> None:
    """Keep pandas out of this process (``_NoPandas``): for a command that runs only codelake's own code."""
    import sys

    if "pandas" not in sys.modules and not any(isinstance(f, _NoPandas) for f in sys.meta_path):
        sys.meta_path.insert(0, _NoPandas())


def check_repo(the_lake, repo: str | None) -> None:
    from ..errors import QueryError

    if not repo:
        return
    known = the_lake.repos()
    if repo not in known:
        listed = ", ".join(known[:20]) + (", ..." if len(known) > 20 else "") if known else "none indexed yet"
        raise QueryError(f"no repository {repo!r} in the lake at {the_lake.root} (repositories: {listed})")
