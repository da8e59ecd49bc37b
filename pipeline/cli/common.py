"""What every command group needs: the lake and a catalog over it, from the shared ``--lake`` option."""

from __future__ import annotations


def lake(args):
    from ..lake import Lake

    return Lake(args.lake)


def catalog(args, *views: str):
    """A catalog over ``--lake``; naming the views a command reads spares it binding the others (cold start).
    A ``--repo`` the lake does not hold is an error here, for every command that reads: not an empty answer."""
    from ..catalog import connect

    the_lake = lake(args)
    check_repo(the_lake, getattr(args, "repo", None))
    return connect(the_lake, views=list(views) or None)


def check_repo(the_lake, repo: str | None) -> None:
    from ..errors import QueryError

    if not repo:
        return
    known = the_lake.repos()
    if repo not in known:
        listed = ", ".join(known[:20]) + (", ..." if len(known) > 20 else "") if known else "none indexed yet"
        raise QueryError(f"no repository {repo!r} in the lake at {the_lake.root} (repositories: {listed})")
