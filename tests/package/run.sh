#!/usr/bin/env bash
# The published crate: `cargo package --locked` (which builds the packaged sources), then
# the tarball unpacked outside the repository passes `cargo test --lib` (so nothing the
# library or its own tests need is left out of `include`; among them
# `version_line_names_the_commit_only_in_a_checkout`, which there wants the version
# alone), and the binary built from the packaged sources names no commit in
# `--version`.
#
# The packaged crate builds in a target directory of its own, `target/packaged`:
# cargo gives a path package the same artifact names wherever it lies, so a build of
# the tarball in the repository's `target/` would overwrite the checkout's own build
# (its binary, its build script's output). The second run reuses what the first built.
set -euo pipefail
cd "$(dirname "$0")/../.."
root=$PWD
export CARGO_TARGET_DIR="$root/target/packaged"
version=$(sed -n 's/^version = "\(.*\)"$/\1/p' Cargo.toml | head -n1)
started=$SECONDS
cargo package --locked
crate="$CARGO_TARGET_DIR/package/lanrick-$version.crate"
test -f "$crate"
# What went in: the sources, the grammar, the files the library's tests read; no
# build output, no fuzz corpus, no integration tests, no benches.
listing=$(tar -tzf "$crate")
for need in src/lib.rs build.rs grammar/lanrick.pest README.md CHANGELOG.md Cargo.lock \
  examples/library.rs examples/complete-game.lanrick tests/cases/ok; do
  if ! grep -q "^lanrick-$version/$need" <<<"$listing"; then
    echo "error: the packaged crate lacks $need" >&2
    exit 1
  fi
done
if grep -E "^lanrick-$version/(target|fuzz|benches|tests/[^c]|docs|\.ci)" <<<"$listing"; then
  echo 'error: the packaged crate holds the files above, which it should not' >&2
  exit 1
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
tar -xzf "$crate" -C "$work"
cd "$work/lanrick-$version"
cargo test --locked --lib
# The binary `cargo package` built from the packaged sources (under target/packaged,
# so inside this repository's work tree but not at its top): no commit.
line=$("$CARGO_TARGET_DIR/debug/lanrick" --version)
if [ "$line" != "lanrick $version" ]; then
  echo "error: the packaged build says '$line', not 'lanrick $version' (no commit)" >&2
  exit 1
fi
echo "package: ok ($line, $((SECONDS - started)) s)"
