"""One exception base for the whole project; the CLI prints ``str(error)`` as one line, without a traceback."""


class CodelakeError(Exception):
    """Base of every error codelake reports to a user."""


class RepoIdError(CodelakeError):
    """A repository id that is not ``[A-Za-z0-9._-]+`` (it would escape the lake)."""


class LakeError(CodelakeError):
    """The lake on disk is unreadable, locked too long, or of another format."""


class SchemaVersionError(LakeError):
    """The lake was written with a schema version this codelake cannot read."""


class PluginError(CodelakeError):
    """An extractor plugin is invalid or clashes with another."""


class ExtractError(CodelakeError):
    """An extractor failed for a whole run (single files failing are recorded skips instead)."""


class QueryError(CodelakeError):
    """A query or its target is invalid (unknown symbol, bad SQL...)."""


class ConfigError(CodelakeError):
    """An org config file (``codelake nightly CONFIG``) that cannot be used: the message names the file and entry."""


class TransientError(CodelakeError):
    """A failure that may pass on its own (a lake another writer holds, a fetch that timed out): flows retry it."""


class LakeBusy(TransientError, LakeError):
    """The repository's lake partition is held by another writer for longer than the caller would wait."""


class FetchError(CodelakeError):
    """Cloning or fetching a remote repository failed (bad URL, no such branch, refused)."""


class FetchTimeout(TransientError, FetchError):
    """Cloning or fetching a remote repository took longer than its time budget."""
