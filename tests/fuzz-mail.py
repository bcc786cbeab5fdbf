#!/usr/bin/env python3
"""fuzz-mail.py: the referee's mail reader against mails it was not written for.

usage: fuzz-mail.py REFEREE N MAIL...
REFEREE is the referee's program (LIBEXECDIR/catan-tools/catan-referee), loaded as a module;
each MAIL is a seed.  N mails made from the seeds by a generator with a fixed seed (bytes
flipped, cut, repeated, dropped; header lines and MIME boundaries added or broken; NUL bytes,
8-bit bytes, very long lines) are read as the referee reads a mail: its headers, its text,
its moves, commands and password.  Reading may find nothing in a mail, but it must not fail,
and what it finds must hold no control character.  Exits 0 with one line, 1 with the first
mail that failed, written to fuzz-mail.failed.eml.
"""
import importlib.machinery
import importlib.util
import random
import re
import sys
import traceback

INSERTS = [b"\n", b"\r\n", b"\0", b"\xff\xfe", b"=?utf-8?b?////?=", b"=?x-unknown?q?a?=",
           b"\nContent-Type: multipart/mixed; boundary=\"b\"\n", b"\n--b\n", b"\n--b--\n",
           b"\nContent-Transfer-Encoding: base64\n", b"\nContent-Transfer-Encoding: quoted-printable\n",
           b"=\n", b"=ZZ", b"\nFrom: a@b, c@d\n", b"\nMessage-ID: <a b@c>\n",
           b"\nContent-Type: text/html; charset=\"utf-8\"\n\n<div><blockquote>",
           b"\npassword x\n", b"\nroll.\n", b"\n\x1b[31m\x07\n", b"\n-- \n", b"<" * 50]
CONTROL = re.compile(r"[\x00-\x08\x0b-\x1f\x7f-\x9f]")


def mutate(rng, data):
    data = bytearray(data)
    for _ in range(rng.randint(1, 8)):
        op = rng.randrange(6)
        at = rng.randint(0, len(data))
        if op == 0 and data:
            data[rng.randrange(len(data))] ^= 1 << rng.randrange(8)
        elif op == 1:
            data[at:at] = rng.choice(INSERTS)
        elif op == 2:
            del data[at:at + rng.randint(1, 64)]
        elif op == 3:
            data[at:at] = bytes(rng.randrange(256) for _ in range(rng.randint(1, 32)))
        elif op == 4:
            data = data[:at]
        else:
            data[at:at] = rng.choice([b"x", b" ", b"=", b"\n>"]) * rng.randint(100, 5000)
    return bytes(data)


def main():
    if len(sys.argv) < 4:
        print("usage: fuzz-mail.py REFEREE N MAIL...", file=sys.stderr)
        return 2
    loader = importlib.machinery.SourceFileLoader("referee", sys.argv[1])
    spec = importlib.util.spec_from_loader("referee", loader)
    ref = importlib.util.module_from_spec(spec)
    loader.exec_module(ref)
    seeds = [open(p, "rb").read() for p in sys.argv[3:]]
    # The move grammar, asked of the catan-move beside the referee once for all mails.
    words = ref.grammar(ref.Referee({"from": None, "log": None}))
    rng = random.Random(2026)
    n = int(sys.argv[2])
    for i in range(n):
        data = mutate(rng, rng.choice(seeds))
        try:
            mail = ref.Mail(data)
            moves, commands, password, _ = ref.read_text(mail, "red", words)
            for text in [mail.sender, mail.subject, mail.resubject, mail.tag, mail.auto,
                         mail.several] + moves + commands + [password or ""]:
                if CONTROL.search(text):
                    raise ValueError("a control character in %r" % text)
        except Exception:
            with open("fuzz-mail.failed.eml", "wb") as f:
                f.write(data)
            print("fuzz-mail: mail %d failed:\n%s" % (i, traceback.format_exc()), file=sys.stderr)
            return 1
    print("fuzz-mail: %d mails read" % n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
