#!/usr/bin/env bash
# Prepare this checkout on a fresh Debian machine: the JDK, Java libraries, Gradle and Maven from
# Debian's packages (when missing), a virtualenv at .venv with jtc installed, and jtc's Java parts built.
# Safe to run again: every step is skipped when already done.
set -euo pipefail
cd "$(dirname "$0")/.."

missing=()
command -v javac >/dev/null 2>&1 || missing+=(openjdk-17-jdk-headless)
# Real jars for the tests and benchmarks of code with dependencies (B5, B8): guava and Apache Commons,
# and what the commons-csv suite of B8 needs besides JUnit (Mockito, H2). maven and the
# lib*-plugin-java packages: Maven builds (jtc's Maven plugin, maven/) from Debian's Maven repository
# /usr/share/maven-repo without Maven Central (docs/build-tools.md).
for package in junit5 junit4 libhamcrest-java libasm-java libjacoco-java gradle libguava-java libcommons-lang3-java \
        libcommons-collections3-java libcommons-io-java libmockito-java libh2-java maven libmaven-plugin-tools-java \
        libmaven-compiler-plugin-java libmaven-resources-plugin-java libmaven-jar-plugin-java \
        libmaven-install-plugin-java libsurefire-java; do
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
if [ ! -f "$stamp" ] || [ pyproject.toml -nt "$stamp" ]; then
    echo "setup: installing jtc into .venv"
    .venv/bin/pip install -q --disable-pip-version-check -e '.[dev]'
    touch "$stamp"
fi

.venv/bin/jtc doctor >/dev/null || { .venv/bin/jtc doctor; exit 1; }
