"""User-facing errors with one-line messages and distinct exit codes.

Every problem a user can cause (bad class name, bad classpath, untestable class) or that the code
under test can cause (System.exit, endless loops, stack or heap exhaustion, a dead JVM) maps to one
class here, so the CLI can print one line and exit with a code scripts can test for.
"""

from __future__ import annotations

from enum import IntEnum


class ExitCode(IntEnum):
    """Process exit codes of `jtc`; stable, documented in docs/commands.md."""

    OK = 0
    INTERNAL_ERROR = 1
    DIFFERENCES = 1  # `jtc diff` found a difference (as diff(1) does); an internal error also prints a line
    USAGE = 2
    UNKNOWN_CLASS = 3
    BAD_CLASSPATH = 4
    CLASS_FILE_TOO_NEW = 5
    NOT_TESTABLE = 6
    TOOLCHAIN_MISSING = 7
    COVERAGE_FAILED = 8  # tests were written, but JaCoCo could not measure them
    CLUSTER = 9  # the Dask scheduler cannot be reached, has no workers, or Dask is not installed
    UNREADABLE_CLASS = 15  # a class file that is not one (corrupt, cut short, another class's name)
    # Problems of the code under test: tests for the other paths are still written.
    SYSTEM_EXIT = 10
    ENDLESS_LOOP = 11
    STACK_OVERFLOW = 12
    OUT_OF_MEMORY = 13
    JVM_CRASH = 14


class JtcError(Exception):
    """An error reported to the user as one line, with its exit code."""

    exit_code: ExitCode = ExitCode.INTERNAL_ERROR


class UsageError(JtcError):
    exit_code = ExitCode.USAGE


class UnknownClassError(JtcError):
    exit_code = ExitCode.UNKNOWN_CLASS


class BadClasspathError(JtcError):
    exit_code = ExitCode.BAD_CLASSPATH


class ClassFileTooNewError(JtcError):
    exit_code = ExitCode.CLASS_FILE_TOO_NEW


class UnreadableClassError(JtcError):
    exit_code = ExitCode.UNREADABLE_CLASS


class NotTestableError(JtcError):
    exit_code = ExitCode.NOT_TESTABLE


class ToolchainError(JtcError):
    """java, javac or a jar jtc carries is missing (or built from other sources)."""

    exit_code = ExitCode.TOOLCHAIN_MISSING


class CoverageError(JtcError):
    """JaCoCo could not measure coverage (it cannot read a class file, its agent failed): the tests
    are written; the message names what JaCoCo said."""

    exit_code = ExitCode.COVERAGE_FAILED


class ClusterError(JtcError):
    """`--scheduler`: the cluster cannot take jobs."""

    exit_code = ExitCode.CLUSTER


class InternalError(JtcError):
    """A bug in jtc itself; the message names the exception, JTC_DEBUG=1 shows the traceback."""

    exit_code = ExitCode.INTERNAL_ERROR


class HarnessError(JtcError):
    """The Java harness refused a request (bad statement, missing member); a bug or bad input."""

    exit_code = ExitCode.INTERNAL_ERROR
