"""Wheels carry jtc's Java sources (the agent and the reporters in java-agent/src) as package data
under jtc/java-src: jtc compiles them with the local javac on first use (jtc/java/build.py), so an
installed jtc needs no checkout. Everything else about the package is in pyproject.toml."""

import shutil
from pathlib import Path

from setuptools import setup
from setuptools.command.build_py import build_py


class BuildPyWithJavaSources(build_py):
    def run(self) -> None:
        super().run()
        sources = Path(__file__).resolve().parent / "java-agent" / "src"
        if sources.is_dir() and not getattr(self, "editable_mode", False):  # an editable install uses the checkout
            shutil.copytree(sources, Path(self.build_lib) / "jtc" / "java-src", dirs_exist_ok=True)


setup(cmdclass={"build_py": BuildPyWithJavaSources})
