"""packaging/archives.py -- the release archives of coins, and what
describes them.

    python3 packaging/archives.py binaries VERSION OUT LINUX_SO LIBCOINS_A WINDOWS_DLL \
            ARM64_SO ARM64_LIBCOINS_A WINDOWS_X86_DLL
        coins-VERSION-linux-x86_64.tar.gz: coins.so, libcoins.a, coins.h,
        coins_sqlite.h, LICENSE, README.md (on loading it);
        coins-VERSION-linux-aarch64.tar.gz: the same for Linux arm64;
        coins-VERSION-windows-x86_64.zip: coins.dll, the headers, LICENSE,
        README.md; coins-VERSION-windows-x86.zip: the same for 32-bit
        Windows.  Flat (no folder inside): the layout sqlpkg unpacks.
    python3 packaging/archives.py source VERSION OUT
        coins-VERSION.tar.gz: the source tree under coins-VERSION/ (the
        files git tracks, and the new ones it does not ignore; outside git,
        all but build/ and caches), which builds with make on its own.
    python3 packaging/archives.py describe VERSION OUT EXTENSION [ASSETS_PATH]
        OUT/sqlpkg.json (the package spec of the sqlpkg package manager:
        the binary archive of each platform, their checksums, the SQL
        functions, listed by loading EXTENSION), then OUT/SHA256SUMS of
        every file in OUT.  ASSETS_PATH: where the archives will be
        downloaded from (a URL), by default "." (sqlpkg install
        ./sqlpkg.json run in OUT).
    python3 packaging/archives.py root VERSION [FILE]
        the same spec for the repository's root, where sqlpkg reads it
        (sqlpkg install github.com/coins/coins): the archives at the
        release of VERSION on GitHub, with neither checksums nor functions
        (they come with a build); FILE is by default sqlpkg.json at the
        root (make sqlpkg.json).

The archives are reproducible: fixed owners, modes and times
(SOURCE_DATE_EPOCH, by default the last commit's time), gzip without a
name or a time stamp.
"""
import gzip
import hashlib
import io
import json
import os
import re
import sqlite3
import subprocess
import sys
import tarfile
import time
import zipfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
HEADERS = ["include/coins.h", "include/coins_sqlite.h"]
LINUX = "coins-{version}-linux-x86_64.tar.gz"
LINUX_ARM64 = "coins-{version}-linux-aarch64.tar.gz"
WINDOWS = "coins-{version}-windows-x86_64.zip"
WINDOWS_X86 = "coins-{version}-windows-x86.zip"
SOURCE = "coins-{version}.tar.gz"
# The binary archive of each platform, by sqlpkg's names of platforms (Go's
# GOOS-GOARCH: 386 is 32-bit x86)
PLATFORMS = {
    "linux-amd64": LINUX,
    "linux-arm64": LINUX_ARM64,
    "windows-amd64": WINDOWS,
    "windows-386": WINDOWS_X86,
}
# The words of README-windows.md.in for each Windows archive: its width,
# and the other archive, for a program of the other width
WINDOWS_WORDS = {
    WINDOWS: {"BITS": "64", "ARCH": "x64", "OTHER_BITS": "32", "OTHER": WINDOWS_X86},
    WINDOWS_X86: {"BITS": "32", "ARCH": "x86", "OTHER_BITS": "64", "OTHER": WINDOWS},
}
# Where the project lives, and where a release's archives are: sqlpkg
# fills in {repository} and {version} (the release's tag is the version)
REPOSITORY = "https://github.com/coins/coins"
RELEASE_ASSETS = "{repository}/releases/download/{version}"


def epoch():
    if os.environ.get("SOURCE_DATE_EPOCH"):
        return int(os.environ["SOURCE_DATE_EPOCH"])
    try:
        out = subprocess.run(
            ["git", "log", "-1", "--format=%ct"],
            cwd=ROOT,
            check=True,
            capture_output=True,
            text=True,
        ).stdout.strip()
        return int(out)
    except (OSError, subprocess.CalledProcessError, ValueError):
        return int(time.time())


def sqlite_min():
    with open(os.path.join(ROOT, "include", "coins_sqlite.h"), encoding="utf-8") as f:
        return re.search(r'^#define COINS_SQLITE_MIN_VERSION "([^"]+)"', f.read(), re.M).group(1)


def readme(platform, version, words=None):
    """The README.md of an archive: its template with @VERSION@,
    @SQLITE_MIN@ and each @WORD@ of words filled in."""
    path = os.path.join(ROOT, "packaging", "archive", f"README-{platform}.md.in")
    with open(path, encoding="utf-8") as f:
        text = f.read()
    for word, value in (words or {}).items():
        text = text.replace(f"@{word}@", value.format(version=version))
    return text.replace("@VERSION@", version).replace("@SQLITE_MIN@", sqlite_min()).encode()


def read(path):
    with open(path, "rb") as f:
        return f.read()


def write_targz(path, members, mtime):
    """members: (name, bytes, mode) in order."""
    raw = io.BytesIO()
    with tarfile.open(fileobj=raw, mode="w", format=tarfile.GNU_FORMAT) as tar:
        for name, data, mode in members:
            info = tarfile.TarInfo(name)
            info.size, info.mode, info.mtime = len(data), mode, mtime
            info.uid = info.gid = 0
            info.uname = info.gname = "root"
            tar.addfile(info, io.BytesIO(data))
    with open(path, "wb") as f, gzip.GzipFile(
        filename="", mode="wb", fileobj=f, mtime=0, compresslevel=9
    ) as gz:
        gz.write(raw.getvalue())
    print(f"archive: {path}")


def write_zip(path, members, mtime):
    stamp = time.gmtime(max(mtime, 315532800))[:6]  # zip times start in 1980
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as z:
        for name, data, mode in members:
            info = zipfile.ZipInfo(name, stamp)
            info.external_attr = (0o100000 | mode) << 16
            info.compress_type = zipfile.ZIP_DEFLATED
            z.writestr(info, data)
    print(f"archive: {path}")


def binaries(
    version, out, linux_so, libcoins_a, windows_dll, arm64_so, arm64_libcoins_a, windows_x86_dll
):
    mtime = epoch()
    common = [(os.path.basename(h), read(os.path.join(ROOT, h)), 0o644) for h in HEADERS]
    common.append(("LICENSE", read(os.path.join(ROOT, "LICENSE")), 0o644))
    for name, so, lib in ((LINUX, linux_so, libcoins_a), (LINUX_ARM64, arm64_so, arm64_libcoins_a)):
        write_targz(
            os.path.join(out, name.format(version=version)),
            [("coins.so", read(so), 0o755), ("libcoins.a", read(lib), 0o644)]
            + common
            + [("README.md", readme("linux", version), 0o644)],
            mtime,
        )
    for name, dll in ((WINDOWS, windows_dll), (WINDOWS_X86, windows_x86_dll)):
        write_zip(
            os.path.join(out, name.format(version=version)),
            [("coins.dll", read(dll), 0o755)]
            + common
            + [("README.md", readme("windows", version, WINDOWS_WORDS[name]), 0o644)],
            mtime,
        )


SKIP_DIRS = {".git", "build", "node_modules", "__pycache__"}


def source_files():
    """The files of the source tree: tracked by git, or new and not
    ignored; outside a git checkout (an unpacked source tarball), every
    file but build/, node_modules/, caches and egg-info."""
    try:
        out = subprocess.run(
            ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
            cwd=ROOT,
            check=True,
            capture_output=True,
        ).stdout
        names = sorted({n for n in out.decode().split("\0") if n})
    except (OSError, subprocess.CalledProcessError):
        names = []
        for top, dirs, files in os.walk(ROOT):
            dirs[:] = sorted(d for d in dirs if d not in SKIP_DIRS and not d.endswith(".egg-info"))
            rel = os.path.relpath(top, ROOT)
            names += [
                os.path.normpath(os.path.join(rel, f)) for f in files if not f.endswith(".pyc")
            ]
        names.sort()
    return [
        n
        for n in names
        if os.path.isfile(os.path.join(ROOT, n))
        and not n.startswith("build/")
        and "/node_modules/" not in n
    ]


def source(version, out):
    prefix = f"coins-{version}/"
    members = []
    for name in source_files():
        path = os.path.join(ROOT, name)
        mode = 0o755 if os.access(path, os.X_OK) else 0o644
        members.append((prefix + name, read(path), mode))
    write_targz(os.path.join(out, SOURCE.format(version=version)), members, epoch())


def functions(extension):
    """The SQL functions and table-valued functions coins registers."""
    db = sqlite3.connect(":memory:")
    db.enable_load_extension(True)
    db.load_extension(os.path.splitext(os.path.abspath(extension))[0])
    names = {
        r[0] for r in db.execute("SELECT name FROM pragma_function_list WHERE name LIKE 'coins%'")
    }
    names |= {
        r[0] for r in db.execute("SELECT name FROM pragma_module_list WHERE name LIKE 'coins%'")
    }
    return sorted(names)


def sha256(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for block in iter(lambda: f.read(1 << 16), b""):
            h.update(block)
    return h.hexdigest()


def spec(version, assets_path, symbols=None):
    """The sqlpkg spec of coins VERSION, its archives at assets_path."""
    described = {
        "owner": "coins",
        "name": "coins",
        "version": version,
        "repository": REPOSITORY,
        "authors": ["the coins authors"],
        "license": "MIT",
        "description": 'Solve and analyse "coins in a line" games in SQL: who wins with best '
        "play, the optimal line, and how good each recorded move was.",
        "keywords": ["coins", "games", "game-theory"],
    }
    if symbols is not None:
        described["symbols"] = symbols
    described["assets"] = {"path": assets_path, "files": dict(PLATFORMS)}
    return described


def write_json(path, data):
    with open(path, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=4)
        f.write("\n")


def describe(version, out, extension, assets_path="."):
    described = spec(version, assets_path, functions(extension))
    described["assets"]["checksums"] = {
        name: "sha256-" + sha256(os.path.join(out, name))
        for name in (f.format(version=version) for f in PLATFORMS.values())
    }
    write_json(os.path.join(out, "sqlpkg.json"), described)
    names = sorted(
        n for n in os.listdir(out) if n != "SHA256SUMS" and os.path.isfile(os.path.join(out, n))
    )
    with open(os.path.join(out, "SHA256SUMS"), "w", encoding="utf-8") as f:
        for name in names:
            f.write(f"{sha256(os.path.join(out, name))}  {name}\n")
    print(f"dist: {os.path.join(out, 'sqlpkg.json')}, {os.path.join(out, 'SHA256SUMS')}")


def root(version, path=os.path.join(ROOT, "sqlpkg.json")):
    write_json(path, spec(version, RELEASE_ASSETS))
    print(f"sqlpkg: {path}")


if __name__ == "__main__":
    commands = {
        "binaries": (binaries, 9),
        "source": (source, 3),
        "describe": (describe, 4),
        "root": (root, 2),
    }
    if (
        len(sys.argv) < 2
        or sys.argv[1] not in commands
        or len(sys.argv) < 1 + commands[sys.argv[1]][1]
    ):
        sys.exit(__doc__)
    if sys.argv[1] != "root":
        os.makedirs(sys.argv[3], exist_ok=True)
    commands[sys.argv[1]][0](*sys.argv[2:])
