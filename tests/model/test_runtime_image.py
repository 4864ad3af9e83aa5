"""The JDK's run-time image (lib/modules) read by our own reader, compared with what each installed
JDK's jrt file system says of itself; and the class index on a JDK without jmods."""

from __future__ import annotations

import hashlib
import subprocess
from pathlib import Path

import pytest

from jtc.errors import ToolchainError
from jtc.java.jdks import Jdk, installed_jdks
from jtc.model.classindex import ClassIndex
from jtc.model.runtime_image import RuntimeImage, RuntimeImageProblem

PROBE = Path(__file__).resolve().parents[1] / "fixtures" / "jrt" / "JrtDigests.java"


def _one_per_release() -> list[Jdk]:
    found: dict[int, Jdk] = {}
    for jdk in installed_jdks():
        found.setdefault(jdk.release, jdk)
    return [found[release] for release in sorted(found) if release >= 11]


@pytest.fixture(scope="module")
def probe(tmp_path_factory: pytest.TempPathFactory) -> Path:
    """JrtDigests compiled for Java 11, so that every JDK runs it without compiling it again."""
    classes = tmp_path_factory.mktemp("jrt")
    oldest = min(_one_per_release(), key=lambda jdk: jdk.release)
    subprocess.run([str(oldest.javac), "--release", "11", "-d", str(classes), str(PROBE)], check=True, timeout=300)
    return classes


def _as_jrt_gives(jdk: Jdk, probe: Path, *folders: str) -> dict[str, int]:
    """The class files below `folders` of jrt:/ (/modules/java.sql), by name below /modules, as digests."""
    listed = subprocess.run([str(jdk.java), "-cp", str(probe), "JrtDigests", *folders], capture_output=True, text=True,
                            check=True, timeout=300)
    return {name: int(digest, 16) for name, digest in (line.split() for line in listed.stdout.splitlines())}


def _as_read(image: RuntimeImage, *prefixes: str) -> dict[str, int]:
    return {name: int.from_bytes(hashlib.sha256(image.resource(name) or b"").digest(), "big")
            for name in image.names() if name.startswith(prefixes) and name.endswith(".class")}


@pytest.mark.parametrize("jdk", _one_per_release(), ids=lambda jdk: f"java{jdk.release}")
def test_class_files_are_the_ones_the_jdks_jrt_file_system_gives(jdk: Jdk, probe: Path):
    folders = ("/java.base/java/util/", "/java.sql/", "/java.desktop/javax/swing/")
    with RuntimeImage(jdk.java_home / "lib" / "modules") as image:
        expected = _as_jrt_gives(jdk, probe, *("/modules" + folder for folder in folders))
        assert len(expected) > 1000 and _as_read(image, *folders) == expected
        assert image.module_of("java.util") == "java.base" and image.module_of("java.sql") == "java.sql"
        assert image.module_of("no.such.package") is None
        assert image.resource("/java.base/java/lang/NoSuchClass.class") is None


@pytest.mark.slow
@pytest.mark.parametrize("jdk", _one_per_release(), ids=lambda jdk: f"java{jdk.release}")
def test_every_class_file_is_the_one_the_jdks_jrt_file_system_gives(jdk: Jdk, probe: Path):
    with RuntimeImage(jdk.java_home / "lib" / "modules") as image:
        expected = _as_jrt_gives(jdk, probe, "/modules")
        assert len(expected) > 20_000 and _as_read(image, "/") == expected


@pytest.mark.parametrize("jdk", _one_per_release(), ids=lambda jdk: f"java{jdk.release}")
def test_the_class_index_finds_the_classes_of_exported_jdk_packages(jdk: Jdk):
    with ClassIndex([], jdk.java_home) as index:
        for found in ("java/util/ArrayList", "java/sql/Timestamp", "javax/swing/JButton", "java/util/Map$Entry"):
            info = index.lookup(found)
            assert info is not None and info.name == found
        assert index.lookup("java/util/NoSuchClass") is None
        assert index.lookup("sun/misc/Unsafe") is None  # not a package the JDK exports to everyone
        assert index.is_subtype("java/util/ArrayList", "java/util/Collection") is True


def test_a_jdk_without_jmods_is_read_all_the_same():
    lacking = [jdk for jdk in _one_per_release() if not (jdk.java_home / "jmods").is_dir()]
    if not lacking:
        pytest.skip("every JDK found has jmods")
    with ClassIndex([], lacking[0].java_home) as index:
        assert index.lookup("java/util/List") is not None


def test_files_that_are_no_image_are_refused_in_one_line(tmp_path: Path):
    (tmp_path / "empty").write_bytes(b"")
    (tmp_path / "zip").write_bytes(b"PK\x03\x04" + bytes(60))
    for name in ("empty", "zip"):
        with pytest.raises(RuntimeImageProblem, match=f"{tmp_path / name} is not a run-time image"):
            RuntimeImage(tmp_path / name)
    home = tmp_path / "jdk"
    (home / "lib").mkdir(parents=True)
    (home / "lib" / "modules").write_bytes(bytes(64))
    with pytest.raises(ToolchainError, match="cannot read the JDK's classes: .* bad magic number"):
        ClassIndex([], home)


@pytest.fixture(scope="module")
def linker() -> Jdk:
    """A JDK whose jlink can link java.base (from its jmods)."""
    for jdk in _one_per_release():
        if (jdk.java_home / "jmods" / "java.base.jmod").is_file():
            return jdk
    pytest.skip("no JDK with jmods to link an image from")


@pytest.mark.slow
@pytest.mark.parametrize("compress,readable", [("2", True), ("1", False)])
def test_jlink_compressed_images(linker: Jdk, tmp_path: Path, compress: str, readable: bool):
    """--compress=2 zips every resource, which is read; --compress=1 shares strings ('compact-cp'),
    which is refused naming it."""
    output = tmp_path / "image"
    subprocess.run([str(linker.java_home / "bin" / "jlink"), "--add-modules", "java.base", f"--compress={compress}",
                    "--output", str(output)], check=True, capture_output=True, timeout=300)
    with RuntimeImage(output / "lib" / "modules") as image, \
            RuntimeImage(linker.java_home / "lib" / "modules") as original:
        if readable:
            for name in ("java/lang/Object", "java/util/HashMap", "java/util/concurrent/ConcurrentHashMap"):
                assert image.class_bytes(name) == original.class_bytes(name)
        else:
            with pytest.raises(RuntimeImageProblem, match="compressed with 'compact-cp', which jtc does not read"):
                image.class_bytes("java/lang/Object")
    if not readable:
        with pytest.raises(ToolchainError, match="cannot read the JDK's classes: .*'compact-cp'"):
            ClassIndex([], output)
