/// The GitHub Actions workflow `notebook new site` writes: build with `--strict` and publish to
/// GitHub Pages.
enum PublishWorkflow {
    /// The path of the workflow inside a site.
    static let path = ".github/workflows/publish.yml"

    static let text = #"""
        # Builds this notebook with `notebook build --strict` and publishes it to GitHub Pages.
        # Set the repository variable NOTEBOOK_REPOSITORY to the notebook source repository's clone URL
        # (and NOTEBOOK_REF to a tag or branch), and choose "GitHub Actions" as the Pages source.
        name: Publish

        on:
          push:
            branches: [main]
          workflow_dispatch:

        permissions:
          contents: read
          pages: write
          id-token: write

        concurrency:
          group: pages
          cancel-in-progress: false

        env:
          NOTEBOOK_REF: ${{ vars.NOTEBOOK_REF || 'main' }}

        jobs:
          build:
            runs-on: ubuntu-24.04
            steps:
              - name: Check out the notebook
                uses: actions/checkout@v4

              - name: Install Swift
                uses: swift-actions/setup-swift@v2
                with:
                  swift-version: "6.1"

              - name: Install the C libraries notebook builds with and runs on
                run: |
                  sudo apt-get update
                  sudo apt-get install -y libcmark-gfm-dev libcmark-gfm-extensions-dev libyaml-dev libmicrohttpd-dev libjemalloc-dev libstemmer-dev libicu-dev pkg-config libjavascriptcoregtk-4.1-0 libjs-highlight.js libjs-katex

              - name: Find the notebook commit and the Swift version
                id: versions
                env:
                  NOTEBOOK_REPOSITORY: ${{ vars.NOTEBOOK_REPOSITORY }}
                run: |
                  # The commit NOTEBOOK_REF names now (a branch moves; a tag's commit is its peeled line).
                  commit=$(git ls-remote "$NOTEBOOK_REPOSITORY" "$NOTEBOOK_REF" "$NOTEBOOK_REF^{}" | sort -k2 | tail -n 1 | cut -f1)
                  echo "commit=${commit:-$NOTEBOOK_REF}" >> "$GITHUB_OUTPUT"
                  echo "swift=$(swift --version 2>&1 | sha256sum | cut -c1-16)" >> "$GITHUB_OUTPUT"

              - name: Restore notebook from the cache
                id: cache
                uses: actions/cache@v4
                with:
                  path: ~/.local/notebook
                  key: notebook-${{ runner.os }}-swift-${{ steps.versions.outputs.swift }}-${{ steps.versions.outputs.commit }}

              - name: Install notebook from its source repository
                if: steps.cache.outputs.cache-hit != 'true'
                env:
                  NOTEBOOK_REPOSITORY: ${{ vars.NOTEBOOK_REPOSITORY }}
                  NOTEBOOK_COMMIT: ${{ steps.versions.outputs.commit }}
                run: |
                  git init -q "$RUNNER_TEMP/notebook"
                  git -C "$RUNNER_TEMP/notebook" fetch -q --depth 1 "$NOTEBOOK_REPOSITORY" "$NOTEBOOK_COMMIT"
                  git -C "$RUNNER_TEMP/notebook" checkout -q FETCH_HEAD
                  bash "$RUNNER_TEMP/notebook/scripts/install" "$HOME/.local/notebook"

              - name: Configure GitHub Pages
                id: pages
                uses: actions/configure-pages@v5

              - name: Build the site
                run: |
                  "$HOME/.local/notebook/bin/notebook" build . --strict --format github --base-url "${{ steps.pages.outputs.base_url }}/"

              - name: Upload the site
                uses: actions/upload-pages-artifact@v3
                with:
                  path: public

          deploy:
            needs: build
            runs-on: ubuntu-24.04
            environment:
              name: github-pages
              url: ${{ steps.deployment.outputs.page_url }}
            steps:
              - name: Deploy to GitHub Pages
                id: deployment
                uses: actions/deploy-pages@v4

        """#
}
