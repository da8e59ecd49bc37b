"""Exports: plain files under ``<lake>/_exports/`` that agent hooks read without a database.

``read`` is the light reader (stdlib only: hooks import it in a fresh process); ``export`` writes the files from the
SQL views; ``tokens`` counts tokens offline. Nothing heavy is imported here.
"""
