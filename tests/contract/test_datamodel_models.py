"""pydantic models generated from the committed document by ``datamodel-code-generator`` (a test dependency, pinned
in pyproject's ``test`` extra) decode every example answer the document gives (issue: the contract in every
mainstream generator).

The models are written into a temporary folder, never committed, and imported from there. Each response example
of the document (answers and problems alike) is validated as the model of its schema's component, with pydantic's
default (Rust) regex engine, which refuses lookarounds: the document's patterns must be portable. A copy of an
answer without a required field is refused, to show that the models check what they decode.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType
from typing import Any

import pydantic
import pytest

from tests.contract.conftest import DOCUMENT

VENV_BIN = Path(sys.executable).parent
TIMEOUT = 300


@pytest.fixture(scope="module")
def models(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    folder = tmp_path_factory.mktemp("datamodel")
    out = folder / "riichi_models.py"
    subprocess.run(
        [str(VENV_BIN / "datamodel-codegen"), "--input", str(DOCUMENT), "--input-file-type", "openapi",
         "--output-model-type", "pydantic_v2.BaseModel", "--target-python-version", "3.11",
         "--formatters", "builtin", "--disable-timestamp", "--output", str(out)],
        check=True, capture_output=True, timeout=TIMEOUT,
    )  # fmt: skip
    spec = importlib.util.spec_from_file_location("riichi_models", out)
    assert spec is not None
    assert spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["riichi_models"] = module  # pydantic resolves the postponed annotations through the module
    spec.loader.exec_module(module)
    return module


def response_examples() -> list[tuple[str, str, Any]]:
    """``(where, component, value)`` of every response example whose schema is a component."""
    document = json.loads(DOCUMENT.read_text(encoding="utf-8"))
    found = []
    for path, operations in document["paths"].items():
        for method, operation in operations.items():
            for status, response in operation["responses"].items():
                for media, content in (response.get("content") or {}).items():
                    ref = content["schema"].get("$ref", "")
                    if not ref.startswith("#/components/schemas/"):
                        continue  # a plain string (metrics, converted logs): nothing to decode
                    for name, example in content.get("examples", {}).items():
                        where = f"{method.upper()} {path} {status} {media} {name}"
                        found.append((where, ref.rsplit("/", 1)[1], example["value"]))
    return found


EXAMPLES = response_examples()


def test_every_operation_has_its_answer_among_the_examples() -> None:
    answers = {where.split(" 200 ")[0] for where, _, _ in EXAMPLES if " 200 " in where}
    assert len(answers) == 16  # every operation but GET /metrics and POST /v1/logs/convert, whose answers are text
    assert len({component for _, component, _ in EXAMPLES}) == 17  # the 16 answers and Problem


@pytest.mark.parametrize(("where", "component", "value"), EXAMPLES, ids=[e[0] for e in EXAMPLES])
def test_the_generated_models_decode_every_example_answer(
    models: ModuleType, where: str, component: str, value: Any
) -> None:
    model: type[pydantic.BaseModel] = getattr(models, component)
    decoded = model.model_validate(value)
    assert decoded.model_dump(mode="json", by_alias=True, exclude_unset=True) == value, where


def test_the_models_refuse_an_answer_without_a_required_field(models: ModuleType) -> None:
    ((_, _, answer),) = [e for e in EXAMPLES if e[0] == "POST /v1/score 200 application/json ok"]
    assert models.ScoreResult.model_validate(answer).points == 8000  # the README's mangan
    with pytest.raises(pydantic.ValidationError, match="points"):
        models.ScoreResult.model_validate({k: v for k, v in answer.items() if k != "points"})
