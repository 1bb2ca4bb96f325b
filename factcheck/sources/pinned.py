"""Connect to the address that was checked.

A fetcher that resolves a host name, checks the answer and then lets the HTTP
client resolve the name again has a DNS-rebinding window: the second answer can
be 127.0.0.1. Here every request resolves its host once, checks every address,
and the connection goes to a checked address. Both live fetchers use these
transports: the CLI's sources (``http.py``) and the web's submit-by-URL
(``web/intake.py``).

How the connection is pinned: the request handed to httpx's own transport has
the checked address as its URL host, keeps the ``Host`` header httpx built from
the real name, and carries the ``sni_hostname`` request extension. httpcore uses
that extension as ``server_hostname`` for the TLS handshake, so SNI and the
certificate check stay on the host name. Both are public, documented httpx
APIs: custom transports and request extensions. httpx cannot be handed a
network backend or a resolver without reaching into private attributes.

httpcore pools connections by (scheme, address, port), so two host names on one
address would share a TLS connection that was verified for only one of them.
Each host name therefore gets its own inner transport and pool.
"""
from __future__ import annotations

import asyncio
import ipaddress
import socket
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import httpx

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
# (host, port) -> the host's addresses as strings; socket.gaierror when it has none
Resolver = Callable[[str, int], Sequence[str]]

# Cloud metadata endpoints that are not covered by "link-local" (AWS's IPv6 one).
METADATA_ADDRESSES = frozenset({ipaddress.ip_address("fd00:ec2::254"), ipaddress.ip_address("169.254.169.254")})
# IPv6 ranges that carry an IPv4 address in their low 32 bits: "::127.0.0.1"
# (IPv4-compatible, deprecated but still routed to 127.0.0.1 by some stacks) and NAT64.
_EMBEDS_IPV4 = (ipaddress.ip_network("::/96"), ipaddress.ip_network("64:ff9b::/96"))


def blocked_address(addr: IPAddress) -> bool:
    """True for any address that is not plainly on the public internet, looking through
    the IPv6 forms that embed an IPv4 address (mapped, compatible, NAT64, 6to4)."""
    if isinstance(addr, ipaddress.IPv6Address):
        inner: ipaddress.IPv4Address | None = addr.ipv4_mapped or addr.sixtofour
        if inner is None and any(addr in net for net in _EMBEDS_IPV4):
            inner = ipaddress.IPv4Address(int(addr) & 0xFFFFFFFF)
        if inner is not None:
            return blocked_address(inner)
    return (not addr.is_global) or addr.is_multicast or addr in METADATA_ADDRESSES


class HostRefused(Exception):
    """The host is, or resolves to, an address the guard refuses."""

    def __init__(self, host: str) -> None:
        super().__init__(f"host {host} is a loopback, private, link-local or metadata address")
        self.host = host


class HostUnresolved(Exception):
    """The host name has no address."""

    def __init__(self, host: str, reason: str) -> None:
        super().__init__(f"cannot resolve host {host} ({reason})")
        self.host = host
        self.reason = reason


def system_resolver(host: str, port: int) -> list[str]:
    """The operating system's answer. A scope id ("fe80::1%eth0") is dropped: the
    address is link-local, refused unless private hosts are allowed."""
    infos = socket.getaddrinfo(host, port, type=socket.SOCK_STREAM)
    return [str(info[4][0]).split("%")[0] for info in infos]


@dataclass(frozen=True)
class HostGuard:
    """Who answers name lookups, and which addresses may be connected to.
    ``refuse`` is None when every address is allowed (``--allow-private-hosts``);
    tests swap ``resolve`` for one that changes its answer between lookups."""

    refuse: Callable[[IPAddress], bool] | None = blocked_address
    resolve: Resolver = field(default=system_resolver)

    @classmethod
    def for_settings(cls, allow_private: bool, resolve: Resolver = system_resolver) -> "HostGuard":
        return cls(refuse=None if allow_private else blocked_address, resolve=resolve)

    def addresses(self, host: str, port: int) -> list[str]:
        """``host`` resolved once: its addresses, each one checked. Refused when any
        is refused, since a later lookup could pick that one."""
        try:
            found = [str(ipaddress.ip_address(host.strip("[]")))]
        except ValueError:
            try:
                found = list(dict.fromkeys(self.resolve(host, port)))
            except socket.gaierror as exc:
                raise HostUnresolved(host, exc.strerror or str(exc)) from None
            except UnicodeError:
                raise HostUnresolved(host, "not a valid host name") from None
            if not found:
                raise HostUnresolved(host, "no address")
        refuse = self.refuse
        if refuse is not None and any(refuse(ipaddress.ip_address(a)) for a in found):
            raise HostRefused(host)
        return found


def _target(url: httpx.URL) -> tuple[str, int]:
    # raw_host is the ASCII (IDNA) form: what DNS and TLS see
    return url.raw_host.decode("ascii"), url.port or (443 if url.scheme == "https" else 80)


def pinned_request(request: httpx.Request, address: str) -> httpx.Request:
    """``request`` sent to ``address``: the Host header httpx built from the name stays,
    and TLS (SNI and the certificate check) uses the name through ``sni_hostname``."""
    host, _port = _target(request.url)
    extensions = dict(request.extensions)
    if request.url.scheme == "https":
        extensions["sni_hostname"] = host
    return httpx.Request(request.method, request.url.copy_with(host=address), headers=request.headers,
                         stream=request.stream, extensions=extensions)


class PinnedTransport(httpx.BaseTransport):
    """httpx's transport, connecting only to addresses ``guard`` checked (for httpx.Client)."""

    def __init__(self, guard: HostGuard,
                 make: Callable[[], httpx.BaseTransport] = lambda: httpx.HTTPTransport(trust_env=False)) -> None:
        self._guard = guard
        self._make = make
        self._by_host: dict[str, httpx.BaseTransport] = {}

    def handle_request(self, request: httpx.Request) -> httpx.Response:
        host, port = _target(request.url)
        addresses = self._guard.addresses(host, port)
        inner = self._by_host.get(host)
        if inner is None:
            inner = self._by_host[host] = self._make()
        failure: httpx.ConnectError | None = None
        for address in addresses:  # the next checked address when one refuses the connection
            try:
                return inner.handle_request(pinned_request(request, address))
            except httpx.ConnectError as exc:
                failure = exc
        assert failure is not None
        raise failure

    def close(self) -> None:
        for inner in self._by_host.values():
            inner.close()


class AsyncPinnedTransport(httpx.AsyncBaseTransport):
    """httpx's transport, connecting only to addresses ``guard`` checked (for httpx.AsyncClient)."""

    def __init__(self, guard: HostGuard,
                 make: Callable[[], httpx.AsyncBaseTransport] = lambda: httpx.AsyncHTTPTransport(trust_env=False),
                 ) -> None:
        self._guard = guard
        self._make = make
        self._by_host: dict[str, httpx.AsyncBaseTransport] = {}

    async def handle_async_request(self, request: httpx.Request) -> httpx.Response:
        host, port = _target(request.url)
        # getaddrinfo blocks; the event loop does not wait for it
        addresses = await asyncio.to_thread(self._guard.addresses, host, port)
        inner = self._by_host.get(host)
        if inner is None:
            inner = self._by_host[host] = self._make()
        failure: httpx.ConnectError | None = None
        for address in addresses:
            try:
                return await inner.handle_async_request(pinned_request(request, address))
            except httpx.ConnectError as exc:
                failure = exc
        assert failure is not None
        raise failure

    async def aclose(self) -> None:
        for inner in self._by_host.values():
            await inner.aclose()
