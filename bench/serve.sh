#!/usr/bin/env bash
# notebook serve under load beside python3 -m http.server and hugo server (same pages, loopback),
# then the time from a note's write() to the reload event on the 5,000-note corpus.
# usage: bash bench/serve.sh [NOTES]      (default 5000)
set -euo pipefail
cd "$(dirname "$0")/.."
notes=${1:-5000}
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

load() { # name URL
  local out
  out=$(wrk -t 2 -c 256 -d 10s "$2" 2>&1)
  local rps errors non2xx
  rps=$(awk '/Requests\/sec/ {print $2}' <<<"$out")
  errors=$(awk '/Socket errors/ {gsub(",", ""); print $4 + $6 + $8 + $10}' <<<"$out")
  non2xx=$(awk '/Non-2xx/ {print $5}' <<<"$out")
  printf '| %-28s | %10s | %6s |\n' "$1" "$rps" "$(( ${errors:-0} + ${non2xx:-0} ))"
}

echo "$notes notes, $(nproc) cores, wrk -t 2 -c 256 -d 10s on one note page over loopback"
echo "| server                       | requests/s | errors |"
echo "|------------------------------|-----------:|-------:|"

"$bin" serve "$work/site" --port 18401 >"$work/serve.log" 2>&1 &
pids+=($!)
wait_for "http://127.0.0.1:18401$page"
load "notebook serve" "http://127.0.0.1:18401$page"

"$bin" build "$work/site" -o "$work/public" >/dev/null 2>&1
(cd "$work/public" && exec python3 -m http.server 18402 --bind 127.0.0.1 >/dev/null 2>&1) &
pids+=($!)
wait_for "http://127.0.0.1:18402$page"
load "python3 -m http.server" "http://127.0.0.1:18402$page"

hugo_page="/${note#"$work/site/notes/"}"
hugo_page="${hugo_page%.md}/"
(cd "$work/hugo" && exec hugo server --port 18403 --buildFuture --disableLiveReload >/dev/null 2>&1) &
pids+=($!)
wait_for "http://127.0.0.1:18403$hugo_page"
load "hugo server $(hugo version | cut -d' ' -f2)" "http://127.0.0.1:18403$hugo_page"

echo
python3 bench/reload_latency.py http://127.0.0.1:18401/ "$note" 12
