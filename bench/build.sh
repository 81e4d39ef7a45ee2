#!/usr/bin/env bash
# notebook build beside Hugo on the same generated Markdown, in the same run: the two alternate,
# RUNS times each, and the medians of wall time and peak memory are printed with their ratios, and
# the fastest and slowest run of each (the spread the median sits in).
#
# Cases (5,000 notes unless said):
#   fresh   into a new folder on the disk, as CI builds: every run writes a folder of its own
#   over    over the previous output on the disk (notebook also has its spare beside it)
#   tmpfs   over the previous output on tmpfs (/dev/shm)
#   20k     20,000 notes into a new folder on the disk, and its ratio to 5,000 notes fresh
#   cached  over the previous output on tmpfs, with the highlighted code of the run before in
#           notebook's cache (every other case starts each run with an empty cache, as CI does)
# Every run starts from the sources alone (plus the previous output and its spare in the "over"
# cases), after a `sync` that is not measured; notebook highlights the corpus's Swift code, and its
# cache of highlighted code ($XDG_CACHE_HOME/notebook) is a new, empty folder for every run but
# the "cached" ones.
# Folders a fresh run wrote are removed only after every case: creating files right after a
# large removal is slow on ext4 without a journal, as this machine's is (its inode allocator
# passes over inodes freed less than 60 seconds ago, or 360 while their inode table block is
# dirty, and every build that makes files dirties such blocks). Measured here: after removing
# 70,000 files and folders and a `sync`, a 5,000-note build into a new folder every 30 seconds
# took 4 to 8 times its usual system time until about 340 seconds had passed, then its usual
# time. So the script syncs first and starts the cases that make new folders no sooner than
# SETTLE seconds (default 420) after it began. A removal made while it runs still slows them:
# leave SETTLE seconds between two runs too (each removes its folders as it ends).
# The fresh runs of 5,000 and 20,000 notes alternate (and Hugo's with them): every run adds
# folders to the disk, and the kernel's caches of them grow, so a case measured after the
# other would be measured on a fuller disk.
#
# usage: [SETTLE=seconds] bash bench/build.sh [RUNS] [--quick]   (default RUNS=7; --quick: no Hugo
#        at 20,000)
set -euo pipefail
cd "$(dirname "$0")/.."
runs=${1:-7}
quick=${2:-}
source scripts/dependencies.sh
source scripts/release.sh
notebook_install_dependencies
command -v hugo >/dev/null 2>&1 || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq hugo >/dev/null; }
command -v /usr/bin/time >/dev/null 2>&1 || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq time >/dev/null; }
notebook_build_release notebook 2>/dev/null
bin="$(notebook_release_bin_path)/notebook"
disk=$(mktemp -d "${BENCH_DISK:-/var/tmp}/notebook-bench.XXXXXX")
memory=$(mktemp -d /dev/shm/notebook-bench.XXXXXX)
trap 'rm -rf "$disk" "$memory"' EXIT

# notebook with an empty cache of highlighted code (a folder of its own on tmpfs), or with the
# folder $cached when set; `measure notebook …` runs it the same way.
notebook() {
  local cache=${cached:-$(mktemp -d "$memory/cache.XXXXXX")}
  env XDG_CACHE_HOME="$cache" "$bin" "$@"
}

median() { sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

measure() { # name command… → appends "seconds kilobytes" to $disk/name.times
  local name=$1; shift
  # notebook gets its cache folder (see notebook()), made before the clock starts.
  if [ "$1" = notebook ]; then
    shift
    set -- env XDG_CACHE_HOME="${cached:-$(mktemp -d "$memory/cache.XXXXXX")}" "$bin" "$@"
  fi
  # What the run before wrote goes to the disk first, unmeasured: otherwise the kernel writes it
  # back during this run, and each run's time depends on what ran before it.
  sync
  # Wall time to the millisecond (`/usr/bin/time` gives hundredths), peak memory from `time`.
  local start end
  start=$(date +%s.%N)
  /usr/bin/time -f "%M" -o "$disk/time.out" "$@" >/dev/null 2>&1
  end=$(date +%s.%N)
  echo "$(awk "BEGIN {printf \"%.3f\", $end - $start}") $(cat "$disk/time.out")" >> "$disk/$name.times"
}

# prints "median-seconds median-megabytes" of a .times file
medians() {
  printf '%s %s' "$(cut -d' ' -f1 "$1" | median)" "$(cut -d' ' -f2 "$1" | median | awk '{printf "%.0f", $1 / 1024}')"
}

# prints "fastest–slowest" of the wall times of a .times file: the spread the median sits in
spread() {
  cut -d' ' -f1 "$1" | sort -n | awk 'NR == 1 {low = $1} {high = $1} END {printf "%.3f–%.3f", low, high}'
}

report() { # case notes with-hugo
  local name=$1 notes=$2 with_hugo=$3 nt nm ht hm
  read -r nt nm <<<"$(medians "$disk/notebook.times")"
  printf '%-6s %6d notes  notebook %6.3f s %5d MB' "$name" "$notes" "$nt" "$nm"
  if [ "$with_hugo" = yes ]; then
    read -r ht hm <<<"$(medians "$disk/hugo.times")"
    printf '   hugo %6.3f s %5d MB   time ratio %.3f  memory ratio %.2f' "$ht" "$hm" \
      "$(awk "BEGIN {print $nt / $ht}")" "$(awk "BEGIN {print $nm / $hm}")"
  fi
  printf '   (runs: notebook %s s' "$(spread "$disk/notebook.times")"
  if [ "$with_hugo" = yes ]; then printf ', hugo %s s' "$(spread "$disk/hugo.times")"; fi
  printf ')\n'
  echo "$nt" > "$disk/$name.seconds"
  rm -f "$disk"/notebook.times "$disk"/hugo.times
}

generate() { # notes folder
  [ -d "$2/site" ] || python3 ../shared/bench/gen_corpus.py "$2/site" --notes "$1" --hugo "$2/hugo" >/dev/null
}

over() { # case notes folder [cached]: over the previous output in folder
  local name=$1 notes=$2 place=$3 cached=""
  if [ "${4:-}" = cached ]; then cached=$(mktemp -d "$memory/cache.XXXXXX"); fi
  generate "$notes" "$place"
  # Unmeasured builds first, so that both have a previous output (notebook also its spare, and in
  # the cached case the cache its entries).
  notebook build "$place/site" -o "$place/out" >/dev/null 2>&1
  notebook build "$place/site" -o "$place/out" >/dev/null 2>&1
  hugo --buildFuture --quiet --source "$place/hugo" >/dev/null 2>&1
  for _ in $(seq "$runs"); do
    measure notebook notebook build "$place/site" -o "$place/out"
    measure hugo hugo --buildFuture --quiet --source "$place/hugo"
  done
  report "$name" "$notes" yes
}

fresh() { # notes… : into new folders, the sizes' runs alternating; Hugo too unless --quick past 5,000
  local notes run
  for notes in "$@"; do generate "$notes" "$disk/corpus-$notes"; done
  for run in $(seq "$runs"); do
    for notes in "$@"; do
      local place="$disk/corpus-$notes"
      measure "notebook-$notes" notebook build "$place/site" -o "$place/fresh-$run"
      if [ "$notes" = 5000 ] || [ "$quick" != --quick ]; then
        measure "hugo-$notes" hugo --buildFuture --quiet --source "$place/hugo" --destination "$place/hugo-fresh-$run"
      fi
    done
  done
  for notes in "$@"; do
    mv "$disk/notebook-$notes.times" "$disk/notebook.times"
    local with_hugo=no
    if [ -f "$disk/hugo-$notes.times" ]; then mv "$disk/hugo-$notes.times" "$disk/hugo.times"; with_hugo=yes; fi
    if [ "$notes" = 5000 ]; then report fresh "$notes" "$with_hugo"; else report 20k "$notes" "$with_hugo"; fi
  done
}

# What was removed before this run is written out now, so that the wait below is long enough.
sync
began=$SECONDS
settle() { # waits until SETTLE seconds have passed since the script began
  local wait=$(( ${SETTLE:-420} - (SECONDS - began) ))
  if [ "$wait" -gt 0 ]; then sleep "$wait"; fi
}

echo "notebook build vs hugo $(hugo version | cut -d' ' -f2), $(nproc) cores, disk $(df "$disk" | tail -1 | awk '{print $1}'), medians of $runs runs"
over over 5000 "$disk/corpus-5000"
over tmpfs 5000 "$memory/corpus-5000"
over cached 5000 "$memory/corpus-5000" cached
generate 20000 "$disk/corpus-20000"
settle
fresh 5000 20000
printf '20,000 notes fresh / 5,000 notes fresh: %.3f\n' "$(awk "BEGIN {print $(cat "$disk/20k.seconds") / $(cat "$disk/fresh.seconds")}")"
