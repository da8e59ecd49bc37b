"""The ``codelake`` command line: a few lines per command over the Python API in ``pipeline.api`` and friends."""
