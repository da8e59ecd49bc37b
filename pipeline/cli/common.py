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
QUICK_EXIT = False  # set by ``lean_process`` in the command line's own process: ``main`` ends it with ``os._exit``


def lean_process() -> None:
    """For a short command that runs no plugin (the post-edit ``update``): no pandas, no numpy (``pipeline.lean``),
    and no cyclic garbage collector: the process lives a second and builds a few hundred thousand objects it keeps
    to the end (definitions, references), over which each collection walks again (~15 % of a sympy update). As the
    command line's own process, it ends without tearing those objects and modules down (``main``: ~60 ms of an
    update). pyarrow's allocator is named when the command line starts (``pipeline.allocator``), without importing
    pyarrow: when a warm worker takes the files, this process never imports it."""
    import gc

    from .. import lean

    global QUICK_EXIT
    gc.disable()
    if WHOLE_PROCESS:
        lean.refuse("pandas", "numpy")
        lean.plain_compute_docs()
        one_malloc_arena()
        QUICK_EXIT = True
    else:
        lean.refuse("pandas")


M_ARENA_MAX = -8  # glibc's ``mallopt`` parameter


def one_malloc_arena() -> None:
    """Every thread of this process allocates from one glibc arena. A one-shot update takes the system allocator
    (``pipeline.allocator``), and Arrow's reader threads and the shard writes' threads each took an arena of their
    own, whose freed memory stayed with it: one arena held sympy's hub update at 110-111 against 115-117 MiB (four
    alternated runs; user CPU the same). Set before the process starts a thread; nothing where the C library has no
    ``mallopt`` (not glibc)."""
    import ctypes

    try:
        ctypes.CDLL(None).mallopt(M_ARENA_MAX, 1)
    except (OSError, AttributeError):
        pass


def refuse_pandas() -> None:
    """Keep pandas out of this process: for a command that runs only codelake's own code."""
    from .. import lean

    lean.refuse("pandas")


def check_repo(the_lake, repo: str | None) -> None:
    from ..errors import QueryError

    if not repo:
        return
    known = the_lake.repos()
    if repo not in known:
        listed = ", ".join(known[:20]) + (", ..." if len(known) > 20 else "") if known else "none indexed yet"
        raise QueryError(f"no repository {repo!r} in the lake at {the_lake.root} (repositories: {listed})")
