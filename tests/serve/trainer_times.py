"""The puzzle trainer's defence against a wrong key, end to end: `lanrick serve` (the
binary given) is started on a free port; for each shipped puzzle in two or more turns
(direct play), a wrong key is played in the trainer — the first try `lanrick solve
--tries` finds, else the action a level-0 hint suggests — and the time from the
request to lanrick's defence played (long polls) is printed with the sentence the log
gives for it (a refutation, "works too", or the fallback). Not a test: docs/serve.md
records its figures with the command.

    python3 tests/serve/trainer_times.py target/debug/lanrick
"""

import json
import re
import subprocess
import sys
import time
import urllib.request


def main():
    binary = sys.argv[1]
    server = subprocess.Popen(
        [binary, "serve", "--port", "0"],
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        text=True,
    )
    try:
        url = re.search(r"(http://\S+)", server.stdout.readline()).group(1).rstrip("/")
        host = url.split("//")[1]

        def call(method, path, body=None):
            data = json.dumps(body).encode() if body is not None else None
            req = urllib.request.Request(
                url + path,
                data=data,
                method=method,
                headers={"Host": host, "Origin": url, "Content-Type": "application/json"},
            )
            return json.load(urllib.request.urlopen(req, timeout=60))

        def settle(v, gid):
            while v["busy"]:
                v = call("GET", f"/api/view?g={gid}&wait={v['version']}")
            return v

        for p in call("GET", "/api/files")["puzzles"]:
            if "help" in p["goal"] or p["goal"].endswith(" 1"):
                continue
            solved = subprocess.run(
                [binary, "solve", "--tries", "--format", "json",
                 f"examples/puzzles/{p['name']}.lanrick"],
                capture_output=True,
                text=True,
            )
            found = (json.loads(solved.stdout).get("tries") or {}).get("found") or []
            gid = call("POST", "/api/new", {"puzzle": p["index"]})["id"]
            if found:
                wrong, kind = found[0]["action"], "try"
            else:
                h = settle(call("POST", f"/api/act?g={gid}", {"do": "hint", "level": 0}), gid)
                wrong, kind = h["hint"].split("\n")[0].rsplit(" (level", 1)[0], "level-0 hint"
            began = time.monotonic()
            v = settle(call("POST", f"/api/act?g={gid}", {"do": "line", "text": wrong}), gid)
            ms = (time.monotonic() - began) * 1000
            said = [
                e["text"]
                for e in v["log"]
                if e["text"].startswith(("Refuted", "lanrick found", "lanrick's prover", "Defence"))
            ]
            print(f"{p['name']} ({p['goal']}), {kind} {wrong}: {ms:.0f} ms: "
                  f"{said[0] if said else 'no defence'}")
    finally:
        server.terminate()
        server.wait()


if __name__ == "__main__":
    main()
