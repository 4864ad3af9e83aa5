"""Compile jtc's own Java sources (the agent, the coverage reporter) into cached jars.

jtc ships Java sources, not jars: the first use compiles them with the local javac against the
Debian jars and caches the result under a name derived from the sources' content, so an edited
source tree rebuilds itself and an unchanged one costs one hash.
"""

from __future__ import annotations

import hashlib
import subprocess
import tempfile
import zipfile
from dataclasses import dataclass
from pathlib import Path

from jtc.errors import ToolchainError
from jtc.java.toolchain import CACHE_DIR, toolchain

JAVA_RELEASE = "11"
# The Java sources: copied into the package when a wheel is built (setup.py), else the checkout's.
PACKAGED_SOURCES = Path(__file__).resolve().parents[1] / "java-src"
CHECKOUT_SOURCES = Path(__file__).resolve().parents[2] / "java-agent" / "src"


def java_sources(*parts: str) -> Path:
    """A folder of jtc's Java sources (`java_sources("main", "java")`: the agent), from an installed
    wheel or from the checkout."""
    root = PACKAGED_SOURCES if PACKAGED_SOURCES.is_dir() else CHECKOUT_SOURCES
    return root.joinpath(*parts)


@dataclass(frozen=True)
class JarSpec:
    """What to compile: source roots, compile classpath, manifest attributes."""

    name: str
    source_roots: tuple[Path, ...]
    classpath: tuple[Path, ...] = ()
    manifest: tuple[tuple[str, str], ...] = ()


def _sources(spec: JarSpec) -> list[Path]:
    files: list[Path] = []
    for root in spec.source_roots:
        files.extend(sorted(root.rglob("*.java")))
    if not files:
        raise ToolchainError(f"no Java sources for {spec.name} under {', '.join(map(str, spec.source_roots))}")
    return files


def _fingerprint(spec: JarSpec, files: list[Path]) -> str:
    digest = hashlib.sha256()
    for path in files:
        digest.update(str(path.name).encode())
        digest.update(path.read_bytes())
    for item in (*map(str, spec.classpath), *(f"{k}={v}" for k, v in spec.manifest), JAVA_RELEASE):
        digest.update(item.encode())
    return digest.hexdigest()[:16]


def build_jar(spec: JarSpec, out_dir: Path | None = None) -> Path:
    """The jar for `spec`, compiling it only when no jar for the same sources exists yet."""
    files = _sources(spec)
    target_dir = out_dir or CACHE_DIR / "jars"
    target = target_dir / f"{spec.name}-{_fingerprint(spec, files)}.jar"
    if target.is_file():
        return target
    target_dir.mkdir(parents=True, exist_ok=True)
    with tempfile.TemporaryDirectory(prefix=f"jtc-{spec.name}-") as tmp:
        classes = Path(tmp) / "classes"
        command = [str(toolchain().javac), "-nowarn", "-encoding", "UTF-8", "--release", JAVA_RELEASE,
                   "-d", str(classes)]
        if spec.classpath:
            command += ["-cp", ":".join(map(str, spec.classpath))]
        completed = subprocess.run(command + [str(f) for f in files], capture_output=True, text=True)
        if completed.returncode != 0:
            raise ToolchainError(f"compiling {spec.name} failed:\n{completed.stderr.strip()}")
        partial = Path(tmp) / "out.jar"
        _write_jar(partial, classes, spec.manifest)
        partial.replace(target)
    return target


def _manifest_lines(header: str) -> list[str]:
    """Manifest lines are at most 72 bytes; longer ones continue on lines starting with a space."""
    lines, rest = [header[:72]], header[72:]
    while rest:
        lines.append(" " + rest[:71])
        rest = rest[71:]
    return lines


def _write_jar(path: Path, classes: Path, manifest: tuple[tuple[str, str], ...]) -> None:
    lines = ["Manifest-Version: 1.0"]
    for key, value in manifest:
        lines.extend(_manifest_lines(f"{key}: {value}"))
    with zipfile.ZipFile(path, "w", zipfile.ZIP_DEFLATED) as jar:
        jar.writestr("META-INF/MANIFEST.MF", "\r\n".join(lines) + "\r\n")
        for file in sorted(classes.rglob("*")):
            if file.is_file():
                jar.write(file, file.relative_to(classes).as_posix())
