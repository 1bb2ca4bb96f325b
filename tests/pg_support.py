"""A fresh PostgreSQL database per test, in the cluster ``make test`` starts on 127.0.0.1
(``FACTCHECK_TEST_DATABASE_URL``, set by the Makefile from ``.ci/postgres.sh up``).
Without it the PostgreSQL tests are skipped, saying why."""
from __future__ import annotations

import os
import uuid
from collections.abc import Iterator

import pytest

BASE_URL = os.environ.get("FACTCHECK_TEST_DATABASE_URL", "")
needs_postgres = pytest.mark.skipif(not BASE_URL, reason="FACTCHECK_TEST_DATABASE_URL not set "
                                                         "(`make test` starts a PostgreSQL cluster)")


def _admin():  # type: ignore[no-untyped-def]
    import psycopg

    from factcheck.checkpoints import libpq_url

    return psycopg.connect(libpq_url(BASE_URL), autocommit=True)


@pytest.fixture
def pg_url() -> Iterator[str]:
    name = f"t_{uuid.uuid4().hex[:12]}"
    with _admin() as conn:
        conn.execute(f'CREATE DATABASE "{name}"')
    try:
        yield BASE_URL.rsplit("/", 1)[0] + f"/{name}"
    finally:
        with _admin() as conn:
            conn.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
