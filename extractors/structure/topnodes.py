"""An edit's changed top-level nodes collected alone: a one-file update's query compiled and matched over what the
edit changed, the rest of the file's captures taken from its last parse, moved by their shift.

A file's query captures (``parse.Captures``: raw definitions, references, bindings, scopes) are collected match by
match, and each match's records are made from its own nodes: their text, their children and parents. The records of
a top-level node (a child of the tree's root) are then a function of the node's text and where it stands, so when
an edit leaves a node's text as it was, its records are the ones its last parse gave, moved by the bytes and lines
the edit added before it. This module keeps each parsed file's records per top-level node (``Stored``: the node's
kind, bytes, first line and a digest of its text, and its records; no source text) in a private folder of the lake
(``store_folder``). Only an update's parse-ahead child keeps them, for the file it parsed, once it has answered (a
full index keeps none: a file's first update pays, the next ones, an agent editing the same file again and again,
take them), as ``marshal`` of plain values behind a digest (``encoded``: reading one runs no code), the folder
bounded (``MAX_STORE_BYTES``). For the parse-ahead child's one file of a language that opts in
(``TOP_NODES_KEPT`` in its ``langs`` module), it compares the new text's nodes with the stored ones
(``top_change``: the unchanged nodes at the head and at the tail, the changed run between). The child then
compiles the query's patterns the run can match (its tokens and its nodes' kinds) and collects the run alone (a
cursor held to its bytes), and joins the kept nodes' records around it (``collected``): the same ``Captures`` a
whole collection gives, record for record and in order (the cursor reports matches in their nodes' order, and no
match has nodes in two top-level nodes), so every later step of the parse, which reads the whole file's captures,
gives the same facts.

Where it does not hold, the whole file is collected as before (``Verdict``, counted in the run's report): no stored
records, or records of another version; a tree with an error or a text the language's repairs rewrote; a tree
deeper than the cursor reads; a record placed outside every top-level node. A node whose records reach outside it
(a scope to the end of the file) is collected again, in the run.
"""

from __future__ import annotations

import hashlib
import os
import marshal
from bisect import bisect_left, bisect_right
from pathlib import Path
from typing import NamedTuple

from pipeline.location import CHECKOUT_CACHE as FOLDER, checkout_key  # <lake>/_topnodes/<checkout>/<path digest>

FORMAT = 1  # the stored file's layout


class TopNode(NamedTuple):
    """A child of the tree's root: its kind, bytes, first line (0-based) and a digest of its text."""

    kind: str
    start: int
    end: int
    line: int
    digest: bytes


class Stored(NamedTuple):
    """A file's records per top-level node, as its last parse collected them. ``records[i]``: node i's, as (the
    Captures list's name, its rows as plain tuples) pairs, or None where they reach outside the node."""

    version: str
    nodes: tuple
    records: tuple


class Change(NamedTuple):
    """The nodes an edit left as they were at the head (``head`` of them) and at the tail (``tail``) of the file."""

    head: int
    tail: int


# why a planned file was collected whole, as the run's report counts it (``top_nodes_<why>``; ``top_nodes_run``: its
# changed run alone)
WHY_WHOLE = {"not_stored": "no records kept for the file", "other_version": "records of another version",
             "unreadable": "the file cannot be read", "not_utf8": "read as Latin-1",
             "tree_error": "a tree with an error, or a text the language's repairs rewrote",
             "too_deep": "a tree deeper than the query's cursor reads"}


def top_nodes(root, data: bytes) -> list[TopNode]:
    return [TopNode(n.type, n.start_byte, n.end_byte, n.start_point[0],
                    hashlib.blake2b(data[n.start_byte:n.end_byte], digest_size=8).digest()) for n in root.children]


def top_change(old: tuple, new: list[TopNode]) -> Change:
    """The longest runs of unchanged nodes (same kind, length and digest) at the head and at the tail; a node moved
    elsewhere is changed where it left and where it went, never kept out of order."""
    def same(a: TopNode, b: TopNode) -> bool:
        return a.kind == b.kind and a.end - a.start == b.end - b.start and a.digest == b.digest

    most = min(len(old), len(new))
    head = 0
    while head < most and same(old[head], new[head]):
        head += 1
    tail = 0
    while tail < most - head and same(old[-1 - tail], new[-1 - tail]):
        tail += 1
    return Change(head, tail)


# -- a file's records, split by top-level node and moved -----------------------------------------------------------
class _Shape(NamedTuple):
    """Where a Captures list's rows (as plain tuples) hold bytes and lines, which a shift moves."""

    record: str | None  # the record class's name in ``parse`` (None: a plain tuple or an int)
    bytes: tuple = ()  # fields holding a byte offset
    optional: tuple = ()  # fields holding a byte offset, or 0 / None where there is none
    lines: tuple = ()  # fields holding a line, 0 where there is none
    site: int | None = None  # the field a CallSite may hold (its nodes' bytes)


_DEF = _Shape("RawDef", (0, 1), (14,), (4, 5))  # start, end; body_start; line_start, line_end
_REF = _Shape("RawRef", (0,), (7,), (6,), 4)  # start; name_start; line; module
_SHAPES = {"defs": _DEF, "refs": _REF, "binders": _Shape("Binder", (0, 1, 2)), "opaque": _Shape(None, (0, 1)),
           "callbacks": _Shape(None, (0, 1)), "guarded": _Shape(None, (0, 1)), "entries": _Shape(None),
           "gives": _Shape(None)}
_SITE = "\0site"  # a CallSite as stored: (_SITE, node kind, start, end, name kind, start, end)


def _shape(name: str) -> _Shape:
    return _SHAPES.get(name, _REF)  # "b:<kind>": a binding, a RawRef


def _lists(found) -> list[tuple[str, list]] | None:
    """``found``'s lists as (name, records) in a fixed order; None where it holds what no node's records carry (a
    macro's pasted calls, a forwarder's receiver: their maps are the file's)."""
    if found.pasted or found.forwarded:
        return None
    return [("defs", found.defs), ("refs", found.refs), ("opaque", found.opaque), ("callbacks", found.callbacks),
            ("guarded", found.guarded), ("binders", found.binders), ("entries", found.entries),
            ("gives", sorted(found.gives_receiver))] + [("b:" + kind, rows) for kind, rows in found.bindings.items()]


def split(lists: list[tuple[str, list]], nodes: list[TopNode]) -> tuple | None:
    """The records of ``lists`` (``_lists``) per node of ``nodes`` (plain tuples, as parsed): a node's None where
    one of its records names a byte outside it; None where a record starts outside every node. A list is filled in
    the cursor's order, by node: a node's records are one slice of it, found by bisection on their first byte and
    checked whole (a list out of that order keeps nothing)."""
    per: list = [{} for _ in nodes]
    for name, rows in lists:
        shape = _shape(name)
        firsts = rows if rows and type(rows[0]) is int else [row[0] for row in rows]
        placed = 0
        for at, node in enumerate(nodes):
            low = bisect_left(firsts, node.start, placed)
            high = bisect_right(firsts, node.end, low)
            if low != placed or low < high and (min(firsts[low:high]) < node.start
                                                 or max(firsts[low:high]) > node.end):
                return None  # a record between nodes, or out of order
            placed = high
            if low == high or per[at] is None:
                continue
            plain = _plain_rows(shape, rows[low:high])
            if _inside(shape, plain, node):
                per[at][name] = plain
            else:
                per[at] = None
        if placed != len(rows):
            return None  # a record after the last node
    return tuple(None if p is None else tuple(p.items()) for p in per)


def _plain_rows(shape: _Shape, rows: list) -> list:
    """Records as plain tuples (a CallSite as its nodes' kinds and bytes: ``_SITE``), ints as they are."""
    if shape.record is None:
        return list(rows)
    rows = list(map(tuple, rows))
    if shape.site is None:
        return rows
    from .parse import CallSite

    at = shape.site
    return [row if type(row[at]) is not CallSite else row[:at] + (_site_stored(row[at]),) + row[at + 1:]
            for row in rows]


def _site_stored(site) -> tuple:
    return (_SITE, site.node.type, site.node.start_byte, site.node.end_byte, site.name.type, site.name.start_byte,
            site.name.end_byte)


def _inside(shape: _Shape, rows: list, node: TopNode) -> bool:
    """Whether every byte ``rows`` name (their first ones checked already) lies in ``node``."""
    if shape.record is None and (not rows or type(rows[0]) is int):
        return True
    offsets = [row[i] for i in shape.bytes[1:] for row in rows] + [row[i] for i in shape.optional for row in rows
                                                                    if row[i]]
    if shape.site is not None:
        offsets += [o for row in rows if type(row[shape.site]) is tuple for o in row[shape.site][2:7:1]
                    if type(o) is int]
    return not offsets or node.start <= min(offsets) and max(offsets) <= node.end


def _moved(shape: _Shape, plain, by: int, lines: int):
    """A stored row moved ``by`` bytes and ``lines`` lines."""
    if type(plain) is int:
        return plain + by
    row = list(plain)
    for i in shape.bytes:
        row[i] += by
    for i in shape.optional:
        if row[i]:
            row[i] += by
    for i in shape.lines:
        if row[i]:
            row[i] += lines
    site = row[shape.site] if shape.site is not None else None
    if type(site) is tuple and site[:1] == (_SITE,):
        row[shape.site] = site[:2] + (site[2] + by, site[3] + by, site[4], site[5] + by, site[6] + by)
    return tuple(row)


# -- the lake's private folder -------------------------------------------------------------------------------------
STORE: list[Path] = []  # the folder of this run's checkout (``use_store``); empty: nothing stored or read
DEFER: list[bool] = [False]  # the parse-ahead child: stored after its answer is sent (``flush``)
_PENDING: list[tuple] = []
# A stored file: ``MAGIC``, a digest of the rest, then ``marshal`` of plain values (tuples, lists, str, int, None):
# reading one runs no code (a pickle names callables to call), and a damaged file fails its digest and is ignored
MAGIC = b"codelake top-level nodes\n"
DIGEST_BYTES = 16
MAX_FILE_BYTES = 8 << 20  # a file's records past this are not kept (sympy's 4K-line hub: ~0.4 MB)
MAX_STORE_BYTES = 64 << 20  # the lake's whole folder: past it, the files written longest ago go first


def store_folder(lake_root, source_root) -> Path | None:
    """``<lake>/_topnodes/<a digest of the checkout's real path>``; None for a lake that is no local folder."""
    if not isinstance(lake_root, (str, os.PathLike)) or "://" in str(lake_root):
        return None
    return Path(lake_root) / FOLDER / checkout_key(source_root)


def use_store(folder: str | os.PathLike | None) -> None:
    STORE[:] = [Path(folder)] if folder else []


def _file_of(folder: Path, path: str) -> Path:
    return folder / (hashlib.blake2b(path.encode(), digest_size=12).hexdigest() + ".records")


def load(path: str) -> Stored | None:
    """``path``'s stored records; None where there are none, or the file is damaged, of another path or another
    layout (never trusted: its digest, its path and every node are checked before a record is used)."""
    if not STORE:
        return None
    try:
        with open(_file_of(STORE[0], path), "rb") as fh:
            blob = fh.read(MAX_FILE_BYTES + 1)
    except OSError:
        return None
    return decoded(blob, path)


def encoded(path: str, stored: Stored) -> bytes | None:
    """A file's bytes as ``decoded`` reads them; None where a record holds a value ``marshal`` cannot write (a
    record class inside a record): such a file keeps no records."""
    try:
        body = marshal.dumps((path, stored.version, tuple(map(tuple, stored.nodes)), stored.records), 4)
    except ValueError:
        return None
    return MAGIC + hashlib.blake2b(body, digest_size=DIGEST_BYTES).digest() + body


def decoded(blob: bytes, path: str) -> Stored | None:
    """The records ``encoded`` wrote for ``path``; None for anything else."""
    start = len(MAGIC) + DIGEST_BYTES
    body = memoryview(blob)[start:]
    if len(blob) > MAX_FILE_BYTES or not blob.startswith(MAGIC) \
            or hashlib.blake2b(body, digest_size=DIGEST_BYTES).digest() != blob[len(MAGIC):start]:
        return None
    try:
        value = marshal.loads(body)
    except (ValueError, EOFError, TypeError):
        return None
    if type(value) is not tuple or len(value) != 4 or value[0] != path:
        return None
    _, version, nodes, records = value
    if type(version) is not str or type(nodes) is not tuple or type(records) is not tuple \
            or len(records) != len(nodes) or not all(map(_is_node, nodes)) or not all(map(_is_kept, records)):
        return None
    return Stored(version, tuple(TopNode(*node) for node in nodes), records)


def _is_node(node) -> bool:
    return type(node) is tuple and len(node) == 5 and type(node[0]) is str and type(node[4]) is bytes \
        and all(type(at) is int for at in node[1:4])


def _is_kept(records) -> bool:
    """A node's records as ``split`` makes them: None, or (a list's name, its rows) pairs. The rows' fields are not
    checked one by one (a hub's ~7,000 records): only this module's writes pass the digest, and ``marshal`` makes
    plain values, never a call."""
    return records is None or type(records) is tuple and all(
        type(pair) is tuple and len(pair) == 2 and type(pair[0]) is str and type(pair[1]) is list
        for pair in records)


def version() -> str:
    from . import VERSION
    from .marks import queries_digest

    return f"{FORMAT}+{VERSION}+{queries_digest()}"


def remember(path: str, tree, data: bytes, found) -> None:
    """Keep ``found``'s records per top-level node of ``tree`` for ``path``'s next update: now, or after the child's
    answer (``DEFER``: its lists copied, as the parse goes on changing them). A text none are kept for (a tree with
    an error, a repaired text: the parse does not ask) leaves the file's older records: a node's records are those
    of its text wherever it stands, so they serve the next text that holds it (an agent's half-written edit, mended).
    """
    lists = _lists(found) if STORE else None
    if lists is None:
        return
    if DEFER[0]:
        _PENDING.append((STORE[0], path, tree, data, [(name, list(rows)) for name, rows in lists]))
    else:
        _write(STORE[0], path, tree, data, lists)


def flush() -> None:
    """The records ``remember`` deferred, written (the parse-ahead child, once its answer is sent)."""
    while _PENDING:
        _write(*_PENDING.pop(0))


def _write(folder: Path, path: str, tree, data: bytes, lists: list) -> None:
    nodes = top_nodes(tree.root_node, data)
    records = split(lists, nodes)
    if records is None:  # a record outside every node: the older records stay (``remember``)
        return
    blob = encoded(path, Stored(version(), tuple(nodes), records))
    target = _file_of(folder, path)
    try:
        if blob is None or len(blob) > MAX_FILE_BYTES:  # not kept: the older records stay (``remember``)
            return
        folder.mkdir(parents=True, exist_ok=True)
        temp = target.with_name(f"{target.name}.{os.getpid()}.tmp")
        with open(temp, "wb") as fh:
            fh.write(blob)
        os.replace(temp, target)
        _bounded(folder.parent, MAX_STORE_BYTES)
    except OSError:  # a cache: the next update of the file collects it whole
        pass


def _bounded(store: Path, limit: int) -> None:
    """The lake's folder of records (every checkout's) cut to ``limit`` bytes, the files written longest ago
    removed first (each update of a file writes it again: an agent's files stay)."""
    files = []
    for checkout in os.scandir(store):
        if checkout.is_dir(follow_symlinks=False):
            files += [(e.stat().st_mtime_ns, e.stat().st_size, e.path) for e in os.scandir(checkout.path)
                      if e.is_file(follow_symlinks=False)]
    total = sum(size for _, size, _ in files)
    for _, size, path in sorted(files):
        if total <= limit:
            break
        try:
            os.unlink(path)
        except OSError:
            continue
        total -= size


# -- the parse-ahead child: the run's query, and the run collected with the kept records ---------------------------
class Plan(NamedTuple):
    """A file whose changed run alone is collected: its text, its stored records, its new nodes and the change."""

    data: bytes
    stored: Stored
    nodes: list
    change: Change


PLANNED: dict[str, Plan] = {}
VERDICTS: list[tuple[str, str]] = []  # (path, ``WHY_WHOLE``'s key, or "run": its run alone), in this process


def narrow_to_run(root: Path, item: tuple) -> bool:
    """For the parse-ahead child's one file of a language that keeps its nodes' records: the file's tree read, its
    changed run found and the query compiled with the patterns the run can match; False (and why, ``VERDICTS``)
    where the whole file is to be collected: the child narrows its query as before."""
    from . import parse

    path, lang = item[0], item[1]
    if not STORE or lang.name in parse._PARSERS or not kept_language(lang.name):
        return False
    why, planned = _planned(root, path, lang)
    VERDICTS.append((path, why or "run"))
    if planned is None:
        return False
    tree, read, plan = planned
    run = plan.nodes[plan.change.head:len(plan.nodes) - plan.change.tail]
    texts = _run_patterns(parse, lang.name, tree, plan.data, plan.change.head, run)
    parse._PARSERS[lang.name] = parse_parser(lang)
    parse._NARROWED[lang.name] = parse.Narrowed((), plan.data, True)  # this text only, read ahead: no widening
    parse._PROBED[:] = [parse.Probed(lang.grammar, plan.data, tree, read, None)]
    PLANNED[path] = plan  # (a helper forked below takes it too: it collects the run with its patterns)
    own = _helped_apart(parse, root, item, texts)
    parse._QUERIES[lang.name], parse._PATTERN_ROLES[lang.name] = \
        parse._compiled(lang.grammar, own, own) if own else (None, [])
    return True


def _helped_apart(parse, root: Path, item: tuple, texts: list[str]) -> str:
    """The patterns this process compiles: all of ``texts``, or, where their compile is worth a helper
    (``parse._worth_a_helper``), those a helper does not compile and collect meanwhile (``parse._start_helper``, as
    ``parse._compile_narrowed`` splits a whole file's)."""
    lang, whole = item[1], "\n".join(texts)
    if not (hasattr(os, "fork") and parse._worth_a_helper(lang.grammar, len(texts))):
        return whole
    helped = [parse._helped(text) for text in texts]
    if all(helped) or not any(helped):
        return whole
    parse._start_helper(root, item, lang, "\n".join(t for t, h in zip(texts, helped) if h), whole)
    return "\n".join(t for t, h in zip(texts, helped) if not h)


def kept_language(language: str) -> bool:
    from .langs import support

    return bool(getattr(support(language), "TOP_NODES_KEPT", False))


def parse_parser(lang):
    from .languages import get_parser

    return get_parser(lang.grammar)


def _planned(root: Path, path: str, lang) -> tuple[str | None, tuple | None]:
    """(None, (tree, the text it read, the plan)) where the file's run alone is to be collected, else (why not,
    None)."""
    from . import budget, parse

    stored = load(path)
    if stored is None or stored.version != version():
        return ("not_stored" if stored is None else "other_version"), None
    try:
        data = parse._read(root, path, (root / path).lstat().st_size)
    except OSError:
        return "unreadable", None
    if not data.isascii() and parse._utf8_error(data) is not None:
        return "not_utf8", None
    tree, read = parse._repaired_tree(parse_parser(lang), data, parse.parse_rules(lang.name), until_error=True)
    why = "tree_error" if read is not data or tree.root_node.has_error else \
        "too_deep" if budget.deeper_than(tree.root_node, budget.MAX_QUERY_DEPTH) else None
    if why is not None:  # the tree read once: the narrowing (``parse._probed``) and the parse take it
        parse._PROBED[:] = [parse.Probed(lang.grammar, data, tree, read, None)]
        return why, None
    nodes = top_nodes(tree.root_node, data)
    return None, (tree, read, Plan(data, stored, nodes, _kept_change(stored, nodes)))


def _kept_change(stored: Stored, nodes: list[TopNode]) -> Change:
    """``top_change``, less the nodes whose records reach outside them (collected again, in the run)."""
    change = top_change(stored.nodes, nodes)
    head = next((i for i in range(change.head) if stored.records[i] is None), change.head)
    old = len(stored.nodes)
    tail = next((k for k in range(change.tail) if stored.records[old - 1 - k] is None), change.tail)
    return Change(head, tail)


def _run_patterns(parse, language: str, tree, data: bytes, first: int, run: list[TopNode]) -> list[str]:
    """The query's patterns the run can match: those whose tokens its text holds (``; needs:``) and whose named
    kinds and pairs its nodes hold, the root's with them (``parse._kinds_kept``)."""
    if not run:
        return []
    patterns = parse.query_patterns(language)
    held = parse._held(data[run[0].start:run[-1].end], tuple(p.needs for p in patterns))
    kept = [not p.needs or parse._met(p.needs, held) for p in patterns]
    kept = parse._kinds_kept(tree.language, patterns, kept, _run_kinds(parse, tree, first, len(run)))
    return [p.text for p, keep in zip(patterns, kept) if keep]


def _run_kinds(parse, tree, first: int, count: int):
    """The named kinds and (parent, child) pairs of the root's children ``first``.. (``count`` of them) and the root
    above them: ``parse.kind_pairs`` over the run's subtrees alone (a cursor made at a node stays under it)."""
    root = tree.root_node
    pairs = {(-1, root.kind_id)}
    for node in root.children[first:first + count]:
        parse.kind_pairs(node.walk(), root.kind_id, pairs)
    return parse._named_kinds(pairs, tree.language)


def planned(path: str, data: bytes) -> Plan | None:
    """The plan ``narrow_to_run`` made for ``path``, taken; None where there is none or the text is not the
    planned one (read again, it changed: the whole file is collected)."""
    plan = PLANNED.pop(path, None)
    return plan if plan is not None and plan.data == data else None


def run_matches(plan: Plan, query, tree) -> list:
    """The query's matches in the plan's changed run: the cursor held to its bytes, and of what it reports the
    matches whose nodes lie in it (``_in_run``)."""
    from . import budget

    nodes, (head, tail) = plan.nodes, plan.change
    run = nodes[head:len(nodes) - tail]
    if not run or query is None:
        return []
    from tree_sitter import QueryCursor

    cursor = QueryCursor(query)
    cursor.set_max_start_depth(budget.MAX_QUERY_DEPTH)
    cursor.set_byte_range(run[0].start, run[-1].end)
    root = tree.root_node
    return [m for m in cursor.matches(root, predicate=budget.kind_predicate)
            if _in_run(m[1], root, run[0].start, run[-1].end)]


def join_kept(found, plan: Plan, root, facts) -> None:
    """``found`` (the run's records) with the kept nodes' around them, moved by their shift: the lists a whole
    collection fills, record for record and in order (a list is filled in the cursor's order, by node)."""
    nodes, (head, tail) = plan.nodes, plan.change
    stored, old = plan.stored, len(plan.stored.nodes)
    kept_head = [(stored, i, nodes[i]) for i in range(head)]
    kept_tail = [(stored, old - tail + k, nodes[len(nodes) - tail + k]) for k in range(tail)]
    _joined(found, kept_head, tail=kept_tail, root=root)
    if found.entries:  # a kept node's ``if __name__ == "__main__":`` (the run's set it as collected)
        facts.entry = True


def _in_run(caps: dict, root, start: int, end: int) -> bool:
    """Whether a match's captured nodes (the root aside, which a pattern under ``module`` may capture) lie in the
    run, one at least: a cursor held to a range still reports a pattern rooted at the root whose other nodes lie
    outside it (a kept node's match)."""
    inside = False
    for captured in caps.values():
        for node in captured:
            if node != root:
                if node.start_byte < start or node.end_byte > end:
                    return False
                inside = True
    return inside


def _joined(found, head: list, tail: list, root) -> None:
    """``found``'s lists: the head's kept records, the run's (``found``'s own), the tail's, in their nodes' order."""
    for name, ran in _lists(found):
        rows = [r for kept in head for r in _kept_rows(name, *kept, root)] + list(ran) \
            + [r for kept in tail for r in _kept_rows(name, *kept, root)]
        if name == "gives":
            found.gives_receiver.update(rows)
        elif name.startswith("b:"):
            found.bindings[name[2:]] = rows
        else:
            setattr(found, name, rows)


def _kept_rows(name: str, stored: Stored, at: int, node: TopNode, root) -> list:
    """A kept node's stored records of list ``name``, moved to where the node stands now, as records again."""
    rows = dict(stored.records[at]).get(name)
    if not rows:
        return []
    old = stored.nodes[at]
    shape = _shape(name)
    by, lines = node.start - old.start, node.line - old.line
    moved = [_moved(shape, row, by, lines) for row in rows] if by or lines else rows
    return _records(shape, moved, root)


def _records(shape: _Shape, rows: list, root) -> list:
    if shape.record is None:
        return list(rows)
    from . import parse

    record = getattr(parse, shape.record)
    if shape.site is not None:
        rows = [_sited(row, shape.site, root) for row in rows]
    return [tuple.__new__(record, row) for row in rows]


def _sited(row: tuple, at: int, root) -> tuple:
    """A row whose stored CallSite is made of the new tree's nodes again."""
    site = row[at]
    if type(site) is not tuple or site[:1] != (_SITE,):
        return row
    from .parse import CallSite

    made = CallSite(_node_at(root, site[1], site[2], site[3]), _node_at(root, site[4], site[5], site[6]))
    return row[:at] + (made,) + row[at + 1:]


def _node_at(root, kind: str, start: int, end: int):
    """The node of ``kind`` spanning exactly ``start``..``end`` (the smallest spanning it, or one above it)."""
    node = root.descendant_for_byte_range(start, end)
    while node is not None and not (node.type == kind and node.start_byte == start and node.end_byte == end):
        node = node.parent
    if node is None:
        raise LookupError(f"no {kind} at {start}..{end}")  # the file falls back: never a wrong site
    return node
