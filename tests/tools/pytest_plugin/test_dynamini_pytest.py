"""The pytest plugin tools/pytest/dynamini_pytest.py, run by pytest's own pytester: inner
sessions in this process (to see the environment restored) or in subprocesses (xdist,
usage errors). $DYNAMINI_BIN names the built binary; tools/pytest is on PYTHONPATH."""

import json
import os
import shutil

import dynamini_pytest
import pytest

SCHEMA = {"TableName": "things", "BillingMode": "PAY_PER_REQUEST",
          "AttributeDefinitions": [{"AttributeName": "id", "AttributeType": "S"}],
          "KeySchema": [{"AttributeName": "id", "KeyType": "HASH"}]}


def write_schema(pytester, name="schema.json", body=SCHEMA):
    path = pytester.path / name
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(json.dumps(body))
    return path


def test_environment_is_set_during_the_session_and_restored_after(pytester, monkeypatch):
    monkeypatch.setenv("AWS_REGION", "eu-north-1")
    monkeypatch.delenv("AWS_ENDPOINT_URL_DYNAMODB", raising=False)
    pytester.makepyfile(test_env="""
        import os
        import boto3
        # Built at import, during collection: the server is already up.
        CLIENT = boto3.client("dynamodb", endpoint_url=os.environ["AWS_ENDPOINT_URL_DYNAMODB"])

        def test_env(dynamini_server):
            assert os.environ["AWS_ENDPOINT_URL_DYNAMODB"] == dynamini_server.endpoint
            assert os.environ["AWS_REGION"] == "us-east-1"
            assert CLIENT.list_tables()["TableNames"] == []
    """)
    result = pytester.runpytest_inprocess("-p", "dynamini_pytest")
    result.assert_outcomes(passed=1)
    assert os.environ["AWS_REGION"] == "eu-north-1"
    assert "AWS_ENDPOINT_URL_DYNAMODB" not in os.environ


def test_xdist_workers_each_run_their_own_server_and_stop_it(pytester, tmp_path):
    pytest.importorskip("xdist")
    pytester.makepyfile(test_workers="""
        import os
        import pytest

        @pytest.mark.parametrize("n", range(8))
        def test_record(dynamodb, n):
            server = dynamodb.server
            path = os.path.join(os.environ["RECORD_DIR"], "%s-%d" % (server.worker, n))
            with open(path, "w") as f:
                f.write("%s %d %d" % (server.worker, server.port, server.process.pid))
            # Each worker's database is its own: no other worker's table is visible.
            assert dynamodb.client.list_tables()["TableNames"] == []
            dynamodb.client.create_table(
                TableName="scratch", BillingMode="PAY_PER_REQUEST",
                AttributeDefinitions=[{"AttributeName": "id", "AttributeType": "S"}],
                KeySchema=[{"AttributeName": "id", "KeyType": "HASH"}])
    """)
    os.environ["RECORD_DIR"] = str(tmp_path)
    try:
        result = pytester.runpytest_subprocess("-p", "dynamini_pytest", "-n", "2")
    finally:
        del os.environ["RECORD_DIR"]
    result.assert_outcomes(passed=8)
    records = [p.read_text().split() for p in tmp_path.iterdir()]
    by_worker = {worker: (port, pid) for worker, port, pid in records}
    assert sorted(by_worker) == ["gw0", "gw1"]
    ports = {port for port, _ in by_worker.values()}
    assert len(ports) == 2, by_worker
    for _, pid in by_worker.values():
        with pytest.raises(ProcessLookupError):
            os.kill(int(pid), 0)  # the worker stopped its server


def test_schema_from_ini_relative_to_the_ini_file_and_from_the_command_line(pytester):
    write_schema(pytester, "config/tables.json")
    write_schema(pytester, "more.json", dict(SCHEMA, TableName="more"))
    (pytester.path / "config" / "pytest.ini").write_text(
        "[pytest]\ndynamini_schema = tables.json\n")
    pytester.makepyfile(test_tables="""
        def test_tables(dynamodb_client):
            assert dynamodb_client.list_tables()["TableNames"] == ["more", "things"]
    """)
    result = pytester.runpytest_subprocess("-p", "dynamini_pytest", "-c", "config/pytest.ini",
                                           "--rootdir", str(pytester.path),
                                           "--dynamini-schema", "more.json", "test_tables.py")
    result.assert_outcomes(passed=1)


def test_inbox_option_keeps_the_preloaded_model(pytester):
    pytester.makepyfile(test_inbox="""
        def test_inbox(dynamodb):
            badge = dynamodb.table("inbox").get_item(Key={"pk": "USER#u_alice", "sk": "#INBOX"})
            assert "Item" in badge
    """)
    pytester.runpytest_subprocess("-p", "dynamini_pytest", "--dynamini-inbox").assert_outcomes(
        passed=1)


def test_binary_found_on_path_when_nothing_names_it(pytester, monkeypatch, tmp_path):
    (tmp_path / "dynamini").symlink_to(os.environ["DYNAMINI_BIN"])
    monkeypatch.delenv("DYNAMINI_BIN")
    monkeypatch.setenv("PATH", "%s:%s" % (tmp_path, os.environ["PATH"]))
    pytester.makepyfile(test_path="""
        def test_path(dynamini_server):
            assert dynamini_server.binary.endswith("/dynamini")
    """)
    pytester.runpytest_subprocess("-p", "dynamini_pytest").assert_outcomes(passed=1)


def test_binary_in_the_package_beside_the_plugin_after_dynamini_bin_before_path(
        pytester, monkeypatch, tmp_path):
    # The wheel's layout: dynamini_pytest.py and dynamini/bin/dynamini in one folder.
    site = tmp_path / "site"
    (site / "dynamini" / "bin").mkdir(parents=True)
    shutil.copy(dynamini_pytest.__file__, site)
    (site / "dynamini" / "bin" / "dynamini").symlink_to(os.environ["DYNAMINI_BIN"])
    (tmp_path / "dynamini").symlink_to(os.environ["DYNAMINI_BIN"])
    monkeypatch.setenv("PYTHONPATH", str(site))
    monkeypatch.setenv("PATH", "%s:%s" % (tmp_path, os.environ["PATH"]))
    pytester.makepyfile(test_which="""
        import os

        def test_which(dynamini_server):
            assert dynamini_server.binary == os.environ["EXPECTED_BIN"]
    """)
    monkeypatch.setenv("EXPECTED_BIN", os.environ["DYNAMINI_BIN"])
    pytester.runpytest_subprocess("-p", "dynamini_pytest").assert_outcomes(passed=1)
    monkeypatch.delenv("DYNAMINI_BIN")
    monkeypatch.setenv("EXPECTED_BIN", str(site / "dynamini" / "bin" / "dynamini"))
    pytester.runpytest_subprocess("-p", "dynamini_pytest").assert_outcomes(passed=1)


def test_no_binary_is_a_usage_error_saying_how_to_name_one(pytester, monkeypatch):
    monkeypatch.delenv("DYNAMINI_BIN")
    monkeypatch.setenv("PATH", "/usr/bin:/bin")
    pytester.makepyfile(test_x="def test_x(): pass\n")
    result = pytester.runpytest_subprocess("-p", "dynamini_pytest")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*no dynamini binary: pass --dynamini-bin PATH*"])
    result = pytester.runpytest_subprocess("-p", "dynamini_pytest", "--dynamini-bin", "/nope")
    assert result.ret == pytest.ExitCode.USAGE_ERROR
    result.stderr.fnmatch_lines(["*/nope is not an executable file*"])
    result = pytester.runpytest_subprocess("-p", "dynamini_pytest", "--help")
    assert result.ret == pytest.ExitCode.OK  # --help needs no binary
    result.stdout.fnmatch_lines(["*--dynamini-schema=FILE*"])


def test_a_server_that_cannot_start_fails_the_tests_with_its_message(pytester):
    write_schema(pytester, "bad.json", {"TableName": "x"})
    pytester.makepyfile(test_bad="""
        def test_uses(dynamodb):
            pass

        def test_does_not_use():
            pass
    """)
    result = pytester.runpytest_subprocess("-p", "dynamini_pytest", "--dynamini-schema",
                                           "bad.json")
    result.assert_outcomes(passed=1, errors=1)
    result.stdout.fnmatch_lines(["*dynamini did not start*", "*bad.json*"])
