"""The worker JVM runs on the command's JDK, with the options that JDK asks for."""

from __future__ import annotations

from pathlib import Path

import pytest

from jtc.java.jdks import installed_jdks
from jtc.java.toolchain import Toolchain, use_jdk
from jtc.jvm.worker import JvmWorker, WorkerSettings, jdk_options
from tests.conftest import FIXTURES, compile_java


def test_native_access_is_granted_from_java_22_on():
    assert jdk_options(17) == jdk_options(21) == ()
    assert jdk_options(22) == jdk_options(25) == ("--enable-native-access=ALL-UNNAMED",)


def test_a_worker_on_a_new_jdk_runs_there_without_warnings_about_restricted_methods(tmp_path: Path):
    """JPype loads its native library with System.load, a restricted method: from Java 22 on the JVM
    warns about it unless native access is granted, and the warning would stand in the worker's log
    (which is what a failed start reports)."""
    newer = [jdk for jdk in installed_jdks() if jdk.release >= 22]
    if not newer:
        pytest.skip("needs a JDK of Java 22 or newer")
    classes = compile_java(FIXTURES / "semantics", tmp_path / "classes")
    with use_jdk(Toolchain.of(newer[0], "--java-home")):
        worker = JvmWorker(WorkerSettings((str(classes),)))
        try:
            worker.start()
            assert '"name":"sem/Ops"' in worker.describe("sem.Ops")
            assert worker.log_tail() == "(no output)"
        finally:
            worker.close()
