"""Built-in extractors, each registered through the ``codelake.extractors`` entry point group."""
