#!/usr/bin/env bash
# The pre-commit hooks (.pre-commit-hooks.yaml) with the real pre-commit from PyPI
# (installed under target/ci-tools when missing; tests/tools.sh):
#  1. `pre-commit try-repo` of this checkout in a temporary git repository holding a
#     good, a badly formatted, an illegal and an unparseable file: lanrick-check fails
#     naming the two bad ones, lanrick-fmt fails having rewritten the badly formatted
#     file alone (to its canonical text), and the others keep every byte;
#  2. the configuration docs/ci.md tells a collection to copy (extracted from the page,
#     its repository pointed at this checkout's HEAD): both hooks pass on a good file,
#     fmt alone fails on a badly formatted one and fixes it, check alone fails on an
#     illegal one, which fmt leaves as it is.
#
# pre-commit builds lanrick with `cargo install` (language: rust), in release. To keep
# that within CI's time, the builds share one target directory (target/precommit:
# the second install rebuilds lanrick alone) and the release profile is made cheap
# through cargo's environment configuration (no LTO, no optimisation) — the hooks'
# results do not depend on it.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
. tests/tools.sh
python_tools
started=$SECONDS
export CARGO_TARGET_DIR="$root/target/precommit"
export CARGO_PROFILE_RELEASE_LTO=false CARGO_PROFILE_RELEASE_CODEGEN_UNITS=256
export CARGO_PROFILE_RELEASE_OPT_LEVEL=0 CARGO_PROFILE_RELEASE_INCREMENTAL=true
export PRE_COMMIT_COLOR=never NO_COLOR=1
# The docs' configuration is installed once into this store and reused by later runs.
export PRE_COMMIT_HOME="$CI_TOOLS/pre-commit-home"
pc="$VENV/bin/pre-commit"
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

fail() {
  echo "error: $*" >&2
  exit 1
}

# A file's texts: canonical and legal; legal but not canonical (and what fmt makes
# of it); canonical but illegal (a man moved over another); unparseable.
good='[Event "Good"]\n\nmark d5\nY: a7-b6\n'
messy='[Event   "Messy"]\nmark d5 ;  Y:a7-b6\n'
messy_fixed='[Event "Messy"]\n\nmark d5\nY: a7-b6\n'
illegal='[Event "Illegal"]\n\nmark d5\nY: a1-a5\n'
broken='[Event "Broken"]\n\nmark d5 { never closed\n'

new_repo() {
  rm -rf "$1"
  mkdir -p "$1"
  git -C "$1" init --quiet
}

# The status pre-commit printed for a hook: Passed or Failed.
status() {
  sed -n "s/^$2\.\.*\(Passed\|Failed\)$/\1/p" "$1"
}

same() {
  cmp -s "$1" <(printf "$2") || fail "$1 changed: $(cat "$1")"
}

# 1. try-repo of this checkout (its HEAD, with any uncommitted change on top).
repo="$work/try"
new_repo "$repo"
printf "$good" >"$repo/good.lanrick"
printf "$messy" >"$repo/messy.lanrick"
printf "$illegal" >"$repo/illegal.lanrick"
printf "$broken" >"$repo/broken.lanrick"
printf 'not a game\n' >"$repo/notes.txt"
git -C "$repo" add -A
if (cd "$repo" && "$pc" try-repo "$root" --all-files) >"$work/try.out" 2>&1; then
  cat "$work/try.out"
  fail "try-repo passed with an illegal file"
fi
cat "$work/try.out"
[ "$(status "$work/try.out" 'lanrick check')" = Failed ] || fail 'lanrick-check did not fail'
[ "$(status "$work/try.out" 'lanrick fmt')" = Failed ] || fail 'lanrick-fmt did not fail'
grep -q 'lanrick::rule::' "$work/try.out" || fail 'no rule diagnostic for illegal.lanrick'
grep -q 'lanrick::syntax::unclosed_comment' "$work/try.out" || fail 'no syntax diagnostic for broken.lanrick'
grep -q 'files were modified by this hook' "$work/try.out" || fail 'fmt modified nothing'
same "$repo/messy.lanrick" "$messy_fixed"
same "$repo/good.lanrick" "$good"
same "$repo/illegal.lanrick" "$illegal"
same "$repo/broken.lanrick" "$broken"

# 2. The configuration of docs/ci.md, pointed at this checkout's HEAD.
config=$(python3 tests/ci/snippet.py docs/ci.md pre-commit)
head=$(git rev-parse HEAD)
repo="$work/collection"
new_repo "$repo"
sed -e "s|repo: https://github.com/lanrick/lanrick|repo: $root|" -e "s|rev: v[0-9.]*|rev: $head|" \
  <<<"$config" >"$repo/.pre-commit-config.yaml"
grep -q "rev: $head" "$repo/.pre-commit-config.yaml" || fail 'the docs config names no rev'
run() {
  git -C "$repo" add -A
  (cd "$repo" && "$pc" run --all-files) >"$work/run.out" 2>&1
}
printf "$good" >"$repo/good.lanrick"
run || { cat "$work/run.out"; fail 'the hooks failed on a good file'; }
[ "$(status "$work/run.out" 'lanrick check')" = Passed ] || fail 'check did not pass'
[ "$(status "$work/run.out" 'lanrick fmt')" = Passed ] || fail 'fmt did not pass'
printf "$messy" >"$repo/messy.lanrick"
if run; then cat "$work/run.out"; fail 'fmt passed a badly formatted file'; fi
[ "$(status "$work/run.out" 'lanrick check')" = Passed ] || fail 'check failed a legal file'
[ "$(status "$work/run.out" 'lanrick fmt')" = Failed ] || fail 'fmt did not fail'
same "$repo/messy.lanrick" "$messy_fixed"
run || { cat "$work/run.out"; fail 'the hooks failed once fmt had fixed the file'; }
printf "$illegal" >"$repo/illegal.lanrick"
if run; then cat "$work/run.out"; fail 'check passed an illegal file'; fi
[ "$(status "$work/run.out" 'lanrick check')" = Failed ] || fail 'check did not fail'
[ "$(status "$work/run.out" 'lanrick fmt')" = Passed ] || fail 'fmt failed a canonical file'
same "$repo/illegal.lanrick" "$illegal"
echo "pre-commit: ok ($((SECONDS - started)) s)"
