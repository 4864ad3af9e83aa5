#!/usr/bin/env bash
# Prepare this checkout: a virtualenv at .venv with jtc installed in it, and jtc's Java parts built by
# Maven from Maven Central (java-agent/bundle.py, checked against java-agent/jars.lock).
# Safe to run again: every step is skipped when already done.
#
# jtc itself needs a JDK (11 or newer) and, to build its jars, Maven. Debian's packages are installed
# only for what the sample projects' own builds (Gradle 4.4.1 offline, JUnit) and the tests' and
# benchmarks' third-party subjects use (Guava, Apache Commons, and what the commons-csv and commons-net
# suites need).
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
command -v javac >/dev/null 2>&1 || missing+=(openjdk-17-jdk-headless)
command -v mvn >/dev/null 2>&1 || missing+=(maven)
# libcommons-cli-java is B8's second subject. junit5 also fills Debian's Maven repository (/usr/share/maven-repo), which the Gradle wrapper's tests
# use as a Gradle 4.4 project's repository.
for package in gradle junit5 junit4 libhamcrest-java libguava-java libcommons-lang3-java \
        libcommons-collections3-java libcommons-io-java libcommons-cli-java libmockito-java libh2-java; do
    dpkg -s "$package" >/dev/null 2>&1 || missing+=("$package")
done
if [ ${#missing[@]} -gt 0 ]; then
    echo "setup: installing ${missing[*]}"
    sudo=""; [ "$(id -u)" -eq 0 ] || sudo="sudo"
    $sudo apt-get update -q >/dev/null
    DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -q "${missing[@]}" >/dev/null
fi

if [ ! -x .venv/bin/python ]; then
    echo "setup: creating .venv"
    python3 -m venv .venv
fi
stamp=.venv/.jtc-installed
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ] || [ setup.py -nt "$stamp" ]; then
    echo "setup: installing jtc into .venv"
    .venv/bin/pip install -q --disable-pip-version-check -e '.[dev]'
    touch "$stamp"
fi
# The jars again when java-agent/ changed since they were built (a no-op otherwise).
.venv/bin/python java-agent/bundle.py

.venv/bin/jtc doctor >/dev/null || { .venv/bin/jtc doctor; exit 1; }
