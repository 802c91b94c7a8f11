"""Fixtures for the server tests: an app on SQLite, a real PostgreSQL, a browser."""

from __future__ import annotations

import os
import tempfile
import uuid
from collections.abc import Iterator
from pathlib import Path

import pytest
from fastapi.testclient import TestClient
from playwright.sync_api import Browser, sync_playwright
from sqlalchemy import create_engine, text

from ballroom.server.app import ServerConfig, create_app
from server.support import postgres_cluster, server_process

CHROMIUM = "/usr/bin/chromium"
ARGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]


@pytest.fixture
def client(tmp_path: Path) -> Iterator[TestClient]:
    """The app on a fresh SQLite file, bots moving without a pause; tests choose the seeds
    of every game they create, for known deals (a public server refuses most)."""
    config = ServerConfig(data_dir=str(tmp_path), bot_delay=0.0, chosen_seeds=True)
    with TestClient(create_app(config)) as test_client:
        yield test_client


@pytest.fixture(scope="session")
def postgres_server() -> Iterator[str]:
    """A PostgreSQL server: BALLROOM_TEST_POSTGRES_URL, or a throwaway local cluster.

    There is no skip: a machine without PostgreSQL fails these tests loudly.
    """
    given = os.environ.get("BALLROOM_TEST_POSTGRES_URL")
    if given:
        yield given
        return
    with tempfile.TemporaryDirectory(prefix="ballroom-pg-") as base:
        os.chmod(base, 0o755)
        with postgres_cluster(Path(base) / "cluster") as url:
            yield url


@pytest.fixture
def postgres_url(postgres_server: str) -> Iterator[str]:
    """A fresh, empty database on the PostgreSQL server for one test."""
    name = "t_" + uuid.uuid4().hex[:12]
    admin = create_engine(postgres_server, isolation_level="AUTOCOMMIT")
    with admin.connect() as connection:
        connection.execute(text(f'CREATE DATABASE "{name}"'))
    url = postgres_server.rsplit("/", 1)[0] + "/" + name
    yield url
    with admin.connect() as connection:
        connection.execute(text(f'DROP DATABASE "{name}" WITH (FORCE)'))
    admin.dispose()


@pytest.fixture(scope="module")
def base(tmp_path_factory: pytest.TempPathFactory) -> Iterator[str]:
    """A real ``ballroom serve`` process for one module's browser tests."""
    with server_process(tmp_path_factory.mktemp("e2e"), bot_delay=0.05) as (url, _):
        yield url


@pytest.fixture(scope="module")
def browser() -> Iterator[Browser]:
    """Debian's headless Chromium (Playwright's own browser downloads are not used)."""
    if not Path(CHROMIUM).exists():
        raise RuntimeError("the browser tests need Debian's chromium: apt-get install -y chromium")
    with sync_playwright() as playwright:
        instance = playwright.chromium.launch(executable_path=CHROMIUM, args=ARGS)
        yield instance
        instance.close()
