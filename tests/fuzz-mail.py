#!/usr/bin/env python3
"""fuzz-mail.py: the referee's mail reader against mails it was not written for.

usage: fuzz-mail.py REFEREE N MAIL...
REFEREE is the referee's program (LIBEXECDIR/catan-tools/catan-referee), loaded as a module;
each MAIL is a seed.  N mails made from the seeds by a generator with a fixed seed (bytes
flipped, cut, repeated, dropped; header lines and MIME boundaries added or broken; NUL bytes,
8-bit bytes, very long lines) are read as the referee reads a mail: its headers, its text,
its moves, commands and password; then the reply to it is written.  Reading may find nothing
in a mail, but neither it nor the reply may fail, what it finds must hold no control
character, and the reply must be lines of at most 998 bytes, its headers plain ASCII and its
text UTF-8, as RFC 5322 and RFC 6532 say.  Exits 0 with one line, 1 with the first
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
           b"\npassword x\n", b"\nroll.\n", b"\n\x1b[31m\x07\n", b"\n-- \n", b"<" * 50,
           b"\nSubject: Gr\xc3\xbc\xc3\x9fe f\xfcr \x93dich\x94\n", b"\nMessage-ID: <\xc3\xa9\x1b\x07@x>\n",
           b"\nSubject: =?utf-8?q?=1B[2J=07?= =?koi8-r?b?8NLJ18XU?=\n", b"\xe2\x80\xae", b"\n\t\xc3\xa9"]
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
    referee = ref.Referee({"from": None, "log": None})
    words = ref.grammar(referee)
    rng = random.Random(2026)
    n = int(sys.argv[2])
    for i in range(n):
        data = mutate(rng, rng.choice(seeds))
        try:
            mail = ref.Mail(data)
            said = ref.read_text(mail, "red", words)
            moves = [m for _, m in said.moves]
            for text in [mail.sender, mail.subject, mail.tag, mail.auto, mail.several,
                         mail.shown_id(), mail.reply_id or ""] + moves + said.commands + \
                    [said.password or ""] + list(ref.unread_lines(said)):
                if CONTROL.search(text):
                    raise ValueError("a control character in %r" % text)
            reply = referee.message(mail.sender or "x@example.org", ref.re_subject(mail, ""),
                                    "\n".join(moves) + "\n", mail.reply_id)
            head, _, text = reply.partition(b"\n\n")
            head.decode("ascii")
            text.decode("utf-8")
            for line in reply.split(b"\n"):
                if len(line) > 998:
                    raise ValueError("a reply's line of %d bytes" % len(line))
        except Exception:
            with open("fuzz-mail.failed.eml", "wb") as f:
                f.write(data)
            print("fuzz-mail: mail %d failed:\n%s" % (i, traceback.format_exc()), file=sys.stderr)
            return 1
    print("fuzz-mail: %d mails read" % n)
    return 0


if __name__ == "__main__":
    sys.exit(main())
