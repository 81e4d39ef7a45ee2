#!/usr/bin/env bash
# How long a build leaves all but one core idle, at 5,000 and 20,000 notes: what work that runs on
# one thread costs in wall time. Each build (output on tmpfs, over nothing) runs under
# `perf record` sampling every thread's CPU at 5,000 samples a second; the build's time is cut
# into 1 ms bins, and a bin with at most 5 samples (at most one core's worth) counts as one
# thread's. Printed per build: those milliseconds and the build's length in bins, then for the
# last build of each size the functions on the CPU in those bins (the first frames of notebook's
# own code in each sample's stack, by sample count).
#
# usage: bash bench/one_thread.sh [RUNS]   (default 3; needs perf, installed when missing)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-3}
source scripts/dependencies.sh
source scripts/release.sh
notebook_install_dependencies
command -v perf >/dev/null 2>&1 || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq linux-perf >/dev/null; }
notebook_build_release notebook 2>/dev/null
bin="$(notebook_release_bin_path)/notebook"
work=$(mktemp -d "${BENCH_DISK:-/var/tmp}/notebook-one-thread.XXXXXX")
memory=$(mktemp -d /dev/shm/notebook-one-thread.XXXXXX)
trap 'rm -rf "$work" "$memory"' EXIT

# Reads `perf script -F time,ip,sym` with call stacks; prints "one-thread ms of total ms", and
# with a second argument the attribution of the one-thread samples.
bins() {
  awk -v attribute="${1:-}" '
    /^ *[0-9]+\.[0-9]+:/ { t = $1 + 0; if (start == "") start = t; bin = int((t - start) * 1000); count[bin]++
                           if (bin > last) last = bin; n++; when[n] = bin; frames[n] = ""; next }
    /Notebook|Parallel|Mustache/ { if (split(frames[n], seen, " <- ") < 2) frames[n] = frames[n] (frames[n] == "" ? "" : " <- ") $2 }
    END {
      for (i = 0; i <= last; i++) if (count[i] <= 5) one++
      printf "one thread %d ms of %d ms\n", one, last + 1
      if (attribute == "") exit
      for (i = 1; i <= n; i++) if (count[when[i]] <= 5) by[frames[i] == "" ? "(start-up, exit, kernel)" : frames[i]]++
      for (f in by) printf "%6d  %s\n", by[f], f | "sort -rn | head -15"
    }'
}

for notes in 5000 20000; do
  python3 ../shared/bench/gen_corpus.py "$work/corpus-$notes" --notes "$notes" >/dev/null
  for run in $(seq "$runs"); do
    rm -rf "$memory/out"
    perf record -q -g -e cpu-clock -F 5000 -o "$work/perf.data" "$bin" build "$work/corpus-$notes" -o "$memory/out" >/dev/null 2>&1
    printf '%6d notes, build %d: ' "$notes" "$run"
    if [ "$run" = "$runs" ]; then
      perf script -i "$work/perf.data" -F time,ip,sym 2>/dev/null | bins attribute | swift demangle --simplified | cut -c1-160
    else
      perf script -i "$work/perf.data" -F time,ip,sym 2>/dev/null | bins
    fi
  done
done
