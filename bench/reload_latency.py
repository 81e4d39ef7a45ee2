#!/usr/bin/env python3
"""Time from the write() of a note to the moment a client connected to `notebook serve` receives
the reload event, over several edits; prints each edit and the median.

usage: reload_latency.py URL NOTE_PATH [EDITS] [--title]

Each edit adds a paragraph to the note; with --title it changes the note's title instead (the
front matter's `title:` line), which changes what other notes' wikilinks may name.
"""
import json
import socket
import statistics
import sys
import time
import urllib.request
from urllib.parse import urlparse


def events(url):
    """Yields the data of each Server-Sent Event from URL/_notebook/events."""
    parts = urlparse(url)
    sock = socket.create_connection((parts.hostname, parts.port), timeout=30)
    sock.sendall(f"GET /_notebook/events HTTP/1.1\r\nHost: {parts.netloc}\r\nAccept: text/event-stream\r\n\r\n".encode())
    buffer = b""
    while True:
        chunk = sock.recv(65536)
        if not chunk:
            return
        buffer += chunk
        while b"\n" in buffer:
            line, buffer = buffer.split(b"\n", 1)
            line = line.strip()
            if line.startswith(b"data:"):
                yield line[5:].strip().decode()


def main():
    arguments = [argument for argument in sys.argv[1:] if argument != "--title"]
    retitle = "--title" in sys.argv[1:]
    url, note = arguments[0], arguments[1]
    edits = int(arguments[2]) if len(arguments) > 2 else 12
    stream = events(url)
    current = next(stream)
    original = open(note, encoding="utf-8").read()
    latencies, rebuilds = [], []
    try:
        for edit in range(edits):
            if retitle:
                head, title, rest = original.partition("\ntitle: ")
                if not title:
                    sys.exit(f"{note} has no title: line")
                line, newline, rest = rest.partition("\n")
                text = f"{head}{title}\"Edit {edit} of the reload benchmark\"{newline}{rest}"
            else:
                text = original + f"\nEdit number {edit} of the reload benchmark.\n"
            start = time.perf_counter()
            with open(note, "w", encoding="utf-8") as handle:
                handle.write(text)
            while True:
                generation = next(stream)
                if generation != current:
                    break
            latencies.append((time.perf_counter() - start) * 1000)
            current = generation
            build = json.load(urllib.request.urlopen(url.rstrip("/") + "/_notebook/build"))
            rebuilds.append(build["milliseconds"])
            print(f"edit {edit + 1:2d}: reload event after {latencies[-1]:6.1f} ms "
                  f"(rebuild {build['milliseconds']:.1f} ms, {len(build['written'])} files, succeeded {build['succeeded']})")
            time.sleep(0.3)
    finally:
        with open(note, "w", encoding="utf-8") as handle:
            handle.write(original)
    kind = "title edits" if retitle else "edits"
    print(f"write -> reload event: median {statistics.median(latencies):.1f} ms, max {max(latencies):.1f} ms "
          f"over {edits} {kind}; rebuild alone: median {statistics.median(rebuilds):.1f} ms")


if __name__ == "__main__":
    main()
