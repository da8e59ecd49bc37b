"""The doc_refs extractor's reading rules: which files are documents, what a document mentions (with its heading),
and a source file's one-line purpose (licences and directives skipped). The lake-level resolution is in test_map."""

from __future__ import annotations

import pytest

from extractors.doc_refs import scan


@pytest.mark.parametrize("path, kind", [
    ("README.md", "markdown"), ("docs/guide.rst", "rst"), ("docs/notes.txt", "text"), ("ARCHITECTURE", "text"),
    ("docs/adr/0002-use-duckdb.md", "adr"), ("doc/decisions/0001-x.rst", "adr"), ("CHANGELOG.md", "changelog"),
    ("requirements.txt", None), ("src/app.py", None), ("LICENSE", None), ("data/table.csv", None),
])
def test_which_files_are_documents(path, kind):
    assert scan.doc_kind(path) == kind


def mentioned(text: str) -> set[tuple[int, str | None, str, str]]:
    return {(m.line, m.heading, m.token, m.form) for m in scan.mentions(text)}


def test_markdown_mentions_keep_their_heading_and_skip_words():
    text = ("# Storage\n\nItems live in `shop/store.py` (see `Store.add`); the\nstore is fast.\n\n"
            "## Writes\n\nOnly run_extractor() writes, through pipeline.lake.Lake and GraphStore.\n"
            "```python\nfrom shop.store import Store\nstore = Store()\n```\n")
    found = mentioned(text)
    assert (3, "Storage", "shop/store.py", "path") in found
    assert (3, "Storage", "Store.add", "dotted") in found
    assert {(8, "Writes", "run_extractor", "identifier"), (8, "Writes", "pipeline.lake.Lake", "dotted"),
            (8, "Writes", "GraphStore", "identifier")} <= found
    assert (10, "Writes", "shop.store", "dotted") in found  # a code sample: dotted names, not plain words
    assert not {t for _, _, t, _ in found} & {"store", "fast", "Items", "Only", "from", "import"}


def test_restructuredtext_titles_and_roles():
    text = "Guide\n=====\n\nPricing\n-------\n\nSee :func:`shop.pricing.price` and :class:`~shop.store.Store`.\n"
    found = mentioned(text)
    assert (7, "Pricing", "shop.pricing.price", "dotted") in found
    assert (7, "Pricing", "shop.store.Store", "dotted") in found


def test_urls_are_not_paths():
    assert not any("example.com" in t for _, _, t, _ in mentioned("See https://example.com/a/b.py for more.\n"))


@pytest.mark.parametrize("text, language, expected", [
    ('"""Storage of items.\n\nMore words."""\n', "python", ("Storage of items.", "docstring", 1)),
    ("#!/usr/bin/env python\n# -*- coding: utf-8 -*-\n'''Runs the shop: the entry point.'''\n", "python",
     ("Runs the shop: the entry point.", "docstring", 3)),
    ("// Copyright 2024 Acme. Licensed under MIT.\n\n// Package store keeps items in memory.\npackage store\n",
     "go", ("Package store keeps items in memory.", "comment", 3)),
    ("//! Shapes and their areas, for the report.\nuse std::f64;\n", "rust",
     ("Shapes and their areas, for the report.", "comment", 1)),
    ("/**\n * The cart: items and their totals.\n */\nexport class Cart {}\n", "typescript",
     ("The cart: items and their totals.", "comment", 1)),
    ('"""Implementation of :class:`Domain` class."""\n', "python", ("Implementation of Domain class.", "docstring", 1)),
    ("/* eslint-disable */\nimport x from 'y';\n", "javascript", None),
    ("def f():\n    # not a header\n    return 1\n", "python", None),
    # a doc comment below code documents a declaration (hono's context.ts), not the file
    ("import { x } from './x'\n\n/**\n * Data type can be a string or a stream.\n */\nexport type Data = string\n",
     "typescript", None),
])
def test_a_source_files_purpose(text, language, expected):
    assert scan.purpose(text, language) == expected


def test_a_long_purpose_is_cut_to_one_line():
    sentence = scan.first_sentence("word " * 80)
    assert len(sentence) <= 120 and sentence.endswith("…") and "\n" not in sentence
