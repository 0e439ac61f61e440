"""setup.py -- builds the Python package sqlite-coins (module sqlite_coins).

The package is a plain Python module (bindings/python/sqlite_coins/) next to the
coins SQLite extension, compiled here from the C sources (ext/core/*.c,
ext/sqlite/*.c, include/) into sqlite_coins/coins.so (.dylib on macOS,
.dll on Windows).  It is not a Python extension module: Python never
imports it, SQLite loads it.  Three things differ from a Python extension:

- the file is named coins.<suffix>, never coins.cpython-311-x86_64-linux-gnu.so:
  SQLite derives the entry point sqlite3_coins_init from the file name up
  to its first dot;
- it exports sqlite3_coins_init alone (-fvisibility=hidden; no PyInit_);
- the wheel is tagged py3-none-<platform>: it suits every Python 3 of the
  platform it was built on, and only that platform.  On Linux the platform
  is manylinux2014_<cpu> (what PyPI takes), once objdump -T has shown that
  the library needs nothing past glibc 2.17 and no fortified (_chk)
  symbol; a library that needs more fails the build, naming the symbols.
  Without objdump the wheel keeps the plain linux_<cpu> tag (not for PyPI).

The version is COINS_VERSION in include/coins.h, read here at build time.
An sdist carries SQLite's two public headers (sqlite3.h, sqlite3ext.h,
public domain) in sqlite-include/, copied from the machine that made it,
so that it builds wherever there is a C compiler (GCC or Clang; MinGW on
Windows), with or without SQLite's development files.

    pip install --no-build-isolation --no-index .      # from this directory
    make python                                        # sdist and wheel in build/dist
"""
import os
import re
import shutil
import subprocess
import sys
from glob import glob

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext
from setuptools.command.sdist import sdist

try:  # setuptools >= 70.1 has its own; before, the wheel package's
    from setuptools.command.bdist_wheel import bdist_wheel
except ImportError:
    from wheel.bdist_wheel import bdist_wheel

BUNDLED_SQLITE = "sqlite-include"  # in an sdist only (see sdist_with_headers)
SQLITE_HEADERS = ("sqlite3.h", "sqlite3ext.h")


def coins_version():
    with open(os.path.join("include", "coins.h"), encoding="utf-8") as f:
        found = re.search(r'^#define COINS_VERSION "([^"]+)"', f.read(), re.M)
    if not found:
        sys.exit("setup.py: no #define COINS_VERSION in include/coins.h")
    return found.group(1)


def library_suffix():
    """The suffix SQLite tries when load_extension is given none."""
    if sys.platform in ("win32", "cygwin"):
        return ".dll"
    if sys.platform == "darwin":
        return ".dylib"
    return ".so"


MANYLINUX_GLIBC = (2, 17)  # manylinux2014


def glibc_excess(library):
    """The symbols library needs past glibc 2.17, or fortified, as strings;
    None when objdump is missing.  OBJDUMP names another one (a cross-built
    library needs its own: aarch64-linux-gnu-objdump)."""
    objdump = shutil.which(os.environ.get("OBJDUMP") or "objdump")
    if not objdump:
        return None
    dump = subprocess.run(
        [objdump, "-T", library], check=True, capture_output=True, text=True
    ).stdout
    excess = []
    for line in dump.splitlines():
        if "*UND*" not in line:
            continue
        name = line.split()[-1]
        found = re.search(r"GLIBC_(\d+)\.(\d+)", line)
        if name.endswith("_chk"):
            excess.append(f"{name} (fortified)")
        elif found and (int(found.group(1)), int(found.group(2))) > MANYLINUX_GLIBC:
            excess.append(f"{name} (glibc {found.group(1)}.{found.group(2)})")
    return excess


class build_coins(build_ext):
    """Builds the extension as SQLite wants it rather than as Python does."""

    def get_ext_filename(self, fullname):
        # sqlite_coins.coins -> sqlite_coins/coins.so
        return os.path.join(*fullname.split(".")) + library_suffix()

    def get_export_symbols(self, ext):
        return ["sqlite3_coins_init"]  # not PyInit_coins (used by MSVC and MinGW links)

    def build_extension(self, ext):
        if self.compiler.compiler_type == "msvc":
            sys.exit(
                "sqlite-coins: the C sources need GCC or Clang (they use GCC builtins), "
                "and this Python builds with MSVC. On Windows, load coins.dll from "
                "coins-VERSION-windows-x86_64.zip (-windows-x86.zip for a 32-bit Python) "
                "instead (see docs/install.md), or "
                "build with MinGW-w64: python setup.py build_ext --compiler=mingw32."
            )
        # the library exports sqlite3_coins_init alone; no debug info in it;
        # no fortified calls (compilers that fortify by default would ask
        # for glibc-only __*_chk symbols)
        ext.extra_compile_args = ["-fvisibility=hidden", "-g0", "-U_FORTIFY_SOURCE"] + list(
            ext.extra_compile_args or []
        )
        if not os.path.isdir(BUNDLED_SQLITE) and not any(
            os.path.exists(os.path.join(d, "sqlite3ext.h"))
            for d in ["/usr/include", "/usr/local/include", "/opt/homebrew/include"]
            + list(self.include_dirs or [])
        ):
            print(
                "sqlite-coins: sqlite3ext.h not found in the usual places; if the build "
                "fails, install SQLite's headers (Debian: libsqlite3-dev) or build from "
                "the sdist, which carries them",
                file=sys.stderr,
            )
        super().build_extension(ext)
        if sys.platform.startswith("linux"):
            excess = glibc_excess(self.get_ext_fullpath(ext.name))
            if excess:
                sys.exit(
                    "sqlite-coins: the library needs more than manylinux2014 allows "
                    "(glibc 2.17, no fortified symbols): " + ", ".join(excess)
                )
            self.distribution.coins_manylinux = excess is not None


class sdist_with_headers(sdist):
    """Puts SQLite's public headers into the sdist (sqlite-include/)."""

    def make_release_tree(self, base_dir, files):
        super().make_release_tree(base_dir, files)
        places = [os.environ.get("SQLITE_INCLUDE", ""), "/usr/include", "/usr/local/include"]
        for place in places:
            if place and all(os.path.exists(os.path.join(place, h)) for h in SQLITE_HEADERS):
                break
        else:
            sys.exit(
                "sqlite-coins sdist: SQLite's headers (sqlite3.h, sqlite3ext.h) not found "
                "in SQLITE_INCLUDE, /usr/include or /usr/local/include "
                "(Debian: apt-get install libsqlite3-dev)"
            )
        target = os.path.join(base_dir, BUNDLED_SQLITE)
        os.makedirs(target, exist_ok=True)
        for h in SQLITE_HEADERS:
            shutil.copyfile(os.path.join(place, h), os.path.join(target, h))


class bdist_wheel_platform(bdist_wheel):
    """py3-none-<platform>: no Python ABI inside, but a native library."""

    def get_tag(self):
        _, _, platform = super().get_tag()
        if platform.startswith("linux_") and getattr(self.distribution, "coins_manylinux", False):
            platform = "manylinux2014_" + platform[len("linux_") :]
        return "py3", "none", platform


include_dirs = ["include"]
if os.path.isdir(BUNDLED_SQLITE):
    include_dirs.insert(0, BUNDLED_SQLITE)

setup(
    version=coins_version(),
    ext_modules=[
        Extension(
            "sqlite_coins.coins",
            sources=sorted(glob("ext/core/*.c")) + sorted(glob("ext/sqlite/*.c")),
            depends=sorted(glob("include/*.h") + glob("ext/*/*.h")),
            include_dirs=include_dirs,
        )
    ],
    cmdclass={
        "build_ext": build_coins,
        "sdist": sdist_with_headers,
        "bdist_wheel": bdist_wheel_platform,
    },
    # setuptools' scratch files under build/python, away from make's build/
    options={"build": {"build_base": os.path.join("build", "python")}},
)
