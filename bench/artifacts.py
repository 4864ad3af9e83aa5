"""Third-party artifacts a benchmark fetches from Maven Central with mvn at a pinned version,
checked by SHA-256, so that nothing third-party is kept in the repository."""

from __future__ import annotations

import hashlib
import shutil
import subprocess
from dataclasses import dataclass
from pathlib import Path

FETCH_SECONDS = 600


@dataclass(frozen=True)
class Artifact:
    coordinates: str  # group:artifact:version:packaging[:classifier]
    sha256: str

    @property
    def file_name(self) -> str:
        group, artifact, version, packaging, *classifier = self.coordinates.split(":")
        return f"{artifact}-{version}{''.join('-' + c for c in classifier)}.{packaging}"


def fetch(artifact: Artifact, folder: Path) -> Path:
    """The artifact's file in `folder`, copied there by mvn (from its local repository or Maven
    Central) and refused unless its SHA-256 is the pinned one."""
    if shutil.which("mvn") is None:
        raise SystemExit(f"fetching {artifact.coordinates} needs Maven (mvn); Debian package maven")
    folder.mkdir(parents=True, exist_ok=True)
    command = ["mvn", "-q", "-B", "dependency:copy", f"-Dartifact={artifact.coordinates}",
               f"-DoutputDirectory={folder}", "-Dmdep.overWriteReleases=true"]
    done = subprocess.run(command, cwd=folder, capture_output=True, text=True, timeout=FETCH_SECONDS)
    target = folder / artifact.file_name
    if done.returncode != 0 or not target.is_file():
        last = (done.stdout + done.stderr).strip().splitlines()[-1:] or ["no output"]
        raise SystemExit(f"mvn could not fetch {artifact.coordinates}: {last[0]}")
    digest = hashlib.sha256(target.read_bytes()).hexdigest()
    if digest != artifact.sha256:
        raise SystemExit(f"{artifact.coordinates} has SHA-256 {digest}, not the pinned {artifact.sha256}")
    return target
