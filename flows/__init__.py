"""Prefect flows: thin sequences of task calls over the ``pipeline`` API."""
