"""A definition's build variants (one qualified name in several files of one variant scope: a Kotlin
multiplatform ``expect fun`` and each source set's ``actual fun``, a Java multi-release jar's ``java9/`` twin of a
class) are reached together in an update as in a full index. The full index lists every definition's variants up
front (``graph._index_variants``); an update's lazy graph listed none, so a file the update resolved again reached
one build's definition only: ``Timer.start``'s ``now()`` lost both ``actual fun now`` (issue 8)."""

from __future__ import annotations

import pytest

from conftest import index_structure

from pipeline import indexing

KOTLIN = {
    "src/commonMain/kotlin/p/Clock.kt": "package p\n\nexpect fun now(): Long\n",
    "src/jvmMain/kotlin/p/Clock.kt": "package p\n\nactual fun now(): Long = 1L\n",
    "src/jsMain/kotlin/p/Clock.kt": "package p\n\nactual fun now(): Long = 2L\n",
    # another package's function of the name: no variant of p's
    "src/commonMain/kotlin/q/Other.kt": "package q\n\nfun now(): Long = 3L\n",
    "src/commonMain/kotlin/p/Timer.kt": "package p\n\nclass Timer {\n    fun start(): Long {\n        return now()\n"
                                        "    }\n}\n",
}
KOTLIN_EDIT = ("src/commonMain/kotlin/p/Timer.kt",  # a method added: the file is resolved again, no line kept
               "package p\n\nclass Timer {\n    fun start(): Long {\n        return now()\n    }\n\n"
               "    fun again(): Long {\n        return now() + 1\n    }\n}\n")
KOTLIN_CALLS = {("src/commonMain/kotlin/p/Timer.kt::Timer.start", f"src/{s}/kotlin/p/Clock.kt::now")
                for s in ("commonMain", "jvmMain", "jsMain")}

CTX = "package p;\n\npublic interface Ctx {\n  int get(String key);\n}\n"
JAVA = {
    "src/main/java/p/Ctx.java": CTX,
    "src/main/java9/p/Ctx.java": CTX,
    "examples/p/Ctx.java": CTX,  # a copy of the package in another project: no variant
    "src/main/java/p/User.java": "package p;\n\npublic class User {\n  int run(Ctx ctx) {\n    return ctx.get(\"a\");\n"
                                 "  }\n}\n",
}
JAVA_EDIT = ("src/main/java/p/User.java",
             "package p;\n\npublic class User {\n  int run(Ctx ctx) {\n    return ctx.get(\"a\");\n  }\n\n"
             "  int twice(Ctx c) {\n    return c.get(\"b\");\n  }\n}\n")
JAVA_CALLS = {("src/main/java/p/User.java::User.run", f"src/main/{f}/p/Ctx.java::Ctx.get") for f in ("java", "java9")}
# files the edit does not reach: an update resolving more than half of the files resolves every one (no lazy graph)
FILLER = {f"src/main/java/z/Leaf{i}.java": f"package z;\n\npublic class Leaf{i} {{\n  int f() {{ return {i}; }}\n}}\n"
          for i in range(8)}


def _calls(lake) -> set[tuple]:
    data = lake.read_table("repo", "edges")
    return {(s, d) for s, d, k in zip(*(data.column(c).to_pylist() for c in ("src_id", "dst_id", "kind")))
            if k == "calls"}


def _edges(lake) -> set[tuple]:
    data = lake.read_table("repo", "edges")
    return set(zip(*(data.column(c).to_pylist() for c in ("src_id", "dst_id", "kind", "resolution", "line"))))


@pytest.mark.parametrize("files, edit, calls", [(KOTLIN, KOTLIN_EDIT, KOTLIN_CALLS), (JAVA, JAVA_EDIT, JAVA_CALLS)],
                         ids=["kotlin-expect-actual", "java-multi-release"])
def test_an_updates_file_reaches_every_build_variant_a_full_index_reaches(tmp_path, make_repo, files, edit, calls):
    from pipeline.lake import Lake

    root = make_repo(files={**files, **FILLER})
    lake = Lake(tmp_path / "lake")
    index_structure(lake, root)
    assert calls <= _calls(lake)
    path, text = edit
    (root / path).write_text(text)
    assert indexing.update(root, [path], repo="repo", lake=lake).status == "ok"
    fresh = Lake(tmp_path / "fresh")
    index_structure(fresh, root)
    reached = {(src, dst) for src, dst in _calls(fresh) if src.endswith(("::Timer.start", "::User.run"))}
    assert reached == calls  # every variant, and not q's now nor examples/'s Ctx
    assert _edges(lake) == _edges(fresh)


def test_a_file_added_as_a_variant_is_reached_by_the_files_naming_it(tmp_path, make_repo):
    from pipeline.lake import Lake

    root = make_repo(files={k: v for k, v in {**JAVA, **FILLER}.items() if "java9" not in k})
    lake = Lake(tmp_path / "lake")
    index_structure(lake, root)
    (root / "src/main/java9/p").mkdir(parents=True)
    (root / "src/main/java9/p/Ctx.java").write_text(CTX)
    assert indexing.update(root, ["src/main/java9/p/Ctx.java"], repo="repo", lake=lake).status == "ok"
    fresh = Lake(tmp_path / "fresh")
    index_structure(fresh, root)
    assert JAVA_CALLS <= _calls(fresh)
    assert _edges(lake) == _edges(fresh)
