#!/usr/bin/env bash
# Times `notebook render` against Debian's cmark-gfm on cmark-gfm's pathological inputs (and
# notebook's own syntax) at 1x, 2x and 4x the suite's sizes, and prints a Markdown table.
#
# The rule: at 1x, notebook takes at most max(3 x cmark-gfm, 0.5 s); at 2x and 4x its time
# grows at most in proportion to the size (with 0.25 s of slack for start-up and noise).
# A shape that libcmark-gfm itself is slow on is marked "slow in libcmark-gfm" and not judged.
#
# usage: bench/pathological.sh [SCALES...]   (default: 1 2 4; needs apt package cmark-gfm)
# Env: TIMEOUT (s, per run, default 60), NOTEBOOK (binary, default the release build).
set -euo pipefail
cd "$(dirname "$0")/.."
scales=("${@:-1}")
[ $# -eq 0 ] && scales=(1 2 4)
timeout_s=${TIMEOUT:-60}
command -v cmark-gfm >/dev/null || { echo "needs cmark-gfm (apt-get install cmark-gfm)" >&2; exit 2; }
if [ -z "${NOTEBOOK:-}" ]; then
    source scripts/release.sh
    notebook_build_release notebook
    NOTEBOOK="$(notebook_release_bin_path)/notebook"
fi
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT

# seconds of wall time for one run, or "timeout"
run_time() {
    python3 - "$timeout_s" "$@" <<'PY'
import subprocess, sys, time
limit = float(sys.argv[1]); cmd = sys.argv[2:]
start = time.perf_counter()
try:
    r = subprocess.run(cmd, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, timeout=limit)
    took = time.perf_counter() - start
    print("%.2f" % took if r.returncode in (0, 1) else "crash(%d)" % r.returncode)
except subprocess.TimeoutExpired:
    print("timeout")
PY
}

cmark=(cmark-gfm --extension table --extension strikethrough --extension autolink
       --extension tagfilter --extension tasklist)
declare -A base
failures=0
echo "| shape | scale | size | cmark-gfm s | notebook s | ratio | result |"
echo "|---|---|---|---|---|---|---|"
for scale in "${scales[@]}"; do
    dir="$work/x$scale"
    python3 bench/pathological_inputs.py "$dir" --scale "$scale" > "$dir.list"
    while IFS=$'\t' read -r file name slow; do
        size=$(stat -c %s "$file")
        c=$(run_time "${cmark[@]}" "$file")
        if [ "$size" -gt $((64 << 20)) ]; then
            # Over notebook's 64 MB limit for one file: refused at once, not judged.
            echo "| $name | ${scale}x | $size | $c | refused | - | over the 64 MB limit |"
            continue
        fi
        n=$(run_time "$NOTEBOOK" render --no-highlight "$file")
        verdict=$(python3 - "$scale" "$size" "$c" "$n" "${base[$name]:-}" "$slow" <<'PY'
import sys
scale, size, c, n, base, slow = sys.argv[1:7]
scale = int(scale); size = int(size)
def num(x):
    try: return float(x)
    except ValueError: return None
c, n = num(c), num(n)
ratio = "-" if c is None or n is None else "%.1f" % (n / max(c, 0.01))
if slow:
    print(ratio, "slow in libcmark-gfm"); sys.exit()
if n is None:
    print(ratio, "FAIL"); sys.exit()
if scale == 1 or not base:
    limit = max(3 * (c or 0), 0.5)
else:
    b_size, b_time = base.split(":")
    limit = max(float(b_time), 0.1) * size / float(b_size) + 0.25
print(ratio, "pass" if n <= limit else "FAIL (limit %.2f s)" % limit)
PY
)
        ratio=${verdict%% *}; result=${verdict#* }
        [ "$scale" = "${scales[0]}" ] && base[$name]="$size:$n"
        [[ $result == FAIL* ]] && failures=$((failures + 1))
        echo "| $name | ${scale}x | $size | $c | $n | $ratio | $result |"
    done < "$dir.list"
done
echo
echo "$failures failed"
[ "$failures" -eq 0 ]
