"""Arrow schemas of the git extractor's tables, and the column buffer both backends fill.

A backend turns each commit into one ``CommitRecord`` (files included); ``RowBuffer`` turns records into Arrow
tables, so the two backends cannot differ in how rows are shaped, only in what they read from git.
"""

from __future__ import annotations

from dataclasses import dataclass, field

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


@dataclass
class FileRecord:
    path: str
    old_path: str | None
    change_type: str
    lines_added: int
    lines_deleted: int
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
    """Accumulates commits column by column; ``take()`` returns them as two Arrow tables and starts afresh."""

    def __init__(self):
        self.commits = {c: [] for c in COMMIT_COLUMNS}
        self.files = {c: [] for c in FILE_COLUMNS}
        self.count = 0

    def add(self, rec: CommitRecord, seq: int) -> None:
        c, f = self.commits, self.files
        added = deleted = 0
        authored, committed = rec.authored_at * 1_000_000, rec.committed_at * 1_000_000
        for fr in rec.files:
            added += fr.lines_added
            deleted += fr.lines_deleted
            f["sha"].append(rec.sha)
            f["path"].append(fr.path)
            f["old_path"].append(fr.old_path)
            f["change_type"].append(fr.change_type)
            f["lines_added"].append(fr.lines_added)
            f["lines_deleted"].append(fr.lines_deleted)
            f["is_binary"].append(fr.is_binary)
            f["authored_at"].append(authored)
            f["author_email"].append(rec.author_email)
            f["committed_at"].append(committed)
            f["is_submodule"].append(fr.is_submodule)
            f["topo_seq"].append(seq)
        c["sha"].append(rec.sha)
        c["parents"].append(rec.parents)
        c["is_merge"].append(len(rec.parents) > 1)
        c["author_name"].append(rec.author_name)
        c["author_email"].append(rec.author_email)
        c["authored_at"].append(authored)
        c["committed_at"].append(committed)
        c["files_changed"].append(len(rec.files))
        c["lines_added"].append(added)
        c["lines_deleted"].append(deleted)
        c["committer_name"].append(rec.committer_name)
        c["committer_email"].append(rec.committer_email)
        c["is_root"].append(not rec.parents)
        c["is_shallow_boundary"].append(rec.is_shallow_boundary)
        c["topo_seq"].append(seq)
        self.count += 1

    def take(self):
        import pyarrow as pa

        commits = pa.table(self.commits, schema=_without_repo(commits_schema()))
        files = pa.table(self.files, schema=_without_repo(file_changes_schema()))
        self.__init__()
        return commits, files


def _without_repo(schema):
    return schema.remove(schema.get_field_index("repo"))
