"""Exports: plain files under ``<lake>/_exports/`` that agent hooks read without a database.

``read`` is the light reader (stdlib only: hooks import it in a fresh process); ``export`` writes the files from the
SQL views; ``tokens`` counts tokens offline. Nothing heavy is imported here.
"""


def export_repo(lake, repo: str) -> dict:
    """Export one repository (a flow's step, ``pipeline.steps``): small metadata about what was written."""
    from .export import export_repo as write

    return write(lake, repo).as_dict()
