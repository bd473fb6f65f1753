#!/usr/bin/env bash
# Runs one fuzz target with cargo-fuzz (libFuzzer), seeding its corpus from fuzz/seeds.
#
#   fuzz/run.sh <target> [seconds] [extra libFuzzer flags...]
#
# Targets: notation, position, engine, fmt_roundtrip, shortcut. cargo-fuzz needs a nightly
# compiler; on a stable toolchain RUSTC_BOOTSTRAP=1 unlocks the flags it uses.
# One fuzzing process per call (what -jobs=1 gives, without the extra log file).
set -euo pipefail
cd "$(dirname "$0")"
target=${1:?usage: fuzz/run.sh <target> [seconds] [libFuzzer flags...]}
seconds=${2:-600}
shift $(( $# >= 2 ? 2 : 1 ))
mkdir -p "corpus/$target"
if [ -d "seeds/$target" ]; then
    cp -n "seeds/$target"/* "corpus/$target"/ 2>/dev/null || true
fi
dict=()
if [ -f "dict/$target.dict" ]; then
    dict=(-dict="dict/$target.dict")
fi
RUSTC_BOOTSTRAP=1 exec cargo fuzz run "$target" "corpus/$target" -- \
    -max_total_time="$seconds" -print_final_stats=1 "${dict[@]}" "$@"
