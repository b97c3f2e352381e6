#!/usr/bin/env python3
"""Types keys into an interactive program on a pseudo-terminal and prints
what the terminal showed, escape sequences removed: a real shell's
completion, seen as a person would see it.

usage: type_in_terminal.py KEYS [--until=TEXT]... PROGRAM [ARG...]
KEYS may hold \\t for Tab. Output is read until the program falls quiet,
or, given --until, until every TEXT has been shown (a loaded machine can
fall quiet for a while before a completion appears).
"""
import os
import pty
import re
import select
import sys
import time


def read_some(fd, out):
    """Waits up to 50 ms for output and keeps it. "quiet" when there was
    none, "ended" when the terminal closed, else "read"."""
    ready, _, _ = select.select([fd], [], [], 0.05)
    if not ready:
        return "quiet"
    try:
        data = os.read(fd, 65536)
    except OSError:
        return "ended"
    if not data:
        return "ended"
    out.append(data)
    return "read"


def read_until_quiet(fd, out, quiet=1.5, limit=10.0):
    """Reads until the program has said something and then nothing for `quiet` seconds."""
    start = time.time()
    last = None
    while time.time() - start < limit:
        step = read_some(fd, out)
        if step == "ended" or (step == "quiet" and last is not None and time.time() - last >= quiet):
            return
        if step == "read":
            last = time.time()


def shown(out):
    text = b"".join(out).decode("utf-8", "replace")
    text = re.sub(r"\x1b\][^\x07]*\x07", "", text)          # titles
    text = re.sub(r"\x1b\[[0-9;?]*[A-Za-z]", " ", text)      # cursor and colours
    return re.sub(r"\x1b[()=>][A-Za-z0-9]?", "", text)


def read_until_shown(fd, out, texts, limit=60.0):
    """Reads until every one of `texts` is on the screen (or `limit` seconds pass)."""
    start = time.time()
    while time.time() - start < limit and not all(t in shown(out) for t in texts):
        if read_some(fd, out) == "ended":
            return


def main():
    keys = sys.argv[1].replace("\\t", "\t")
    argv = sys.argv[2:]
    until = [a[len("--until="):] for a in argv if a.startswith("--until=")]
    argv = [a for a in argv if not a.startswith("--until=")]
    pid, fd = pty.fork()
    if pid == 0:
        os.execvp(argv[0], argv)
    out = []
    read_until_quiet(fd, out)
    os.write(fd, keys.encode())
    if until:
        read_until_shown(fd, out, until)
    else:
        read_until_quiet(fd, out)
    os.kill(pid, 9)
    os.waitpid(pid, 0)
    sys.stdout.write(shown(out))


main()
