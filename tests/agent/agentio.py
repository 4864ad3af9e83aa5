"""Running `jtc.agent.Main` from tests and reading what it prints.

Tests state programs in the harness language of docs/trace-format.md §5; the runner writes them to
files, runs them (several per JVM where the test allows) and returns the printed Results and decoded
records as Python objects, with a check of every record against the contract's rules.
"""

from __future__ import annotations

import json
import struct
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from jtc.java.toolchain import toolchain
from jtc.model import opcodes


# The mnemonics the tests look at, by the names the agent prints, and their numbers in jtc's table.
OPCODES = {name: getattr(opcodes, name) for name in """
    IALOAD LALOAD FALOAD DALOAD AALOAD BALOAD CALOAD SALOAD IASTORE LASTORE FASTORE DASTORE AASTORE BASTORE
    CASTORE SASTORE IFEQ IFNE IFLT IFGE IFGT IFLE IF_ICMPEQ IF_ICMPNE IF_ICMPLT IF_ICMPGE IF_ICMPGT IF_ICMPLE
    IF_ACMPEQ IF_ACMPNE GOTO TABLESWITCH LOOKUPSWITCH GETSTATIC PUTSTATIC GETFIELD PUTFIELD INVOKEVIRTUAL
    INVOKESPECIAL INVOKESTATIC INVOKEINTERFACE INVOKEDYNAMIC NEWARRAY ANEWARRAY ARRAYLENGTH CHECKCAST INSTANCEOF
    MULTIANEWARRAY IFNULL IFNONNULL
""".split()}
CONDITIONAL_JUMPS = {name for name in OPCODES if name.startswith("IF")}
INVOKES = {"INVOKEVIRTUAL", "INVOKESPECIAL", "INVOKESTATIC", "INVOKEINTERFACE", "INVOKEDYNAMIC"}
ARRAY_ACCESS = {name for name in OPCODES if name.endswith(("ALOAD", "ASTORE"))}

# Which instructions may carry which record (docs/trace-format.md §3); None: any instruction.
OPCODES_BY_TAG = {
    "BRANCH": CONDITIONAL_JUMPS,
    "SWITCH": {"TABLESWITCH", "LOOKUPSWITCH"},
    "FIELD": {"GETFIELD", "PUTFIELD"},
    "ARRAY": ARRAY_ACCESS,
    "LENGTH": {"ARRAYLENGTH"},
    "VALUE": {"GETFIELD", "GETSTATIC", "INSTANCEOF"} | INVOKES | {n for n in ARRAY_ACCESS if n.endswith("ALOAD")},
    "DONE": INVOKES | {"PUTSTATIC"},
    "CHECK": {"CHECKCAST"},
    "NEWARRAY": {"NEWARRAY", "ANEWARRAY", "MULTIANEWARRAY"},
    "READY": {"INVOKESPECIAL"},
    "ENTER": None,
    "HANDLER": None,
}
FIXED_PAYLOAD = {"BRANCH": (1, 2), "SWITCH": (1,), "FIELD": (1,), "ARRAY": (3,), "LENGTH": (2,), "VALUE": (1,),
                 "DONE": (0,), "CHECK": (1,), "NEWARRAY": (1,), "HANDLER": (1,), "READY": (1,), "STMT": (0,),
                 "STMT_END": (2,)}


def text(value: str) -> str:
    """The harness token of a String: T: and four hex digits per UTF-16 code unit."""
    units = value.encode("utf-16-be")
    return "T:" + "".join(f"{int.from_bytes(units[i:i + 2], 'big'):04x}" for i in range(0, len(units), 2))


def float_bits(value: float) -> int:
    return struct.unpack(">i", struct.pack(">f", value))[0]


def double_bits(value: float) -> int:
    return struct.unpack(">q", struct.pack(">d", value))[0]


@dataclass(frozen=True)
class Record:
    tag: str
    owner: str  # binary class name, "harness" for harness records
    method: str
    desc: str
    index: int
    opcode: str
    payload: tuple[int, ...]

    @property
    def where(self) -> str:
        """`Class.method` (or `harness`), enough to pick the records of one method in a test."""
        return self.owner if self.owner == "harness" else f"{self.owner}.{self.method}"

    @classmethod
    def parse(cls, line: str) -> Record:
        tag, site, opcode, *payload = line.split(" ")
        place, index = site.rsplit("#", 1)
        if place == "harness":
            owner, method, desc = "harness", "", ""
        else:
            paren = place.index("(")
            owner_method, desc = place[:paren], place[paren:]
            owner, method = owner_method.rsplit(".", 1)
        return cls(tag, owner, method, desc, int(index), opcode, tuple(int(v) for v in payload))


@dataclass
class ProgramRun:
    """One printed Result and its decoded trace."""

    executed: int = 0
    abort: int = 0
    exit_status: int = 0
    error: str | None = None
    nanos: int = 0
    statements: list[tuple[str, str]] = field(default_factory=list)  # (status, value)
    messages: dict[int, str] = field(default_factory=dict)
    sites: dict[int, str] = field(default_factory=dict)
    out: dict[int, str] = field(default_factory=dict)  # what statement k printed to System.out (escaped)
    err: dict[int, str] = field(default_factory=dict)
    tables: list[str] = field(default_factory=list)
    records: list[Record] = field(default_factory=list)

    @property
    def status(self) -> list[str]:
        return [status for status, _ in self.statements]

    @property
    def values(self) -> list[str]:
        return [value for _, value in self.statements]

    def of(self, where: str, tag: str | None = None) -> list[Record]:
        """The records of one method (`ag.Basics.max`), optionally of one tag."""
        return [r for r in self.records if r.where == where and (tag is None or r.tag == tag)]

    def tags(self, where: str | None = None) -> list[str]:
        return [r.tag for r in self.records if where is None or r.where == where]

    def problems(self) -> list[str]:
        """Records that break the contract's rules on sites and payload sizes (empty when all is well)."""
        found = []
        for record in self.records:
            allowed = OPCODES_BY_TAG.get(record.tag)
            if record.owner == "harness":
                if record.tag not in ("STMT", "STMT_END", "ARGS"):
                    found.append(f"{record}: harness site for a code record")
            elif record.tag in ("STMT", "STMT_END", "ARGS"):
                found.append(f"{record}: harness record at a code site")
            elif record.tag == "ENTER" and record.index != 0:
                found.append(f"{record}: ENTER not at instruction 0")
            elif allowed is not None and record.opcode not in allowed:
                found.append(f"{record}: {record.tag} at {record.opcode}")
            if record.tag == "READY" and record.method != "<init>":
                found.append(f"{record}: READY outside a constructor")
            sizes = FIXED_PAYLOAD.get(record.tag)
            if sizes is not None and len(record.payload) not in sizes:
                found.append(f"{record}: {len(record.payload)} payload values")
        return found


@dataclass
class MainOutput:
    runs: list[ProgramRun]
    described: dict[str, str]  # binary name -> class table JSON, or "error ..." text
    stderr: str

    def table(self, binary_name: str) -> dict:
        return json.loads(self.described[binary_name])


def parse_output(stdout: str, stderr: str) -> MainOutput:
    runs: list[ProgramRun] = []
    described: dict[str, str] = {}
    lines = stdout.splitlines()
    i = 0
    while i < len(lines):
        line = lines[i]
        if line.startswith("== describe "):
            described[line[len("== describe "):]] = lines[i + 1]
            i += 2
            continue
        assert line.startswith("== program "), f"unexpected output line {line!r}"
        run = ProgramRun()
        runs.append(run)
        i += 1
        while i < len(lines) and not lines[i].startswith("== "):
            key, _, rest = lines[i].partition(" ")
            if key == "records":
                run.records = [Record.parse(lines[i + 1 + k]) for k in range(int(rest))]
                i += int(rest)
            elif key == "statement":
                _, status, value = rest.split(" ", 2)
                run.statements.append((status, value))
            elif key in ("message", "site", "out", "err"):
                k, _, value = rest.partition(" ")
                {"message": run.messages, "site": run.sites, "out": run.out, "err": run.err}[key][int(k)] = value
            elif key == "table":
                run.tables.append(rest)
            elif key == "error":
                run.error = None if rest == "-" else rest
            elif key == "exitStatus":
                run.exit_status = int(rest)
            else:
                setattr(run, key, int(rest))
            i += 1
    return MainOutput(runs, described, stderr)


class AgentRunner:
    """Runs jtc.agent.Main with the agent on a user classpath."""

    def __init__(self, classpath: list[Path], work_dir: Path) -> None:
        self.classpath = classpath
        self.work_dir = work_dir
        self._files = 0

    def main(self, user_classpath: list[Path], programs: list[str] = (), describe: list[str] = (),
             budget: int | None = None, timeout_ms: int | None = None, instrument: bool = True,
             jvm_options: list[str] = (), wall_timeout: float = 120) -> MainOutput:
        jar = self.classpath[0]
        command = [str(toolchain().java), *jvm_options, f"-javaagent:{jar}",
                   "-cp", ":".join(map(str, self.classpath)), "jtc.agent.Main",
                   "--classpath", ":".join(map(str, user_classpath))]
        if budget is not None:
            command += ["--budget", str(budget)]
        if timeout_ms is not None:
            command += ["--timeout", str(timeout_ms)]
        if not instrument:
            command.append("--no-instrument")
        for name in describe:
            command += ["--describe", name]
        for program in programs:
            self._files += 1
            path = self.work_dir / f"program{self._files}.txt"
            path.write_text(program.strip() + "\n", encoding="utf-8")
            command += ["--program", str(path)]
        completed = subprocess.run(command, capture_output=True, text=True, timeout=wall_timeout)
        assert completed.returncode == 0, f"jtc.agent.Main failed:\n{completed.stderr}"
        return parse_output(completed.stdout, completed.stderr)

    def run(self, user_classpath: list[Path], program: str, **options) -> ProgramRun:
        return self.main(user_classpath, [program], **options).runs[0]

    def batch(self, user_classpath: list[Path], programs: dict[str, str], **options) -> dict[str, ProgramRun]:
        """Runs named programs in one JVM (in order) and returns their runs by name."""
        output = self.main(user_classpath, list(programs.values()), **options)
        return dict(zip(programs, output.runs))


def compile_fixtures(source_root: Path, out_dir: Path) -> Path:
    sources = sorted(str(p) for p in source_root.rglob("*.java"))
    subprocess.run([str(toolchain().javac), "-g", "-nowarn", "--release", "11", "-d", str(out_dir), *sources],
                   check=True, capture_output=True, text=True)
    return out_dir
