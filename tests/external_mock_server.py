#!/usr/bin/env python3
"""A mock external pass model for fencefuzz's tests and benchmark (standard
library only).  It is the identity pass: each program comes back unchanged.

  external_mock_server.py            one program, stdin -> stdout (for ext:)
  external_mock_server.py --serve    the framed protocol of docs/external-models.md
                                     (for ext-server:), with injected faults:

  --crash-every N    exit with status 3 on every Nth program (a line on stderr first)
  --hang-every N     never answer the Nth programs (sleep)
  --garbage-every N  answer "garbage" instead of a frame
  --short-every N    announce 10 bytes more than are sent
  --long-every N     announce 5 bytes fewer than are sent
  --extra-every N    send 3 bytes after the frame
  --reject-every N   answer reject (the program refused)
  --error-every N    answer error (the pass failed; the server stays up)
  --counter FILE     count programs in FILE, across restarts and processes
                     (locked), instead of in this process
  --faults DIR       write each program given a fault to DIR/NAME-COUNT.py
  --hello MODE       ok (default), none (hang before it), exit, garbage,
                     proto2 (another protocol version), noversion
  --start-delay S    sleep S seconds before the hello
  --version TEXT     the version named in the hello (default "mock 1.0")
  --pidfile FILE     write this process's id to FILE at start
  --exec CMD         answer with what CMD (/bin/sh -c, the program on its stdin)
                     prints instead of the program itself
"""
import argparse
import fcntl
import os
import subprocess
import sys
import time


def parse_args():
    ap = argparse.ArgumentParser(add_help=True)
    ap.add_argument("--serve", action="store_true")
    for f in ("crash", "hang", "garbage", "short", "long", "extra", "reject", "error"):
        ap.add_argument("--%s-every" % f, type=int, default=0)
    ap.add_argument("--counter")
    ap.add_argument("--faults")
    ap.add_argument("--hello", default="ok")
    ap.add_argument("--start-delay", type=float, default=0.0)
    ap.add_argument("--version", default="mock 1.0")
    ap.add_argument("--pidfile")
    ap.add_argument("--exec", dest="exec_cmd")
    return ap.parse_args()


def next_count(args, state):
    if not args.counter:
        state[0] += 1
        return state[0]
    fd = os.open(args.counter, os.O_RDWR | os.O_CREAT, 0o644)
    try:
        fcntl.flock(fd, fcntl.LOCK_EX)
        raw = os.read(fd, 64).strip()
        n = int(raw) + 1 if raw else 1
        os.lseek(fd, 0, os.SEEK_SET)
        os.ftruncate(fd, 0)
        os.write(fd, str(n).encode())
        return n
    finally:
        os.close(fd)


def frame(out, tag, payload):
    out.write(b"%s %d\n" % (tag, len(payload)) + payload + b"\n")
    out.flush()


def read_frame(inp):
    head = inp.readline()
    if not head:
        return None, None
    tag, n = head.split()
    payload = inp.read(int(n))
    inp.read(1)
    return tag, payload


def write_all(fd, parts):
    """Writes the byte strings parts to fd with one system call (more only
    when the pipe takes part of them)."""
    while parts:
        n = os.writev(fd, parts)
        while parts and n >= len(parts[0]):
            n -= len(parts[0])
            parts = parts[1:]
        if parts and n:
            parts = [parts[0][n:]] + parts[1:]


def serve_identity(inp, fd):
    """The loop without faults: per program one buffered read of the frame
    and one writev of the answer (what bench/bench_ext measures)."""
    readline, read = inp.readline, inp.read
    while True:
        head = readline()
        if not head:
            return
        n = int(head.split()[1])
        payload = read(n + 1)  # the program and the LF closing its frame
        if len(payload) != n + 1:
            return
        if payload[n:] != b"\n":
            payload = payload[:n] + b"\n"
        write_all(fd, [b"result %d\n" % n, payload])


def serve(args):
    inp, out = sys.stdin.buffer, sys.stdout.buffer
    if args.pidfile:
        with open(args.pidfile, "w") as f:
            f.write("%d\n" % os.getpid())
    if args.start_delay:
        time.sleep(args.start_delay)
    hello = b"protocol 1\npass mock.identity\nversion %s\n" % args.version.encode()
    if args.hello == "none":
        time.sleep(3600)
    elif args.hello == "exit":
        sys.stderr.write("mock: cannot start\n")
        sys.exit(4)
    elif args.hello == "garbage":
        out.write(b"hello there\n")
        out.flush()
    elif args.hello == "proto2":
        frame(out, b"hello", b"protocol 2\npass mock.identity\nversion x\n")
    elif args.hello == "noversion":
        frame(out, b"hello", b"protocol 1\npass mock.identity\n")
    else:
        frame(out, b"hello", hello)
    faults = [f for f in ("hang", "crash", "garbage", "short", "long", "extra", "reject", "error")
              if getattr(args, f + "_every")]
    if not faults and not args.counter and not args.faults and not args.exec_cmd:
        out.flush()
        serve_identity(inp, out.fileno())
        return
    state = [0]
    while True:
        tag, text = read_frame(inp)
        if tag is None:
            return
        k = next_count(args, state)

        def due(every):
            return every > 0 and k % every == 0

        fault = next((f for f in ("hang", "crash", "garbage", "short", "long", "extra", "reject", "error")
                      if due(getattr(args, f + "_every"))), None)
        if fault and args.faults:
            with open(os.path.join(args.faults, "%s-%06d.py" % (fault, k)), "wb") as f:
                f.write(text)
        if fault == "hang":
            time.sleep(3600)
        elif fault == "crash":
            sys.stderr.write("mock: crashing on program %d\n" % k)
            sys.stderr.flush()
            os._exit(3)
        elif fault == "garbage":
            out.write(b"garbage\n")
            out.flush()
        elif fault == "short":
            out.write(b"result %d\n" % (len(text) + 10) + text + b"\n")
            out.flush()
        elif fault == "long":
            out.write(b"result %d\n" % (len(text) - 5) + text + b"\n")
            out.flush()
        elif fault == "extra":
            out.write(b"result %d\n" % len(text) + text + b"\nxyz")
            out.flush()
        elif fault == "reject":
            frame(out, b"reject", b"mock: this program is refused (program %d)\nsecond line" % k)
        elif fault == "error":
            frame(out, b"error", b"Traceback (most recent call last):\nmock.PassError: failed on %d" % k)
        elif args.exec_cmd:
            r = subprocess.run(args.exec_cmd, shell=True, input=text, stdout=subprocess.PIPE)
            frame(out, b"result", r.stdout)
        else:
            frame(out, b"result", text)


def main():
    args = parse_args()
    if args.serve:
        serve(args)
    else:
        sys.stdout.buffer.write(sys.stdin.buffer.read())


if __name__ == "__main__":
    main()
