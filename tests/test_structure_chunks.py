"""A full index's chunks (``parallel.chunked``): each chunk is parsed in a child forked for it, and each child pays a
cold start, so the first chunks are large and the last ones small (guided sizes): fewer children, the same tail."""

from extractors.structure.parallel import CHUNK, MAX_CHUNK, chunked


def test_a_large_run_forks_half_the_children_with_the_same_last_chunks():
    items = list(range(1603))  # sympy's files
    parts = chunked(items, 2)
    assert [i for part in parts for i in part] == items  # every item once, in order: the tables' rows as before
    sizes = [len(p) for p in parts]
    assert sizes[0] == MAX_CHUNK and sizes == sorted(sizes, reverse=True)
    assert len(parts) <= 17 < -(-len(items) // CHUNK)  # 34 chunks of 48 before
    assert sizes[-5:-1] == [CHUNK] * 4 and sizes[-1] <= CHUNK  # the workers end on chunks as small as before


def test_a_run_of_one_chunk_stays_one_and_more_workers_take_smaller_shares():
    assert chunked(list(range(CHUNK)), 2) == [list(range(CHUNK))]  # an update's few files: one child, as before
    assert [len(p) for p in chunked(list(range(CHUNK + 1)), 2)] == [CHUNK, 1]
    assert len(chunked(list(range(1000)), 8)) > len(chunked(list(range(1000)), 2))
    assert chunked([], 2) == []
