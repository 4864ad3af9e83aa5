"""Models of library methods the VM does not trace, by (owner, name, descriptor)."""

from jtc.svm.models import (arrays, boxes, characters, comparisons, enums, indy, lookups, maths, parsing,
                            preconditions, readers, regex, strings, substrings, switches)
from jtc.svm.models.base import Model
from jtc.svm.models.indy import IndyModel

MODELS: dict[tuple[str, str, str], Model] = {
    **strings.MODELS, **substrings.MODELS, **parsing.MODELS, **maths.MODELS, **boxes.MODELS, **comparisons.MODELS,
    **arrays.MODELS, **enums.MODELS, **characters.MODELS, **lookups.MODELS, **readers.MODELS,
    **preconditions.MODELS, **regex.MODELS,
}

# invokedynamic call sites by bootstrap method (owner, name).
INDY_MODELS: dict[tuple[str, str], IndyModel] = {**indy.MODELS, **switches.MODELS}
