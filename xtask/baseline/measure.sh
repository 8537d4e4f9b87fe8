#!/usr/bin/env bash
# Debug compile time of the 1,223 GitHub routes: the `endpoint-github` crate,
# the test target of its checks, the flat `endpoint!` definitions alone, and the
# hand-written `format!` baseline.
# Each run touches the one file that changed and rebuilds only that crate
# (dependencies are built first, once). Usage: xtask/baseline/measure.sh [RUNS]
set -euo pipefail
root="$(cd "$(dirname "$0")/../.." && pwd)"
runs="${1:-3}"
export CARGO_TARGET_DIR="${CARGO_TARGET_DIR:-/tmp/target-routes}"
# A clean build of the touched crate: no incremental reuse of the previous run.
export CARGO_INCREMENTAL=0

# Warm up: every dependency built, so that a run compiles only its own crate.
(cd "$root" && cargo test --no-run --test github_routes -q)
(cd "$root" && cargo build -q -p endpoint-github)
(cd "$root/xtask/baseline/macro" && cargo build -q)
(cd "$root/xtask/baseline/format" && cargo build -q)

measure() { # label dir touched-file cargo-args...
    local label="$1" dir="$2" file="$3"
    shift 3
    touch "$file"
    local log
    log="$(mktemp)"
    (cd "$dir" && /usr/bin/time -f "%e %U %S" -o "$log.time" cargo "$@" 2>"$log")
    local compiled
    compiled="$(grep -o 'Compiling [^ ]*' "$log" | cut -d' ' -f2 | tr '\n' ' ')"
    read -r wall user sys <"$log.time"
    printf '%-34s wall %7.2fs  user+sys %7.2fs  compiled: %s\n' "$label" "$wall" \
        "$(echo "$user + $sys" | bc)" "$compiled"
    rm -f "$log" "$log.time"
}

for _ in $(seq "$runs"); do
    measure "endpoint-github" "$root" "$root/endpoint-github/src/lib.rs" \
        build -p endpoint-github
    measure "test github_routes (checks)" "$root" "$root/tests/github_routes.rs" \
        test --no-run --test github_routes
    measure "endpoint! definitions only" "$root/xtask/baseline/macro" \
        "$root/xtask/baseline/macro/src/lib.rs" build
    measure "format! baseline" "$root/xtask/baseline/format" \
        "$root/xtask/baseline/format/src/lib.rs" build
done
