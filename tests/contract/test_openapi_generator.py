"""openapi-generator's clients (python, typescript-fetch, go, java) generated from the committed document compile
and read every answer of a live server as their typed models (issue: clients that compile in every mainstream
generator).

The generator is the jar the PyPI package ``openapi-generator-cli`` ships (a test dependency), run by Debian's Java;
the compilers are the venv's mypy, ``tsc`` from ``contract/`` (npm, pinned by its lockfile), Debian's ``golang-go``
and ``javac`` with Debian's Jackson jars (``.ci/run`` installs what is missing). Nothing is fetched at run time:
the Go module proxy and Maven Central are out of reach, so the options below keep each client to what these give.
Each program in ``contract/clients/openapi_generator/`` calls score, batch, settle, final, tenpai and rules with
the document's own request examples, reads a refused request's problem as the typed ``Problem``, replays and
converts the document's mjai log (one round: the dealer's tenhou, 48,000 by tsumo, so the scores 73,000 and
9,000 × 3 and a final 78,000 for seat 0, worked out by hand), scores and settles a hand under option ``aotenjou``
(no limits) whose points pass 2^31 − 1 (worked out in the programs' comments: 96,636,764,400, read as 64-bit
integers), and decodes a score holding a yaku id added after the document (``/docs/compatibility``). The generated
code lives in temporary folders (caches too) and is never committed.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.api.test_server import granian
from tests.contract.conftest import CONTRACT, DOCUMENT

pytestmark = pytest.mark.slow

PROGRAMS = CONTRACT / "clients" / "openapi_generator"
VENV_BIN = Path(sys.executable).parent
TIMEOUT = 600
CALLED = "11 calls, every answer parsed into its typed model; a yaku id added later decoded"

JACKSON_JARS = [
    Path("/usr/share/java") / name
    for name in (
        "jackson-annotations.jar",
        "jackson-core.jar",
        "jackson-databind.jar",
        "jsr305.jar",  # javax.annotation.Nullable / Nonnull
        "geronimo-annotation-1.3-spec.jar",  # javax.annotation.Generated (JSR 250), gone from the JDK since 11
    )
]
"""Debian's jars the Java client (library ``native``: the JDK's own HTTP client) compiles against:
``libjackson2-databind-java``, ``libjsr305-java``, ``libgeronimo-annotation-1.3-spec-java``."""

JAVA_TIME_LINE = re.compile(r"^.*JavaTimeModule.*\n", re.MULTILINE)
"""The native templates' lines that register jackson-datatype-jsr310 (``java.time`` support), which Debian does not
package (Maven Central only). The document has no date or time, so the module has nothing to do: the test renders
the client with the generator's own two templates minus these lines, and leaves out the two helper classes that
only serve that module (:func:`java_templates`)."""

PYTHON_TEMPLATE_ERRORS = re.compile(
    r'^riichi_client/models/\w+\.py:\d+: error: Argument 1 to "append" of "list" has incompatible type '
    r'"dict\[str, Any\] \| [\w |]+ \| None"; expected "dict\[str, Any\]"  \[arg-type\]$'
)
"""The one finding left in the generated Python code once :data:`PYTHON_STRICT_CONFIG` excuses the templates' codes:
the template's ``to_dict`` of a model holding a list of a ``oneOf`` appends the union's ``to_dict()`` (typed as the
union or a dict) to a list of dicts. It comes from the template whatever the document says, so it is recognised
here."""

PYTHON_STRICT_CONFIG = """\
[mypy]
strict = True

# The generated package only: what its templates write whatever the document says (openapi-generator 7.26.0, about
# 300 findings, all of these codes). no-untyped-def and no-untyped-call: helper functions (ApiClient, rest, the
# models' from_dict / to_dict internals) written without annotations; no-any-return: json.loads and dict lookups
# returned from typed functions; implicit_reexport: api_client.py names rest.ApiException, which rest.py imports
# without re-exporting. The program calling the client is checked with every strict flag.
[mypy-riichi_client.*]
disable_error_code = no-untyped-def, no-untyped-call, no-any-return
implicit_reexport = True
"""
"""``mypy --strict`` for the generated client and ``use_python.py``, with exactly the error codes the templates give
excused in the generated package."""


def jar() -> Path:
    """The generator's jar inside the installed ``openapi_generator_cli`` package."""
    import openapi_generator_cli

    path = Path(openapi_generator_cli.__file__).parent / "openapi-generator.jar"
    assert path.is_file(), path
    return path


def tool(name: str) -> str:
    found = shutil.which(name)
    assert found is not None, f"{name} is needed (.ci/run installs it from Debian's packages)"
    return found


def run(command: list[str], cwd: Path, env: dict[str, str] | None = None) -> str:
    """Run ``command``, asserting success; its output."""
    done = subprocess.run(
        command, cwd=cwd, env=env, capture_output=True, text=True, timeout=TIMEOUT, stdin=subprocess.DEVNULL
    )
    assert done.returncode == 0, f"{command[0]} failed:\n{done.stdout[-4000:]}\n{done.stderr[-4000:]}"
    return done.stdout


def generate(generator: str, out: Path, *options: str) -> None:
    out.mkdir(parents=True, exist_ok=True)
    run([tool("java"), "-jar", str(jar()), "generate", "-g", generator, "-i", str(DOCUMENT), "-o", str(out),
         *options], cwd=out)  # fmt: skip


@pytest.fixture(scope="module")
def base_url() -> Iterator[str]:
    with granian() as (url, _, _):
        yield url


def test_python_client_type_checks_and_reads_every_answer(base_url: str, tmp_path: Path) -> None:
    # useOneOfDiscriminatorLookup: a tagged union (OptionInfo, Outcome) is decoded by its `type`, not by trying
    # every variant
    generate("python", tmp_path, "--additional-properties=packageName=riichi_client,useOneOfDiscriminatorLookup=true")
    shutil.copy(PROGRAMS / "use_python.py", tmp_path)
    (tmp_path / "mypy.ini").write_text(PYTHON_STRICT_CONFIG, encoding="utf-8")
    checked = subprocess.run(
        [str(VENV_BIN / "mypy"), "--config-file", "mypy.ini", "--no-incremental", "riichi_client", "use_python.py"],
        cwd=tmp_path, capture_output=True, text=True, timeout=TIMEOUT,
    )  # fmt: skip
    errors = [line for line in checked.stdout.splitlines() if ": error:" in line]
    assert [e for e in errors if not PYTHON_TEMPLATE_ERRORS.match(e)] == [], checked.stdout
    assert CALLED in run([sys.executable, "use_python.py", str(DOCUMENT), base_url], cwd=tmp_path)


def test_typescript_fetch_client_compiles_strict_and_reads_every_answer(
    linters: Path, base_url: str, tmp_path: Path
) -> None:
    generate("typescript-fetch", tmp_path)
    shutil.copy(PROGRAMS / "use_fetch.ts", tmp_path)
    (tmp_path / "tsconfig.json").write_text(
        '{"compilerOptions": {"strict": true, "target": "es2022", "module": "commonjs", "moduleResolution": "node",'
        ' "lib": ["es2022", "dom"], "types": ["node"], "typeRoots": ["'
        + str(CONTRACT / "node_modules" / "@types")
        + '"], "outDir": "out", "noEmitOnError": true}, "files": ["use_fetch.ts"]}',
        encoding="utf-8",
    )
    run([str(linters / "tsc"), "-p", "tsconfig.json"], cwd=tmp_path)
    assert CALLED in run([tool("node"), "out/use_fetch.js", str(DOCUMENT), base_url], cwd=tmp_path)


def test_go_client_builds_vets_and_reads_every_answer(base_url: str, tmp_path: Path) -> None:
    """The generated module's ``go.mod`` requires ``gopkg.in/validator.v2``, which only its ``oneOf`` decoders
    without a discriminator import; ``useOneOfDiscriminatorLookup`` writes those without it, so the requirement is
    dropped (the module proxy is out of reach, and Debian's 2016 copy refuses to validate a string)."""
    client, program = tmp_path / "client", tmp_path / "use_go"
    options = "packageName=riichi,enumClassPrefix=true,useOneOfDiscriminatorLookup=true"
    generate("go", client, "--git-user-id", "riichi", "--git-repo-id", "client", f"--additional-properties={options}")
    assert not [p.name for p in client.glob("*.go") if "gopkg.in/validator.v2" in p.read_text(encoding="utf-8")]
    go = tool("go")
    env = {
        **os.environ,
        "GOPATH": str(tmp_path / "gopath"),
        "GOCACHE": str(tmp_path / "gocache"),
        "GOPROXY": "off",
        "GOFLAGS": "-mod=mod",
        "GOSUMDB": "off",
        "GOTOOLCHAIN": "local",
    }
    run([go, "mod", "edit", "-droprequire=gopkg.in/validator.v2"], cwd=client, env=env)
    run([go, "vet", "."], cwd=client, env=env)
    program.mkdir()
    shutil.copy(PROGRAMS / "go" / "main.go", program)
    run([go, "mod", "init", "riichi.example/use"], cwd=program, env=env)
    run([go, "mod", "edit", "-require=github.com/riichi/client@v0.0.0", f"-replace=github.com/riichi/client={client}"],
        cwd=program, env=env)  # fmt: skip
    run([go, "vet", "."], cwd=program, env=env)
    run([go, "build", "-o", "use_go", "."], cwd=program, env=env)
    assert CALLED in run([str(program / "use_go"), str(DOCUMENT), base_url], cwd=program)


def java_templates(folder: Path) -> Path:
    """The native library's ``ApiClient`` and ``JSON`` templates, read from the jar, without the lines of
    :data:`JAVA_TIME_LINE` (the import and the registrations)."""
    import zipfile

    native = folder / "libraries" / "native"
    native.mkdir(parents=True)
    with zipfile.ZipFile(jar()) as archive:
        for name in ("ApiClient", "JSON"):
            text = archive.read(f"Java/libraries/native/{name}.mustache").decode("utf-8")
            stripped, removed = JAVA_TIME_LINE.subn("", text)
            assert removed >= 2, (name, removed)
            (native / f"{name}.mustache").write_text(stripped, encoding="utf-8")
    return folder


def test_java_client_compiles_and_reads_every_answer(base_url: str, tmp_path: Path) -> None:
    for needed in JACKSON_JARS:
        assert needed.is_file(), f"{needed} is needed (.ci/run installs it from Debian's packages)"
    client, classes = tmp_path / "client", tmp_path / "classes"
    client.mkdir()
    (client / ".openapi-generator-ignore").write_text(
        "**/RFC3339InstantDeserializer.java\n**/RFC3339JavaTimeModule.java\n", encoding="utf-8"
    )
    # generateAliasAsModel: the tile list is a class of its own (TileList), which the oneOf decoder of
    # "text or list" names; the native templates write `List<String>.class` for an inline list
    generate("java", client, "--library", "native", "-t", str(java_templates(tmp_path / "templates")),
             "--additional-properties=openApiNullable=false,hideGenerationTimestamp=true,generateAliasAsModel=true,"
             "useOneOfDiscriminatorLookup=true")  # fmt: skip
    classpath = os.pathsep.join(map(str, JACKSON_JARS))
    sources = [str(p) for p in sorted((client / "src" / "main").rglob("*.java"))]
    run([tool("javac"), "-nowarn", "-encoding", "UTF-8", "-d", str(classes), "-cp", classpath, *sources,
         str(PROGRAMS / "UseJava.java")], cwd=tmp_path)  # fmt: skip
    java_classpath = os.pathsep.join([str(classes), classpath])
    assert CALLED in run([tool("java"), "-cp", java_classpath, "UseJava", str(DOCUMENT), base_url], cwd=tmp_path)
