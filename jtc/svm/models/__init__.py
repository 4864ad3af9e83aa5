"""Models of library methods the VM does not trace, by (owner, name, descriptor)."""

from jtc.svm.models import (arrays, boxes, characters, comparisons, enums, lookups, maths, parsing, readers,
                            strings, substrings)
from jtc.svm.models.base import Model

MODELS: dict[tuple[str, str, str], Model] = {
    **strings.MODELS, **substrings.MODELS, **parsing.MODELS, **maths.MODELS, **boxes.MODELS, **comparisons.MODELS,
    **arrays.MODELS, **enums.MODELS, **characters.MODELS, **lookups.MODELS, **readers.MODELS,
}
