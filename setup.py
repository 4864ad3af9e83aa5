"""Wheels carry every jar jtc runs with (jtc/java/jars): building one runs java-agent/bundle.py, which
builds jtc's Java parts with Maven and checks the third-party jars against java-agent/jars.lock. An
editable install bundles into the checkout itself. Everything else about the package is in
pyproject.toml."""

import subprocess
import sys
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py

ROOT = Path(__file__).resolve().parent


class BuildPyWithJars(build_py):
    def run(self) -> None:
        super().run()
        into = ROOT / "jtc" / "java" / "jars"
        if not getattr(self, "editable_mode", False):
            into = Path(self.build_lib) / "jtc" / "java" / "jars"
        command = [sys.executable, str(ROOT / "java-agent" / "bundle.py"), "--into", str(into)]
        if subprocess.run(command).returncode != 0:
            raise SystemExit("jtc: building its Java parts failed (see above)")


setup(cmdclass={"build_py": BuildPyWithJars})
