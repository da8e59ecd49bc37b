"""What every command group needs: the lake and a catalog over it, from the shared ``--lake`` option."""

from __future__ import annotations


def lake(args):
    from ..lake import Lake

    return Lake(args.lake)


def catalog(args, *views: str):
    """A catalog over ``--lake``; naming the views a command reads spares it binding the others (cold start)."""
    from ..catalog import connect

    return connect(lake(args), views=list(views) or None)
