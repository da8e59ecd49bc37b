"""Subsystems: community detection over the fused file graph (each file's strongest ``neighborhood`` neighbours, the
derived table ``file_neighbors``), written to the lake as the derived table ``communities`` by the same writer as an
extractor's tables, after the extractors of a run.

Leiden (igraph + leidenalg) maximises modularity with a fixed seed, started from the previous run's membership, so
a small change moves few files; ids are then matched to the previous run's communities by overlap (Jaccard >= 0.5)
and kept. Without leidenalg, networkx's Louvain (slower); without either, folders. Names are deterministic: the
deepest folder holding most of the members, and the most central file that is not a test.
"""

from __future__ import annotations

import posixpath
from collections import Counter, defaultdict
from typing import NamedTuple

from ..extractor import Batch, Cursor

SEED = 42
MIN_JACCARD = 0.5  # a new community keeps an old id when at least this similar to it
MAJORITY = 0.6  # the name's folder holds at least this share of the members
# leidenalg's own default: on the bench's 15.6K-file corpus the first pass reaches modularity 0.8216 and running to
# convergence (13 passes, 7.9 s of one core at the end of a full index) adds 0.0016; a warm start converges sooner
LEIDEN_ITERATIONS = 2


def schema():
    import pyarrow as pa

    return pa.schema([("repo", pa.string()), ("community", pa.int32()), ("name", pa.string()),
                      ("path", pa.string()), ("rank", pa.int32()), ("size", pa.int32()),
                      ("centrality", pa.float64()), ("method", pa.string())])


class Edge(NamedTuple):
    a: str
    b: str
    weight: float


class CommunitiesDeriver:
    """Extractor-like: a name, its table, and ``run(ctx, cursor)``; it reads the lake through the catalog."""

    name = "communities"
    version = "1.0.0"

    def __init__(self, lake):
        self.lake = lake
        self.tables = {"communities": schema()}

    def run(self, ctx, cursor):
        import pyarrow as pa

        nodes, edges = fused_graph(self.lake, ctx.repo)
        previous = _previous_membership(ctx.previous("communities"))
        membership, method = detect(nodes, edges, previous)
        rows = describe(membership, edges, previous, method)
        ctx.count("communities", len({r["community"] for r in rows}))
        yield Batch("communities", pa.Table.from_pylist(rows, schema=schema()))
        return Cursor(commit=cursor.commit, state={"method": method, "files": len(nodes)})


def fused_graph(lake, repo: str) -> tuple[list[str], list[Edge]]:
    """Source files (not skipped, generated or vendored) and the undirected fused edges between them."""
    from ..catalog import connect

    catalog = connect(lake, repos=[repo], views=["file_neighbors", "files"])
    if "files" not in catalog.views:
        return [], []
    _, rows = catalog.rows(
        "SELECT path FROM files WHERE repo = ? AND parse_status <> 'skipped' AND NOT coalesce(is_generated, false) "
        "AND NOT coalesce(is_vendored, false) ORDER BY path", [repo])
    nodes = [r[0] for r in rows]
    if "file_neighbors" not in catalog.views:
        return nodes, []
    _, rows = catalog.rows(  # each file's strongest neighbours, written just before by the same run
        "SELECT least(file, neighbor) AS a, greatest(file, neighbor) AS b, sum(score) / 2 AS weight "
        "FROM file_neighbors WHERE repo = ? AND score > 0 GROUP BY ALL ORDER BY a, b", [repo])
    known = set(nodes)
    return nodes, [Edge(a, b, float(w)) for a, b, w in rows if a in known and b in known]


def _previous_membership(table) -> dict[str, int]:
    if table is None or table.num_rows == 0:
        return {}
    return dict(zip(table.column("path").to_pylist(), table.column("community").to_pylist()))


def detect(nodes: list[str], edges: list[Edge], previous: dict[str, int]) -> tuple[dict[str, int], str]:
    """A community label per node (labels are arbitrary here; ``describe`` gives the ids)."""
    if not nodes:
        return {}, "none"
    try:
        labels, method = _leiden(nodes, edges, previous), "leiden"
    except ImportError:
        try:
            labels, method = _louvain(nodes, edges), "louvain (networkx)"
        except ImportError:
            labels, method = {}, "folders"
    return _place_loners(nodes, edges, labels), method


def _leiden(nodes, edges, previous) -> dict[str, int]:
    import igraph
    import leidenalg

    index = {n: i for i, n in enumerate(nodes)}
    graph = igraph.Graph(n=len(nodes), edges=[(index[e.a], index[e.b]) for e in edges])
    graph.es["weight"] = [e.weight for e in edges]
    start = None
    if previous:  # warm start: the previous run's communities, new files alone
        fresh = max(previous.values(), default=0) + 1
        start = [previous.get(n, fresh + i) for i, n in enumerate(nodes)]
        remap = {label: i for i, label in enumerate(dict.fromkeys(start))}
        start = [remap[label] for label in start]
    partition = leidenalg.find_partition(graph, leidenalg.ModularityVertexPartition, initial_membership=start,
                                         weights="weight", n_iterations=LEIDEN_ITERATIONS, seed=SEED)
    return {n: partition.membership[i] for i, n in enumerate(nodes)}


def _louvain(nodes, edges) -> dict[str, int]:
    import networkx
    from networkx.algorithms.community import louvain_communities

    graph = networkx.Graph()
    graph.add_nodes_from(nodes)
    graph.add_weighted_edges_from(edges)
    groups = louvain_communities(graph, weight="weight", seed=SEED)
    return {n: i for i, group in enumerate(sorted(groups, key=lambda g: sorted(g))) for n in group}


def _place_loners(nodes, edges, labels: dict[str, int]) -> dict[str, int]:
    """Files alone in their community (no edge, or the detector left them alone) join the community most common
    in their folder, else a community of their folder's loners."""
    degree = Counter()
    for e in edges:
        degree[e.a] += 1
        degree[e.b] += 1
    sizes = Counter(labels.values())
    settled = {n: labels[n] for n in nodes if n in labels and (sizes[labels[n]] > 1 or degree[n])}
    by_folder = defaultdict(Counter)
    for n, label in settled.items():
        by_folder[posixpath.dirname(n)][label] += 1
    out, next_label = dict(settled), max(labels.values(), default=0) + 1
    folder_labels: dict[str, int] = {}
    for n in nodes:
        if n in out:
            continue
        folder = posixpath.dirname(n)
        common = by_folder[folder].most_common(1)
        if common:
            out[n] = common[0][0]
        else:
            if folder not in folder_labels:
                folder_labels[folder], next_label = next_label, next_label + 1
            out[n] = folder_labels[folder]
    return out


def is_test_path(path: str) -> bool:
    from extractors.structure.discover import is_test_path as test_path

    return test_path(path)


def describe(membership: dict[str, int], edges: list[Edge], previous: dict[str, int], method: str) -> list[dict]:
    """Rows of the table: stable ids, names, each file's rank by its weight inside its community."""
    groups: dict[int, list[str]] = defaultdict(list)
    for path, label in membership.items():
        groups[label].append(path)
    strength = Counter()
    for e in edges:
        if membership.get(e.a) == membership.get(e.b):
            strength[e.a] += e.weight
            strength[e.b] += e.weight
    ordered = sorted(groups.values(), key=lambda m: (-len(m), min(m)))
    ids = stable_ids([set(m) for m in ordered], previous)
    rows = []
    for members, cid in zip(ordered, ids):
        ranked = sorted(members, key=lambda p: (-strength[p], p))
        name = community_name(ranked)
        for rank, path in enumerate(ranked, 1):
            rows.append({"community": cid, "name": name, "path": path, "rank": rank, "size": len(members),
                         "centrality": round(strength[path], 6), "method": method})
    return rows


def stable_ids(groups: list[set[str]], previous: dict[str, int]) -> list[int]:
    """An id per group: the previous community it overlaps most (Jaccard >= MIN_JACCARD, each id once, the largest
    overlaps matched first), else a new id after every id used so far."""
    old: dict[int, set[str]] = defaultdict(set)
    for path, cid in previous.items():
        old[cid].add(path)
    candidates = []
    for i, group in enumerate(groups):
        for cid, members in old.items():
            shared = len(group & members)
            if shared:
                jaccard = shared / len(group | members)
                if jaccard >= MIN_JACCARD:
                    candidates.append((-jaccard, -shared, i, cid))
    ids: dict[int, int] = {}
    taken: set[int] = set()
    for _, _, i, cid in sorted(candidates):
        if i not in ids and cid not in taken:
            ids[i], taken = cid, taken | {cid}
    next_id = max(list(old) + list(taken), default=0) + 1
    out = []
    for i in range(len(groups)):
        if i not in ids:
            ids[i], next_id = next_id, next_id + 1
        out.append(ids[i])
    return out


def community_name(ranked: list[str]) -> str:
    """'<folder holding most members> · <its most central file that is not a test>' (members most central first;
    the folder omitted at the top level)."""
    folders = Counter()
    for path in ranked:
        parts = path.split("/")[:-1]
        for depth in range(1, len(parts) + 1):
            folders["/".join(parts[:depth])] += 1
    majority = [f for f, n in folders.items() if n >= MAJORITY * len(ranked)]
    folder = max(majority, key=lambda f: (f.count("/"), folders[f], f), default="")
    inside = [p for p in ranked if not folder or p.startswith(folder + "/")]
    central = next((p for p in inside if not is_test_path(p)), inside[0] if inside else ranked[0])
    shown = central[len(folder) + 1:] if folder and central.startswith(folder + "/") else central
    return f"{folder} · {shown}" if folder else shown
