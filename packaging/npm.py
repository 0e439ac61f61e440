"""packaging/npm.py -- stages and packs the npm packages of coins.

    python3 packaging/npm.py VERSION STAGE OUT \\
        linux-x64=build/pkg/coins.so win32-x64=build/pkg/coins.dll

- sqlite-coins (bindings/node: the loader, CommonJS, ESM and types),
  its package.json given VERSION and, as optionalDependencies, one
  platform package per PLATFORM=LIBRARY argument at exactly VERSION;
- sqlite-coins-<os>-<cpu> for each PLATFORM=LIBRARY: the library as
  coins.<suffix>, with "os" and "cpu" as Node spells them
  (process.platform, process.arch: win32, not windows).

Each is staged in STAGE/<name>/ and packed with npm pack into OUT.  VERSION
is COINS_VERSION of include/coins.h (the make fragment passes it).
"""
import json
import os
import shutil
import subprocess
import sys

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
# process.platform and process.arch values (Node's spelling, nothing else).
NODE_OS = {"aix", "darwin", "freebsd", "linux", "openbsd", "sunos", "win32", "android"}
NODE_CPU = {
    "arm",
    "arm64",
    "ia32",
    "loong64",
    "mips",
    "mipsel",
    "ppc",
    "ppc64",
    "riscv64",
    "s390",
    "s390x",
    "x64",
}
SUFFIX = {"win32": "dll", "darwin": "dylib"}
# npm checks "libc" on Linux: the Linux library is built against glibc.
LIBC = {"linux": ["glibc"]}


def write_json(path, data):
    with open(path, "w", encoding="utf-8") as f:
        json.dump(data, f, indent=2)
        f.write("\n")


def pack(stage, out):
    got = subprocess.run(
        ["npm", "pack", "--pack-destination", out, "--loglevel=error"],
        cwd=stage,
        check=True,
        capture_output=True,
        text=True,
    ).stdout
    print(f"npm: {os.path.join(out, got.strip().splitlines()[-1])}")


def main(version, stage, out, platform_args):
    platforms = {}
    for arg in platform_args:
        name, _, library = arg.partition("=")
        os_, _, cpu = name.partition("-")
        if os_ not in NODE_OS or cpu not in NODE_CPU:
            sys.exit(
                f"npm.py: {name}: os and cpu must be spelled as Node does "
                f"(process.platform-process.arch, e.g. linux-x64, win32-x64, darwin-arm64)"
            )
        platforms[name] = (os_, cpu, library)
    shutil.rmtree(stage, ignore_errors=True)
    out = os.path.abspath(out)
    os.makedirs(out, exist_ok=True)
    license_file = os.path.join(ROOT, "LICENSE")

    main_dir = os.path.join(stage, "sqlite-coins")
    shutil.copytree(os.path.join(ROOT, "bindings", "node"), main_dir)
    shutil.copy(license_file, main_dir)
    manifest_path = os.path.join(main_dir, "package.json")
    with open(manifest_path, encoding="utf-8") as f:
        manifest = json.load(f)
    manifest.pop("//", None)
    manifest = {"name": manifest.pop("name"), "version": version, **manifest}
    manifest["optionalDependencies"] = {f"sqlite-coins-{p}": version for p in sorted(platforms)}
    write_json(manifest_path, manifest)
    pack(main_dir, out)

    for name, (os_, cpu, library) in sorted(platforms.items()):
        package = f"sqlite-coins-{name}"
        target = os.path.join(stage, package)
        os.makedirs(target)
        binary = f"coins.{SUFFIX.get(os_, 'so')}"
        shutil.copy(library, os.path.join(target, binary))
        shutil.copy(license_file, target)
        data = {
            "name": package,
            "version": version,
            "description": f"The coins SQLite extension built for {name}: the library "
            "that the sqlite-coins package loads on this platform.",
            "license": "MIT",
            "author": "the coins authors",
            "os": [os_],
            "cpu": [cpu],
        }
        if os_ in LIBC:
            data["libc"] = LIBC[os_]
        data["files"] = [binary, "README.md", "LICENSE"]
        write_json(os.path.join(target, "package.json"), data)
        with open(os.path.join(target, "README.md"), "w", encoding="utf-8") as f:
            f.write(
                f"# {package}\n\nThe coins SQLite extension ({binary}) built for "
                f"{name}{' (glibc)' if os_ in LIBC else ''}, version {version}. Install "
                "`sqlite-coins`, which depends on this package on this platform, and "
                "call its `load(db)` or `getLoadablePath()`.\n"
            )
        pack(target, out)


if __name__ == "__main__":
    if len(sys.argv) < 5:
        sys.exit(__doc__)
    main(sys.argv[1], sys.argv[2], sys.argv[3], sys.argv[4:])
