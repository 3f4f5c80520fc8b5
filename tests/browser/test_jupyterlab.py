"""The chapters that draw in the browser, in a real JupyterLab, in headless Chromium: they run
clean, their widgets answer clicks, their diagrams are drawn.

nbval checks the outputs as text; only a browser can tell whether a widget draws and answers a
click, or whether Mermaid turns into a picture. So JupyterLab runs the chapters whose stored
outputs hold a widget view (a widget needs its kernel; running them also proves the kernel
JupyterLab starts, in the notebook's folder, can run a chapter top to bottom); it opens every
chapter whose stored outputs hold a Mermaid diagram and checks each is drawn as a picture, as a
reader sees it on opening the notebook. Every chapter of both editions runs twice under nbval
already; running the diagram chapters here as well took a third of this stage's time and checked
nothing about their diagrams.

JupyterLab serves a temporary copy of notebooks/ (the committed files are never opened), with its
own settings: no news toast over the widgets, no autosave, every cell in the page (no windowing).
A screenshot of each notebook run or opened goes to artifacts/screenshots/.

Run by `make test-browser` (which sets HANDAGENT_BROWSER_TESTS=1; `pytest tests` skips them).
Needs Debian's Chromium at /usr/bin/chromium (or HANDAGENT_CHROMIUM); without it the tests skip,
except in CI, where they must run.
"""

import json
import os
import shutil
import subprocess
import sys
import time
import urllib.request

import pytest
from offline import ROOT, SCREENSHOTS, screenshot  # skips without Chromium
from playwright.sync_api import Page, expect

WIDGET, MERMAID = "application/vnd.jupyter.widget-view+json", "text/vnd.mermaid"


def stored(path, kind: str) -> int:
    """How many of a notebook's stored outputs hold `kind` (a MIME type)."""
    cells = json.loads(path.read_text(encoding="utf-8"))["cells"]
    return sum(kind in out.get("data", {}) for cell in cells for out in cell.get("outputs", []))


CHAPTERS = sorted((ROOT / "notebooks").glob("[0-9][0-9]_*.ipynb"))
NOTEBOOKS = [p.name for p in CHAPTERS if stored(p, WIDGET)]  # run here
DIAGRAMS = {p.name: stored(p, MERMAID) for p in CHAPTERS if stored(p, MERMAID)}  # opened here
CEILING = 60  # seconds any wait below may last, for a stuck machine: each ends at its event
SETTINGS = {  # JupyterLab user settings for the test server only
    "@jupyterlab/apputils-extension/notification": {"fetchNews": "false", "checkForUpdates": False},
    "@jupyterlab/docmanager-extension/plugin": {"autosave": False},
    "@jupyterlab/notebook-extension/tracker": {"windowingMode": "none"},
}


@pytest.fixture(scope="module")
def lab_url(tmp_path_factory):
    """A JupyterLab server on a temporary copy of notebooks/, with the mock provider."""
    home = tmp_path_factory.mktemp("lab")
    shutil.copytree(ROOT / "notebooks", home / "notebooks")
    for plugin, values in SETTINGS.items():
        path = home / "settings" / f"{plugin}.jupyterlab-settings"
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_text(json.dumps(values))
    env = {key: value for key, value in os.environ.items() if not key.startswith("ANTHROPIC_")}
    env.update(
        HANDAGENT_PROVIDER="mock",
        JUPYTERLAB_SETTINGS_DIR=str(home / "settings"),
        JUPYTERLAB_WORKSPACES_DIR=str(home / "workspaces"),
        JUPYTER_RUNTIME_DIR=str(home / "runtime"),  # where it says which port it took
    )
    # Port 0 and no retries: the OS picks a free port as Lab binds, and Lab names it in its
    # server-info file. A port probed here could be taken before Lab binds it, and Lab would
    # quietly move to the next one, or this test talk to another server.
    command = [
        sys.executable, "-m", "jupyterlab", "--no-browser", "--ip=127.0.0.1", "--port=0",
        "--ServerApp.port_retries=0", "--IdentityProvider.token=",
        "--LabApp.expose_app_in_browser=True", f"--ServerApp.root_dir={home / 'notebooks'}",
    ]  # fmt: skip
    if os.geteuid() == 0:
        command.append("--allow-root")
    log = (home / "lab.log").open("w")
    server = subprocess.Popen(command, env=env, stdout=log, stderr=subprocess.STDOUT)
    info = home / "runtime" / f"jpserver-{server.pid}.json"  # {"port": 41234, "url": ...}
    deadline = time.monotonic() + CEILING
    while True:
        try:
            url = f"http://127.0.0.1:{json.loads(info.read_text())['port']}"
            urllib.request.urlopen(f"{url}/api/status", timeout=10)
            break
        except (OSError, ValueError, KeyError):  # no file yet, half written, not serving yet
            if server.poll() is not None or time.monotonic() > deadline:
                server.kill()
                pytest.fail(f"JupyterLab did not start; see {home / 'lab.log'}")
            time.sleep(0.3)
    yield url
    server.terminate()
    server.wait(timeout=CEILING)
    log.close()


@pytest.fixture(scope="module")
def page(lab_url, browser):
    """One JupyterLab page in headless Chromium, shared by this file's tests (closed after them)."""
    tab = browser.new_page(viewport={"width": 1280, "height": 900})
    tab.goto(f"{lab_url}/lab?reset")
    tab.wait_for_function("() => window.jupyterapp !== undefined", timeout=CEILING * 1000)
    tab.evaluate("async () => { await window.jupyterapp.restored; }")
    yield tab
    tab.context.close()  # new_page made a context of its own


OPEN = """async (path) => {
    const app = window.jupyterapp;
    const panel = await app.commands.execute('docmanager:open', {path});
    await panel.context.ready;
    await panel.sessionContext.ready;
    return panel.id;
}"""
# As a reader opens a chapter to read it: no kernel (the notebook factory would start one, 1-2
# CPU-s each, for a page whose diagrams are stored outputs). JupyterLab 4 takes no option for
# that when opening, so its factory's preference is turned off for the one open.
READ = """async (path) => {
    const app = window.jupyterapp;
    const factory = app.docRegistry.getWidgetFactory('Notebook');
    const prefer = factory._preferKernel;
    factory._preferKernel = false;
    try {
        const panel = await app.commands.execute('docmanager:open', {path});
        await panel.context.ready;
        await panel.sessionContext.ready;
        return [panel.id, panel.sessionContext.session === null];
    } finally {
        factory._preferKernel = prefer;
    }
}"""
KERNEL_IDLE = """() => {
    const kernel = window.jupyterapp.shell.currentWidget.sessionContext.session?.kernel;
    return kernel?.connectionStatus === 'connected' && kernel?.status === 'idle';
}"""
# Run all returns at the first error, even from a cell tagged raises-exception, while the cells
# after it still run (JupyterLab 4.6 sends them all at once). The kernel answers in order, so an
# empty request sent last returns when every cell has finished.
RUN_ALL = """async () => {
    const app = window.jupyterapp;
    const kernel = app.shell.currentWidget.sessionContext.session.kernel;
    await app.commands.execute('notebook:clear-all-cell-outputs');
    await app.commands.execute('notebook:run-all-cells');
    await kernel.requestExecute({code: '', silent: true, store_history: false}).done;
}"""
CELLS = """() => window.jupyterapp.shell.currentWidget.content.widgets.map(c => c.model.toJSON())"""
CLOSE = """async () => {
    const panel = window.jupyterapp.shell.currentWidget;
    await panel.sessionContext.shutdown();
    panel.dispose();
}"""

RAN: dict[str, str] = {}  # notebook name -> the DOM id of its open panel


def run_notebook(page: Page, name: str) -> str:
    """Open a notebook, run every cell, and return its panel's DOM id (once per session)."""
    if name not in RAN:
        RAN[name] = page.evaluate(OPEN, name)
        page.wait_for_function(KERNEL_IDLE, timeout=CEILING * 1000)
        page.evaluate(RUN_ALL)
    else:
        page.evaluate(OPEN, name)  # brings the open notebook to the front
    return f"#{RAN[name]}"


@pytest.mark.parametrize("name", NOTEBOOKS)
def test_every_cell_runs_and_only_cells_marked_raising_show_an_error(page, name):
    run_notebook(page, name)
    code = [cell for cell in page.evaluate(CELLS) if cell["cell_type"] == "code"]
    not_run = [cell["source"][:60] for cell in code if cell["execution_count"] is None]
    counts = [cell["execution_count"] for cell in code]
    assert not_run or counts == list(range(1, len(code) + 1)), "a cell ran twice or out of order"
    errors = [
        cell["source"][:60]
        for cell in code
        if any(out["output_type"] == "error" for out in cell["outputs"])
        and "raises-exception" not in cell["metadata"].get("tags", [])
    ]
    assert (not_run, errors) == ([], [])
    screenshot(page, name.removesuffix(".ipynb"))
    if name not in ("03_feeding_results_back.ipynb", "05_error_results.ipynb"):
        page.evaluate(CLOSE)  # the widget tests below use 03 and 05 again
        del RAN[name]


def test_inspector_lights_up_the_result_of_a_clicked_call(page):
    panel = run_notebook(page, "05_error_results.ipynb")
    inspector = page.locator(f"{panel} .handagent-inspector")
    inspector.scroll_into_view_if_needed()
    inspector.locator(".handagent-tool_use.handagent-call-2 button").click()
    selected = inspector.locator(".handagent-selected")
    result = inspector.locator(".handagent-tool_result.handagent-call-2.handagent-selected")
    result.wait_for(timeout=CEILING * 1000)
    assert selected.count() == 2
    assert "toolu_" in inspector.inner_text()  # the pair, ids included
    SCREENSHOTS.mkdir(parents=True, exist_ok=True)
    inspector.screenshot(path=SCREENSHOTS / "inspector.png")
    inspector.get_by_text("wire JSON").click()
    page.wait_for_function(
        "el => el.innerText.includes('\"is_error\": true')",
        arg=inspector.element_handle(),
        timeout=CEILING * 1000,
    )


def test_stepper_adds_one_message_per_click(page):
    panel = run_notebook(page, "03_feeding_results_back.ipynb")
    stepper = page.locator(f"{panel} .handagent-stepper")
    stepper.scroll_into_view_if_needed()
    expected = ["messages[1]", "owes 1 answer", "messages[2]", "end_turn"]
    for number, text in enumerate(expected):
        stepper.locator("button").nth(number).click()
        stepper.get_by_text(text).first.wait_for(timeout=CEILING * 1000)
    # the last step's text and its button's disabling are two widget messages: wait for both
    expect(stepper.locator("button:enabled")).to_have_count(0, timeout=CEILING * 1000)


@pytest.mark.parametrize("name", DIAGRAMS)
def test_every_stored_diagram_is_drawn_as_a_picture_when_the_chapter_opens(page, name):
    opened = name not in RAN
    if opened:
        found, without_kernel = page.evaluate(READ, name)
        assert without_kernel
    panel = f"#{found if opened else page.evaluate(OPEN, name)}"
    pictures = page.locator(f'{panel} .jp-RenderedMermaid img[src^="data:image/svg+xml"]')
    pictures.nth(DIAGRAMS[name] - 1).wait_for(state="attached", timeout=CEILING * 1000)
    assert pictures.count() == DIAGRAMS[name]
    pictures.first.scroll_into_view_if_needed()
    assert pictures.first.evaluate("img => img.complete && img.naturalWidth > 0")
    screenshot(page, f"{name.removesuffix('.ipynb')}_diagram")
    if opened:  # not a notebook the tests above ran and keep open
        page.evaluate(CLOSE)
