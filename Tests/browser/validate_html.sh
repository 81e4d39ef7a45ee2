#!/usr/bin/env bash
# Runs every page (*.html) of a built site through HTML Tidy (Debian's `tidy`).
#   bash Tests/browser/validate_html.sh OUTPUT_DIR
# Exits non-zero when tidy reports an error on any page; warnings are counted and listed, not
# fatal. Closes with a line `tidy: N pages, E errors, W warnings`.
# Without tidy: fails under CI=true, otherwise skips with a message (exit 0).
set -euo pipefail

out="${1:?usage: validate_html.sh OUTPUT_DIR}"
[ -d "$out" ] || { echo "validate_html: no such folder: $out" >&2; exit 2; }

if ! command -v tidy >/dev/null 2>&1; then
  if [ "${CI:-}" = "true" ]; then
    echo "validate_html: tidy is not installed (apt-get install tidy)" >&2
    exit 1
  fi
  echo "validate_html: SKIPPED, tidy is not installed (apt-get install tidy)"
  exit 0
fi

pages=0 errors=0 warnings=0
report=$(mktemp)
trap 'rm -f "$report"' EXIT

while IFS= read -r -d '' page; do
  pages=$((pages + 1))
  # tidy exits 0 (clean), 1 (warnings) or 2 (errors); its messages go to stderr:
  # "line L column C - Error: ..." / "line L column C - Warning: ...".
  set +e
  messages=$(tidy -errors -quiet -utf8 "$page" 2>&1 >/dev/null)
  status=$?
  set -e
  page_errors=$(grep -c ' - Error: ' <<<"$messages" || true)
  page_warnings=$(grep -c ' - Warning: ' <<<"$messages" || true)
  if [ "$status" -ge 2 ] && [ "$page_errors" -eq 0 ]; then
    page_errors=1  # tidy failed without a parsable error line
  fi
  errors=$((errors + page_errors))
  warnings=$((warnings + page_warnings))
  rel="${page#"$out"/}"
  if [ -n "$messages" ]; then
    sed "s|^|$rel: |" <<<"$messages" >>"$report"
  fi
done < <(find "$out" -type f -name '*.html' -print0 | sort -z)

if [ "$pages" -eq 0 ]; then
  echo "validate_html: no *.html under $out" >&2
  exit 1
fi

if [ "$errors" -gt 0 ]; then
  echo "tidy errors:"
  grep ' - Error: ' "$report" || true
fi
if [ "$warnings" -gt 0 ]; then
  echo "tidy warnings, by kind (count: warning — pages):"
  grep ' - Warning: ' "$report" | awk '
    { page = $1; sub(/:$/, "", page); kind = $0; sub(/^.* - Warning: /, "", kind)
      count[kind]++; if (!((kind, page) in seen)) { seen[kind, page] = 1; pages[kind] = pages[kind] " " page } }
    END { for (kind in count) printf "%6d: %s —%s\n", count[kind], kind, pages[kind] }' | sort -rn
fi
echo "tidy: $pages pages, $errors errors, $warnings warnings"
[ "$errors" -eq 0 ]
