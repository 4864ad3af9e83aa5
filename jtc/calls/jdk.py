"""What jtc knows about making values of JDK types: collections, boxes, character sequences, and
which JDK members are safe to call from a test.

The JDK is not instrumented and not analysed, so the few rules a test generator needs about it are
written down here, apart from the search that uses them: which class stands for an interface
(`List` is made as an `ArrayList`), which types a literal can stand for (`5` for an `Integer`, an
`Object` or a `Comparable`; `"abc"` for a `CharSequence`), and which constructors and factories
must not be called because their results differ from run to run (the clock, unseeded randomness,
the environment).
"""

from __future__ import annotations

import re

from jtc.model.signatures import GenericType
from jtc.model.types import OBJECT_DESC, STRING_DESC

# Collection types a parameter may declare -> the class a test makes for it. Insertion-ordered
# sets and maps, so that iteration order is the same in every run (a HashSet of objects with
# identity hash codes iterates differently each time).
COLLECTIONS = {
    "Ljava/util/List;": "java/util/ArrayList",
    "Ljava/util/Collection;": "java/util/ArrayList",
    "Ljava/lang/Iterable;": "java/util/ArrayList",
    "Ljava/util/ArrayList;": "java/util/ArrayList",
    "Ljava/util/LinkedList;": "java/util/LinkedList",
    "Ljava/util/Set;": "java/util/LinkedHashSet",
    "Ljava/util/HashSet;": "java/util/LinkedHashSet",
    "Ljava/util/LinkedHashSet;": "java/util/LinkedHashSet",
    "Ljava/util/SortedSet;": "java/util/TreeSet",
    "Ljava/util/NavigableSet;": "java/util/TreeSet",
    "Ljava/util/TreeSet;": "java/util/TreeSet",
    "Ljava/util/Queue;": "java/util/ArrayDeque",
    "Ljava/util/Deque;": "java/util/ArrayDeque",
    "Ljava/util/ArrayDeque;": "java/util/ArrayDeque",
    "Ljava/util/Map;": "java/util/LinkedHashMap",
    "Ljava/util/HashMap;": "java/util/LinkedHashMap",
    "Ljava/util/LinkedHashMap;": "java/util/LinkedHashMap",
    "Ljava/util/SortedMap;": "java/util/TreeMap",
    "Ljava/util/NavigableMap;": "java/util/TreeMap",
    "Ljava/util/TreeMap;": "java/util/TreeMap",
    # Java 21's sequenced collections (JEP 431): the ordered ones above, by their common interfaces.
    "Ljava/util/SequencedCollection;": "java/util/ArrayList",
    "Ljava/util/SequencedSet;": "java/util/LinkedHashSet",
    "Ljava/util/SequencedMap;": "java/util/LinkedHashMap",
    # Defaults of a parser or a configuration (`parse(options, arguments, properties)`): String keys
    # and values, set one by one as a person writes them (`setProperty`).
    "Ljava/util/Properties;": "java/util/Properties",
}
PROPERTIES = "java/util/Properties"
MAPS = frozenset({"java/util/LinkedHashMap", "java/util/TreeMap", PROPERTIES})
NOT_GENERIC = frozenset({PROPERTIES})  # made with `new Properties()`, no diamond
SORTED = frozenset({"java/util/TreeSet", "java/util/TreeMap"})
COLLECTION_SIZES = (0, 1, 2)


# JDK packages whose public members a test may use to make inputs; the rest (I/O, networking,
# reflection, concurrency, the platform's internals) have side effects or depend on the machine.
_SAFE_PACKAGE = re.compile(r"^java/(lang|util|math|text|time)/[A-Za-z0-9_$]+$")
_UNSAFE_CLASS = re.compile(r"^java/lang/(Thread|ThreadGroup|Runtime|Process|ProcessBuilder|System|ClassLoader|"
                           r"SecurityManager|StackWalker|Module|ModuleLayer|InheritableThreadLocal|ThreadLocal|"
                           r"invoke/.*|ref/.*|reflect/.*|instrument/.*|management/.*)$|^java/util/(concurrent|"
                           r"logging|prefs|spi|jar|zip|stream)/|^java/util/(Timer|TimerTask|Scanner|ServiceLoader)$")
# Members whose result depends on the clock, an unseeded random source or the environment (and
# Class.forName, which depends on the classpath and throws a checked exception).
_UNSTABLE_MEMBERS = frozenset({
    "now", "currentTimeMillis", "nanoTime", "randomUUID", "getDefault", "systemDefault", "systemDefaultZone",
    "getInstance", "getAvailableLocales", "getenv", "getProperty", "getProperties", "forName",
})
# Abstract JDK types and the concrete JDK class a test makes for them (a deterministic constructor).
SUBSTITUTES = {
    "java/util/Calendar": "java/util/GregorianCalendar",
    "java/util/TimeZone": "java/util/SimpleTimeZone",
    "java/lang/Appendable": "java/io/StringWriter",
    "java/text/DateFormat": "java/text/SimpleDateFormat",
    "java/text/Format": "java/text/SimpleDateFormat",
    "java/text/NumberFormat": "java/text/DecimalFormat",
    # What code reads from and writes to, in memory: its contents an input, what was written readable.
    "java/io/Reader": "java/io/StringReader",
    "java/lang/Readable": "java/io/StringReader",
    "java/io/InputStream": "java/io/ByteArrayInputStream",
    "java/io/Writer": "java/io/StringWriter",
    "java/io/OutputStream": "java/io/ByteArrayOutputStream",
}
# The java.io classes a test may make, and the only members it may make them with: in memory, no
# file, no console (PrintWriter(String) would open a file of that name), no default charset but
# PrintStream's, whose bytes a test reads back as text with that same charset.
_IN_MEMORY_IO = frozenset({
    ("java/io/StringReader", "<init>", "(Ljava/lang/String;)V"),
    ("java/io/CharArrayReader", "<init>", "([C)V"),
    ("java/io/ByteArrayInputStream", "<init>", "([B)V"),
    ("java/io/BufferedReader", "<init>", "(Ljava/io/Reader;)V"),
    ("java/io/StringWriter", "<init>", "()V"),
    ("java/io/CharArrayWriter", "<init>", "()V"),
    ("java/io/ByteArrayOutputStream", "<init>", "()V"),
    ("java/io/BufferedWriter", "<init>", "(Ljava/io/Writer;)V"),
    ("java/io/PrintWriter", "<init>", "(Ljava/io/Writer;)V"),
    ("java/io/PrintStream", "<init>", "(Ljava/io/OutputStream;)V"),
})
# The in-memory writers and streams whose contents a test reads back with toString(): what the code
# under test printed into them is stated like a value it returned.
OUTPUT_SINKS = frozenset({"java/io/StringWriter", "java/io/CharArrayWriter", "java/io/ByteArrayOutputStream"})
# Classes whose no-argument constructor reads the clock or an unseeded random source.
_UNSTABLE_NO_ARGUMENT = frozenset({"java/util/Date", "java/util/Random", "java/util/GregorianCalendar",
                                   "java/lang/Object", "java/util/SplittableRandom"})


def collection_class(declared: str) -> str | None:
    """The class a test makes for a parameter of collection type `declared`, or None."""
    return COLLECTIONS.get(declared)


def element_types(declared: GenericType, implementation: str) -> tuple[GenericType, ...]:
    """The element type of a collection (key and value types of a map), Object where unknown."""
    if implementation == PROPERTIES:
        return (GenericType(STRING_DESC), GenericType(STRING_DESC))
    count = 2 if implementation in MAPS else 1
    known = [a if a is not None and not a.variable else None for a in declared.args[:count]]
    known += [None] * (count - len(known))
    return tuple(a if a is not None else GenericType(OBJECT_DESC) for a in known)


def safe_class(internal: str) -> bool:
    """Whether a test may use the members of this JDK class to make inputs."""
    if internal.startswith("java/io/"):
        return any(owner == internal for owner, _, _ in _IN_MEMORY_IO)
    return bool(_SAFE_PACKAGE.match(internal)) and not _UNSAFE_CLASS.match(internal)


def stable_member(owner: str, name: str, desc: str) -> bool:
    """Whether calling this JDK member gives the same result in every run (and touches nothing
    outside the test: java.io only in memory)."""
    if owner.startswith("java/io/"):
        return (owner, name, desc) in _IN_MEMORY_IO
    if name in _UNSTABLE_MEMBERS:
        return False
    return not (name == "<init>" and desc == "()V" and owner in _UNSTABLE_NO_ARGUMENT)
