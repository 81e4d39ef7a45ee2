#!/usr/bin/env python3
"""The search at 5,000 notes: how large its files are beside the notes' text, and how long a query
takes in Chromium.

    /usr/bin/python3 bench/search.py [NOTES]        (default 5,000)

Generates NOTES notes with ../shared/bench/gen_corpus.py, builds them with the release binary,
and prints:

- the notes' text (search/text/*.json, the snippets' source) and the index: index.json (every
  page's title, link, folder and length), the term files in all, the largest, and what the first
  query of each test word loads (index.json and the term files of its words), each as a share of
  the text;
- the time of a query in headless Chromium (Tests/browser's venv and drivers), from the page's
  script (notebookSearch.search, which the search box calls): the first query, which fetches
  index.json and a term file, and the median of 20 more over files already loaded;
- what the search page (/search/?q=QUERY) downloads for a query, its 20 snippets shown: the
  index, the term files and the text files of the results shown.
"""

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT / "Tests" / "browser"))
import test_site  # noqa: E402  (the browser tests' venv, Chromium and static server)

QUERIES = ["plan", "river kettle", "harvest", "bread station", "margin", "wint"]


def main():
    notes = int(sys.argv[1]) if len(sys.argv) > 1 else 5000
    test_site.ensure_selenium()
    binary = subprocess.run(["bash", "-c", "source scripts/release.sh && notebook_build_release notebook >&2 && "
                             "echo $(notebook_release_bin_path)/notebook"], cwd=ROOT, check=True,
                            capture_output=True, text=True).stdout.strip()
    with tempfile.TemporaryDirectory() as scratch:
        site = Path(scratch) / "site"
        subprocess.run([sys.executable, str(ROOT.parent / "shared" / "bench" / "gen_corpus.py"), "--notes", str(notes), str(site)],
                       check=True, stdout=subprocess.DEVNULL)
        output = Path(scratch) / "public"
        subprocess.run([binary, "build", str(site), "-o", str(output)], check=True, stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        search = output / "search"
        text = sum(f.stat().st_size for f in (search / "text").glob("*.json"))
        index = (search / "index.json").stat().st_size
        terms = {f.stem: f.stat().st_size for f in (search / "terms").glob("*.json")}
        meta = json.loads((search / "index.json").read_text(encoding="utf-8"))
        print(f"{notes} notes, {len(meta['pages'])} pages the search finds")
        print(f"text (search/text/*.json)      {text / 1e6:8.2f} MB")
        print(f"index.json                     {index / 1e6:8.3f} MB  {index / text:6.1%} of the text")
        print(f"term files, all {len(terms)}            {sum(terms.values()) / 1e6:8.3f} MB  {sum(terms.values()) / text:6.1%}")
        print(f"largest term file ({max(terms, key=terms.get)})        {max(terms.values()) / 1e6:8.3f} MB")
        for query in QUERIES:
            keys = {word[0] for word in query.split()}
            loaded = index + sum(terms[key] for key in keys)
            print(f"first query {query!r:16} loads {loaded / 1e6:6.3f} MB  {loaded / text:6.1%} of the text")
        times, loads = query_times(output)
        for query, (first, warm) in times.items():
            print(f"query {query!r:16} first {first:7.1f} ms (fetching its files), then median {warm:6.2f} ms")
        for query, (files, size) in loads.items():
            print(f"search page {query!r:16} with its snippets: {files} files, {size / 1e6:6.3f} MB  {size / text:6.1%} of the text")


def query_times(output):
    from selenium.webdriver.support.ui import WebDriverWait
    chromium = shutil_which("chromium")
    driver = test_site.start_browser(chromium, shutil_which("chromedriver"))
    times = {}
    loads = {}
    try:
        with test_site.SiteServer(output) as server:
            for query in QUERIES:
                # A fresh page for each query: its first search loads the files.
                driver.get(server.base + "/")
                WebDriverWait(driver, 10).until(lambda d: d.execute_script("return !!(window.notebookSearch && notebookSearch.search)"))
                measured = driver.execute_async_script("""
                    const [query, done] = arguments;
                    const times = [];
                    (async () => {
                      let start = performance.now();
                      await notebookSearch.search(query);
                      times.push(performance.now() - start);
                      for (let i = 0; i < 20; i++) {
                        start = performance.now();
                        await notebookSearch.search(query);
                        times.push(performance.now() - start);
                      }
                      done(times);
                    })();""", query)
                times[query] = (measured[0], statistics.median(measured[1:]))
            for query in QUERIES:
                driver.get(server.base + "/")
                driver.get(server.base + "/search/?q=" + query.replace(" ", "+"))
                WebDriverWait(driver, 10).until(lambda d: d.find_elements("css selector", ".search-page .search-snippet"))
                # Every result's snippet filled (or its file failed): its text file has come.
                WebDriverWait(driver, 10).until(lambda d: d.execute_script(
                    "return [...document.querySelectorAll('.search-page .search-snippet')].every(s => s.textContent)"))
                files = driver.execute_script(
                    "return performance.getEntriesByType('resource').filter(r => r.name.includes('/search/') && r.name.endsWith('.json'))"
                    ".map(r => r.decodedBodySize)")
                loads[query] = (len(files), sum(files))
    finally:
        driver.quit()
    return times, loads


def shutil_which(name):
    import shutil
    found = shutil.which(name)
    if not found:
        sys.exit(f"bench/search.py: {name} is missing (scripts/dependencies.sh installs it with the site test packages)")
    return found


if __name__ == "__main__":
    main()
