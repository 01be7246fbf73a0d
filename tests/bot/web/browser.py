"""Playwright (Python) driving Debian's Chromium at /usr/bin/chromium: the page as players use
it. Without the browser the tests are skipped on a developer's machine and fail in CI."""

from __future__ import annotations

import os
import shutil
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Literal

import pytest
from playwright.async_api import Browser, Frame, Page, async_playwright

from bot.tools.sandbox_web import link
from standin import StandIn


def die_selector(cell: int) -> str:
    return f'#board [role="gridcell"][data-i="{cell}"]'


CHROMIUM = os.environ.get("BOGGLE_CHROMIUM", "/usr/bin/chromium")


def chromium_or_skip() -> str:
    if os.path.exists(CHROMIUM) or shutil.which(CHROMIUM):
        return CHROMIUM
    if os.environ.get("CI"):
        pytest.fail(f"no Chromium at {CHROMIUM}: .ci/run installs Debian's chromium")
    pytest.skip(f"no Chromium at {CHROMIUM} (apt-get install chromium)")


@asynccontextmanager
async def chromium(*args: str) -> AsyncIterator[Browser]:
    """Chromium with ``args`` added to its command line."""
    path = chromium_or_skip()
    async with async_playwright() as p:
        browser = await p.chromium.launch(executable_path=path, args=["--no-sandbox", *args])
        try:
            yield browser
        finally:
            await browser.close()


async def open_as(
    browser: Browser,
    standin: StandIn,
    page_url: str,
    person: str,
    size: tuple[int, int] = (390, 844),
    *,
    touch: bool = False,
    theme: Literal["dark", "light"] = "dark",
    locale: str = "en-US",
) -> Page:
    """A person's page, opened by the sandbox's link (the stand-in's authorize step); ``touch``:
    a phone's touch screen (touch events, pointers of type "touch"); ``theme``: Discord's;
    ``locale``: the browser's language (``navigator.language``)."""
    return await open_url(
        browser, link(standin, page_url, person, "boggle"), size, touch, theme, locale
    )


async def open_url(
    browser: Browser,
    url: str,
    size: tuple[int, int] = (390, 844),
    touch: bool = False,
    theme: Literal["dark", "light"] = "dark",
    locale: str = "en-US",
) -> Page:
    """``url`` in a browser of its own (a new context: its own storage, as another device)."""
    context = await browser.new_context(
        viewport={"width": size[0], "height": size[1]},
        has_touch=touch,
        is_mobile=touch,
        color_scheme=theme,
        locale=locale,
    )
    page = await context.new_page()
    await page.goto(url)
    return page


async def centre(page: Page, cell: int) -> tuple[float, float]:
    box = await page.locator(die_selector(cell)).bounding_box()
    assert box is not None
    return box["x"] + box["width"] / 2, box["y"] + box["height"] / 2


async def drag(page: Page, path: list[int]) -> None:
    """Press on the first die, move through the others, release: as a finger or a mouse."""
    x, y = await centre(page, path[0])
    await page.mouse.move(x, y)
    await page.mouse.down()
    for cell in path[1:]:
        x, y = await centre(page, cell)
        await page.mouse.move(x, y, steps=4)
    await page.mouse.up()


async def tap(page: Page | Frame, path: list[int]) -> None:
    """Die by die, then the last one again to send (``page``: or the frame the page is in)."""
    for cell in [*path, path[-1]]:
        await page.locator(die_selector(cell)).click()


async def finger_drag(page: Page, path: list[int]) -> None:
    """A finger on the first die, sliding through the others, lifted: real touch events (the
    browser makes them pointers of type "touch"), through the DevTools protocol."""
    cdp = await page.context.new_cdp_session(page)
    x, y = await centre(page, path[0])
    await cdp.send(
        "Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x, "y": y}]}
    )
    for cell in path[1:]:
        tx, ty = await centre(page, cell)
        for step in range(1, 5):
            at = {"x": x + (tx - x) * step / 4, "y": y + (ty - y) * step / 4}
            await cdp.send("Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [at]})
        x, y = tx, ty
    await cdp.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
    await cdp.detach()


async def finger_taps(page: Page, path: list[int]) -> None:
    """Die by die with a finger (``touchscreen.tap``), then the last one again to send."""
    for cell in [*path, path[-1]]:
        await page.touchscreen.tap(*await centre(page, cell))
