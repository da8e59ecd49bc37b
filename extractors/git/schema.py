"""Arrow schemas of the git extractor's tables, and the column buffer both backends fill.

A backend turns each commit into one ``CommitRecord`` (files included); ``RowBuffer`` turns records into Arrow
tables, so the two backends cannot differ in how rows are shaped, only in what they read from git.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import NamedTuple

SUBMODULE_MODE = "160000"


def commits_schema():
    import pyarrow as pa

    return pa.schema([
        ("repo", pa.string()),
        ("sha", pa.string()),
        ("parents", pa.list_(pa.string())),
        ("is_merge", pa.bool_()),
        ("author_name", pa.string()),
        ("author_email", pa.string()),
        ("authored_at", pa.timestamp("us", tz="UTC")),
        ("committed_at", pa.timestamp("us", tz="UTC")),
        ("files_changed", pa.int32()),
        ("lines_added", pa.int64()),
        ("lines_deleted", pa.int64()),
        ("committer_name", pa.string()),
        ("committer_email", pa.string()),
        ("is_root", pa.bool_()),
        # A shallow clone's oldest commits: git shows them without parents, so their diff would claim every file
        # as added; their file changes are not recorded.
        ("is_shallow_boundary", pa.bool_()),
        # Position in a topological order of the mined history (parents before children, 0 = oldest); runs that
        # add commits continue the numbering. Orders same-second commits, which timestamps cannot.
        ("topo_seq", pa.int64()),
    ])


def file_changes_schema():
    import pyarrow as pa

    return pa.schema([
        ("repo", pa.string()),
        ("sha", pa.string()),
        ("path", pa.string()),
        ("old_path", pa.string()),
        ("change_type", pa.string()),  # A, M, D, R, C (a type change, T, is recorded as M)
        ("lines_added", pa.int64()),
        ("lines_deleted", pa.int64()),
        ("is_binary", pa.bool_()),
        ("authored_at", pa.timestamp("us", tz="UTC")),
        ("author_email", pa.string()),
        ("committed_at", pa.timestamp("us", tz="UTC")),
        ("is_submodule", pa.bool_()),
        ("topo_seq", pa.int64()),  # the commit's topo_seq
    ])


def file_lives_schema():
    import pyarrow as pa

    return pa.schema([
        ("repo", pa.string()),
        ("path", pa.string()),
        ("start_seq", pa.int64()),  # topo_seq of the change that started this life of the path
        ("end_seq", pa.int64()),  # the latest deletion or rename away in it (NULL: never ended)
        ("end_type", pa.string()),  # D or R
        ("renamed_to", pa.string()),  # the new path of its latest rename away
        ("renamed_seq", pa.int64()),
        ("current_path", pa.string()),  # where the file is at HEAD (or its last path, if gone)
        ("alive", pa.bool_()),  # the file exists in HEAD's tree (at current_path)
        ("renames", pa.int32()),  # renames followed to reach current_path
        ("in_head", pa.bool_()),  # this path is in HEAD's tree (it may hold a newer life)
    ])


def ignored_commits_schema():
    import pyarrow as pa

    # the commits the repository's blame ignore-revs file lists (bulk reformatting): not authorship, not coupling
    return pa.schema([("repo", pa.string()), ("sha", pa.string())])


class FileRecord(NamedTuple):  # a tuple: hundreds of thousands are made per history
    path: str
    old_path: str | None
    change_type: str
    lines_added: int | None  # None where the content could not be read (an object missing from the repository)
    lines_deleted: int | None
    is_binary: bool
    is_submodule: bool


@dataclass
class CommitRecord:
    sha: str
    parents: list[str]
    author_name: str
    author_email: str
    authored_at: int  # unix seconds
    committed_at: int
    committer_name: str
    committer_email: str
    is_shallow_boundary: bool = False
    files: list[FileRecord] = field(default_factory=list)


COMMIT_COLUMNS = [n for n in ("sha", "parents", "is_merge", "author_name", "author_email", "authored_at",
                              "committed_at", "files_changed", "lines_added", "lines_deleted", "committer_name",
                              "committer_email", "is_root", "is_shallow_boundary", "topo_seq")]
FILE_COLUMNS = ["sha", "path", "old_path", "change_type", "lines_added", "lines_deleted", "is_binary",
                "authored_at", "author_email", "committed_at", "is_submodule", "topo_seq"]


class RowBuffer:
    """Accumulates commits as row tuples; ``take()`` returns them as two Arrow tables and starts afresh."""

    def __init__(self):
        self.commits: list[tuple] = []
        self.files: list[tuple] = []
        self.count = 0

    def add(self, rec: CommitRecord, seq: int) -> None:
        authored, committed = rec.authored_at * 1_000_000, rec.committed_at * 1_000_000
        tail = (authored, rec.author_email, committed)
        added = deleted = 0
        for fr in rec.files:  # fr: path, old_path, change_type, lines_added, lines_deleted, is_binary, is_submodule
            if fr[3] is None or added is None:  # a change whose content could not be read: the total is unknown
                added = deleted = None
            else:
                added += fr[3]
                deleted += fr[4]
            self.files.append((rec.sha,) + fr[:6] + tail + (fr[6], seq))
        self.commits.append((rec.sha, rec.parents, len(rec.parents) > 1, rec.author_name, rec.author_email, authored,
                             committed, len(rec.files), added, deleted, rec.committer_name, rec.committer_email,
                             not rec.parents, rec.is_shallow_boundary, seq))
        self.count += 1

    def take(self):
        commits = _arrow(self.commits, commits_schema())
        files = _arrow(self.files, file_changes_schema())
        self.__init__()
        return commits, files


def _arrow(rows: list[tuple], schema):
    import pyarrow as pa

    schema = _without_repo(schema)
    columns = list(zip(*rows)) if rows else [[] for _ in schema.names]
    return pa.Table.from_arrays([pa.array(col, type=f.type) for col, f in zip(columns, schema)], schema=schema)


def _without_repo(schema):
    return schema.remove(schema.get_field_index("repo"))
