#!/usr/bin/env python3
"""The page of `lanrick serve` laid out 320 CSS pixels wide, in headless Chromium.

Headless Chromium will not open a window narrower than 500 pixels, so a screenshot
taken with --window-size=320,… only crops a wider page. This script instead drives
Chromium over its DevTools pipe (--remote-debugging-pipe: NUL-terminated JSON on file
descriptors 3 and 4, no extra package) and sets the viewport to 320 × 900, as a
phone's would be. It opens the page in a self-test mode, waits until the self-test has
written its report, and fails if anything is wider than the viewport (the page would
scroll sideways) or the board is not fully in view. With a third argument it also
writes a screenshot of the page at that width.

    tests/serve/narrow.py CHROMIUM URL [SCREENSHOT.png]

URL is the page with its self-test hash, e.g. http://127.0.0.1:8079/#selftest=play&….
"""
import base64
import json
import os
import subprocess
import sys
import tempfile
import time

WIDTH, HEIGHT = 320, 900


class Pipe:
    """Chromium's DevTools pipe: commands written to its fd 3, answers read from fd 4."""

    def __init__(self, chromium, profile):
        to_r, self.to_w = os.pipe()
        self.from_r, from_w = os.pipe()

        def child():
            # Through high numbers first: either pipe end may itself be fd 3 or 4.
            os.dup2(to_r, 100)
            os.dup2(from_w, 101)
            os.dup2(100, 3)
            os.dup2(101, 4)

        self.proc = subprocess.Popen(
            [chromium, "--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
             "--disable-background-networking", "--disable-component-update",
             f"--user-data-dir={profile}", "--remote-debugging-pipe", "about:blank"],
            close_fds=False, preexec_fn=child,
            stdout=subprocess.DEVNULL, stderr=open(os.path.join(profile, "..", "narrow-chromium.log"), "w") if os.environ.get("NARROW_LOG") else subprocess.DEVNULL)
        os.close(to_r)
        os.close(from_w)
        self.buf = b""
        self.next_id = 0

    def send(self, method, params=None, session=None):
        self.next_id += 1
        msg = {"id": self.next_id, "method": method, "params": params or {}}
        if session:
            msg["sessionId"] = session
        os.write(self.to_w, json.dumps(msg).encode() + b"\0")
        want = self.next_id
        while True:
            answer = self.read()
            if answer.get("id") == want:
                if "error" in answer:
                    raise RuntimeError(f"{method}: {answer['error']}")
                return answer.get("result", {})

    def read(self):
        while b"\0" not in self.buf:
            chunk = os.read(self.from_r, 1 << 16)
            if not chunk:
                raise RuntimeError("Chromium closed its DevTools pipe")
            self.buf += chunk
        msg, self.buf = self.buf.split(b"\0", 1)
        return json.loads(msg)

    def close(self):
        self.proc.kill()
        self.proc.wait()


def main():
    chromium, url = sys.argv[1], sys.argv[2]
    shot = sys.argv[3] if len(sys.argv) > 3 else None
    with tempfile.TemporaryDirectory(ignore_cleanup_errors=True) as profile:
        cdp = Pipe(chromium, profile)
        try:
            target = cdp.send("Target.createTarget", {"url": "about:blank"})["targetId"]
            session = cdp.send("Target.attachToTarget",
                               {"targetId": target, "flatten": True})["sessionId"]
            cdp.send("Emulation.setDeviceMetricsOverride",
                     {"width": WIDTH, "height": HEIGHT, "deviceScaleFactor": 1,
                      "mobile": False}, session)
            cdp.send("Page.enable", {}, session)
            cdp.send("Page.navigate", {"url": url}, session)

            def value(expr):
                r = cdp.send("Runtime.evaluate",
                             {"expression": expr, "returnByValue": True}, session)
                return r.get("result", {}).get("value")

            deadline = time.time() + 300
            while not value("!!(document.getElementById('selftest') && "
                            "document.getElementById('selftest').textContent)"):
                if time.time() > deadline:
                    print("FAIL narrow: the self-test did not finish", file=sys.stderr)
                    return 1
                time.sleep(0.2)
            report = value("""(() => {
                const w = window.innerWidth;
                const wide = [];
                for (const e of document.querySelectorAll('body *')) {
                  const r = e.getBoundingClientRect();
                  if (r.width > 0 && r.right > w + 0.5 && !e.closest('[hidden]'))
                    wide.push(e.tagName.toLowerCase() + (e.id ? '#' + e.id : '') +
                              ' ' + Math.round(r.right));
                }
                const board = document.querySelector('#board svg').getBoundingClientRect();
                return { inner: w, scroll: document.documentElement.scrollWidth,
                         board: [Math.round(board.left), Math.round(board.right)],
                         wide: wide.slice(0, 10) };
            })()""")
            if shot:
                data = cdp.send("Page.captureScreenshot",
                                {"format": "png", "captureBeyondViewport": False}, session)
                with open(shot, "wb") as f:
                    f.write(base64.b64decode(data["data"]))
        finally:
            cdp.close()
    ok = (report["inner"] == WIDTH and report["scroll"] <= WIDTH and not report["wide"]
          and report["board"][0] >= 0 and report["board"][1] <= WIDTH)
    if not ok:
        print(f"FAIL narrow: at {WIDTH} px wide: {json.dumps(report)}", file=sys.stderr)
        return 1
    print(f"ok   the page at {WIDTH} px wide: nothing wider, the board from "
          f"{report['board'][0]} to {report['board'][1]} px")
    return 0


if __name__ == "__main__":
    sys.exit(main())
