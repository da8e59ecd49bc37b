"""A file declaring a Kotlin extension of another file's type (``fun ByteArr.readClass()`` beside ``class Idx``)
keeps every top-level name in an update, as in a full index. The update's lazy graph gave the extension its own
file's top-level entry when the type's file loaded, before that file was read; the entry then read as the whole
file's, so ``import p.internal.Idx`` went unresolved and ``index.find()`` external (leakcanary's
``HprofInMemoryIndex``, beside its ``ByteSubArray.readClass``: any update resolving ``HprofIndex.kt`` again lost
them; issue 8)."""

from __future__ import annotations

from conftest import index_structure

from pipeline import indexing

FILES = {
    "src/p/internal/ByteArr.kt": "package p.internal\n\nclass ByteArr {\n  fun size(): Int = 1\n}\n",
    "src/p/internal/Idx.kt": "package p.internal\n\ninternal class Idx {\n  fun find(): Int = 2\n}\n\n"
                             "fun ByteArr.readClass(): Int = 3\n",
    "src/p/app/Index.kt": "package p.app\n\nimport p.internal.Idx\n\nclass Index(private val index: Idx) {\n"
                          "  fun make(): Int = index.find()\n}\n",
    # files the edit does not reach: an update resolving more than half of the files resolves every one
    **{f"src/z/Leaf{i}.kt": f"package z\n\nfun leaf{i}(): Int = {i}\n" for i in range(8)},
}
EDITED = ("src/p/app/Index.kt", FILES["src/p/app/Index.kt"] + "\nfun addedAtEnd(): Int = 1\n")  # resolved again


def _edges(lake) -> set[tuple]:
    data = lake.read_table("repo", "edges")
    return set(zip(*(data.column(c).to_pylist() for c in ("src_id", "dst_id", "kind", "resolution", "line"))))


def test_an_update_keeps_the_names_of_a_file_declaring_an_extension_of_another_files_type(tmp_path, make_repo):
    from pipeline.lake import Lake

    root = make_repo(files=FILES)
    lake = Lake(tmp_path / "lake")
    index_structure(lake, root)
    path, text = EDITED
    (root / path).write_text(text)
    assert indexing.update(root, [path], repo="repo", lake=lake).status == "ok"
    fresh = Lake(tmp_path / "fresh")
    index_structure(fresh, root)
    wanted = {("src/p/app/Index.kt::<module>", "src/p/internal/Idx.kt::Idx", "imports", "import", 3),
              ("src/p/app/Index.kt::Index.make", "src/p/internal/Idx.kt::Idx.find", "calls", "import", 6)}
    assert wanted <= _edges(fresh)
    assert not any(how in ("unresolved", "external") for *_, how, _line in _edges(fresh))
    assert _edges(lake) == _edges(fresh)
