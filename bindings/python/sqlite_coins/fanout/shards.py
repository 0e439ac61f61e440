"""The shards: what a --shards argument names, each as a read-only URI, and
the check that no file is listed twice under two names."""
import glob
import os
import pathlib
import re
import stat
from typing import Dict, Iterable, List, NamedTuple, Optional, Tuple, Union
from urllib.parse import quote, urlsplit
from urllib.request import url2pathname

from .result import FanoutError


SQLITE_MAGIC = b"SQLite format 3\x00"


class Shard(NamedTuple):
    """One shard: name is what the ``shard`` column of ``mapped`` says (the
    path or URI as given), uri the read-only URI that SQLite opens; host,
    for a ``host:/path`` shard, the machine whose disk has it (None: any
    that sees the path); problem, why it cannot be read (a directory, no
    such file), found before any query runs."""

    name: str
    uri: str
    host: Optional[str] = None
    problem: Optional[str] = None


# host:/absolute/path -- a host name or address (IPv6 in brackets), then
# the path on that host's disk
_HOST_PATH = re.compile(r"^(\[[0-9A-Fa-f:.]+\]|[A-Za-z0-9](?:[A-Za-z0-9.-]*[A-Za-z0-9])?):(/.*)$")


# The device and inode of a file (see _file_identity).
Identity = Tuple[int, int]


def _is_sqlite_file(path: str) -> bool:
    with open(path, "rb") as f:
        return f.read(len(SQLITE_MAGIC)) == SQLITE_MAGIC


def _absolute_uri_path(path: str, base: str) -> str:
    """The path part of a file: URI (what follows "file:"), made absolute
    against base when it is relative (file:archive/a.db), as a plain path
    is; an authority (file://...), an absolute path, an empty one and
    :memory: are left as they are."""
    if not path or path.startswith("/") or path.startswith(":memory:"):
        return path
    return quote(os.path.abspath(base), safe="/") + "/" + path


def _shard(entry: str, base: str = ".") -> Shard:
    """A Shard from a path, a file: URI or host:/path (taken literally, no
    glob); relative paths, in a URI too, are relative to base."""
    on_host = _HOST_PATH.match(entry) if not entry.startswith("file:") else None
    if on_host:
        host = on_host.group(1).strip("[]")
        return Shard(entry, pathlib.Path(on_host.group(2)).as_uri() + "?mode=ro", host)
    if entry.startswith("file:"):
        path, _, fragment = entry.partition("#")
        path, _, query = path[len("file:") :].partition("?")
        modes = [p[5:] for p in query.split("&") if p.startswith("mode=")]
        if any(m != "ro" for m in modes):
            raise FanoutError(
                "shard %s: fanout opens shards read-only; leave mode out of "
                "the URI or write mode=ro" % entry
            )
        if not modes:
            query += ("&" if query else "") + "mode=ro"
        uri = "file:" + _absolute_uri_path(path, base) + "?" + query
        return Shard(entry, uri + ("#" + fragment if fragment else ""))
    full = os.path.abspath(os.path.join(base, entry))
    return Shard(entry, pathlib.Path(full).as_uri() + "?mode=ro")


def find_shards(spec: str) -> List[Shard]:
    """The shards one --shards argument names, in a stable order.

    spec is a glob pattern (``**`` included), whose matches are sorted by
    name; a ``file:`` URI, one shard; or the path of a text file (not an
    SQLite database) listing the shards, one path or ``file:`` URI a line,
    in that order: blank lines and lines starting with # are ignored,
    relative paths (a relative ``file:`` URI too) are relative to the
    list's directory.
    """
    if spec.startswith("file:"):
        return [_shard(spec)]
    if os.path.isfile(spec) and not _is_sqlite_file(spec):
        base = os.path.dirname(spec) or "."
        with open(spec, encoding="utf-8") as f:
            entries = [line.strip() for line in f]
        shards = [_shard(e, base) for e in entries if e and not e.startswith("#")]
        if not shards:
            raise FanoutError(
                "--shards %s: the file lists no shard (a file that is not an SQLite "
                "database, an empty one too, is read as a list)" % spec
            )
        return shards
    matches = sorted(glob.glob(spec, recursive=True))
    if not matches:
        raise FanoutError("--shards %s: no file matches" % spec)
    return [_shard(p)._replace(problem=_not_a_file(p)) for p in matches]


def _not_a_file(path: str) -> Optional[str]:
    """Why a path a glob matched is no shard (None: a regular file)."""
    try:
        mode = os.stat(path).st_mode
    except OSError as e:  # a symbolic link to nothing, a file gone since
        return "no such file (%s)" % (e.strerror or e)
    if stat.S_ISDIR(mode):
        return "a directory, not a shard (a glob such as DIR/*.db names its files)"
    if not stat.S_ISREG(mode):
        return "not a regular file (a pipe, a socket or a device), not a shard"
    return None


def _shard_path(shard: Shard) -> str:
    """The file a shard's URI names (on the machine that opens it)."""
    return url2pathname(urlsplit(shard.uri).path)


def _file_identity(path: str) -> Optional[Identity]:
    """(st_dev, st_ino) of the file at path, symbolic links followed: the
    same for every name of one file (hard links, bind mounts); None when
    the file cannot be reached from here."""
    try:
        st = os.stat(path)
    except (OSError, ValueError):
        return None
    return (st.st_dev, st.st_ino)


def _refuse_twice(
    shards: List[Shard], identities: List[Optional[Identity]], where: str = ""
) -> None:
    """Raises FanoutError when two shards are one file: the same
    identity (see _file_identity), or, for files not reachable from
    here, the same path once symbolic links are resolved."""
    seen: Dict[Tuple[object, ...], str] = {}
    for shard, identity in zip(shards, identities):
        path = _shard_path(shard)
        if identity is None:
            key: Tuple[object, ...] = (
                "path",
                shard.host,
                shard.host and path or os.path.realpath(path),
            )
        else:
            key = ("file", shard.host, identity)
        if key in seen:
            same = (
                "the same file %s" % path
                if identity is None
                else "one file (device %d, inode %d)%s" % (identity + (where,))
            )
            raise FanoutError(
                "shard %s is listed twice: %s and %s are %s; each shard must "
                "be listed once" % (shard.name, seen[key], shard.name, same)
            )
        seen[key] = shard.name


def _shards_of(
    shards: Union[str, "os.PathLike[str]", Iterable[Union[str, "os.PathLike[str]", Shard]]]
) -> List[Shard]:
    """run()'s shards argument as a list of Shard: a str is one --shards
    argument (find_shards); otherwise an iterable of paths and URIs, each
    one shard.  The same file twice is an error (it would count twice),
    under any two names: see _refuse_twice."""
    if isinstance(shards, (str, os.PathLike)):
        found = find_shards(os.fspath(shards))
    else:
        found = [s if isinstance(s, Shard) else _shard(os.fspath(s)) for s in shards]
    if not found:
        raise FanoutError("no shards given")
    # a host:/path shard is compared on its host (cluster.py), not here
    _refuse_twice(found, [None if s.host else _file_identity(_shard_path(s)) for s in found])
    return found
