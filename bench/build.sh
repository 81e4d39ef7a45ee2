#!/usr/bin/env bash
# notebook build beside Hugo on the same generated Markdown, alternating runs, same disk.
# Prints median wall time and peak memory for both and the ratios, for 5,000 notes and then
# 20,000 notes (notebook alone at 20,000 shows how cost grows; Hugo too unless --quick).
# usage: bash bench/build.sh [RUNS] [--quick]      (default RUNS=5)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-5}
quick=${2:-}
source scripts/dependencies.sh
notebook_install_dependencies
command -v hugo >/dev/null 2>&1 || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq hugo >/dev/null; }
command -v /usr/bin/time >/dev/null 2>&1 || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq time >/dev/null; }
swift build -c release --product notebook >/dev/null
bin="$(swift build -c release --show-bin-path)/notebook"
work=$(mktemp -d "${TMPDIR:-/var/tmp}/notebook-bench.XXXXXX")
trap 'rm -rf "$work"' EXIT

median() { sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

measure() { # name command… → appends "seconds kilobytes" to $work/name.times
  local name=$1; shift
  /usr/bin/time -f "%e %M" -o "$work/time.out" "$@" >/dev/null 2>&1
  cat "$work/time.out" >> "$work/$name.times"
}

run_size() {
  local notes=$1 with_hugo=$2
  python3 ../shared/bench/gen_corpus.py "$work/site-$notes" --notes "$notes" --hugo "$work/hugo-$notes" >/dev/null
  rm -f "$work"/*.times
  # One unmeasured build each, so both start with a previous output and warm caches.
  "$bin" build "$work/site-$notes" -o "$work/out-$notes" >/dev/null 2>&1
  [ "$with_hugo" = yes ] && (cd "$work/hugo-$notes" && hugo --buildFuture --quiet >/dev/null 2>&1)
  for _ in $(seq "$runs"); do
    measure notebook "$bin" build "$work/site-$notes" -o "$work/out-$notes"
    if [ "$with_hugo" = yes ]; then
      measure hugo hugo --buildFuture --quiet --source "$work/hugo-$notes"
    fi
  done
  local nt nm ht hm
  nt=$(cut -d' ' -f1 "$work/notebook.times" | median)
  nm=$(cut -d' ' -f2 "$work/notebook.times" | median)
  printf '%6d notes  notebook: %6.2f s %7.0f MB' "$notes" "$nt" "$(awk "BEGIN {print $nm / 1024}")"
  if [ "$with_hugo" = yes ]; then
    ht=$(cut -d' ' -f1 "$work/hugo.times" | median)
    hm=$(cut -d' ' -f2 "$work/hugo.times" | median)
    printf '   hugo: %6.2f s %7.0f MB   time ratio %.2f, memory ratio %.2f' "$ht" "$(awk "BEGIN {print $hm / 1024}")" \
      "$(awk "BEGIN {print $nt / $ht}")" "$(awk "BEGIN {print $nm / $hm}")"
  fi
  printf '   (median of %d runs)\n' "$runs"
}

echo "notebook build vs hugo $(hugo version | cut -d' ' -f2), $(nproc) cores, on $(df -h "$work" | tail -1 | awk '{print $1}')"
run_size 5000 yes
if [ "$quick" = --quick ]; then run_size 20000 no; else run_size 20000 yes; fi
