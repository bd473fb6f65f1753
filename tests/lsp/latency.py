"""The server's latency end to end, as an editor sees it: `lanrick lsp` (the binary
given) is sent a 300-action game, then N edits (each a whole-document didChange that
changes a comment at the end), and the time from each edit's write to its
publishDiagnostics is measured; then N completions at the start of a turn in the
reference position. Prints the median and the worst. Not a test: docs/performance.md
records its figures with the command.

    python3 tests/lsp/latency.py target/release/lanrick [N]
"""

import json
import statistics
import subprocess
import sys
import time


def main():
    binary = sys.argv[1]
    n = int(sys.argv[2]) if len(sys.argv) > 2 else 50
    game = subprocess.run([binary, "selfplay", "--games", "400", "--seed", "1878"],
                          capture_output=True, text=True, check=True).stdout
    # The first game with 300 actions after its first Mark, cut there (as benches/lsp.rs).
    text = None
    for g in game.split("\n\n["):
        lines = g.splitlines()
        tags = [l if l.startswith("[") else "[" + l for l in lines if l and not l.startswith("[Result") and (l.startswith("[") or l.endswith('"]'))]
        body = [l for l in lines if l.strip() and not (l.startswith("[") or l.endswith('"]'))]
        if len(body) > 300:
            text = "\n".join(tags) + "\n\n" + "\n".join(body[:301]) + "\n"
            break
    assert text, "no game of 300 actions"
    p = subprocess.Popen([binary, "lsp"], stdin=subprocess.PIPE, stdout=subprocess.PIPE)

    def send(msg):
        body = json.dumps(msg).encode()
        p.stdin.write(b"Content-Length: %d\r\n\r\n" % len(body) + body)
        p.stdin.flush()

    def receive():
        length = 0
        while True:
            line = p.stdout.readline().decode().strip()
            if not line:
                break
            if line.lower().startswith("content-length:"):
                length = int(line.split(":")[1])
        return json.loads(p.stdout.read(length))

    def until(pred):
        while True:
            m = receive()
            if pred(m):
                return m

    send({"jsonrpc": "2.0", "id": 0, "method": "initialize", "params": {"capabilities": {}}})
    until(lambda m: m.get("id") == 0)
    send({"jsonrpc": "2.0", "method": "initialized", "params": {}})
    uri = "file:///latency.lanrick"
    send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": uri, "languageId": "lanrick", "version": 1, "text": text}}})
    first = until(lambda m: m.get("method") == "textDocument/publishDiagnostics")
    assert first["params"]["diagnostics"] == [], first
    times = []
    for v in range(2, n + 2):
        t = time.perf_counter()
        send({"jsonrpc": "2.0", "method": "textDocument/didChange", "params": {
            "textDocument": {"uri": uri, "version": v},
            "contentChanges": [{"text": text + "{ edit %d }\n" % v}]}})
        until(lambda m: m.get("method") == "textDocument/publishDiagnostics"
              and m["params"].get("version") == v)
        times.append(time.perf_counter() - t)
    print("diagnostics after an edit (300 actions): median %.2f ms, worst %.2f ms (%d edits)"
          % (statistics.median(times) * 1e3, max(times) * 1e3, n))
    ref = "file:///reference.lanrick"
    send({"jsonrpc": "2.0", "method": "textDocument/didOpen", "params": {"textDocument": {
        "uri": ref, "languageId": "lanrick", "version": 1,
        "text": '[Position "4B3/8/7Y/4Y3/3Y4/5Y1Y/4B3/2B1Y3 Y e3 play"]\n\n'}}})
    times = []
    for i in range(n):
        t = time.perf_counter()
        send({"jsonrpc": "2.0", "id": 100 + i, "method": "textDocument/completion", "params": {
            "textDocument": {"uri": ref}, "position": {"line": 2, "character": 0}}})
        r = until(lambda m: m.get("id") == 100 + i)
        times.append(time.perf_counter() - t)
        assert r["result"]["items"], r
    print("completion on the reference position: median %.2f ms, worst %.2f ms (%d requests)"
          % (statistics.median(times) * 1e3, max(times) * 1e3, n))
    send({"jsonrpc": "2.0", "id": 1, "method": "shutdown"})
    until(lambda m: m.get("id") == 1)
    send({"jsonrpc": "2.0", "method": "exit"})
    p.wait(10)


main()
