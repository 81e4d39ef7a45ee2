#!/usr/bin/env bash
# notebook build beside Hugo on the same generated Markdown, in the same run: the two alternate,
# RUNS times each, and the medians of wall time and peak memory are printed with their ratios.
#
# Cases (5,000 notes unless said):
#   fresh   into a new folder on the disk, as CI builds: every run writes a folder of its own
#   over    over the previous output on the disk (notebook also has its spare beside it)
#   tmpfs   over the previous output on tmpfs (/dev/shm)
#   20k     20,000 notes into a new folder on the disk, and its ratio to 5,000 notes fresh
# notebook keeps no cache between builds, so every run starts from the sources alone (plus the
# previous output and its spare in the "over" cases), after a `sync` that is not measured.
# Folders a fresh run wrote are removed only after every case: creating files right after a
# large removal is slow on ext4 (its inode allocator passes over recently freed inodes).
# Measured here (ext4 without a journal): after removing 30,000 files and folders and a `sync`,
# making 5,000 folders with a file each took 3 to 7 times its usual system time for about two
# minutes. So the script syncs first and starts the cases that make new folders no sooner than
# SETTLE seconds (default 180) after it began. A removal made while it runs still slows them, and
# so, seen here, can a removal of several hundred thousand files (the folders of this script's
# previous run) made just before it: leave a few minutes between two runs.
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

median() { sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

measure() { # name command… → appends "seconds kilobytes" to $disk/name.times
  local name=$1; shift
  # What the run before wrote goes to the disk first, unmeasured: otherwise the kernel writes it
  # back during this run, and each run's time depends on what ran before it.
  sync
  /usr/bin/time -f "%e %M" -o "$disk/time.out" "$@" >/dev/null 2>&1
  cat "$disk/time.out" >> "$disk/$name.times"
}

# prints "median-seconds median-megabytes" of a .times file
medians() {
  printf '%s %s' "$(cut -d' ' -f1 "$1" | median)" "$(cut -d' ' -f2 "$1" | median | awk '{printf "%.0f", $1 / 1024}')"
}

report() { # case notes with-hugo
  local name=$1 notes=$2 with_hugo=$3 nt nm ht hm
  read -r nt nm <<<"$(medians "$disk/notebook.times")"
  printf '%-6s %6d notes  notebook %6.2f s %5d MB' "$name" "$notes" "$nt" "$nm"
  if [ "$with_hugo" = yes ]; then
    read -r ht hm <<<"$(medians "$disk/hugo.times")"
    printf '   hugo %6.2f s %5d MB   time ratio %.2f  memory ratio %.2f' "$ht" "$hm" \
      "$(awk "BEGIN {print $nt / $ht}")" "$(awk "BEGIN {print $nm / $hm}")"
  fi
  printf '\n'
  echo "$nt" > "$disk/$name.seconds"
  rm -f "$disk"/notebook.times "$disk"/hugo.times
}

generate() { # notes folder
  [ -d "$2/site" ] || python3 ../shared/bench/gen_corpus.py "$2/site" --notes "$1" --hugo "$2/hugo" >/dev/null
}

over() { # case notes folder: over the previous output in folder
  local name=$1 notes=$2 place=$3
  generate "$notes" "$place"
  # Unmeasured builds first, so that both have a previous output (notebook also its spare).
  "$bin" build "$place/site" -o "$place/out" >/dev/null 2>&1
  "$bin" build "$place/site" -o "$place/out" >/dev/null 2>&1
  hugo --buildFuture --quiet --source "$place/hugo" >/dev/null 2>&1
  for _ in $(seq "$runs"); do
    measure notebook "$bin" build "$place/site" -o "$place/out"
    measure hugo hugo --buildFuture --quiet --source "$place/hugo"
  done
  report "$name" "$notes" yes
}

fresh() { # case notes with-hugo
  local name=$1 notes=$2 with_hugo=$3 place="$disk/corpus-$2"
  generate "$notes" "$place"
  for run in $(seq "$runs"); do
    measure notebook "$bin" build "$place/site" -o "$place/fresh-$run"
    if [ "$with_hugo" = yes ]; then
      measure hugo hugo --buildFuture --quiet --source "$place/hugo" --destination "$place/hugo-fresh-$run"
    fi
  done
  report "$name" "$notes" "$with_hugo"
}

# What was removed before this run is written out now, so that the wait below is long enough.
sync
began=$SECONDS
settle() { # waits until SETTLE seconds have passed since the script began
  local wait=$(( ${SETTLE:-180} - (SECONDS - began) ))
  if [ "$wait" -gt 0 ]; then sleep "$wait"; fi
}

echo "notebook build vs hugo $(hugo version | cut -d' ' -f2), $(nproc) cores, disk $(df "$disk" | tail -1 | awk '{print $1}'), medians of $runs runs"
over over 5000 "$disk/corpus-5000"
over tmpfs 5000 "$memory/corpus-5000"
settle
fresh fresh 5000 yes
if [ "$quick" = --quick ]; then fresh 20k 20000 no; else fresh 20k 20000 yes; fi
printf '20,000 notes fresh / 5,000 notes fresh: %.2f\n' "$(awk "BEGIN {print $(cat "$disk/20k.seconds") / $(cat "$disk/fresh.seconds")}")"
