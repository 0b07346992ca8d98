"""The OpenAPI document: served at /schema/openapi.json, committed as openapi/openapi.json, precise."""

from __future__ import annotations

import json
import re
from pathlib import Path
from typing import Any

import pytest
from litestar import Litestar
from litestar.testing import TestClient

import service.app
import service.scoring
from service.api.docs.examples import BODY_EXAMPLES
from service.api.docs.openapi import document
from service.api.plumbing.errors import EXAMPLE_INSTANCE
from service.scoring.model import TILE_CODE_PATTERN, TILES_PATTERN

COMMITTED = Path(__file__).resolve().parents[2] / "openapi" / "openapi.json"


@pytest.fixture(scope="module")
def served(client: TestClient[Litestar]) -> dict[str, Any]:
    response = client.get("/schema/openapi.json")
    assert response.status_code == 200
    body: dict[str, Any] = response.json()
    return body


def test_committed_document_is_the_served_one(served: dict[str, Any]) -> None:
    committed = json.loads(COMMITTED.read_text(encoding="utf-8"))

    assert committed == served, "regenerate: python -m service.app openapi/openapi.json"


def test_score_operation_takes_a_score_request_and_documents_problems(served: dict[str, Any]) -> None:
    operation = served["paths"]["/v1/score"]["post"]

    assert operation["operationId"] == "scoreHand"
    assert operation["requestBody"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/ScoreRequest"
    }
    assert operation["responses"]["200"]["content"]["application/json"]["schema"] == {
        "$ref": "#/components/schemas/ScoreResult"
    }
    for status in ("400", "413", "415", "422", "500"):
        content = operation["responses"][status]["content"]
        assert list(content) == ["application/problem+json"]
        assert content["application/problem+json"]["schema"] == {"$ref": "#/components/schemas/Problem"}


def test_request_schema_states_what_the_strict_decoder_accepts(served: dict[str, Any]) -> None:
    schemas = served["components"]["schemas"]
    request = schemas["ScoreRequest"]
    assert request["properties"]["hand"]["$ref"] == "#/components/schemas/Tiles"
    hand_as_string, hand_as_list = (_resolve(served, branch) for branch in schemas["Tiles"]["oneOf"])

    assert request["additionalProperties"] is False
    assert schemas["RulesSpec"]["additionalProperties"] is False
    assert hand_as_string["pattern"]
    assert hand_as_string["maxLength"] == 64
    assert _resolve(served, hand_as_list["items"])["pattern"]
    assert sorted(request["required"]) == ["hand", "win_tile"]


def _resolve(document: dict[str, Any], node: dict[str, Any]) -> dict[str, Any]:
    """``node``, or the component it refers to."""
    ref = node.get("$ref")
    if ref is None:
        return node
    resolved: dict[str, Any] = document["components"]["schemas"][ref.rsplit("/", 1)[1]]
    return resolved


def _operations(document: dict[str, Any]) -> list[tuple[str, str, dict[str, Any]]]:
    return [(path, method, op) for path, item in document["paths"].items() for method, op in item.items()]


def test_every_error_response_is_a_documented_problem_with_an_example(served: dict[str, Any]) -> None:
    for path, method, operation in _operations(served):
        responses = operation["responses"]
        assert "500" in responses, (method, path)
        if "requestBody" in operation:
            assert {"400", "413", "415"} <= set(responses), (method, path)
        for status, response in responses.items():
            if int(status) < 400:
                continue
            (media,) = response["content"].items()
            assert media[0] == "application/problem+json", (method, path, status)
            assert media[1]["schema"] == {"$ref": "#/components/schemas/Problem"}, (method, path, status)
            for example in media[1]["examples"].values():
                assert example["value"]["status"] == int(status), (method, path, status)


def test_every_operation_has_examples_for_its_request_and_every_response(served: dict[str, Any]) -> None:
    for path, method, operation in _operations(served):
        if "requestBody" in operation:
            # a JSON body has its examples under application/json; a raw body (a game log) under its own types
            assert any(media.get("examples") for media in operation["requestBody"]["content"].values()), (method, path)
        for status, response in operation["responses"].items():
            if status == "304":  # Not Modified has no body (RFC 9110 §15.4.5)
                assert "content" not in response, (method, path)
                continue
            for media_type, media in response["content"].items():
                assert media.get("examples"), (method, path, status, media_type)


CACHEABLE = {("get", "/v1/rules"), ("get", "/v1/rules/{preset}"), ("get", "/v1/yaku"), ("get", "/v1/table")}


def test_the_cacheable_gets_document_etag_if_none_match_and_304(served: dict[str, Any]) -> None:
    headers = served["components"]["headers"]
    assert headers["ETag"]["required"] is True
    assert headers["Cache-Control"]["schema"]["const"] == "public, max-age=300"
    for path, method, operation in _operations(served):
        parameters = {p["name"] for p in operation.get("parameters", [])}
        ok, not_modified = operation["responses"]["200"], operation["responses"].get("304")
        if (method, path) in CACHEABLE:
            assert "If-None-Match" in parameters, path
            assert ok["headers"]["ETag"] == {"$ref": "#/components/headers/ETag"}, path
            assert ok["headers"]["Cache-Control"] == {"$ref": "#/components/headers/Cache-Control"}, path
            assert not_modified["headers"]["ETag"] == {"$ref": "#/components/headers/ETag"}, path
        else:
            assert "If-None-Match" not in parameters, path
            assert not_modified is None, path


def test_the_guards_refusals_are_documented_on_every_v1_operation(served: dict[str, Any]) -> None:
    for path, _method, operation in _operations(served):
        responses = operation["responses"]
        if not path.startswith("/v1/"):
            assert "401" not in responses, path
            assert "429" not in responses, path
            continue
        assert "RIICHI_API_KEYS" in responses["401"]["description"], path
        assert responses["401"]["headers"]["WWW-Authenticate"] == {"$ref": "#/components/headers/WWW-Authenticate"}
        assert "RIICHI_RATE_LIMIT" in responses["429"]["description"], path
        assert responses["429"]["headers"]["Retry-After"] == {"$ref": "#/components/headers/Retry-After"}
        for status in ("401", "429"):
            examples = responses[status]["content"]["application/problem+json"]["examples"].values()
            assert {e["value"]["type"] for e in examples} == {
                f"/problems/{'unauthorized' if status == '401' else 'too-many-requests'}"
            }


def test_every_response_carries_the_request_id_header(served: dict[str, Any]) -> None:
    header = served["components"]["headers"]["X-Request-ID"]

    assert header["required"] is True
    assert header["schema"]["maxLength"] == 128
    for path, method, operation in _operations(served):
        for status, response in operation["responses"].items():
            assert response["headers"]["X-Request-ID"] == {"$ref": "#/components/headers/X-Request-ID"}, (
                method,
                path,
                status,
            )


def _request_components(document: dict[str, Any]) -> set[str]:
    """Component names reachable from any request body."""
    schemas = document["components"]["schemas"]
    todo = [
        media["schema"]
        for _, _, op in _operations(document)
        for media in op.get("requestBody", {}).get("content", {}).values()
    ]
    seen: set[str] = set()
    while todo:
        node = todo.pop()
        if isinstance(node, dict):
            ref = node.get("$ref", "")
            if ref.startswith("#/components/schemas/") and (name := ref.rsplit("/", 1)[1]) not in seen:
                seen.add(name)
                todo.append(schemas[name])
            todo.extend(v for k, v in node.items() if k not in ("examples", "default"))
        elif isinstance(node, list):
            todo.extend(node)
    return seen


def _unbounded(node: Any, path: str) -> list[str]:
    """Paths of integers/numbers without both bounds, arrays without maxItems, objects taking any property."""
    found: list[str] = []
    if isinstance(node, dict):
        kind = node.get("type")
        bounded = {"minimum", "exclusiveMinimum"} & set(node) and {"maximum", "exclusiveMaximum"} & set(node)
        if kind in ("integer", "number") and not ({"enum", "const"} & set(node) or bounded):
            found.append(path)
        if kind == "array" and "maxItems" not in node:
            found.append(path)
        if kind == "object" and node.get("additionalProperties") is not False:
            found.append(path)
        for key, value in node.items():
            if key not in ("examples", "default"):
                found.extend(_unbounded(value, f"{path}.{key}"))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            found.extend(_unbounded(value, f"{path}[{i}]"))
    return found


def test_every_number_list_and_object_a_request_can_hold_is_bounded(served: dict[str, Any]) -> None:
    schemas = served["components"]["schemas"]
    names = _request_components(served)

    assert {"ScoreRequest", "RulesSpec", "MeldSpec"} <= names
    assert [p for name in sorted(names) for p in _unbounded(schemas[name], name)] == []


def test_tiles_are_constrained_by_pattern_everywhere_a_request_takes_them(served: dict[str, Any]) -> None:
    schemas = served["components"]["schemas"]
    request = schemas["ScoreRequest"]["properties"]
    meld = schemas["MeldSpec"]["properties"]

    for tiles in (request["hand"], request["dora_indicators"], request["ura_indicators"], meld["tiles"]):
        as_string, as_list = (_resolve(served, branch) for branch in _resolve(served, tiles)["oneOf"])
        assert as_string["pattern"] == "^([0-9]+[mps]|[1-7]+z)*$"
        assert _resolve(served, as_list["items"])["pattern"] == "^(?:[0-9][mps]|[1-7]z)$"
        assert as_list["maxItems"] == 18
    visible = _resolve(served, schemas["TenpaiRequest"]["properties"]["visible"])
    as_string, as_list = (_resolve(served, branch) for branch in visible["oneOf"])
    assert (as_string["maxLength"], as_list["maxItems"]) == (300, 136)
    assert request["win_tile"]["pattern"] == "^(?:[0-9][mps]|[1-7]z)$"


def _patterns(node: Any) -> list[str]:
    if isinstance(node, dict):
        own = [node["pattern"]] if isinstance(node.get("pattern"), str) else []
        return own + [p for key, value in node.items() if key != "examples" for p in _patterns(value)]
    if isinstance(node, list):
        return [p for value in node for p in _patterns(value)]
    return []


@pytest.mark.parametrize(
    ("struct_pattern", "strings"),
    [
        (TILE_CODE_PATTERN, ["5p", "0m", "7z", "8z", "5p\n", "\n5p", "5p\n5p", "", "\n", "55p"]),
        (TILES_PATTERN, ["", "123m", "123m\n", "123m\n456p", "406p55z", "8z", "\n", "1m 2m"]),
    ],
)
def test_the_documents_patterns_are_portable_and_accept_what_the_server_accepts(
    served: dict[str, Any], struct_pattern: str, strings: list[str]
) -> None:
    """Every pattern is free of lookarounds (Go's regexp and Rust's regex refuse them), and means what the Struct's
    Python pattern means: ECMA-262's ``$`` (JSON Schema's flavour, no multiline flag) is Python's ``\\Z``."""
    patterns = _patterns(served)
    assert patterns
    for pattern in patterns:
        assert not re.search(r"\(\?(?:[=!]|<[=!])", pattern), pattern
    documented = struct_pattern.removesuffix("$(?!\\n)") + "$"
    assert documented in patterns
    as_ecma = re.compile(documented.removesuffix("$") + r"\Z")
    for text in strings:
        assert bool(as_ecma.search(text)) == bool(re.search(struct_pattern, text)), repr(text)


def _inline_enums(node: Any, path: str = "") -> list[tuple[str, str]]:
    """``(values, where)`` of every enum of two or more values written in place (outside examples)."""
    found: list[tuple[str, str]] = []
    if isinstance(node, dict):
        if isinstance(node.get("enum"), list) and len(node["enum"]) > 1:
            found.append((json.dumps(sorted(map(json.dumps, node["enum"]))), path))
        for key, value in node.items():
            if key not in ("examples", "default", "enum"):
                found.extend(_inline_enums(value, f"{path}/{key}"))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            found.extend(_inline_enums(value, f"{path}[{i}]"))
    return found


RULES_PRESET_BRANCH = "/components/schemas/Rules/oneOf[0]"


def test_no_enum_is_written_twice_and_the_shared_ones_are_named(served: dict[str, Any]) -> None:
    schemas = served["components"]["schemas"]
    places: dict[str, list[str]] = {}
    for values, where in _inline_enums(served):
        if where != RULES_PRESET_BRANCH:
            places.setdefault(values, []).append(where)
    assert {values: where for values, where in places.items() if len(where) > 1} == {}
    # the one enum in place on purpose (service.api.docs.openapi.RULES_BRANCHES): typescript-fetch cannot compile a
    # oneOf of an enum component and an object; it lists exactly the presets
    assert schemas["Rules"]["oneOf"][0]["enum"] == schemas["Preset"]["enum"]
    assert schemas["Wind"]["enum"] == ["E", "S", "W", "N"]
    assert schemas["Preset"]["enum"] == list(service.scoring.PRESETS)
    for component, prop, name in [
        ("ScoreResult", "preset", "Preset"),
        ("PresetInfo", "id", "Preset"),
        ("YakuEntry", "id", "YakuId"),
        ("YakuItem", "id", "YakuId"),
        ("LimitRow", "limit", "Limit"),
        ("Problem", "type", "ProblemType"),
    ]:
        place = schemas[component]["properties"][prop]
        if name in ("YakuId", "Limit", "ProblemType"):  # growing: the known values, or any string
            assert place["anyOf"][:2] == [
                {"$ref": f"#/components/schemas/{name}"},
                {**place["anyOf"][1], "type": "string"},
            ]
        else:
            assert place["$ref"] == f"#/components/schemas/{name}", (component, prop)
    (preset,) = served["paths"]["/v1/rules/{preset}"]["get"]["parameters"][:1]
    assert preset["schema"]["$ref"] == "#/components/schemas/Preset"
    round_wind = schemas["ScoreRequest"]["properties"]["round_wind"]
    assert {"$ref": "#/components/schemas/Wind"} in round_wind["anyOf"]
    assert schemas["ProblemType"]["x-enum-varnames"][0] == "PROBLEMS_INVALID_REQUEST"


def _holders(node: Any, path: str) -> list[tuple[str, dict[str, Any]]]:
    """``(path, schema)`` of every schema with ``properties`` in ``node`` (examples and defaults left out)."""
    found: list[tuple[str, dict[str, Any]]] = []
    if isinstance(node, dict):
        if isinstance(node.get("properties"), dict):
            found.append((path, node))
        for key, value in node.items():
            if key not in ("examples", "default", "example"):
                found.extend(_holders(value, f"{path}/{key}"))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            found.extend(_holders(value, f"{path}[{i}]"))
    return found


def _resolve_parameter(document: dict[str, Any], parameter: dict[str, Any]) -> dict[str, Any]:
    """A parameter given by ``$ref`` is described on its component: the component."""
    ref = parameter.get("$ref")
    if ref is None:
        return parameter
    found: dict[str, Any] = document["components"]["parameters"][ref.rsplit("/", 1)[1]]
    return found


def test_every_schema_parameter_header_and_operation_is_described(served: dict[str, Any]) -> None:
    schemas = served["components"]["schemas"]
    missing = [f"schema {name}" for name, schema in schemas.items() if not schema.get("description")]
    missing += [  # every property, of a component or written in place anywhere (a response, a parameter, a union)
        f"{owner}.{prop}"
        for owner, node in _holders(served, "")
        for prop, value in node["properties"].items()
        if not value.get("description")
    ]
    missing += [
        f"parameter {name}" for name, p in served["components"].get("parameters", {}).items() if not p["description"]
    ]
    missing += [
        f"header {name}" for name, header in served["components"]["headers"].items() if not header["description"]
    ]
    for path, method, operation in _operations(served):
        if not operation.get("description") or not operation.get("summary"):
            missing.append(f"{method} {path}")
        if operation["responses"]["200"]["description"] == "Request fulfilled, document follows":  # litestar's
            missing.append(f"{method} {path} 200")
        parameters = [_resolve_parameter(served, p) for p in operation.get("parameters", [])]
        missing += [f"{method} {path} {p['name']}" for p in parameters if not p.get("description")]
        for status, response in operation["responses"].items():
            missing += [
                f"{method} {path} {status} {name}"
                for name, header in (response.get("headers") or {}).items()
                if "$ref" not in header and not header.get("description")
            ]
    assert missing == []


def test_rule_options_are_described_by_the_catalogue_that_get_v1_rules_serves(
    client: TestClient[Litestar], served: dict[str, Any]
) -> None:
    catalogue = client.get("/v1/rules").json()
    schemas = served["components"]["schemas"]
    for option in catalogue["options"]:
        owners = {"rules": ["RulesSpec"], "game": ["GameOptions"], "both": ["RulesSpec", "GameOptions"]}
        for owner in owners[option["set_in"]]:
            described = schemas[owner]["properties"][option["name"]]["description"]
            assert described.startswith(option["meaning"]), (owner, option["name"])
            assert option["rules"] in described


INTERNAL_TEXT = re.compile(r":(?:class|func|data|mod|meth|attr):`|``|service/|\.py\b|\.toml\b|seed \d{3}")


def _texts(node: Any) -> list[str]:
    if isinstance(node, dict):
        own = [node[k] for k in ("description", "summary") if isinstance(node.get(k), str)]
        return own + [t for key, value in node.items() if key not in ("examples", "value") for t in _texts(value)]
    if isinstance(node, list):
        return [t for value in node for t in _texts(value)]
    return []


def test_the_public_text_names_no_internals(served: dict[str, Any]) -> None:
    assert [t for t in _texts(served) if INTERNAL_TEXT.search(t)] == []


def test_the_api_keys_are_declared_as_security_schemes(served: dict[str, Any]) -> None:
    schemes = served["components"]["securitySchemes"]
    assert schemes["ApiKey"] == {**schemes["ApiKey"], "type": "apiKey", "in": "header", "name": "X-API-Key"}
    assert schemes["Bearer"] == {**schemes["Bearer"], "type": "http", "scheme": "bearer"}
    for path, method, operation in _operations(served):
        if path.startswith("/v1/"):  # keys are off in this deployment: anonymous, or either form of a key
            assert operation["security"] == [{}, {"ApiKey": []}, {"Bearer": []}], (method, path)
        else:
            assert "security" not in operation, (method, path)
    assert "needs no credentials" in served["info"]["description"]


def test_with_api_keys_the_served_document_requires_one(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("RIICHI_API_KEYS", "k-123")
    app = service.app.create_app()
    with TestClient(app=app) as client:
        served = client.get("/schema/openapi.json").json()
        assert client.get("/v1/rules").status_code == 401
        assert client.get("/v1/rules", headers={"X-API-Key": "k-123"}).status_code == 200
        assert client.get("/v1/rules", headers={"Authorization": "Bearer k-123"}).status_code == 200
    for path, method, operation in _operations(served):
        if path.startswith("/v1/"):
            assert operation["security"] == [{"ApiKey": []}, {"Bearer": []}], (method, path)
    assert "requires an API key" in served["info"]["description"]


@pytest.mark.parametrize(
    ("operation_id", "name"),
    [(o, n) for o, s in BODY_EXAMPLES.items() for n in s.__struct_fields__ if getattr(s, n) is not None],
)
def test_documented_answers_are_what_the_server_answers(
    client: TestClient[Litestar], served: dict[str, Any], operation_id: str, name: str
) -> None:
    example = getattr(BODY_EXAMPLES[operation_id], name)
    found = [o for o in _operations(served) if o[2]["operationId"] == operation_id]
    assert found, f"{operation_id} has examples but no route in service.app serves it"
    path, _, operation = found[0]
    response = client.post(path, json=example[1])

    documented = operation["responses"][str(response.status_code)]
    (media,) = documented["content"].values()
    answer = response.json()
    occurrence = f"/requests/{response.headers['x-request-id']}"
    documented_value = media["examples"][name]["value"]
    if response.status_code >= 400:  # a problem's instance names this request: the example's cannot
        assert answer.pop("instance") == occurrence
        assert documented_value.pop("instance") == EXAMPLE_INSTANCE
    items = "positions" if "positions" in example[1] else "hands"  # the batch's list, as the body names it
    for i, slot in enumerate(answer.get("results", [])):  # a batch's problems in their slots, likewise
        if "instance" in slot:
            assert slot.pop("instance") == f"{occurrence}#{items}[{i}]"
            assert documented_value["results"][i].pop("instance") == f"{EXAMPLE_INSTANCE}#{items}[{i}]"
    assert documented_value == answer
    assert response.status_code == {"ok": 200, "bad": 400, "impossible": 422}[name]


def test_drift_test_fails_when_a_struct_changes_and_the_committed_document_does_not(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """A Struct's docstring is its schema description: change it and the generated document changes."""
    monkeypatch.setattr(service.scoring.ScoreRequest, "__doc__", "A changed request Struct.")
    changed = document(service.app.create_app())
    committed = json.loads(COMMITTED.read_text(encoding="utf-8"))

    assert changed != committed
    assert changed["components"]["schemas"]["ScoreRequest"]["description"] == "A changed request Struct."


def test_every_operation_takes_x_request_id_and_documents_the_431_its_cap_gives(
    client: TestClient[Litestar], served: dict[str, Any]
) -> None:
    for path, method, operation in _operations(served):
        (parameter,) = [p for p in operation["parameters"] if p["name"] == "X-Request-ID"]
        assert (parameter["in"], parameter["required"], parameter["schema"]["maxLength"]) == ("header", False, 256)
        assert "431" in operation["responses"], (method, path)
    assert client.get("/v1/rules", headers={"X-Request-ID": "order-1"}).headers["x-request-id"] == "order-1"
    refused = client.get("/v1/rules", headers={"X-Request-ID": "a" * 257})
    assert refused.status_code == 431
    assert refused.json()["errors"] == [{"field": "headers.x-request-id", "message": "at most 256 bytes"}]


def test_every_request_example_is_accepted_and_the_refused_ones_sit_with_their_refusal(
    client: TestClient[Litestar], served: dict[str, Any]
) -> None:
    """Tools replay request examples as input that must be accepted: each is answered 2xx; the impossible bodies
    are examples of the 422 only, with the body they refuse in their description."""
    replayed = 0
    for path, method, operation in _operations(served):
        for name, example in (
            operation.get("requestBody", {}).get("content", {}).get("application/json", {}).get("examples", {}).items()
        ):
            response = client.request(method.upper(), path, json=example["value"])
            assert 200 <= response.status_code < 300, (path, name, response.text)
            replayed += 1
    assert replayed == len(BODY_EXAMPLES)
    for operation_id, spec in BODY_EXAMPLES.items():
        if spec.impossible is None:
            continue
        (operation,) = [o for _, _, o in _operations(served) if o["operationId"] == operation_id]
        refusal = operation["responses"]["422"]["content"]["application/problem+json"]["examples"]["impossible"]
        assert json.dumps(spec.impossible[1]) in refusal["description"], operation_id


def test_the_growing_vocabularies_of_answers_are_open(served: dict[str, Any]) -> None:
    """A yaku id, fu id, limit or problem type added later within /v1 still fits the document a client was made from
    (/docs/compatibility): each place holding one takes the known values or any string; requests stay closed."""
    schemas = served["components"]["schemas"]
    for name in ("YakuId", "FuId", "KidsPointsId", "ProblemType", "Limit", "TransferKind", "EndReason", "AbortiveDraw"):
        places = [
            node for node in _objects(schemas) if {"$ref": f"#/components/schemas/{name}"} in node.get("anyOf", [])
        ]
        assert places, name
        for node in places:
            assert any(branch.get("type") == "string" and "enum" not in branch for branch in node["anyOf"]), name
        assert "/docs/compatibility" in schemas[name]["description"]
    request = [schemas[name] for name in ("ScoreRequest", "RulesSpec", "SettleRequest", "GameOptions", "Abortive")]
    assert "A value added after this document" not in json.dumps(request)
    assert schemas["Abortive"]["properties"]["kind"]["$ref"] == "#/components/schemas/AbortiveDraw"
    kinds = ["riichi_deposit", "riichi_sticks", "ron", "tsumo", "pao", "honba", "noten", "nagashi", "kids_points"]
    assert schemas["TransferKind"]["enum"] == sorted([*kinds, "chombo"])


def _objects(node: Any) -> list[dict[str, Any]]:
    if isinstance(node, dict):
        return [node, *(o for value in node.values() for o in _objects(value))]
    if isinstance(node, list):
        return [o for value in node for o in _objects(value)]
    return []


INT32_MAX = 2**31 - 1


def _integers(node: Any, path: str) -> list[tuple[str, dict[str, Any]]]:
    """``(path, schema)`` of every integer schema in ``node`` (examples and defaults left out)."""
    found: list[tuple[str, dict[str, Any]]] = []
    if isinstance(node, dict):
        if node.get("type") == "integer":
            found.append((path, node))
        for key, value in node.items():
            if key not in ("examples", "default"):
                found.extend(_integers(value, f"{path}/{key}"))
    elif isinstance(node, list):
        for i, value in enumerate(node):
            found.extend(_integers(value, f"{path}[{i}]"))
    return found


def test_every_integer_not_bounded_within_32_bits_is_int64(served: dict[str, Any]) -> None:
    """openapi-generator types an integer without ``format`` as 32 bits (Go ``int32``, Java ``Integer``): any integer
    whose range the document leaves open, or bounds past 2^31 − 1, must say int64 or a client overflows (an enum
    is bounded by its values)."""
    narrow = [
        path
        for path, node in _integers(served["components"]["schemas"], "")
        if node.get("format") != "int64"
        and not (
            min(node.get("enum", [node.get("minimum", -(2**63))])) >= -INT32_MAX - 1
            and max(node.get("enum", [node.get("maximum", 2**63)])) <= INT32_MAX
        )
    ]
    assert narrow == []
    schemas = served["components"]["schemas"]
    money = [  # every place the points of a hand reach (unbounded under option aotenjou)
        schemas["SettleResult"]["properties"]["deltas"]["items"],
        schemas["SettleResult"]["properties"]["scores"]["items"],
        schemas["Transfer"]["properties"]["amount"],
        schemas["WinResult"]["properties"]["total"],
        schemas["ScoreResult"]["properties"]["points"],
        schemas["Payment"]["properties"]["amount"],
        schemas["FinalPlacing"]["properties"]["score"],
        schemas["RoundReplay"]["properties"]["deltas"]["anyOf"][0]["items"],
    ]
    assert [node.get("format") for node in money] == ["int64"] * len(money)
    assert schemas["Chombo"]["properties"]["seat"].get("format") is None  # 0..3 stays a plain integer


def test_an_aotenjou_hand_past_2_31_fits_the_fields_declared_int64(client: TestClient[Litestar]) -> None:
    """Kokushi musou (13-sided, 26 han) + menzen tsumo 1 = 27 han, 30 fu, dealer tsumo under option aotenjou
    (/docs/rulesets §8): base 30 × 2^29 = 16,106,127,360; each non-dealer pays 2 × base = 32,212,254,720, rounded
    up to 32,212,254,800; the dealer gains 3 × that = 96,636,764,400, past 2^31 − 1 = 2,147,483,647."""
    hand = {"hand": "19m19p19s1234567z", "win_tile": "1m", "win": "tsumo", "seat_wind": "E"}
    score = client.post("/v1/score", json={**hand, "rules": {"aotenjou": True}}).json()
    assert (score["base_points"], score["points"]) == (16_106_127_360, 96_636_764_400)
    settle = client.post(
        "/v1/settle",
        json={"scores": [25000] * 4, "dealer": 0, "rules": {"aotenjou": True},
              "outcome": {"type": "tsumo", "winner": 0, "hand": hand}},
    ).json()  # fmt: skip
    assert settle["deltas"] == [96_636_764_400, -32_212_254_800, -32_212_254_800, -32_212_254_800]
    assert settle["scores"] == [96_636_789_400, -32_212_229_800, -32_212_229_800, -32_212_229_800]
    assert [t["amount"] for t in settle["transfers"]] == [32_212_254_800] * 3
    assert min(settle["scores"]) < -INT32_MAX - 1
    assert score["points"] > INT32_MAX
