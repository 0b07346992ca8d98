"""``python -m service.logs``: many games offline, the summary and the exit status."""

from __future__ import annotations

import io
import json
import subprocess
import sys
import zipfile
from collections.abc import Callable
from pathlib import Path

import pytest

from service.logs.__main__ import main
from tests.logs import damaged
from tests.logs.script import mjai_lines, mjlog


@pytest.fixture
def games(tmp_path: Path) -> Path:
    (tmp_path / "one.mjlog").write_text(mjlog())
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        archive.writestr("two.json", mjai_lines())
    (tmp_path / "more.zip").write_bytes(buffer.getvalue())
    return tmp_path


def test_a_folder_of_agreeing_games_prints_the_summary_and_exits_0(
    games: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    status = main([str(games), "--jobs", "1", "--rules", "tenhou"])

    assert status == 0
    assert capsys.readouterr().out.splitlines() == [
        "2 games: 2 agree, 0 disagree, 0 cannot be read; 6 rounds (6 agree), 4 wins"
    ]


def test_a_truncated_game_is_named_and_the_exit_status_is_1(games: Path, capsys: pytest.CaptureFixture[str]) -> None:
    cut = mjlog()
    (games / "cut.mjlog").write_text(cut[: cut.rindex("<AGARI")] + "</mjloggm>")

    status = main([str(games / "cut.mjlog"), str(games / "one.mjlog"), "--jobs", "1"])

    out = capsys.readouterr().out.splitlines()
    assert status == 1
    assert out[0].startswith(f"{games / 'cut.mjlog'}: round 2: the round has no end")
    assert out[-1] == "2 games: 1 agree, 0 disagree, 1 cannot be read; 3 rounds (3 agree), 2 wins"


def test_ndjson_prints_one_line_per_game(games: Path, capsys: pytest.CaptureFixture[str]) -> None:
    main([str(games / "one.mjlog"), "--jobs", "1", "--ndjson"])

    first = json.loads(capsys.readouterr().out.splitlines()[0])
    assert (first["agrees"], first["rounds"], first["wins"]) == (True, 3, 2)


def test_runs_as_a_module_and_refuses_a_missing_path(tmp_path: Path) -> None:
    done = subprocess.run(
        [sys.executable, "-m", "service.logs", str(tmp_path / "nowhere")], capture_output=True, text=True, check=False
    )

    assert done.returncode == 2
    assert "no such file or directory" in done.stderr


@pytest.mark.parametrize(
    "argument",
    [
        ["--rules", "nosuch"],
        ["--rules", '{"kiriage_mangan":"yes"}'],
        ["--rules", '{"kiriage_mangan":'],
        ["--game", '{"riichi_needs_points":false}'],
        ["--jobs", "0"],
        ["--jobs", "100000"],
    ],
)
def test_bad_arguments_exit_2_with_a_message(
    games: Path, argument: list[str], capsys: pytest.CaptureFixture[str]
) -> None:
    with pytest.raises(SystemExit) as stopped:
        main([str(games), *argument])

    assert stopped.value.code == 2
    assert "error: argument" in capsys.readouterr().err


KIRIAGE_LOG = Path(__file__).parent / "data" / "tenhou6" / "output_log.example.json"


def test_rules_as_json_override_the_logs_preset(capsys: pytest.CaptureFixture[str]) -> None:
    # the log's round 4 is a non-dealer 4 han 30 fu ron, 7,700 under Tenhou's rules; kiriage mangan makes it 8,000
    assert main([str(KIRIAGE_LOG), "--jobs", "1"]) == 0
    capsys.readouterr()
    assert main([str(KIRIAGE_LOG), "--jobs", "1", "--rules", '{"kiriage_mangan":true}']) == 1
    assert "round 4" in capsys.readouterr().out


def test_game_options_as_json_take_a_riichi_tenhou_refuses(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    data = json.loads((Path(__file__).parent / "data" / "tenhou6" / "four_reach.json").read_text(encoding="utf-8"))
    data["log"][0][1] = [900, 28000, 27000, 44100]  # seat 0 declares riichi with 900 points
    (tmp_path / "poor.json").write_text(json.dumps(data))
    assert main([str(tmp_path), "--jobs", "1", "--ndjson"]) == 1
    assert "needs 1,000" in json.loads(capsys.readouterr().out.splitlines()[0])["error"]
    main([str(tmp_path), "--jobs", "1", "--ndjson", "--game", '{"riichi_needs_points_and_draw":false}'])
    assert json.loads(capsys.readouterr().out.splitlines()[0])["error"] is None


@pytest.mark.parametrize(
    ("name", "body", "expected"),
    [
        pytest.param(
            "games.zip",
            lambda: damaged.zip_with_damaged_member(damaged.THREE, "chankan.json"),
            [
                "{archive}:chankan.json: chankan.json cannot be read from the archive: the compressed data is damaged",
                "3 games: 2 agree, 0 disagree, 1 cannot be read; 2 rounds (2 agree), 3 wins",
            ],
            id="a zip member with damaged data: that game cannot be read, the others go on",
        ),
        pytest.param(
            "games.tar",
            lambda: damaged.tar_with_bad_checksum(damaged.SIX, member=3),
            [
                "{archive}: the archive cannot be read past rinshan.json: a damaged tar header; the rest of it is not "
                "read",
                "4 games: 3 agree, 0 disagree, 1 cannot be read; 3 rounds (3 agree), 4 wins",
            ],
            id="a tar unreadable past its third game is reported",
        ),
        pytest.param(
            "games.tar.gz",
            lambda: damaged.tar_gz_cut_after(damaged.SIX, 3),
            [
                "{archive}: the archive cannot be read past rinshan.json: the data ends early; the rest of it is not "
                "read",
                "4 games: 3 agree, 0 disagree, 1 cannot be read; 3 rounds (3 agree), 4 wins",
            ],
            id="a tar.gz cut just after its third game's data is reported past it",
        ),
    ],
)
def test_a_damaged_archive_is_reported_and_the_exit_status_is_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], name: str, body: Callable[[], bytes], expected: list[str]
) -> None:
    archive = tmp_path / name
    archive.write_bytes(body())

    status = main([str(archive), "--jobs", "1"])

    assert status == 1
    assert capsys.readouterr().out.splitlines() == [line.format(archive=archive) for line in expected]


def test_a_tar_gz_damaged_in_the_middle_is_reported_and_the_exit_status_is_1(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    body = bytearray(damaged.tar_of(damaged.ALL, "w:gz"))
    for at in range(len(body) // 2, len(body) // 2 + 10):
        body[at] ^= 0xFF
    archive = tmp_path / "games.tar.gz"
    archive.write_bytes(bytes(body))

    status = main([str(archive), "--jobs", "1"])

    assert status == 1
    assert capsys.readouterr().out.splitlines()[-2].startswith(f"{archive}: the archive cannot be read past ")
