"""Where the lake's bytes live: a local folder (the default, and the fast path) or object storage (``s3://``).

Both give the same small set of operations over lake-relative paths (``_versions/<repo>/x.parquet``), used where the
lake's code must not care which it is: ``codelake check``, the catalog's file lists, and ``pipeline.objectlake``.
``LocalFiles`` wraps the folder's plain file calls; ``ObjectFiles`` goes through ``pyarrow.fs.S3FileSystem`` for
listing, reading and writing files, and through botocore only where S3 needs a conditional request (create an
object only if absent: ``If-None-Match: *``; replace it only if unchanged: ``If-Match: <etag>``), a copy that records
its source, or a delete (pyarrow's leaves an empty "folder" object behind). botocore, not boto3: a writer's process
starts 0.3 s sooner without boto3's transfer manager.

Credentials and endpoint come from the standard AWS settings: ``AWS_ACCESS_KEY_ID``, ``AWS_SECRET_ACCESS_KEY``,
``AWS_SESSION_TOKEN``, ``AWS_PROFILE``, ``AWS_REGION`` (or ``AWS_DEFAULT_REGION``; default ``us-east-1``), and
``AWS_ENDPOINT_URL_S3`` or ``AWS_ENDPOINT_URL`` for an S3-compatible server (MinIO, Ceph, moto, R2...).

This module imports nothing heavy at import time: ``is_uri`` is what the local path and the hooks call.
"""

from __future__ import annotations

import os
import uuid
from dataclasses import dataclass
from pathlib import Path

from .errors import LakeError

SCHEMES = ("s3",)
SOURCE_KEY = "codelake-source"  # metadata of a current shard's copy: the version file it copies


def is_uri(root) -> bool:
    """Whether a lake root names object storage (``scheme://...``) rather than a local folder."""
    return isinstance(root, str) and "://" in root


@dataclass(frozen=True)
class Entry:
    name: str  # the last part of the path
    size: int | None
    mtime: float | None  # seconds since the epoch
    is_dir: bool


class LocalFiles:
    """The lake's folder, through the same calls as ``ObjectFiles``."""

    local = True

    def __init__(self, root: Path):
        self.root = Path(root)

    def location(self, rel: str) -> str:
        """What DuckDB and pyarrow open for ``rel``: an absolute path."""
        return str(self.root.resolve() / rel)

    def locator(self):
        """``location`` for many files (the root resolved once; a catalog names a few thousand, and joining text
        costs a tenth of building a ``Path`` each)."""
        root = self.root.resolve()
        prefix = str(root).rstrip("/") + "/"
        plain = lambda rel: rel != "." and not rel.startswith("/") and os.path.normpath(rel) == rel  # noqa: E731
        return lambda rel: prefix + rel if plain(rel) else str(root / rel)

    def size(self, rel: str) -> int | None:
        """The file's size; None when it is missing (other failures raise OSError)."""
        try:
            return (self.root / rel).stat().st_size
        except FileNotFoundError:
            return None

    def sizes(self, folder: str) -> None:
        """A stat per file is cheaper here than a listing: nothing listed."""
        return None

    def parquet(self, rel: str):
        import pyarrow.parquet as pq

        return pq.ParquetFile(self.root / rel)

    def read_schema(self, rel: str):
        import pyarrow.parquet as pq

        return pq.read_schema(self.root / rel)

    def listdir(self, rel: str = "") -> list[Entry]:
        folder = self.root / rel
        if not folder.is_dir():
            return []
        out = []
        for path in sorted(folder.iterdir()):
            is_dir = path.is_dir()
            out.append(Entry(path.name, None, None, is_dir))
        return out

    def same(self, a: str, b: str) -> bool:
        """The same file (the hard link a writer makes), or a copy of the same bytes: a lake copied without its links
        (``cp -r``, a backup), or written where there are none (``link_into_place`` copies)."""
        import filecmp

        try:
            return os.path.samefile(self.root / a, self.root / b) or filecmp.cmp(self.root / a, self.root / b, False)
        except OSError:
            return False

    def read_text(self, rel: str) -> str | None:
        try:
            return (self.root / rel).read_text()
        except FileNotFoundError:
            return None


@dataclass(frozen=True)
class ObjectLocation:
    scheme: str
    bucket: str
    prefix: str  # no leading or trailing slash; may be empty

    @classmethod
    def parse(cls, uri: str) -> "ObjectLocation":
        scheme, _, rest = uri.partition("://")
        if scheme not in SCHEMES:
            raise LakeError(f"{uri}: a lake on {scheme}:// is not supported; a lake root is a local folder or "
                            f"{', '.join(s + '://bucket/prefix' for s in SCHEMES)}")
        bucket, _, prefix = rest.partition("/")
        if not bucket:
            raise LakeError(f"{uri}: no bucket named (expected s3://bucket/prefix)")
        return cls(scheme, bucket, prefix.strip("/"))

    def key(self, rel: str) -> str:
        rel = rel.strip("/")
        return f"{self.prefix}/{rel}".strip("/") if self.prefix else rel

    def path(self, rel: str) -> str:
        """The path pyarrow's S3 filesystem takes: ``bucket/key``."""
        key = self.key(rel)
        return f"{self.bucket}/{key}" if key else self.bucket

    def uri(self, rel: str = "") -> str:
        return f"{self.scheme}://{self.path(rel)}"


def endpoint() -> str | None:
    return os.environ.get("AWS_ENDPOINT_URL_S3") or os.environ.get("AWS_ENDPOINT_URL") or None


def region() -> str:
    return os.environ.get("AWS_REGION") or os.environ.get("AWS_DEFAULT_REGION") or "us-east-1"


def s3_filesystem():
    """pyarrow's S3 filesystem with the standard AWS settings and the endpoint override."""
    from urllib.parse import urlsplit

    from pyarrow import fs

    kwargs = {"region": region()}
    url = endpoint()
    if url:
        parts = urlsplit(url if "://" in url else f"https://{url}")
        kwargs.update(endpoint_override=parts.netloc, scheme=parts.scheme or "https")
    return fs.S3FileSystem(**kwargs)


class ObjectFiles:
    """A lake on S3-compatible object storage, addressed by lake-relative paths."""

    local = False

    def __init__(self, uri: str):
        self.where = ObjectLocation.parse(uri)
        self.fs = s3_filesystem()
        self._client = None

    @property
    def client(self):
        if self._client is None:
            try:
                import botocore.session
            except ImportError:
                raise LakeError("writing a lake on object storage needs botocore (for S3's conditional writes): "
                                "pip install 'codelake[s3]'") from None
            self._client = botocore.session.get_session().create_client("s3", endpoint_url=endpoint(),
                                                                        region_name=region())
        return self._client

    def location(self, rel: str) -> str:
        return self.where.uri(rel)

    def locator(self):
        return self.where.uri

    # -- reading ------------------------------------------------------------------------------------------------
    def size(self, rel: str) -> int | None:
        from pyarrow import fs

        info = self.fs.get_file_info(self.where.path(rel))
        return None if info.type == fs.FileType.NotFound else info.size

    def listdir(self, rel: str = "", recursive: bool = False) -> list[Entry]:
        """Objects and common prefixes under ``rel`` (names relative to it); empty when there are none."""
        from pyarrow import fs

        base = self.where.path(rel)
        try:
            infos = self.fs.get_file_info(fs.FileSelector(base, recursive=recursive, allow_not_found=True))
        except FileNotFoundError:
            return []
        out = []
        for info in infos:
            name = info.path[len(base):].lstrip("/")
            mtime = info.mtime.timestamp() if info.mtime is not None else None
            out.append(Entry(name, info.size if info.is_file else None, mtime, info.type == fs.FileType.Directory))
        return sorted(out, key=lambda e: e.name)

    def sizes(self, folder: str) -> tuple[str, dict[str, int]]:
        """(folder, {lake-relative path: size}) of the files directly under ``folder``, from one listing."""
        return folder, {f"{folder}/{e.name}": e.size for e in self.listdir(folder) if not e.is_dir}

    def read_bytes(self, rel: str) -> bytes | None:
        try:
            with self.fs.open_input_stream(self.where.path(rel)) as fh:
                return fh.read()
        except FileNotFoundError:
            return None

    def read_text(self, rel: str) -> str | None:
        data = self.read_bytes(rel)
        return None if data is None else data.decode("utf-8")

    def read_tagged(self, rel: str) -> tuple[bytes, str] | None:
        """The object's bytes and ETag (for a later ``replace``), or None when it is missing."""
        from botocore.exceptions import ClientError

        try:
            got = self.client.get_object(Bucket=self.where.bucket, Key=self.where.key(rel))
        except ClientError as exc:
            if _code(exc) in ("NoSuchKey", "404"):
                return None
            raise _os_error(exc, self.location(rel)) from None
        return got["Body"].read(), got["ETag"]

    def parquet(self, rel: str):
        import pyarrow.parquet as pq

        return pq.ParquetFile(self.fs.open_input_file(self.where.path(rel)))

    def read_schema(self, rel: str):
        import pyarrow.parquet as pq

        return pq.read_schema(self.where.path(rel), filesystem=self.fs)

    def same(self, a: str, b: str) -> bool:
        """Whether ``b`` is a copy of ``a`` made by ``copy`` (which records its source: versions never change)."""
        from botocore.exceptions import ClientError

        try:
            head = self.client.head_object(Bucket=self.where.bucket, Key=self.where.key(b))
        except ClientError:
            return False
        return head.get("Metadata", {}).get(SOURCE_KEY) == a

    # -- writing ------------------------------------------------------------------------------------------------
    def write_bytes(self, rel: str, data: bytes) -> None:
        """One PUT: readers see the previous object or this one, never a part."""
        with self.fs.open_output_stream(self.where.path(rel)) as out:
            out.write(data)

    def create(self, rel: str, data: bytes) -> str | None:
        """Write ``rel`` only if no object has that name (``If-None-Match: *``): its ETag, or None when one does."""
        return self._conditional_put(rel, data, IfNoneMatch="*")

    def replace(self, rel: str, data: bytes, etag: str) -> str | None:
        """Overwrite ``rel`` only if it is still the object whose ETag was read (``If-Match``): the new ETag, or
        None when it changed (or is gone)."""
        return self._conditional_put(rel, data, IfMatch=etag)

    def _conditional_put(self, rel: str, data: bytes, **condition) -> str | None:
        from botocore.exceptions import ClientError

        try:
            done = self.client.put_object(Bucket=self.where.bucket, Key=self.where.key(rel), Body=data, **condition)
        except ClientError as exc:
            if _code(exc) in CONDITION_FAILED:
                return None
            raise _os_error(exc, self.location(rel)) from None
        return done["ETag"]

    def delete_if(self, rel: str, etag: str) -> bool:
        """Delete ``rel`` if it is still the object with ``etag``. Where the server refuses conditional deletes,
        the object is read first (a small window a lock's owner check accepts)."""
        from botocore.exceptions import ClientError

        try:
            self.client.delete_object(Bucket=self.where.bucket, Key=self.where.key(rel), IfMatch=etag)
            return True
        except ClientError as exc:
            if _code(exc) in CONDITION_FAILED:
                return False
            if _code(exc) not in ("NotImplemented", "501", "InvalidArgument", "400"):
                raise _os_error(exc, self.location(rel)) from None
        found = self.read_tagged(rel)
        if found is None or found[1] != etag:
            return False
        self.delete(rel)
        return True

    def delete(self, rel: str) -> None:
        """Through botocore: pyarrow's delete leaves an empty "folder" object behind (listed as a repository)."""
        from botocore.exceptions import ClientError

        try:
            self.client.delete_object(Bucket=self.where.bucket, Key=self.where.key(rel))
        except ClientError as exc:
            raise _os_error(exc, self.location(rel)) from None

    def delete_tree(self, rel: str) -> None:
        from botocore.exceptions import ClientError

        prefix = self.where.key(rel).rstrip("/") + "/"
        try:
            for page in self.client.get_paginator("list_objects_v2").paginate(Bucket=self.where.bucket,
                                                                             Prefix=prefix):
                keys = [{"Key": o["Key"]} for o in page.get("Contents", [])]
                if keys:
                    self.client.delete_objects(Bucket=self.where.bucket, Delete={"Objects": keys, "Quiet": True})
        except ClientError as exc:
            raise _os_error(exc, self.location(rel)) from None

    def upload(self, local: Path, rel: str) -> None:
        import shutil

        with open(local, "rb") as src, self.fs.open_output_stream(self.where.path(rel)) as out:
            shutil.copyfileobj(src, out, 1 << 20)

    def download(self, rel: str, local: Path) -> None:
        """Copy ``rel`` to ``local`` whole (a temporary name, then a rename: a reader never opens a part)."""
        import shutil

        local.parent.mkdir(parents=True, exist_ok=True)
        tmp = local.with_name(f".{local.name}.tmp-{uuid.uuid4().hex[:8]}")
        try:
            with self.fs.open_input_stream(self.where.path(rel)) as src, open(tmp, "wb") as out:
                shutil.copyfileobj(src, out, 1 << 20)
            os.replace(tmp, local)
        finally:
            tmp.unlink(missing_ok=True)

    def copy(self, src: str, dst: str) -> None:
        """A server-side copy (no bytes through this machine) recording its source, for ``same``."""
        from botocore.exceptions import ClientError

        try:
            self.client.copy_object(Bucket=self.where.bucket, Key=self.where.key(dst),
                                    CopySource={"Bucket": self.where.bucket, "Key": self.where.key(src)},
                                    Metadata={SOURCE_KEY: src}, MetadataDirective="REPLACE")
        except ClientError as exc:
            raise _os_error(exc, self.location(dst)) from None


CONDITION_FAILED = ("PreconditionFailed", "ConditionalRequestConflict", "412", "409", "NoSuchKey")


def _code(exc) -> str:
    error = getattr(exc, "response", {}).get("Error", {})
    return str(error.get("Code") or getattr(exc, "response", {}).get("ResponseMetadata", {}).get("HTTPStatusCode"))


def _os_error(exc, where: str) -> OSError:
    import errno

    return OSError(errno.EIO, str(exc), where)


def cache_dir(uri: str) -> Path:
    """Where a machine keeps its copies of an object-storage lake's immutable version files (and stages a writer's
    new ones before they are uploaded): ``$CODELAKE_CACHE``, else ``$XDG_CACHE_HOME/codelake`` (``~/.cache``).
    Version files never change once written, so a copy is valid as long as its name is; delete the folder any time."""
    where = ObjectLocation.parse(uri)
    base = os.environ.get("CODELAKE_CACHE") or os.path.join(
        os.environ.get("XDG_CACHE_HOME") or os.path.join(Path.home(), ".cache"), "codelake")
    return Path(base).expanduser() / "objects" / where.scheme / where.bucket / (where.prefix or "_root")
