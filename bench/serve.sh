#!/usr/bin/env bash
# notebook serve under load beside hugo server (same notes, loopback), alternating, RUNS times
# each (default 5), with the medians and their ratio; python3 -m http.server once, for scale;
# then the time from a note's write() to the reload event, and the rebuild the build report
# gives, over 12 edits of a note of the 5,000-note corpus (a paragraph added), and 12 of its title.
# usage: bash bench/serve.sh [NOTES] [RUNS]      (defaults 5000 and 5)
set -euo pipefail
cd "$(dirname "$0")/.."
notes=${1:-5000}
runs=${2:-5}
source scripts/dependencies.sh
source scripts/release.sh
notebook_install_dependencies
for tool in wrk hugo curl; do
  command -v "$tool" >/dev/null 2>&1 || { apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq "$tool" >/dev/null; }
done
notebook_build_release notebook 2>/dev/null
bin="$(notebook_release_bin_path)/notebook"
work=$(mktemp -d "${TMPDIR:-/var/tmp}/notebook-serve-bench.XXXXXX")
pids=()
cleanup() { for pid in "${pids[@]}"; do kill "$pid" 2>/dev/null || true; wait "$pid" 2>/dev/null || true; done; rm -rf "$work"; }
trap cleanup EXIT

python3 ../shared/bench/gen_corpus.py "$work/site" --notes "$notes" --hugo "$work/hugo" >/dev/null
note=$(find "$work/site/notes" -name 'note-000042.md')
page="/${note#"$work/site/notes/"}"
page="${page%.md}/"

wait_for() { # URL: waits until it answers 200
  for _ in $(seq 600); do
    [ "$(curl -s -o /dev/null -w '%{http_code}' "$1")" = 200 ] && return 0
    sleep 0.1
  done
  echo "no answer from $1" >&2; return 1
}

median() { sort -n | awk '{a[NR]=$1} END {print (NR%2 ? a[(NR+1)/2] : (a[NR/2]+a[NR/2+1])/2)}'; }

load() { # name URL: one wrk run; appends "requests/s errors" to $work/name.runs
  local out rps errors non2xx
  out=$(wrk -t 2 -c 256 -d 10s "$2" 2>&1)
  rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
  errors=$(awk '/Socket errors/ {gsub(",", ""); print $4 + $6 + $8 + $10}' <<<"$out")
  non2xx=$(awk '/Non-2xx/ {print $5}' <<<"$out")
  echo "$rps $(( ${errors:-0} + ${non2xx:-0} ))" >> "$work/$1.runs"
}

"$bin" serve "$work/site" --port 18401 >"$work/serve.log" 2>&1 &
pids+=($!)
wait_for "http://127.0.0.1:18401$page"
(cd "$work/hugo" && exec hugo server --port 18403 --buildFuture --disableLiveReload >/dev/null 2>&1) &
pids+=($!)
wait_for "http://127.0.0.1:18403$page"
"$bin" build "$work/site" -o "$work/public" >/dev/null 2>&1
(cd "$work/public" && exec python3 -m http.server 18402 --bind 127.0.0.1 >/dev/null 2>&1) &
pids+=($!)
wait_for "http://127.0.0.1:18402$page"

for _ in $(seq "$runs"); do
  load notebook "http://127.0.0.1:18401$page"
  load hugo "http://127.0.0.1:18403$page"
done
load python "http://127.0.0.1:18402$page"

row() { # label name
  printf '| %-28s | %10.0f | %6d | %s |\n' "$1" "$(cut -d' ' -f1 "$work/$2.runs" | median)" \
    "$(cut -d' ' -f2 "$work/$2.runs" | awk '{s+=$1} END {print s}')" "$(cut -d' ' -f1 "$work/$2.runs" | sort -n | tr '\n' ' ')"
}
echo "$notes notes, $(nproc) cores, wrk -t 2 -c 256 -d 10s on one note page over loopback; notebook and hugo alternate, $runs runs each"
echo "| server                       | median requests/s | errors (all runs) | runs |"
echo "|------------------------------|-----------:|-------:|------|"
row "notebook serve" notebook
row "hugo server $(hugo version | cut -d' ' -f2)" hugo
row "python3 -m http.server (once)" python
awk -v n="$(cut -d' ' -f1 "$work/notebook.runs" | median)" -v h="$(cut -d' ' -f1 "$work/hugo.runs" | median)" \
  'BEGIN {printf "notebook serve / hugo server: %.2f\n", n / h}'

echo
python3 bench/reload_latency.py http://127.0.0.1:18401/ "$note" 12
echo
python3 bench/reload_latency.py http://127.0.0.1:18401/ "$note" 12 --title
