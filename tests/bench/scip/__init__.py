"""Comparison of codelake's structure extractor with Sourcegraph's SCIP indexers (scip-typescript, scip-python).

``index_scip`` reads the SCIP protobuf output without a protobuf library; ``indexers`` installs and runs the SCIP
indexers (npm, into a cache outside the repository); ``compare`` maps SCIP occurrences onto codelake's symbols and
scores file dependencies, caller -> callee pairs and blast radius misses; ``python -m tests.bench.scip`` re-runs the
comparison and prints sample misses and false positives with their source lines.
"""
