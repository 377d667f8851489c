"""dynamini for pytest: one DynamoDB emulator per test process, reset between tests.

Load it with `pytest -p dynamini_pytest` or `pytest_plugins = ["dynamini_pytest"]` in the
root conftest.py, with this file's folder on sys.path (PYTHONPATH, or pytest's `pythonpath`
ini setting). No pip: it needs pytest and boto3 only (Debian: python3-pytest, python3-boto3).

What it does (docs/clients.md, "pytest"):
- Before collection, each test process starts `dynamini --port 0 --admin` (a free port) with
  the tables of the --dynamini-schema files, and sets AWS_ENDPOINT_URL_DYNAMODB and dummy
  credentials and region for code that builds its own clients; all restored at the end.
  With pytest-xdist every worker (PYTEST_XDIST_WORKER) has its own server and port; the
  controller starts none.
- `dynamini_server` (session): the server: endpoint, port, worker, reset(), client,
  resource, output().
- `dynamodb` (function): resets the database to the state after start-up (schema and seed
  files loaded, everything else gone) with POST /dynamini/admin/reset, then gives `.client`
  (boto3 client), `.resource` (boto3 resource), `.table(name)` and `.endpoint`.
  `dynamodb_client` and `dynamodb_resource` are the same, one object each.

Settings: a command-line option, or the ini setting beside it (paths in the ini file are
relative to its folder, on the command line to the current directory):
  --dynamini-bin PATH         dynamini_bin      else $DYNAMINI_BIN, else `dynamini` on PATH
  --dynamini-schema FILE      dynamini_schema   (repeatable / one per line) dynamini --schema
  --dynamini-seed TABLE=FILE  dynamini_seed     (repeatable / one per line) dynamini --seed
  --dynamini-inbox            dynamini_inbox    keep the preloaded inbox model (off: --no-inbox)
  --dynamini-arg=ARG          dynamini_args     any other dynamini flag, e.g. --dynamini-arg=--quiet
"""

import http.client
import os
import queue
import re
import shutil
import signal
import subprocess
import threading
import types

import pytest

READY_PATTERN = re.compile(r"dynamini listening on (http://([^\s:/]+):(\d+))")
STARTUP_TIMEOUT_S = 15
OUTPUT_LINES_KEPT = 200

# Set for the whole session in every process that runs tests, restored afterwards. Dummy
# credentials also make sure a client that ignores the endpoint variable (Debian 12's
# boto3 1.26 does: its botocore reads no AWS_ENDPOINT_URL*) can never sign a request to real
# AWS with real keys.
SESSION_ENV = {
    "AWS_ACCESS_KEY_ID": "dynamini",
    "AWS_SECRET_ACCESS_KEY": "dynamini",
    "AWS_DEFAULT_REGION": "us-east-1",
    "AWS_REGION": "us-east-1",
    "AWS_EC2_METADATA_DISABLED": "true",
}
ENDPOINT_VARIABLE = "AWS_ENDPOINT_URL_DYNAMODB"


# ---- options ---------------------------------------------------------------------------


def pytest_addoption(parser):
    group = parser.getgroup("dynamini", "dynamini DynamoDB emulator")
    group.addoption("--dynamini-bin", metavar="PATH",
                    help="dynamini binary (else ini dynamini_bin, $DYNAMINI_BIN, PATH)")
    group.addoption("--dynamini-schema", metavar="FILE", action="append", default=[],
                    help="create tables from FILE at start-up (dynamini --schema)")
    group.addoption("--dynamini-seed", metavar="TABLE=FILE", action="append", default=[],
                    help="load items into TABLE at start-up (dynamini --seed)")
    group.addoption("--dynamini-inbox", action="store_true", default=None,
                    help="keep the preloaded inbox model (default: --no-inbox)")
    group.addoption("--dynamini-arg", metavar="ARG", action="append", default=[],
                    help="pass ARG to dynamini (repeatable; --dynamini-arg=--log-requests)")
    parser.addini("dynamini_bin", "dynamini binary", default="")
    parser.addini("dynamini_schema", "schema files, one per line", type="linelist")
    parser.addini("dynamini_seed", "TABLE=FILE seed files, one per line", type="linelist")
    parser.addini("dynamini_inbox", "keep the preloaded inbox model", type="bool",
                  default=False)
    parser.addini("dynamini_args", "other dynamini flags", type="args")


def _ini_dir(config):
    return str(config.inipath.parent) if config.inipath else str(config.rootpath)


def _ini_path(config, value):
    return value if os.path.isabs(value) else os.path.join(_ini_dir(config), value)


def _seed_arg(value, resolve):
    table, sep, path = value.partition("=")
    if not sep:
        raise pytest.UsageError("dynamini seed %r is not TABLE=FILE" % value)
    return "%s=%s" % (table, resolve(path))


def find_binary(config):
    """The dynamini binary: option, ini, $DYNAMINI_BIN, then PATH (UsageError if none)."""
    chosen = (config.getoption("dynamini_bin") or
              (config.getini("dynamini_bin") and _ini_path(config, config.getini("dynamini_bin")))
              or os.environ.get("DYNAMINI_BIN") or shutil.which("dynamini"))
    if not chosen:
        raise pytest.UsageError(
            "dynamini_pytest: no dynamini binary: pass --dynamini-bin PATH, set the "
            "dynamini_bin ini setting or $DYNAMINI_BIN, or put `dynamini` on PATH")
    if not (os.path.isfile(chosen) and os.access(chosen, os.X_OK)):
        raise pytest.UsageError("dynamini_pytest: %s is not an executable file" % chosen)
    return os.path.abspath(chosen)


def server_arguments(config):
    """dynamini's flags from the options and ini settings (files checked to exist)."""
    cwd_path = os.path.abspath
    args = ["--port", "0", "--admin"]
    inbox = config.getoption("dynamini_inbox")
    if not (inbox if inbox is not None else config.getini("dynamini_inbox")):
        args.append("--no-inbox")
    schemas = [_ini_path(config, v) for v in config.getini("dynamini_schema")]
    schemas += [cwd_path(v) for v in config.getoption("dynamini_schema")]
    for schema in schemas:
        if not os.path.isfile(schema):
            raise pytest.UsageError("dynamini_pytest: schema file %s not found" % schema)
        args += ["--schema", schema]
    seeds = [_seed_arg(v, lambda p: _ini_path(config, p)) for v in config.getini("dynamini_seed")]
    seeds += [_seed_arg(v, cwd_path) for v in config.getoption("dynamini_seed")]
    for seed in seeds:
        args += ["--seed", seed]
    return args + list(config.getini("dynamini_args")) + config.getoption("dynamini_arg")


# ---- the server ------------------------------------------------------------------------


def _die_with_parent():
    # Runs in the child before exec: if pytest is killed, the kernel sends dynamini SIGTERM.
    try:
        import ctypes
        ctypes.CDLL("libc.so.6", use_errno=True).prctl(1, signal.SIGTERM)  # PR_SET_PDEATHSIG
    except (OSError, AttributeError):
        pass


class DynaminiServer:
    """A `dynamini --port 0` child process of this test process."""

    def __init__(self, binary, args, worker):
        self.binary = binary
        self.args = args
        self.worker = worker
        self.process = None
        self.endpoint = self.host = self.port = None
        self._output = []
        self._admin = None
        self._session = self._client = self._resource = None

    def start(self):
        self.process = subprocess.Popen(
            [self.binary, *self.args], stdin=subprocess.DEVNULL, stdout=subprocess.PIPE,
            stderr=subprocess.STDOUT, text=True, bufsize=1,
            preexec_fn=_die_with_parent if os.name == "posix" else None)
        ready = queue.Queue()
        threading.Thread(target=self._pump, args=(ready,), daemon=True).start()
        try:
            match = ready.get(timeout=STARTUP_TIMEOUT_S)
        except queue.Empty:
            match = None
        if match is None:
            self.stop()
            raise RuntimeError("dynamini did not start (%s %s):\n%s" %
                               (self.binary, " ".join(self.args), self.output()))
        self.endpoint, self.host, self.port = match.group(1), match.group(2), int(match.group(3))
        return self

    def _pump(self, ready):
        # Reads the server's output for its whole life, so a chatty server never blocks on a
        # full pipe; keeps the last lines for error messages.
        announced = False
        for line in self.process.stdout:
            self._output.append(line)
            del self._output[:-OUTPUT_LINES_KEPT]
            if not announced and READY_PATTERN.search(line):
                announced = True
                ready.put(READY_PATTERN.search(line))
        if not announced:
            ready.put(None)

    def output(self):
        """The last lines dynamini printed (stdout and stderr)."""
        return "".join(self._output)

    def stop(self):
        if self._admin is not None:
            self._admin.close()
        if self.process is None:
            return
        if self.process.poll() is None:
            self.process.terminate()
            try:
                self.process.wait(timeout=10)
            except subprocess.TimeoutExpired:
                self.process.kill()
                self.process.wait()
        self.process = None

    def reset(self):
        """Back to the state after start-up (schema and seed files), over one kept-alive
        connection: POST /dynamini/admin/reset."""
        for attempt in (1, 2):
            if self._admin is None:
                self._admin = http.client.HTTPConnection(self.host, self.port, timeout=30)
            try:
                self._admin.request("POST", "/dynamini/admin/reset", body=b"")
                response = self._admin.getresponse()
                body = response.read()
            except (http.client.HTTPException, OSError):
                self._admin.close()
                self._admin = None
                if attempt == 2 or self.process is None or self.process.poll() is not None:
                    raise RuntimeError("dynamini is not answering; its output:\n" + self.output())
                continue
            if response.status != 200:
                raise RuntimeError("dynamini reset failed: %d %r" % (response.status, body))
            return

    # ---- boto3, created once per server (a client takes tens of milliseconds) ----------

    def _boto3_session(self):
        if self._session is None:
            import boto3
            self._session = boto3.session.Session(
                aws_access_key_id=SESSION_ENV["AWS_ACCESS_KEY_ID"],
                aws_secret_access_key=SESSION_ENV["AWS_SECRET_ACCESS_KEY"],
                region_name=SESSION_ENV["AWS_DEFAULT_REGION"])
        return self._session

    @property
    def client(self):
        """boto3's low-level DynamoDB client for this server."""
        if self._client is None:
            self._client = self._boto3_session().client("dynamodb", endpoint_url=self.endpoint)
        return self._client

    @property
    def resource(self):
        """boto3's DynamoDB service resource for this server."""
        if self._resource is None:
            self._resource = self._boto3_session().resource("dynamodb",
                                                            endpoint_url=self.endpoint)
        return self._resource


# ---- the session ----------------------------------------------------------------------

# Per pytest session (config.stash), so an inner pytester session keeps its own.
STATE = pytest.StashKey()


def _runs_tests(session):
    # pytest-xdist's controller (it registers "dsession") hands tests to workers.
    return not session.config.pluginmanager.has_plugin("dsession")


def pytest_configure(config):
    if config.getoption("help", False) or config.getoption("version", False):
        return  # --help and --version work without a binary
    # Resolve everything now, so a wrong setting is a usage error before anything runs.
    config.stash[STATE] = types.SimpleNamespace(
        binary=find_binary(config), args=server_arguments(config), server=None,
        saved_env=None, error=None)


@pytest.hookimpl(tryfirst=True)
def pytest_sessionstart(session):
    """Starts the server before collection, so modules that build clients when imported
    see AWS_ENDPOINT_URL_DYNAMODB."""
    state = session.config.stash.get(STATE, None)
    if state is None or not _runs_tests(session):
        return
    worker = os.environ.get("PYTEST_XDIST_WORKER", "main")
    try:
        state.server = DynaminiServer(state.binary, state.args, worker).start()
    except RuntimeError as e:
        state.error = str(e)
        return
    state.saved_env = {k: os.environ.get(k) for k in [*SESSION_ENV, ENDPOINT_VARIABLE]}
    os.environ.update(SESSION_ENV)
    os.environ[ENDPOINT_VARIABLE] = state.server.endpoint


@pytest.hookimpl(trylast=True)
def pytest_sessionfinish(session):
    state = session.config.stash.get(STATE, None)
    if state is None:
        return
    if state.server is not None:
        state.server.stop()
        state.server = None
    if state.saved_env is not None:
        for key, value in state.saved_env.items():
            if value is None:
                os.environ.pop(key, None)
            else:
                os.environ[key] = value
        state.saved_env = None


def pytest_report_header(config):
    state = config.stash.get(STATE, None)
    if state is None:
        return None
    return "dynamini: %s %s" % (state.binary, " ".join(state.args))


# ---- fixtures -------------------------------------------------------------------------


@pytest.fixture(scope="session")
def dynamini_server(pytestconfig):
    """The dynamini server of this test process (this xdist worker)."""
    state = pytestconfig.stash[STATE]
    if state.server is None:
        pytest.fail("dynamini_pytest: " + (state.error or "the server is not running"),
                    pytrace=False)
    return state.server


@pytest.fixture
def dynamodb(dynamini_server):
    """A freshly reset database: .client, .resource, .table(name), .endpoint, .server."""
    dynamini_server.reset()
    return types.SimpleNamespace(client=dynamini_server.client,
                                 resource=dynamini_server.resource,
                                 table=dynamini_server.resource.Table,
                                 endpoint=dynamini_server.endpoint,
                                 server=dynamini_server)


@pytest.fixture
def dynamodb_client(dynamodb):
    """boto3's client on a freshly reset database."""
    return dynamodb.client


@pytest.fixture
def dynamodb_resource(dynamodb):
    """boto3's resource on a freshly reset database."""
    return dynamodb.resource


__all__ = ["DynaminiServer", "dynamini_server", "dynamodb", "dynamodb_client",
           "dynamodb_resource", "ENDPOINT_VARIABLE"]
