"""A browser behind nginx with two server processes on one PostgreSQL (docs/deploy.md, "Reverse
proxy"): the page's WebSocket reaches the process that does not own its table, is sent to the
owner's own address (``/node/<port>/ws``, the same origin) and shows the table; when the owner is
killed, the page reconnects by itself through the proxy and the other process serves the table.
A seat taken in the page, or opened by its link (the answers name the owner), connects to the
owner at once.

Needs nginx (``apt-get install nginx-light``, which .ci/run installs); skipped without it, except in CI.
"""

from __future__ import annotations

import os
import shutil
import socket
import subprocess
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from support.server_harness import ServerProcess, create_table, free_port

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
CONFIG = """
daemon off;
pid {tmp}/nginx.pid;
error_log {tmp}/nginx-error.log;
events {{ worker_connections 256; }}
http {{
    access_log off;
    client_body_temp_path {tmp}/body;
    proxy_temp_path {tmp}/proxy;
    fastcgi_temp_path {tmp}/fastcgi;
    uwsgi_temp_path {tmp}/uwsgi;
    scgi_temp_path {tmp}/scgi;
    upstream busbahnhof {{ server 127.0.0.1:{first}; }}
    map $http_upgrade $connection_upgrade {{ default upgrade; '' close; }}
    server {{
        listen 127.0.0.1:{port};
        proxy_http_version 1.1;
        proxy_set_header Host $http_host;
        proxy_set_header Upgrade $http_upgrade;
        proxy_set_header Connection $connection_upgrade;
        location ~ ^/node/({first}|{second})(/.*)$ {{ proxy_pass http://127.0.0.1:$1$2$is_args$args; }}
        location / {{ proxy_pass http://busbahnhof; }}
    }}
}}
"""


def wait_for_port(port: int, seconds: float = 20) -> None:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        with socket.socket() as probe:
            if probe.connect_ex(("127.0.0.1", port)) == 0:
                return
        time.sleep(0.1)
    raise RuntimeError(f"nothing listens on {port}")


@pytest.fixture
def proxied(postgres_url: str, tmp_path: Path) -> Iterator[tuple[str, ServerProcess, ServerProcess]]:
    """nginx on a free port in front of two servers; new connections go to the first only, so a
    table the second owns is always reached through the wrong process first."""
    if not Path(NGINX).exists():
        if os.environ.get("CI") == "true":
            pytest.fail("CI must run the test behind nginx (.ci/run installs nginx-light)")
        pytest.skip("nginx is not installed (apt-get install nginx-light)")
    port = free_port()
    servers = [ServerProcess(postgres_url, tmp_path) for _ in range(2)]
    for server in servers:
        server.env["BUSBAHNHOF_NODE_URL"] = f"http://127.0.0.1:{port}/node/{server.port}"
        server.start()
    config = tmp_path / "nginx.conf"
    config.write_text(CONFIG.format(tmp=tmp_path, port=port, first=servers[0].port, second=servers[1].port))
    nginx = subprocess.Popen([NGINX, "-c", str(config)], stderr=subprocess.DEVNULL)
    try:
        wait_for_port(port)
        yield f"http://127.0.0.1:{port}", servers[0], servers[1]
    finally:
        nginx.terminate()
        nginx.wait(10)
        for server in servers:
            server.stop()


@pytest.mark.slow
def test_the_page_finds_the_owner_and_survives_its_kill(browser: Any, proxied: Any) -> None:
    proxy, first, second = proxied
    seats = [{"name": "Ada"}, {"bot": "kartenzaehler"}, {"bot": "kartenzaehler"}]
    created = create_table(second.http(), game="busfahrer", seats=seats, seed=4, think_seconds=0.2)
    context = browser.new_context(viewport={"width": 1280, "height": 800})
    page = context.new_page()
    sockets: list[str] = []
    tables: list[str] = []

    def opened(socket: Any) -> None:
        sockets.append(socket.url.split("?")[0])
        socket.on("framereceived", lambda frame: tables.append(socket.url) if '"type":"table"' in str(frame) else None)

    page.on("websocket", opened)
    page.goto(f"{proxy}/#/t/{created['table_id']}/{created['seats'][0]['token']}")
    page.wait_for_selector("[data-version]", timeout=30_000)
    assert sockets[:2] == [f"{proxy.replace('http', 'ws')}/ws", f"{proxy.replace('http', 'ws')}/node/{second.port}/ws"]
    served = len(tables)
    second.kill()
    deadline = time.monotonic() + 10
    while len(tables) == served:  # the page's own reconnect, through the proxy to the first process
        assert time.monotonic() < deadline, f"the page did not get the table again: {sockets}"
        page.wait_for_timeout(200)
    assert sockets[-1] == f"{proxy.replace('http', 'ws')}/ws"
    assert page.get_attribute("[data-version]", "data-version") is not None
    context.close()
    assert first.process is not None and first.process.poll() is None


@pytest.mark.slow
def test_a_seat_taken_through_another_process_connects_to_the_owner_at_once(browser: Any, proxied: Any) -> None:
    """The join's answer names the process that serves the table (``node``): the page's first
    WebSocket goes there, not through the process the proxy picked (no ``table/elsewhere``)."""
    proxy, _, second = proxied
    seats = [{"name": "Ada"}, {}, {"bot": "kartenzaehler"}]
    created = create_table(second.http(), game="busfahrer", seats=seats, seed=5, think_seconds=0.2)
    context = browser.new_context(viewport={"width": 1280, "height": 800}, locale="de-DE")
    page = context.new_page()
    sockets: list[str] = []
    page.on("websocket", lambda socket: sockets.append(socket.url.split("?")[0]))
    page.goto(f"{proxy}/")
    page.get_by_label("Raumcode").fill(created["code"])
    page.get_by_role("button", name="Raum suchen").click()  # answered by the first process
    page.get_by_label("Dein Name").fill("Kim")
    page.get_by_role("button", name="Platz nehmen").click()
    page.locator(".table-page[data-seat][data-version]").wait_for(timeout=30_000)
    owner = f"{proxy.replace('http', 'ws')}/node/{second.port}/ws"
    table_sockets = [url for url in sockets if "/api/" not in url]  # not the lobby's
    assert table_sockets == [owner], sockets
    link = context.new_page()  # a seat link (the room is looked up first, and names the owner)
    sockets.clear()
    link.on("websocket", lambda socket: sockets.append(socket.url.split("?")[0]))
    link.goto(f"{proxy}/#/join/{created['code']}/{created['seats'][1]['token']}")  # the seat Kim left free
    link.locator(".table-page[data-seat='1'][data-version]").wait_for(timeout=30_000)
    assert [url for url in sockets if "/api/" not in url] == [owner], sockets
    context.close()
