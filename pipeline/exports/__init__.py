"""Exports: plain files under ``<lake>/_exports/`` that agent hooks read without a database.

``read`` is the light reader (stdlib only: hooks import it in a fresh process); ``export`` writes the files from the
SQL views; ``tokens`` counts tokens offline. Nothing heavy is imported here.
"""


LOCAL_ONLY = {"status": "skipped", "reason": "exports are written next to a local lake only (the lake is on object "
                                             "storage)"}


def export_repo(lake, repo: str) -> dict:
    """Export one repository (a flow's step, ``pipeline.steps``): small metadata about what was written; skipped on
    a lake on object storage (agent hooks read exports from a local folder)."""
    from .export import export_repo as write

    if not lake.files.local:
        return dict(LOCAL_ONLY)
    return write(lake, repo).as_dict()
