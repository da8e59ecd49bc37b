"""What every command group needs: the lake and a catalog over it, from the shared ``--lake`` option."""

from __future__ import annotations


def lake(args):
    from ..lake import Lake

    return Lake(args.lake)


def catalog(args):
    from ..catalog import connect

    return connect(lake(args))
