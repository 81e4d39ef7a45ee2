#!/usr/bin/env bash
# Installs the Debian packages notebook builds against, when they are missing (and, for
# scripts/test, those its HTML and browser checks need).
# Sourced by scripts/example and scripts/test; safe to run on its own.
set -euo pipefail

notebook_missing_packages() {
  local missing=()
  command -v pkg-config >/dev/null 2>&1 || missing+=(pkg-config)
  [ -f /usr/include/cmark-gfm.h ] || missing+=(libcmark-gfm-dev)
  [ -f /usr/include/cmark-gfm-core-extensions.h ] || missing+=(libcmark-gfm-extensions-dev)
  [ -f /usr/include/yaml.h ] || missing+=(libyaml-dev)
  [ -f /usr/include/microhttpd.h ] || missing+=(libmicrohttpd-dev)
  [ -f /usr/include/jemalloc/jemalloc.h ] || missing+=(libjemalloc-dev)
  # The search index: Snowball's stemmers and ICU's word breaker.
  [ -f /usr/include/libstemmer.h ] || missing+=(libstemmer-dev)
  [ -f /usr/include/unicode/ubrk.h ] || missing+=(libicu-dev)
  # What builds run: JavaScriptCore, Debian's highlight.js to highlight fenced code and KaTeX to
  # typeset math (the library is opened when a script first runs: no -dev package, notebook
  # declares what it calls).
  ls /usr/lib/*/libjavascriptcoregtk-4.1.so.0 >/dev/null 2>&1 || missing+=(libjavascriptcoregtk-4.1-0)
  [ -f /usr/share/javascript/highlight.js/highlight.min.js ] || missing+=(libjs-highlight.js)
  [ -f /usr/share/javascript/katex/katex.min.js ] || missing+=(libjs-katex)
  command -v python3 >/dev/null 2>&1 || missing+=(python3)
  echo "${missing[@]:-}"
}

notebook_install_dependencies() { notebook_install_missing notebook_missing_packages; }

# What swift test needs beyond the build: the word list on which search.js's stemmer is checked
# against libstemmer, and esbuild, which checks that the built-in themes' assets are their
# sources minified (scripts/minify-themes).
notebook_missing_unit_test_packages() {
  local missing=()
  [ -f /usr/share/dict/american-english ] || missing+=(wamerican)
  command -v esbuild >/dev/null 2>&1 || missing+=(esbuild)
  echo "${missing[@]:-}"
}

notebook_install_unit_test_dependencies() { notebook_install_missing notebook_missing_unit_test_packages; }

# What scripts/test needs beyond swift test: tidy for Tests/browser/validate_html.sh, and Chromium,
# its WebDriver and a venv-capable /usr/bin/python3 for Tests/browser/test_site.py.
notebook_missing_site_test_packages() {
  local missing=()
  command -v tidy >/dev/null 2>&1 || missing+=(tidy)
  command -v chromium >/dev/null 2>&1 || missing+=(chromium)
  command -v chromedriver >/dev/null 2>&1 || missing+=(chromium-driver)
  [ -x /usr/bin/python3 ] || missing+=(python3)
  /usr/bin/python3 -c 'import ensurepip, venv' >/dev/null 2>&1 || missing+=(python3-venv)
  echo "${missing[@]:-}"
}

notebook_install_site_test_dependencies() { notebook_install_missing notebook_missing_site_test_packages; }

# Installs the packages that the function named $1 says are missing, if any.
notebook_install_missing() {
  local missing
  missing=$("$1")
  [ -z "$missing" ] && return 0
  # shellcheck disable=SC2086
  notebook_apt_install $missing
}

# Installs the given Debian packages with apt-get, through sudo when not root.
notebook_apt_install() {
  local missing="$*"
  echo "notebook: installing Debian packages: $missing" >&2
  local sudo=""
  if [ "$(id -u)" -ne 0 ]; then
    command -v sudo >/dev/null 2>&1 || { echo "notebook: run as root or install: $missing" >&2; return 1; }
    sudo="sudo"
  fi
  $sudo apt-get update -qq
  # shellcheck disable=SC2086
  DEBIAN_FRONTEND=noninteractive $sudo apt-get install -y -qq --no-install-recommends $missing >/dev/null
}

if [ "${BASH_SOURCE[0]}" = "$0" ]; then
  notebook_install_dependencies
fi
