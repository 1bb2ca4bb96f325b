"""Both live fetchers connect to the address they checked (issue 10, DNS rebinding).

Real HTTP(S) servers listen on loopback. A scripted resolver answers what a
rebinding attacker's DNS would: a public address on the first lookup, 127.0.0.1
on the next. No test touches the internet: 127.0.0.2 stands for the public
address, so the guard here refuses what ``blocked_address`` refuses except
127.0.0.2 (``blocked_address`` itself is tested in test_sources_http and
test_web_attack). The host name is "localhost", which the operating system maps
to loopback: a fetcher that let httpx resolve the name again would land on the
loopback listener, and the tests would see it.
"""
from __future__ import annotations

import ipaddress
import socket
import ssl
import subprocess
from collections import Counter
from collections.abc import Iterator, Sequence
from pathlib import Path

import httpx
import pytest
from loopback import PageServer, redirect, text

from factcheck.settings import FetchSettings
from factcheck.sources.http import FetchRefused, HttpClient, Tally
from factcheck.sources.pinned import (AsyncPinnedTransport, HostGuard, HostRefused, IPAddress, PinnedTransport,
                                      blocked_address, pinned_request)
from factcheck.web.db import Invalid
from factcheck.web.intake import fetch_draft

STAND_IN = ipaddress.ip_address("127.0.0.2")  # "a public address" in these tests


def stand_in_is_public(addr: IPAddress) -> bool:
    return addr != STAND_IN and blocked_address(addr)


class Script:
    """A resolver answering from a script: per host, one answer per lookup, the last one repeated."""

    def __init__(self, answers: dict[str, Sequence[str]]) -> None:
        self.answers = answers
        self.lookups: Counter[str] = Counter()

    def __call__(self, host: str, port: int) -> list[str]:
        if host not in self.answers:
            raise socket.gaierror(socket.EAI_NONAME, "Name or service not known")
        said = self.answers[host][min(self.lookups[host], len(self.answers[host]) - 1)]
        self.lookups[host] += 1
        return [said]


@pytest.fixture
def pair() -> Iterator[tuple[PageServer, PageServer]]:
    """The loopback listener an attacker wants reached (127.0.0.1), and the "public"
    server (127.0.0.2) on the same port, so one URL can lead to either."""
    secret = PageServer({"/doc": text("SECRET"), "/draft.md": text("# SECRET")})
    public = PageServer(address="127.0.0.2", port=secret.port, routes={
        "/doc": text("public copy"), "/draft.md": text("# Public draft\n"),
        "/hop-literal": redirect(f"http://127.0.0.1:{secret.port}/doc"),
        "/hop-named": redirect(f"http://localhost:{secret.port}/doc"),
    })
    yield secret, public
    secret.close()
    public.close()


def source_settings() -> FetchSettings:
    return FetchSettings(allow_private_hosts=False, retries=0, timeout=5, backoff=0)


def draft(url: str, guard: HostGuard) -> tuple[str, str]:
    return fetch_draft(url, max_bytes=100_000, allow_private=False, guard=guard, timeout=5, deadline=10)


async def test_a_rebinding_resolver_cannot_lead_the_source_fetcher_to_loopback(pair) -> None:
    secret, public = pair
    resolver = Script({"localhost": ["127.0.0.2", "127.0.0.1"]})
    async with HttpClient(source_settings(), guard=HostGuard(stand_in_is_public, resolver)) as client:
        first = await client.get(f"http://localhost:{secret.port}/doc", Tally())
        assert first.status == 200 and first.body == b"public copy"
        assert resolver.lookups["localhost"] == 1, "the fetcher looked the name up more than once"
        with pytest.raises(FetchRefused, match="localhost is a loopback"):
            await client.get(f"http://localhost:{secret.port}/doc?again", Tally())
    assert public.connections >= 1 and public.hosts == [f"localhost:{secret.port}"]
    assert secret.connections == 0


def test_a_rebinding_resolver_cannot_lead_submit_by_url_to_loopback(pair) -> None:
    secret, public = pair
    resolver = Script({"localhost": ["127.0.0.2", "127.0.0.1"]})
    guard = HostGuard(stand_in_is_public, resolver)
    assert draft(f"http://localhost:{secret.port}/draft.md", guard) == ("# Public draft\n", "draft.md")
    assert resolver.lookups["localhost"] == 1
    with pytest.raises(Invalid, match="private or local address"):
        draft(f"http://localhost:{secret.port}/draft.md", guard)
    assert public.connections == 1 and secret.connections == 0


@pytest.mark.parametrize("hop", ["/hop-literal", "/hop-named"])
async def test_redirects_to_a_private_address_are_refused(pair, hop: str) -> None:
    secret, public = pair
    resolver = Script({"public.test": ["127.0.0.2"], "localhost": ["127.0.0.1"]})
    guard = HostGuard(stand_in_is_public, resolver)
    async with HttpClient(source_settings(), guard=guard) as client:
        with pytest.raises(FetchRefused, match="is a loopback"):
            await client.get(f"http://public.test:{secret.port}{hop}", Tally())
    with pytest.raises(Invalid, match="private or local address"):
        draft(f"http://public.test:{secret.port}{hop}", guard)
    assert public.hosts == [f"public.test:{secret.port}"] * 2, "both fetchers asked the public server first"
    assert secret.connections == 0


async def test_a_normal_fetch_goes_to_the_resolved_address_and_keeps_the_host_name(pair) -> None:
    secret, _public = pair
    resolver = Script({"docs.test": ["127.0.0.1"]})
    guard = HostGuard.for_settings(allow_private=True, resolve=resolver)  # loopback allowed, as in serve --allow-private-hosts
    async with HttpClient(source_settings(), guard=guard) as client:
        got = await client.get(f"http://docs.test:{secret.port}/doc", Tally())
    assert got.status == 200 and got.body == b"SECRET" and got.url == f"http://docs.test:{secret.port}/doc"
    body, _name = fetch_draft(f"http://docs.test:{secret.port}/draft.md", max_bytes=100_000, allow_private=True,
                              guard=guard, timeout=5, deadline=10)
    assert body == "# SECRET"
    # and with the system resolver, as every other loopback test runs
    body, _name = fetch_draft(f"http://127.0.0.1:{secret.port}/draft.md", max_bytes=100_000, allow_private=True,
                              timeout=5, deadline=10)
    assert body == "# SECRET"
    assert secret.hosts == [f"docs.test:{secret.port}"] * 2 + [f"127.0.0.1:{secret.port}"]
    assert resolver.lookups["docs.test"] == 2


def test_a_host_with_any_refused_address_is_refused_and_literals_are_not_looked_up() -> None:
    with pytest.raises(HostRefused):
        HostGuard(resolve=lambda host, port: ["8.8.8.8", "10.0.0.1"]).addresses("mixed.test", 443)
    nobody = Script({})  # raises for every name: a literal must not reach it
    assert HostGuard(resolve=nobody).addresses("8.8.4.4", 443) == ["8.8.4.4"]
    assert HostGuard(resolve=nobody).addresses("[2001:4860:4860::8888]", 443) == ["2001:4860:4860::8888"]
    with pytest.raises(HostRefused):
        HostGuard(resolve=nobody).addresses("[::127.0.0.1]", 80)


def test_the_pinned_request_keeps_the_name_for_host_sni_and_certificates() -> None:
    request = httpx.Request("GET", "https://docs.test:8443/a?b=1")
    pinned = pinned_request(request, "2001:db8::1")
    assert str(pinned.url) == "https://[2001:db8::1]:8443/a?b=1"
    assert pinned.headers["Host"] == "docs.test:8443"
    assert pinned.extensions["sni_hostname"] == "docs.test"
    plain = pinned_request(httpx.Request("GET", "http://docs.test/x"), "192.0.2.1")
    assert str(plain.url) == "http://192.0.2.1/x" and "sni_hostname" not in plain.extensions


@pytest.fixture(scope="module")
def certificate(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path]:
    """A self-signed certificate for docs.test only (not for 127.0.0.1)."""
    where = tmp_path_factory.mktemp("tls")
    cert, key = where / "cert.pem", where / "key.pem"
    subprocess.run(["openssl", "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1",
                    "-nodes", "-keyout", str(key), "-out", str(cert), "-days", "1", "-subj", "/CN=docs.test",
                    "-addext", "subjectAltName=DNS:docs.test"], check=True, capture_output=True, timeout=30)
    return cert, key


@pytest.fixture
def https_server(certificate: tuple[Path, Path]) -> Iterator[PageServer]:
    context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
    context.load_cert_chain(*certificate)
    server = PageServer({"/doc": text("over TLS")}, tls=context)
    yield server
    server.close()


async def test_https_is_verified_against_the_host_name_not_the_address(certificate, https_server) -> None:
    trusted = ssl.create_default_context(cafile=str(certificate[0]))
    guard = HostGuard.for_settings(True, Script({"docs.test": ["127.0.0.1"], "other.test": ["127.0.0.1"]}))
    port = https_server.port
    with httpx.Client(transport=PinnedTransport(guard, lambda: httpx.HTTPTransport(verify=trusted)),
                      timeout=5) as client:
        assert client.get(f"https://docs.test:{port}/doc").text == "over TLS"
        # the address is 127.0.0.1, which the certificate does not name: the name is what was checked
        with pytest.raises(httpx.ConnectError, match="CERTIFICATE_VERIFY_FAILED|[Hh]ostname mismatch"):
            client.get(f"https://other.test:{port}/doc")
    async with httpx.AsyncClient(transport=AsyncPinnedTransport(
            guard, lambda: httpx.AsyncHTTPTransport(verify=trusted)), timeout=5) as aclient:
        assert (await aclient.get(f"https://docs.test:{port}/doc")).text == "over TLS"
        with pytest.raises(httpx.ConnectError, match="CERTIFICATE_VERIFY_FAILED|[Hh]ostname mismatch"):
            await aclient.get(f"https://other.test:{port}/doc")
    assert https_server.sni[:1] == ["docs.test"] and "other.test" in https_server.sni
    assert https_server.hosts == [f"docs.test:{port}"] * 2
