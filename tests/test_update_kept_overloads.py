"""An update keeps a line's edges when its references are those of a line before the edit (``KeptResolution``); a
call's argument count and labels are part of that: they choose among overloads. Without them typeorm's
``this.cache(id, ms)`` (two arguments, two of four overloads) took the edges of ``this.cache(ms)`` three lines above
in the same method after an edit of another line of the file: edges a fresh full index does not have (issue 8)."""

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
FILLER = {f"src/leaf{i}.ts": f"export function leaf{i}(): number {{\n    return {i}\n}}\n" for i in range(6)}


def _calls(lake) -> set[tuple]:
    data = lake.read_table("repo", "edges")
    rows = zip(*(data.column(c).to_pylist() for c in ("src_id", "dst_id", "kind", "resolution", "line")))
    return {row for row in rows if row[2] == "calls"}


def test_an_updates_kept_line_keeps_the_overloads_its_argument_count_chose(tmp_path, make_repo):
    from pipeline.lake import Lake

    root = make_repo(files={"src/builder.ts": BUILDER, **FILLER})
    lake = Lake(tmp_path / "lake")
    index_structure(lake, root)
    (root / "src/builder.ts").write_text(EDITED)
    assert indexing.update(root, ["src/builder.ts"], repo="repo", lake=lake).status == "ok"
    fresh = Lake(tmp_path / "fresh")
    index_structure(fresh, root)
    two = {dst for _src, dst, _kind, _how, line in _calls(fresh) if line == 11}  # this.cache("key", 2), moved down
    one = {dst for _src, dst, _kind, _how, line in _calls(fresh) if line == 10}  # this.cache(1)
    assert "src/builder.ts::Builder.cache" not in two and "src/builder.ts::Builder.cache#2" in two
    assert "src/builder.ts::Builder.cache" in one and "src/builder.ts::Builder.cache#2" not in one
    assert _calls(lake) == _calls(fresh)
