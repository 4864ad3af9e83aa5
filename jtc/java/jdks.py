"""The JDKs installed on this machine: where they are looked for, and what each one is.

A JDK is a folder with bin/java and bin/javac (`.exe` on Windows) and a `release` file that names
its Java version; a Java runtime without javac is none (jtc compiles the tests it writes). JDKs are
looked for where installers and version managers put them on Linux, macOS and Windows; the same
JDK reached through symbolic links (/usr/lib/jvm's aliases, SDKMAN's `current`) counts once.
Which of them a run uses is jtc.java.toolchain's decision.
"""

from __future__ import annotations

import os
import re
import shutil
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from pathlib import Path

EXECUTABLE_SUFFIX = ".exe" if os.name == "nt" else ""
_VERSION = re.compile(r'^JAVA_VERSION="?(\d+)(?:\.(\d+))?')
MACOS_HOME = "Contents/Home"  # a macOS bundle (Foo.jdk) keeps the JDK's home in here


@dataclass(frozen=True)
class Jdk:
    java_home: Path
    release: int  # the feature release: 17 for OpenJDK 17.0.2, 8 for 1.8.0_292

    @property
    def java(self) -> Path:
        return self.java_home / "bin" / f"java{EXECUTABLE_SUFFIX}"

    @property
    def javac(self) -> Path:
        return self.java_home / "bin" / f"javac{EXECUTABLE_SUFFIX}"

    @property
    def max_class_major(self) -> int:
        """The newest class file major version this JDK loads (Java 17 -> 61)."""
        return 44 + self.release


def java_release(java_home: Path) -> int | None:
    """The feature release in the JDK's `release` file (JAVA_VERSION="17.0.2", "1.8.0_292", "25")."""
    try:
        text = (java_home / "release").read_text(encoding="utf-8", errors="replace")
    except OSError:
        return None
    for line in text.splitlines():
        version = _VERSION.match(line.strip())
        if version:
            head, minor = version.groups()
            return int(minor) if head == "1" and minor else int(head)
    return None


def jdk_at(java_home: Path) -> Jdk | None:
    """The JDK at `java_home`, or None when the folder is not one (no java, no javac, no release)."""
    if not ((java_home / "bin" / f"java{EXECUTABLE_SUFFIX}").is_file()
            and (java_home / "bin" / f"javac{EXECUTABLE_SUFFIX}").is_file()):
        return None
    release = java_release(java_home)
    return Jdk(java_home, release) if release is not None else None


def search_places(environ: Mapping[str, str], home: Path, root: Path = Path("/")) -> list[Path]:
    """Every folder that may be a JDK's home, in the order they are searched; `root` stands for the
    file system's root (tests give a temporary folder). The places of every platform are searched:
    those of the others simply do not exist."""
    def under(variable: str, default: Path) -> Path:
        return Path(environ[variable]) if environ.get(variable) else default

    data_home = under("XDG_DATA_HOME", home / ".local" / "share")
    patterns: list[tuple[Path, str]] = [
        (root / "usr/lib/jvm", "*"),  # Debian, Ubuntu, Fedora, Arch, Alpine
        (root / "usr/lib64/jvm", "*"),  # openSUSE, older Red Hat
        (root / "usr/java", "*"),  # Oracle's RPMs
        (root / "opt/java", "*"),  # Docker images (eclipse-temurin)
        (under("SDKMAN_DIR", home / ".sdkman") / "candidates/java", "*"),
        (home / ".jdks", "*"),  # IntelliJ IDEA's downloads
        (home / ".gradle/jdks", "*"),  # Gradle's toolchain downloads
        (under("ASDF_DATA_DIR", home / ".asdf") / "installs/java", "*"),
        (under("MISE_DATA_DIR", data_home / "mise") / "installs/java", "*"),
        (root / "Library/Java/JavaVirtualMachines", "*"),  # macOS
        (home / "Library/Java/JavaVirtualMachines", "*"),
        (root / "opt/homebrew/opt", "openjdk*/libexec/openjdk.jdk"),  # Homebrew on Apple silicon
        (root / "usr/local/opt", "openjdk*/libexec/openjdk.jdk"),  # Homebrew on Intel
    ]
    for variable in ("ProgramFiles", "ProgramW6432"):  # Windows
        if environ.get(variable):
            patterns += [(Path(environ[variable]) / vendor, "*") for vendor in (
                "Java", "Eclipse Adoptium", "Microsoft", "Zulu", "Amazon Corretto", "BellSoft", "Semeru",
                "OpenJDK", "RedHat")]
    if environ.get("USERPROFILE"):
        patterns.append((Path(environ["USERPROFILE"]) / ".jdks", "*"))
    places = []
    for folder, pattern in patterns:
        if folder.is_dir():
            for found in sorted(folder.glob(pattern)):
                places += [found, found / MACOS_HOME]  # a bundle's home, or a version manager's bundle
    return places


def installed_jdks(environ: Mapping[str, str] | None = None, home: Path | None = None,
                   root: Path = Path("/")) -> list[Jdk]:
    """The JDKs on this machine: $JAVA_HOME's, the one of the javac on PATH, then those of
    `search_places`; each once (the first path it was found by), newest first is the caller's."""
    environ = os.environ if environ is None else environ
    home = Path.home() if home is None else home
    candidates: list[Path] = []
    if environ.get("JAVA_HOME"):
        candidates.append(Path(environ["JAVA_HOME"]))
    javac = shutil.which(f"javac{EXECUTABLE_SUFFIX}", path=environ.get("PATH", ""))
    if javac:
        candidates.append(Path(javac).resolve().parent.parent)
    candidates += search_places(environ, home, root)
    return _each_once(candidates)


def _each_once(candidates: Iterable[Path]) -> list[Jdk]:
    found: dict[Path, Jdk] = {}
    for candidate in candidates:
        jdk = jdk_at(candidate)
        if jdk is not None:
            found.setdefault(candidate.resolve(), jdk)
    return list(found.values())
