#!/usr/bin/env bash
# JSON decode throughput on one core: (a) the 5,000-note generated corpus converted to JSON with
# `notebook convert`, (b) one generated note of at least 10 MB in the keyed shape.
# usage: bash bench/json_decode.sh [NOTES]   (default 5000)
set -euo pipefail
cd "$(dirname "$0")/.."
notes=${1:-5000}
source scripts/dependencies.sh
source scripts/release.sh
notebook_install_dependencies
notebook_build_release notebook 2>/dev/null
notebook_build_release notebook-bench 2>/dev/null
bin=$(notebook_release_bin_path)
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
python3 ../shared/bench/gen_corpus.py "$work/md" --notes "$notes" >/dev/null
mkdir -p "$work/json"
find "$work/md/notes" -name '*.md' -print0 | while IFS= read -r -d '' note; do
  name=$(echo "${note#"$work/md/notes/"}" | tr '/' '_')
  echo "$note" "$work/json/${name%.md}.json"
done | xargs -P "$(nproc)" -n 2 sh -c '"$0" convert "$1" --to json -o "$2" 2>/dev/null' "$bin/notebook"
python3 bench/gen_keyed_note.py "$work/keyed.json" --megabytes 10
echo "(a) $notes-note corpus as JSON:"
"$bin/notebook-bench" json-decode "$work/json"
echo "(b) one keyed note:"
"$bin/notebook-bench" json-decode "$work/keyed.json"
