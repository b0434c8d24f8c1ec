"""A real JupyterLab with a notebook, Debian's Chromium driven by Playwright, and a side
channel to the notebook's kernel so tests can assert on the Python game itself."""

from __future__ import annotations

import json
import os
import shutil
import socket
import subprocess
import sys
import tempfile
import time
import urllib.request
from contextlib import contextmanager
from pathlib import Path

CHROMIUM_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking", "--disable-component-update",
                 "--disable-sync", "--no-first-run", "--disable-dev-shm-usage"]


def chromium_path() -> str | None:
    """Debian's Chromium, if installed."""
    return shutil.which("chromium") or shutil.which("chromium-browser")


def notebook(cells: list[str]) -> dict:
    """A notebook with a kernelspec (so no kernel dialog blocks) and the given code cells."""
    return {
        "nbformat": 4, "nbformat_minor": 5,
        "metadata": {"kernelspec": {"name": "python3", "display_name": "Python 3 (ipykernel)", "language": "python"},
                     "language_info": {"name": "python"}},
        "cells": [{"cell_type": "code", "id": f"c{i}", "metadata": {}, "execution_count": None, "outputs": [],
                   "source": source} for i, source in enumerate(cells)],
    }


def _answers(url: str, seconds: float = 90) -> bool:
    """Wait until a local server answers ``url`` (True), or ``seconds`` pass (False)."""
    deadline = time.time() + seconds
    while time.time() < deadline:
        try:
            urllib.request.urlopen(url, timeout=2)
            return True
        except OSError:
            time.sleep(0.5)
    return False


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class Lab:
    """A running JupyterLab (or, with ``app="notebook"``, Notebook 7) server in a scratch folder."""

    def __init__(self, root: Path, app: str = "lab") -> None:
        self.app = app
        self.root = root
        self.port = _free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.runtime = root / ".runtime"
        env = dict(os.environ, JUPYTER_RUNTIME_DIR=str(self.runtime),
                   JUPYTERLAB_SETTINGS_DIR=str(root / ".settings"), JUPYTERLAB_WORKSPACES_DIR=str(root / ".ws"))
        env.setdefault("WISPWIDGET_DATA_DIR", str(root / ".data"))  # for scripts too: never the user's statistics
        self.log = open(root / "lab.log", "w")  # noqa: SIM115
        self.process = subprocess.Popen(
            [sys.executable, "-m", "jupyter", app, "--no-browser", f"--port={self.port}", "--ip=127.0.0.1",
             "--ServerApp.token=", "--ServerApp.password=", "--allow-root", f"--ServerApp.root_dir={root}",
             *(["--LabApp.news_url=None"] if app == "lab" else []), "--ServerApp.disable_check_xsrf=True"],
            cwd=root, env=env, stdout=self.log, stderr=subprocess.STDOUT)
        if not _answers(f"{self.url}/api/status"):
            raise RuntimeError(f"JupyterLab did not start; see {root / 'lab.log'}")

    def page_url(self, name: str) -> str:
        return f"{self.url}/lab/tree/{name}" if self.app == "lab" else f"{self.url}/notebooks/{name}"

    def wait_idle(self, timeout: float = 90) -> None:
        """Wait until a kernel is running and idle (Notebook 7 has no status bar to read it from)."""
        deadline = time.time() + timeout
        while time.time() < deadline:
            kernels = json.load(urllib.request.urlopen(f"{self.url}/api/kernels"))
            if kernels and all(k.get("execution_state") == "idle" for k in kernels):
                return
            time.sleep(0.5)
        raise RuntimeError("no idle kernel")

    def kernel(self, path: str):
        """A client to the kernel of the open notebook ``path``."""
        from jupyter_client import BlockingKernelClient

        deadline = time.time() + 60
        while time.time() < deadline:
            sessions = json.load(urllib.request.urlopen(f"{self.url}/api/sessions"))
            for session in sessions:
                if session["path"].endswith(path):
                    connection = self.runtime / f"kernel-{session['kernel']['id']}.json"
                    if connection.exists():
                        client = BlockingKernelClient(connection_file=str(connection))
                        client.load_connection_file()
                        client.start_channels()
                        client.wait_for_ready(timeout=60)
                        return KernelSide(client)
            time.sleep(0.5)
        raise RuntimeError(f"no kernel for {path}")

    def stop(self) -> None:
        self.process.terminate()
        try:
            self.process.wait(15)
        except subprocess.TimeoutExpired:
            self.process.kill()
        self.log.close()


class KernelSide:
    """Run code in the notebook's kernel and read back JSON."""

    def __init__(self, client) -> None:
        self.client = client

    def value(self, expression: str):
        """The JSON value of a Python expression evaluated in the kernel."""
        chunks: list[str] = []

        def hook(message: dict) -> None:
            if message["msg_type"] == "stream":
                chunks.append(message["content"]["text"])
            elif message["msg_type"] == "error":
                chunks.append("ERROR " + "\n".join(message["content"]["traceback"]))

        self.client.execute_interactive(f"import json as _j; print(_j.dumps({expression}))", output_hook=hook,
                                        timeout=60)
        text = "".join(chunks)
        if text.startswith("ERROR"):
            raise RuntimeError(text)
        return json.loads(text)

    def close(self) -> None:
        self.client.stop_channels()


DARK_THEME = {"@jupyterlab/apputils-extension/themes.jupyterlab-settings": {"theme": "JupyterLab Dark"}}


@contextmanager
def lab_page(cells: list[str], name: str = "play.ipynb", wait_for: str = ".ww-root", settings: dict | None = None,
             viewport: dict | None = None, app: str = "lab"):
    """Yield (page, kernel side, lab) with the notebook open and its cells run.

    ``settings`` maps a settings file (under JupyterLab's settings folder) to its content, e.g. ``DARK_THEME``.
    """
    from playwright.sync_api import sync_playwright

    root = Path(tempfile.mkdtemp(prefix="wisp-e2e-"))
    (root / name).write_text(json.dumps(notebook(cells)))
    quiet = {"@jupyterlab/apputils-extension/notification.jupyterlab-settings": {"fetchNews": "false"}}
    for path, content in {**quiet, **(settings or {})}.items():
        target = root / ".settings" / path
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(json.dumps(content))
    lab = Lab(root, app)
    kernel = None
    try:
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium_path(), headless=True, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport=viewport or {"width": 1400, "height": 1000})
            page.goto(lab.page_url(name), wait_until="domcontentloaded")
            if app == "lab":
                page.locator("#jp-main-statusbar").get_by_text("Idle").first.wait_for(timeout=90_000)
            else:
                page.locator(".jp-Notebook .jp-Cell").first.wait_for(timeout=90_000)
                lab.wait_idle()
                page.wait_for_timeout(500)
            page.locator(".jp-Notebook .jp-Cell").first.click()
            for _ in cells:
                page.keyboard.press("Shift+Enter")
            page.locator(wait_for).first.wait_for(timeout=60_000)
            kernel = lab.kernel(name)
            yield page, kernel, lab
            browser.close()
    finally:
        if kernel is not None:
            kernel.close()
        lab.stop()
        shutil.rmtree(root, ignore_errors=True)


def until(kernel, expression: str, check, timeout: float = 60.0):
    """The kernel's value of ``expression`` once ``check(value)`` holds (polled), else an AssertionError."""
    deadline = time.time() + timeout
    value = None
    while time.time() < deadline:
        value = kernel.value(expression)
        if check(value):
            return value
        time.sleep(0.25)
    raise AssertionError(f"{expression} never satisfied the check (last {value!r})")


def settled(page, timeout: float = 5_000) -> None:
    """Wait until no card of any table is in flight (the view marks moving tables with data-moving), in the page
    and in every shadow root (marimo draws each widget in one)."""
    page.wait_for_function("""() => {
      const moving = (scope) => scope.querySelector('.ww-root[data-moving]') ||
        [...scope.querySelectorAll('*')].some((n) => n.shadowRoot && moving(n.shadowRoot));
      return !moving(document);
    }""", timeout=timeout)


@contextmanager
def marimo_page(source: str, wait_for: str = ".ww-root", viewport: dict | None = None, theme: str | None = None,
                color_scheme: str | None = None, mode: str = "run"):
    """Yield a page showing ``marimo run`` (or ``mode="edit"``: the notebook editor, whose outputs are boxes of
    a fixed greatest height) of the app ``source`` (a marimo notebook file's text); ``theme`` is marimo's own
    ("light", "dark"), ``color_scheme`` the browser's preference."""
    from playwright.sync_api import sync_playwright

    root = Path(tempfile.mkdtemp(prefix="wisp-marimo-"))
    (root / "app.py").write_text(source)
    if theme:
        (root / "pyproject.toml").write_text(f'[tool.marimo.display]\ntheme = "{theme}"\n')
    port = _free_port()
    log = open(root / "marimo.log", "w")  # noqa: SIM115
    flags = ["--no-check"] if mode == "run" else ["--skip-update-check"]
    process = subprocess.Popen([sys.executable, "-m", "marimo", mode, "app.py", "--headless", "--no-token",
                                "--host", "127.0.0.1", f"--port={port}", "--no-sandbox", *flags],
                               cwd=root, stdout=log, stderr=subprocess.STDOUT, env=dict(os.environ))
    try:
        _answers(f"http://127.0.0.1:{port}/")
        with sync_playwright() as playwright:
            browser = playwright.chromium.launch(executable_path=chromium_path(), headless=True, args=CHROMIUM_ARGS)
            page = browser.new_page(viewport=viewport or {"width": 1400, "height": 1000}, color_scheme=color_scheme)
            page.goto(f"http://127.0.0.1:{port}/", wait_until="domcontentloaded")
            if mode == "edit":  # the editor runs nothing until asked
                page.locator(".cm-content").first.click(timeout=90_000)
                page.keyboard.press("Shift+Enter")
            page.locator(wait_for).first.wait_for(timeout=90_000)
            yield page
            browser.close()
    finally:
        process.terminate()
        try:
            process.wait(15)
        except subprocess.TimeoutExpired:
            process.kill()
        log.close()
        shutil.rmtree(root, ignore_errors=True)


def table_button(page, name: str, table: str = ".ww-root"):
    """The table's button ``name``; when the toolbar keeps it behind More (a narrow cell), More is opened."""
    return in_toolbar(page, page.locator(table).first.get_by_role("button", name=name, exact=True), table)


def in_toolbar(page, control, table: str = ".ww-root"):
    """A toolbar control, with More opened first when the toolbar keeps the control behind it."""
    if not control.is_visible():
        more = page.locator(table).first.get_by_role("button", name="More", exact=True)
        if more.is_visible() and more.get_attribute("aria-expanded") != "true":
            more.click()
    return control
