#!/usr/bin/env python3
"""Loads a page of the documentation site in headless Chromium and checks that it renders.

    check-docs-page.py URL TITLE HEADING [--screenshot FILE] [--wait SECONDS]

Drives Chromium over the DevTools protocol on a pipe (--remote-debugging-pipe: file
descriptors 3 and 4, JSON messages ending in a NUL byte), so that it needs nothing but
the standard library. Fails (exit status 1) when:
- a script throws an exception nobody catches, or a promise is rejected with nobody to
  handle it (Runtime.exceptionThrown);
- a script calls console.error or console.assert (Runtime.consoleAPICalled);
- the browser logs an error of its own, a failed load among them (Log.entryAdded),
  except the 404 of DocC's optional theme-settings.json;
- the page is blank: after its scripts have run, the main content (DocC's <main>) has
  no <h1> that contains TITLE, or no <h2>/<h3> whose text is HEADING (e.g. "Topics").
"""

import fcntl
import json
import os
import select
import subprocess
import sys
import tempfile
import time


def fail(message):
    print(f"FAIL: {message}", file=sys.stderr)
    sys.exit(1)


class Browser:
    def __init__(self, chromium):
        to_browser_r, self._to_browser_w = os.pipe()
        self._from_browser_r, from_browser_w = os.pipe()

        def give_pipes():
            # Chromium reads commands on fd 3 and writes answers and events on fd 4.
            # Copy both ends above 3 and 4 first, so that neither dup2 clobbers the other.
            reader = fcntl.fcntl(to_browser_r, fcntl.F_DUPFD, 10)
            writer = fcntl.fcntl(from_browser_w, fcntl.F_DUPFD, 10)
            os.dup2(reader, 3)
            os.dup2(writer, 4)

        self._process = subprocess.Popen(
            [
                chromium,
                "--headless",
                "--no-sandbox",
                "--disable-gpu",
                "--no-first-run",
                "--no-default-browser-check",
                "--remote-debugging-pipe",
                f"--user-data-dir={tempfile.mkdtemp(prefix='ripple-docs-chromium-')}",
                "about:blank",
            ],
            stdin=subprocess.DEVNULL,
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
            close_fds=False,
            preexec_fn=give_pipes,
        )
        os.close(to_browser_r)
        os.close(from_browser_w)
        self._buffer = b""
        self._next_id = 0
        self.events = []

    def close(self):
        try:
            self.send("Browser.close")
        except Exception:
            pass
        try:
            self._process.wait(timeout=10)
        except subprocess.TimeoutExpired:
            self._process.kill()

    def _read_message(self, deadline):
        while b"\0" not in self._buffer:
            if time.monotonic() > deadline:
                return None
            ready, _, _ = select.select([self._from_browser_r], [], [], max(0.0, deadline - time.monotonic()))
            if not ready:
                return None
            chunk = os.read(self._from_browser_r, 65536)
            if not chunk:
                fail("Chromium closed the DevTools pipe (did it start?)")
            self._buffer += chunk
        message, self._buffer = self._buffer.split(b"\0", 1)
        return json.loads(message)

    def send(self, method, params=None, session=None, timeout=30):
        self._next_id += 1
        message = {"id": self._next_id, "method": method, "params": params or {}}
        if session:
            message["sessionId"] = session
        os.write(self._to_browser_w, json.dumps(message).encode() + b"\0")
        deadline = time.monotonic() + timeout
        while True:
            answer = self._read_message(deadline)
            if answer is None:
                fail(f"no answer from Chromium to {method} within {timeout} s")
            if answer.get("id") == self._next_id:
                if "error" in answer:
                    fail(f"{method}: {answer['error']}")
                return answer.get("result", {})
            self.events.append(answer)

    def collect(self, seconds):
        deadline = time.monotonic() + seconds
        while True:
            event = self._read_message(deadline)
            if event is None:
                return
            self.events.append(event)


def describe_exception(details):
    exception = details.get("exception") or {}
    text = exception.get("description") or details.get("text") or "an exception"
    return f"{text} ({details.get('url', '?')}:{details.get('lineNumber', '?')})"


def main():
    args = sys.argv[1:]
    screenshot = None
    wait = 3.0
    if "--screenshot" in args:
        index = args.index("--screenshot")
        screenshot = args[index + 1]
        del args[index : index + 2]
    if "--wait" in args:
        index = args.index("--wait")
        wait = float(args[index + 1])
        del args[index : index + 2]
    if len(args) != 3:
        fail(__doc__)
    url, title, heading = args

    browser = Browser(os.environ.get("CHROMIUM", "chromium"))
    try:
        target = browser.send("Target.createTarget", {"url": "about:blank"})
        session = browser.send("Target.attachToTarget", {"targetId": target["targetId"], "flatten": True})["sessionId"]
        for domain in ("Runtime", "Log", "Page"):
            browser.send(f"{domain}.enable", session=session)
        browser.send("Emulation.setDeviceMetricsOverride",
                     {"width": 1280, "height": 900, "deviceScaleFactor": 1, "mobile": False}, session=session)
        browser.send("Page.navigate", {"url": url}, session=session)

        # Wait for the load event, then give the page's scripts time to fetch its data
        # and render it.
        deadline = time.monotonic() + 30
        while not any(e.get("method") == "Page.loadEventFired" for e in browser.events):
            if time.monotonic() > deadline:
                fail(f"{url} did not finish loading within 30 s")
            browser.collect(0.2)
        browser.collect(wait)

        problems = []
        for event in browser.events:
            method, params = event.get("method"), event.get("params", {})
            if method == "Runtime.exceptionThrown":
                problems.append("uncaught exception: " + describe_exception(params["exceptionDetails"]))
            elif method == "Runtime.consoleAPICalled" and params.get("type") in ("error", "assert"):
                text = " ".join(str(a.get("value", a.get("description", ""))) for a in params.get("args", []))
                problems.append(f"console.{params['type']}: {text}")
            elif method == "Log.entryAdded" and params.get("entry", {}).get("level") == "error":
                entry = params["entry"]
                # DocC's renderer asks for a theme file that a catalog may leave out, and
                # renders its default theme when it is missing.
                if entry.get("url", "").endswith("/theme-settings.json"):
                    continue
                problems.append(f"browser error ({entry.get('source')}): {entry.get('text')} {entry.get('url', '')}".rstrip())

        rendered = browser.send("Runtime.evaluate", {
            "expression": "(() => { const main = document.querySelector('main') || document.body;"
                          " return JSON.stringify({title: document.title,"
                          " h1: main ? Array.from(main.querySelectorAll('h1')).map(e => e.innerText) : [],"
                          " headings: main ? Array.from(main.querySelectorAll('h2, h3')).map(e => e.innerText.trim()) : []}) })()",
            "returnByValue": True,
        }, session=session)["result"]["value"]
        page = json.loads(rendered)
        if not any(title in h1 for h1 in page["h1"]):
            problems.append(f"blank page: no main heading with {title!r} (headings: {page['h1']}, title: {page['title']!r})")
        if heading not in page["headings"]:
            problems.append(f"blank page: the main content has no heading {heading!r} (headings: {page['headings']})")

        if screenshot:
            import base64

            shot = browser.send("Page.captureScreenshot", {"format": "png"}, session=session)
            with open(screenshot, "wb") as file:
                file.write(base64.b64decode(shot["data"]))
    finally:
        browser.close()

    if problems:
        for problem in problems:
            print(f"FAIL: {url}: {problem}", file=sys.stderr)
        sys.exit(1)
    print(f"ok: {url} renders {title!r} with {heading!r}, no script error")


if __name__ == "__main__":
    main()
