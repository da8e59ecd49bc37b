"""Real git repositories built in a temp folder for the git extractor and history view tests.

Every commit has fixed names and dates (``day`` = days after 2024-01-01 12:00 UTC), and git runs without the user's
or the system's configuration, so hashes and rows are the same on every machine.
"""

from __future__ import annotations

import os
import subprocess
from datetime import datetime, timedelta, timezone
from pathlib import Path

EPOCH = datetime(2024, 1, 1, 12, 0, tzinfo=timezone.utc)
ANN, BEN, CY = ("Ann", "ann@example.com"), ("Ben", "ben@example.com"), ("Cy", "cy@example.com")


def at(day: float) -> datetime:
    return EPOCH + timedelta(days=day)


def git_env(home: Path) -> dict:
    env = {k: v for k, v in os.environ.items() if not k.startswith("GIT_")}
    env.update(HOME=str(home), GIT_CONFIG_NOSYSTEM="1", GIT_CONFIG_GLOBAL=str(home / "gitconfig"))
    return env


class GitRepo:
    """A repository under construction: write files, commit as someone on a given day."""

    def __init__(self, path: Path, branch: str = "main"):
        self.path = Path(path)
        self.path.mkdir(parents=True, exist_ok=True)
        self.home = self.path.parent / f".{self.path.name}-home"
        self.home.mkdir(exist_ok=True)
        (self.home / "gitconfig").write_text("[protocol \"file\"]\n\tallow = always\n")
        self.lines: dict[str, list[str]] = {}
        self.serial = 0
        self.git("init", "-q", "-b", branch)

    def git(self, *args: str, who=ANN, day: float = 0, check: bool = True) -> str:
        stamp = at(day).isoformat()
        env = git_env(self.home)
        env.update(GIT_AUTHOR_NAME=who[0], GIT_AUTHOR_EMAIL=who[1], GIT_COMMITTER_NAME=who[0],
                   GIT_COMMITTER_EMAIL=who[1], GIT_AUTHOR_DATE=stamp, GIT_COMMITTER_DATE=stamp)
        proc = subprocess.run(["git", *args], cwd=self.path, env=env, capture_output=True, text=True)
        if check and proc.returncode != 0:
            raise RuntimeError(f"git {' '.join(args)}: {proc.stderr}")
        return proc.stdout.strip()

    def write(self, rel: str, data: str | bytes) -> None:
        target = self.path / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(data if isinstance(data, bytes) else data.encode())
        self.git("add", "--", rel)

    def change(self, rel: str, added: int, deleted: int = 0) -> None:
        """Delete the file's last ``deleted`` lines and append ``added`` new ones: numstat shows exactly that."""
        lines = self.lines.setdefault(rel, [])
        del lines[len(lines) - deleted:]
        for _ in range(added):
            self.serial += 1
            lines.append(f"value_{self.serial} = {self.serial}")
        self.write(rel, "".join(line + "\n" for line in lines))

    def move(self, old: str, new: str) -> None:
        (self.path / new).parent.mkdir(parents=True, exist_ok=True)
        self.git("mv", "--", old, new)
        if old in self.lines:
            self.lines[new] = self.lines.pop(old)

    def remove(self, rel: str) -> None:
        self.git("rm", "-q", "--", rel)
        self.lines.pop(rel, None)

    def commit(self, message: str, who=ANN, day: float = 0, *extra: str) -> str:
        self.git("commit", "-q", "--allow-empty", "-m", message, *extra, who=who, day=day)
        return self.head()

    def head(self) -> str:
        return self.git("rev-parse", "HEAD")


def build_view_history(path: Path) -> GitRepo:
    """The history the view tests compute their expected numbers from; its commits are tabled in the docstring of
    tests/test_history_views.py, next to the numbers."""
    repo = GitRepo(path)
    steps = [
        (ANN, 0, [("a.py", 10, 0), ("b.py", 5, 0), ("docs/readme.md", 3, 0)]),
        (ANN, 10, [("a.py", 2, 1), ("b.py", 1, 0)]),
        (BEN, 20, [("a.py", 3, 0), ("b.py", 0, 1), ("lib/c.py", 4, 0)]),
        (BEN, 30, [("move", "b.py", "lib/b.py"), ("a.py", 1, 1)]),
        (ANN, 40, [("a.py", 1, 0), ("lib/b.py", 2, 0)]),
        (CY, 100, [("a.py", 5, 2), ("lib/c.py", 1, 1)]),
        (CY, 110, [("lib/b.py", 1, 1), ("lib/c.py", 2, 0), ("docs/readme.md", 1, 0)]),
        (BEN, 120, [("remove", "docs/readme.md"), ("a.py", 1, 0)]),
        (CY, 130, [("a.py", 1, 1), ("lib/b.py", 1, 1), ("new1.txt", 1, 0), ("new2.txt", 1, 0)]),
    ]
    for number, (who, day, changes) in enumerate(steps, 1):
        for change in changes:
            if change[0] == "move":
                repo.move(change[1], change[2])
            elif change[0] == "remove":
                repo.remove(change[1])
            else:
                repo.change(*change)
        repo.commit(f"c{number}", who, day)
    return repo


def mine(lake_root: Path, source: Path, repo: str = "r", **options):
    """Run the git extractor on ``source`` into the lake at ``lake_root``; returns the run summary."""
    from extractors.git import GitExtractor
    from pipeline.lake import Lake

    return Lake(lake_root).run_extractor(repo, GitExtractor(), source, options=options)
