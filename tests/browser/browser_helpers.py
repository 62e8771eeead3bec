"""What the browser tests do in a page: open and run notebooks in JupyterLab,
wait for canvases to really paint, read pixels. Every wait is on a real signal
(text, pixels), never a fixed sleep."""

from __future__ import annotations

CANVAS = ".jp-OutputArea-output canvas, .jp-OutputArea canvas, canvas"

# Number of non-background pixels and a hash of a canvas, read inside the page.
CANVAS_STATS_JS = """(el) => {
  const ctx = el.getContext('2d');
  if (!ctx || el.width === 0 || el.height === 0) return {painted: 0, hash: 0, w: el.width, h: el.height};
  const d = ctx.getImageData(0, 0, el.width, el.height).data;
  let painted = 0, hash = 0;
  for (let i = 0; i < d.length; i += 4) {
    if (d[i + 3] !== 0) painted++;
    hash = (hash * 31 + d[i] * 7 + d[i + 1] * 3 + d[i + 2]) | 0;
  }
  return {painted, hash, w: el.width, h: el.height};
}"""

PIXEL_JS = """([el, x, y]) => Array.from(el.getContext('2d').getImageData(x, y, 1, 1).data)"""


def canvas_stats(locator) -> dict:
    return locator.evaluate(CANVAS_STATS_JS)


def pixel(locator, x: int, y: int):
    return locator.evaluate("(el, xy) => Array.from(el.getContext('2d').getImageData(xy[0], xy[1], 1, 1).data)",
                            [x, y])


def wait_painted(page, locator, timeout: float = 60_000) -> dict:
    """Wait until the canvas holds painted pixels; returns its stats."""
    locator.wait_for(state="attached", timeout=timeout)
    handle = locator.element_handle()
    page.wait_for_function(
        """(el) => { const c = el.getContext('2d'); if (!c || !el.width) return false;
                     const d = c.getImageData(0, 0, el.width, el.height).data;
                     for (let i = 3; i < d.length; i += 4 * 97) if (d[i] !== 0) return true; return false; }""",
        arg=handle, timeout=timeout)
    return canvas_stats(locator)


def wait_changed(page, locator, old_hash: int, timeout: float = 30_000) -> dict:
    """Wait until the canvas picture differs from ``old_hash``."""
    handle = locator.element_handle()
    page.wait_for_function(f"(el) => ({CANVAS_STATS_JS})(el).hash !== {old_hash}", arg=handle, timeout=timeout)
    return canvas_stats(locator)


def open_notebook(page, server_url: str, name: str) -> None:
    """Open a notebook in JupyterLab and wait until its kernel is idle."""
    page.goto(f"{server_url}/lab/tree/{name}?reset", wait_until="domcontentloaded")
    page.wait_for_selector(".jp-Notebook >> visible=true", timeout=90_000)
    wait_kernel_idle(page)


def wait_kernel_idle(page, timeout: float = 90_000) -> None:
    # The execution indicator reads idle before a kernel exists; the status bar text does not.
    page.wait_for_function(
        """() => Array.from(document.querySelectorAll('.jp-StatusBar-TextItem')).some(
               e => /\\|\\s*Idle\\s*$/.test(e.textContent) && !e.textContent.startsWith('No Kernel'))""",
        timeout=timeout)


def run_all(page, timeout: float = 180_000) -> None:
    """Run every cell from the Run menu and wait until the kernel is idle again with all cells run."""
    page.click(".lm-MenuBar-itemLabel:text-is('Run')")
    page.click(".lm-Menu-itemLabel:text-is('Run All Cells')")
    page.wait_for_function(
        """() => { const prompts = Array.from(document.querySelectorAll(
                      '.jp-Notebook .jp-CodeCell .jp-InputArea-prompt'));
                   return prompts.length > 0 && prompts.every(p => /\\[\\d+\\]/.test(p.textContent)); }""",
        timeout=timeout)
    wait_kernel_idle(page, timeout)


def error_outputs(page) -> list:
    """Texts of error outputs shown in the notebook (tracebacks)."""
    return page.eval_on_selector_all(
        ".jp-OutputArea-output[data-mime-type='application/vnd.jupyter.stderr'], "
        ".jp-RenderedText[data-mime-type='application/vnd.jupyter.error']",
        "els => els.map(e => e.textContent.slice(0, 500))")
