"""Models of library methods the VM does not trace, by (owner, name, descriptor)."""

from jtc.svm.models import arrays, boxes, enums, maths, strings
from jtc.svm.models.base import Model

MODELS: dict[tuple[str, str, str], Model] = {**strings.MODELS, **maths.MODELS, **boxes.MODELS, **arrays.MODELS,
                                                **enums.MODELS}
