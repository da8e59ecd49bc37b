"""An update keeps a line's edges when its references are those of a line before the edit (``KeptResolution``), and
resolves a reference repeated in a function once (``lazy._resolve_lines``); a call's argument count and labels are
part of both: they choose among overloads. Without them typeorm's ``this.cache(id, ms)`` (two arguments, two of four
overloads) took the edges of ``this.cache(ms)`` two lines above in the same method after an edit of the file:
edges a fresh full index does not have (issue 8)."""

from __future__ import annotations

from conftest import index_structure

from pipeline import indexing

BUILDER = """export class Builder {
    cache(ms: number): this
    cache(id: string, ms: number): this
    cache(a: any, b?: any): this {
        return this
    }

    run(): void {
        this.cache(1)
        this.cache(
            "key",
            2,
        )
    }
}
"""
# a body edit elsewhere in the method: nothing another line reads moved, so the update keeps the lines it did not write
EDITED = BUILDER.replace("    run(): void {\n", "    run(): void {\n        const started = String(1)\n")
# a function added: a definition moved, so no line is kept and the whole file is resolved again
ADDED = BUILDER + "\nexport function later(): number {\n    return 2\n}\n"
FILLER = {f"src/leaf{i}.ts": f"export function leaf{i}(): number {{\n    return {i}\n}}\n" for i in range(6)}


def _calls(lake) -> set[tuple]:
    data = lake.read_table("repo", "edges")
    rows = zip(*(data.column(c).to_pylist() for c in ("src_id", "dst_id", "kind", "resolution", "line")))
    return {row for row in rows if row[2] == "calls"}


def _updated_and_fresh(tmp_path, make_repo, text: str, moved: int):
    from pipeline.lake import Lake

    root = make_repo(files={"src/builder.ts": BUILDER, **FILLER})
    lake = Lake(tmp_path / "lake")
    index_structure(lake, root)
    (root / "src/builder.ts").write_text(text)
    assert indexing.update(root, ["src/builder.ts"], repo="repo", lake=lake).status == "ok"
    fresh = Lake(tmp_path / "fresh")
    index_structure(fresh, root)
    two = {dst for _src, dst, _kind, _how, line in _calls(fresh) if line == 10 + moved}  # this.cache("key", 2)
    one = {dst for _src, dst, _kind, _how, line in _calls(fresh) if line == 9 + moved}  # this.cache(1)
    assert "src/builder.ts::Builder.cache" not in two and "src/builder.ts::Builder.cache#2" in two
    assert "src/builder.ts::Builder.cache" in one and "src/builder.ts::Builder.cache#2" not in one
    return _calls(lake), _calls(fresh)


def test_an_updates_kept_line_keeps_the_overloads_its_argument_count_chose(tmp_path, make_repo):
    updated, fresh = _updated_and_fresh(tmp_path, make_repo, EDITED, 1)
    assert updated == fresh


def test_an_update_resolving_a_file_again_tells_a_repeated_call_apart_by_its_arguments(tmp_path, make_repo):
    updated, fresh = _updated_and_fresh(tmp_path, make_repo, ADDED, 0)
    assert updated == fresh
