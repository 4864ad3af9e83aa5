"""The tests of a suite that make a value a way the public API does not offer (issue 34, item 3).

A hidden way in (jtc/model/public_api.py) is a constructor, static factory or static constant that
the public API does not offer (it, or its class, is not public) and that gives a value of a public
class of the project: `new CurrencyUnit("a", (short) 6, (short) 0)` through a package-private
constructor where the class offers `CurrencyUnit.of("EUR")` and constants. This lists, by test
method, every use of one in a suite's compiled bytecode (`javap -c -p`; a lambda's uses count for
the test that holds it), so that any suite can be measured the same way: jtc's before and after a
change, or a hand-written one. Uses of the class under test's own hidden members are counted apart:
there the member may be the call under test itself (a test of a package-private constructor), which
the bytecode does not tell from a value made for another call; jtc's own comments above its tests
(emit/hidden.py) leave out only the call under test. Beside each test, the comment jtc wrote above
it, if any (`said`): why no public way would do (the lines only it reached).

    python -m bench.hidden_uses --classpath CLASSES:DEPS --tests GENERATED_DIR [CLASS ...]
    hidden_uses(tests_dir, classpath, classes_under_test) -> HiddenUses
    listing({"generated": DIR, "hand-written": DIR}, classpath, classes_under_test) -> dict (B8's JSON)
"""

from __future__ import annotations

import argparse
import json
import re
import subprocess
import sys
import tempfile
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from pathlib import Path

from jtc.coverage.suites import compile_suite
from jtc.errors import JtcError
from jtc.java.toolchain import toolchain
from jtc.model.classindex import ClassIndex
from jtc.model.program import Construct, FieldLoad, Invoke, Statement
from jtc.model.public_api import PublicApi
from jtc.model.types import BinaryName, Descriptor, InternalName, binary_name, internal_from_binary

_HEADER = re.compile(r"^  \S.*?([\w$]+)\(.*\)( throws .*)?;$")
_MEMBER = re.compile(r"\b(invokespecial|invokestatic|getstatic)\s+#\d+\s+// (?:Method|Field|InterfaceMethod) (\S+)$")
_LAMBDA = re.compile(r"^lambda\$(.+)\$\d+$")
_METHOD = re.compile(r"\bvoid (\w+)\(")


@dataclass
class HiddenUses:
    """By test (`Class#method`), the hidden ways in it uses, in words (`the package-private
    constructor CurrencyUnit(String, short, short)`): of other classes than the one under test, and
    the class under test's own."""

    others: dict[str, list[str]] = field(default_factory=dict)
    own: dict[str, list[str]] = field(default_factory=dict)
    said: dict[str, str] = field(default_factory=dict)  # by test of either: the comment above it

    def summary(self) -> dict:
        return {"tests_using_others": len(self.others), "uses_of_others": sum(map(len, self.others.values())),
                "tests_using_others_unsaid": len(self.others.keys() - self.said.keys()),
                "tests_using_own": len(self.own), "uses_of_own": sum(map(len, self.own.values())),
                "tests_using_own_said": len(self.own.keys() & self.said.keys()),
                "others": self.others, "said": self.said, "own": self.own}


def hidden_uses(tests: Path, classpath: Sequence[Path], classes_under_test: Sequence[str]) -> HiddenUses:
    """The hidden ways in the test classes under `tests` (sources) use; `classpath`: the classes
    under test and their dependencies; `classes_under_test`: internal names (a test class
    `FooTest` tests `Foo`, in its package)."""
    found = HiddenUses()
    under_test = {binary_name(InternalName(name)) for name in classes_under_test}
    with tempfile.TemporaryDirectory(prefix="jtc-hidden-uses-") as scratch, ClassIndex(list(classpath)) as index:
        compiled = Path(scratch)
        names, _ = compile_suite(tests, classpath, compiled, classes_under_test)
        api = PublicApi(index)
        for test_class in names:
            tested = test_class.removesuffix("Tests").removesuffix("Test")
            for method, statement in _member_uses(compiled / (internal_from_binary(BinaryName(test_class)) + ".class")):
                way = api.hidden_way(0, statement)
                if way is None:
                    continue
                into = found.own if binary_name(way.owner) == tested and tested in under_test else found.others
                into.setdefault(f"{test_class}#{method}", []).append(way.words)
    comments = _comments(tests)
    found.said = {test: comments[test] for test in [*found.others, *found.own] if test in comments}
    return found


def listing(suites: Mapping[str, Path], classpath: Sequence[Path], classes_under_test: Sequence[str]) -> dict:
    """Each suite's hidden uses by label (a benchmark's `generated`, `hand-written`), as JSON, and
    printed one line a suite."""
    found = {label: hidden_uses(folder, classpath, classes_under_test).summary() for label, folder in suites.items()}
    for label, summary in found.items():
        print(f"{label}: {summary['tests_using_others']} tests make a value a hidden way "
              f"({summary['uses_of_others']} uses, {summary['tests_using_others_unsaid']} tests without jtc's comment "
              f"why); {summary['tests_using_own']} use the class under test's own hidden ways in "
              f"({summary['tests_using_own_said']} with jtc's comment why)")
    return found


def _comments(tests: Path) -> dict[str, str]:
    """By test (`Class#method`), the comment jtc wrote above it about its hidden ways in
    (emit/hidden.py: `// Made with …`), its lines joined."""
    found: dict[str, str] = {}
    for source in sorted(tests.rglob("*.java")):
        test_class = source.relative_to(tests).with_suffix("").as_posix().replace("/", ".")
        comment: list[str] = []
        for line in source.read_text(errors="replace").splitlines():
            text = line.strip()
            if text.startswith("// Made with ") or comment and text.startswith("//"):
                comment.append(text.removeprefix("//").strip())
            elif comment and (method := _METHOD.search(text)):
                found[f"{test_class}#{method.group(1)}"] = " ".join(comment)
                comment = []
    return found


def _member_uses(class_file: Path) -> list[tuple[str, Statement]]:
    """(test method, the use as a statement) for each constructor call, static call and static
    field read in a compiled test class, in order; a lambda's under the method that holds it."""
    javap = toolchain().java_home / "bin" / "javap"
    listing = subprocess.run([str(javap), "-c", "-p", str(class_file)], check=True, capture_output=True,
                             text=True).stdout
    found: list[tuple[str, Statement]] = []
    method = ""
    for line in listing.splitlines():
        header = _HEADER.match(line)
        if header:
            lambda_of = _LAMBDA.match(header.group(1))
            method = lambda_of.group(1) if lambda_of else header.group(1)
            continue
        use = _MEMBER.search(line)
        if use is None or "." not in use.group(2).partition(":")[0]:  # no owner: the test class's own
            continue
        member, _, desc = use.group(2).partition(":")
        owner, _, name = member.rpartition(".")
        name = name.strip('"')
        if use.group(1) == "invokespecial" and name == "<init>":
            found.append((method, Construct(InternalName(owner), desc, ())))
        elif use.group(1) == "invokestatic":
            found.append((method, Invoke(InternalName(owner), name, desc, None, ())))
        elif use.group(1) == "getstatic":
            found.append((method, FieldLoad(InternalName(owner), name, Descriptor(desc))))
    return found


def main(argv: list[str]) -> int:
    parser = argparse.ArgumentParser(prog="python -m bench.hidden_uses", description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--classpath", required=True, help="the classes under test and their dependencies (:-separated)")
    parser.add_argument("--tests", type=Path, required=True, help="the folder of the suite's sources")
    parser.add_argument("classes", nargs="*", help="the classes under test (binary names; default: those the test "
                                                    "classes are named after)")
    args = parser.parse_args(argv)
    classpath = [Path(entry) for entry in args.classpath.split(":") if entry]
    classes = args.classes or sorted({path.relative_to(args.tests).with_suffix("").as_posix().removesuffix("Test")
                                      for path in args.tests.rglob("*Test.java")})
    try:
        uses = hidden_uses(args.tests, classpath, [internal_from_binary(name.replace("/", ".")) for name in classes])
    except JtcError as error:
        print(f"hidden_uses: {error}", file=sys.stderr)
        return 2
    print(json.dumps(uses.summary(), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
