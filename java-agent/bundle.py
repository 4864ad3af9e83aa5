"""Build jtc's Java parts with Maven and install every jar jtc runs with into a package folder.

    python java-agent/bundle.py                 # into jtc/java/jars of this checkout, when out of date
    python java-agent/bundle.py --into DIR      # into DIR (setup.py: the wheel's copy of the package)
    python java-agent/bundle.py --lock          # after a version change in pom.xml: write jars.lock anew

Maven builds the modules of java-agent/pom.xml and gathers the jars into bundle/target/jars. Each
third-party jar must be in jars.lock with the SHA-256 of its bytes, and each jar of the lock must be
there: a changed, added or missing jar stops the build with one line. The lock pins what Maven
resolved, so a wheel carries the same bytes wherever it is built.
"""

from __future__ import annotations

import argparse
import hashlib
import json
import shutil
import subprocess
import sys
import tempfile
import xml.etree.ElementTree as ElementTree
from pathlib import Path

HERE = Path(__file__).resolve().parent
sys.path.insert(0, str(HERE.parent))

from jtc.java.bundle import JARS_DIR, MANIFEST, Role, java_parts_fingerprint  # noqa: E402

LOCK = HERE / "jars.lock"
GATHERED = HERE / "bundle" / "target" / "jars"
OWN_GROUP = "jtc"

# The role of each jar, by group:artifact[:classifier].
ROLES = {
    "jtc:jtc-agent": Role.AGENT,
    "jtc:jtc-report": Role.REPORTER,
    "jtc:jtc-junit-order": Role.JUNIT_ORDER,
    "jtc:jtc-mutate": Role.MUTATION_RUNNER,
    "jtc:jtc-compile": Role.COMPILER,
    "org.jacoco:org.jacoco.core": Role.JACOCO_CORE,
    "org.jacoco:org.jacoco.report": Role.JACOCO_REPORT,
    "org.jacoco:org.jacoco.agent:runtime": Role.JACOCO_AGENT,
    "org.ow2.asm:asm": Role.JACOCO_ASM,
    "org.ow2.asm:asm-commons": Role.JACOCO_ASM,
    "org.ow2.asm:asm-tree": Role.JACOCO_ASM,
    "org.junit.platform:junit-platform-console-standalone": Role.JUNIT_CONSOLE,
    "junit:junit": Role.JUNIT4,
    "org.hamcrest:hamcrest": Role.JUNIT4,
    "org.pitest:pitest": Role.PIT,
    "org.pitest:pitest-entry": Role.PIT,
    "org.pitest:pitest-command-line": Role.PIT,
    "org.pitest:pitest-html-report": Role.PIT,
    "org.pitest:pitest-junit5-plugin": Role.PIT,
    "org.apache.commons:commons-text": Role.PIT,
    "org.apache.commons:commons-lang3": Role.PIT,
    "net.sf.jopt-simple:jopt-simple": Role.PIT,
    "org.antlr:stringtemplate": Role.PIT,
    "antlr:antlr": Role.PIT,
}


class BundleError(Exception):
    """The bundle cannot be built as locked."""


def file_name(coordinates: str) -> str:
    """The name Maven's copy-dependencies gives a jar with prependGroupId: group.artifact-version[-classifier].jar."""
    group, artifact, version, *classifier = coordinates.split(":")
    return f"{group}.{artifact}-{version}" + "".join(f"-{c}" for c in classifier) + ".jar"


def role_of(coordinates: str) -> Role:
    group, artifact, _version, *classifier = coordinates.split(":")
    key = ":".join([group, artifact, *classifier])
    if key not in ROLES:
        raise BundleError(f"{coordinates} has no role in java-agent/bundle.py's ROLES")
    return ROLES[key]


def sha256(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def read_lock(lock: Path = LOCK) -> dict[str, str]:
    """Coordinates -> SHA-256, from lines `group:artifact:version[:classifier] sha256` (# comments)."""
    entries = {}
    for line in lock.read_text().splitlines():
        line = line.partition("#")[0].strip()
        if line:
            coordinates, digest = line.split()
            entries[coordinates] = digest
    return entries


def maven_package() -> None:
    shutil.rmtree(GATHERED, ignore_errors=True)  # copy-dependencies leaves jars of earlier versions behind
    command = ["mvn", "-q", "-B", "-f", str(HERE / "pom.xml"), "package"]
    try:
        completed = subprocess.run(command, capture_output=True, text=True)
    except FileNotFoundError:
        raise BundleError("building jtc's Java parts needs Maven (mvn on the PATH) and a JDK 11 or newer") from None
    if completed.returncode != 0:
        raise BundleError("mvn package failed:\n" + (completed.stdout + completed.stderr).strip())


def checked_jars(lock: dict[str, str], folder: Path = GATHERED) -> dict[str, Path]:
    """Coordinates -> jar gathered in `folder`: jtc's own (built from source) and the third-party ones
    exactly as the lock pins them, nothing more or less."""
    gathered = {coordinates_of(path.name): path for path in sorted(folder.glob("*.jar"))}
    unlocked = sorted(c for c in gathered if not c.startswith(OWN_GROUP + ":") and c not in lock)
    if unlocked:
        raise BundleError(f"Maven gathered jars that jars.lock does not pin: {', '.join(unlocked)} "
                          f"(python java-agent/bundle.py --lock writes it anew)")
    missing = sorted(set(lock) - set(gathered))
    if missing:
        raise BundleError(f"jars.lock pins jars Maven did not gather: {', '.join(missing)}")
    for coordinates, digest in lock.items():
        actual = sha256(gathered[coordinates])
        if actual != digest:
            raise BundleError(f"{coordinates}: SHA-256 {actual} is not the locked {digest}")
    return gathered


def pom_property(name: str) -> str:
    """A property of java-agent/pom.xml (the versions are declared there)."""
    namespace = {"m": "http://maven.apache.org/POM/4.0.0"}
    value = ElementTree.parse(HERE / "pom.xml").getroot().findtext(f"m:properties/m:{name}", namespaces=namespace)
    if not value:
        raise BundleError(f"java-agent/pom.xml has no property {name}")
    return value


def install(jars: dict[str, Path], into: Path) -> None:
    """Copy the jars and write bundle.json, replacing what `into` held before in one step."""
    into.parent.mkdir(parents=True, exist_ok=True)
    staging = Path(tempfile.mkdtemp(prefix=".jars-", dir=into.parent))
    entries = []
    for coordinates, source in sorted(jars.items()):
        shutil.copy2(source, staging / source.name)
        entries.append({"role": str(role_of(coordinates)), "file": source.name, "coordinates": coordinates})
    manifest = {"fingerprint": java_parts_fingerprint(HERE), "shaded_asm": pom_property("asm.version"), "jars": entries}
    (staging / MANIFEST).write_text(json.dumps(manifest, indent=1) + "\n")
    if into.exists():
        shutil.rmtree(into)
    staging.rename(into)


def write_lock() -> None:
    third_party = sorted(coordinates_of(path.name) for path in GATHERED.glob("*.jar")
                         if not path.name.startswith(OWN_GROUP + "."))
    lines = ["# The third-party jars jtc runs with, as Maven resolved them from java-agent/pom.xml, with the",
             "# SHA-256 of each. java-agent/bundle.py refuses any other bytes; --lock writes this file anew.",
             "# group:artifact:version[:classifier]  sha256"]
    lines += [f"{coordinates} {sha256(GATHERED / file_name(coordinates))}" for coordinates in third_party]
    LOCK.write_text("\n".join(lines) + "\n")


def coordinates_of(name: str) -> str:
    """The coordinates of a gathered jar from its name, given that it is one of ROLES' jars (the only
    ones the bundle may hold)."""
    for key in ROLES:
        group, artifact, *classifier = key.split(":")
        prefix, suffix = f"{group}.{artifact}-", "".join(f"-{c}" for c in classifier) + ".jar"
        if name.startswith(prefix) and name.endswith(suffix):
            version = name[len(prefix):len(name) - len(suffix)]
            if version and version[0].isdigit() and "-" not in version:
                return ":".join([group, artifact, version, *classifier])
    raise BundleError(f"Maven gathered {name}, which is not a jar the bundle may hold (no role in ROLES)")


def is_current(into: Path) -> bool:
    manifest = into / MANIFEST
    if not manifest.is_file():
        return False
    return json.loads(manifest.read_text()).get("fingerprint") == java_parts_fingerprint(HERE)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description="Build jtc's Java parts and install the jars jtc runs with.")
    parser.add_argument("--into", type=Path, default=JARS_DIR, help="the folder to install into (default: %(default)s)")
    parser.add_argument("--lock", action="store_true", help="write jars.lock from what Maven resolves")
    parser.add_argument("--force", action="store_true", help="build even when the installed jars are current")
    arguments = parser.parse_args(argv)
    try:
        if arguments.lock:
            maven_package()
            write_lock()
            print(f"bundle: wrote {LOCK}")
            return 0
        if is_current(arguments.into) and not arguments.force:
            return 0
        maven_package()
        install(checked_jars(read_lock()), arguments.into)
        print(f"bundle: jtc's Java parts installed into {arguments.into}")
        return 0
    except BundleError as error:
        print(f"bundle: error: {error}", file=sys.stderr)
        return 1


if __name__ == "__main__":
    sys.exit(main())
