#!/usr/bin/python3
# referee_test: unit tests of catan-referee's mail reading, replies and files, in seconds,
# beside the end-to-end games of catan-referee.bats (which runs this file).
#   python3 tests/referee_test.py [REFEREE]     REFEREE: the script under test (default: the
#                                               build's, $CATAN_BIN/../libexec/catan-tools/)
import email
import email.policy
import importlib.machinery
import importlib.util
import io
import os
import re
import sys
import tempfile
import unittest
from contextlib import redirect_stderr


def load(path):
    loader = importlib.machinery.SourceFileLoader("referee", path)
    spec = importlib.util.spec_from_loader("referee", loader)
    mod = importlib.util.module_from_spec(spec)
    loader.exec_module(mod)
    return mod


here = os.path.dirname(os.path.abspath(__file__))
if len(sys.argv) > 1 and not sys.argv[1].startswith("-"):
    PATH = sys.argv.pop(1)
elif os.environ.get("CATAN_BIN"):
    PATH = os.path.join(os.environ["CATAN_BIN"], "..", "libexec", "catan-tools", "catan-referee")
else:
    PATH = os.path.join(here, "..", "cmd", "catan-referee.py")
R = load(PATH)

# Every character a header or a line of a reply must never hold.
BAD = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u2028-\u202e\u2066-\u2069]")


def write(path, text):
    with open(path, "w", encoding="utf-8") as f:
        f.write(text)


def read(path):
    with open(path, encoding="utf-8") as f:
        return f.read()


def mail(headers, body=b"roll\n"):
    """A Mail read from HEADERS (bytes, one header a line) and BODY."""
    return R.Mail(b"From: alice@example.org\n" + headers + b"\n\n" + body)


def referee(tmp, **opts):
    o = {"games": None, "from": None, "log": os.path.join(tmp, "log"), "passwords": False,
         "allow_seeded": False, "text_only": True, "tick": False, "now": 1790000000,
         "remind": 24 * 3600, "deadline": 72 * 3600}
    o.update(opts)
    return R.Referee(o)


def reply_of(ref, m):
    """The reply REF writes to mail M, read back by the email package."""
    data = ref.message("alice@example.org", R.re_subject(m, ""), "Now: red to play (roll).\n",
                       m.reply_id)
    for line in data.split(b"\n"):
        assert len(line) <= 998, line
        line.decode("ascii")  # every header encoded, the body quoted-printable or 8-bit UTF-8
    return email.message_from_bytes(data, policy=email.policy.default), data


class Headers(unittest.TestCase):
    """Every header shape a mail server delivers: raw 8-bit (UTF-8, Latin-1, both), RFC 2047
    in any charset, broken, folded, overlong; none fails, none carries a control character
    into a reply."""

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.ref = referee(self.tmp.name)

    def tearDown(self):
        self.tmp.cleanup()

    def subject(self, raw, want):
        m = mail(b"Subject: " + raw)
        self.assertEqual(want, m.subject)
        msg, _ = reply_of(self.ref, m)
        self.assertEqual("Re: " + want if want else "Re: your moves", str(msg["Subject"]))
        return m

    def test_raw_utf8_subject(self):
        self.subject(b"Gr\xc3\xbc\xc3\x9fe", "Grüße")

    def test_raw_latin1_subject(self):
        self.subject(b"Gr\xfc\xdfe aus K\xf6ln", "Grüße aus Köln")

    def test_utf8_and_latin1_in_one_subject(self):
        self.subject(b"Gr\xc3\xbc\xc3\x9fe f\xfcr dich", "Grüße für dich")

    def test_windows_1252_quotes(self):
        self.subject(b"\x93my turn\x94", "\u201cmy turn\u201d")

    def test_rfc2047_charsets(self):
        self.subject(b"=?iso-8859-1?q?Gr=FC=DFe?=", "Grüße")
        self.subject(b"=?utf-8?b?R3LDvMOfZQ==?=", "Grüße")
        self.subject(b"=?koi8-r?b?8NLJ18XU?=", "Привет")
        self.subject(b"=?shift_jis?b?grGC8YLJgr+CzQ==?=", "こんにちは")

    def test_rfc2047_unknown_or_broken(self):
        self.subject(b"=?x-unknown?q?abc?=", "abc")
        m = mail(b"Subject: =?utf-8?b?!!!?= =?utf-8?q?ok")
        self.assertFalse(BAD.search(m.subject))
        reply_of(self.ref, m)
        m = mail(b"Subject: =?utf-8?q?=FF=FE?=")
        self.assertFalse(BAD.search(m.subject))
        reply_of(self.ref, m)

    def test_encoded_control_characters_never_reach_the_reply(self):
        m = self.subject(b"=?utf-8?q?=1B]0;x=07red=1B[31m?=", "]0;xred[31m")
        msg, data = reply_of(self.ref, m)
        self.assertFalse(BAD.search(str(msg["Subject"])))
        m = self.subject("\u202emy turn\u2066".encode(), "my turn")

    def test_folded_and_overlong(self):
        self.subject(b"my\n\tturn,\n  folded", "my turn, folded")
        m = mail(b"Subject: " + b"y" * 20000)
        self.assertEqual("y" * 200 + "...", m.subject)
        reply_of(self.ref, m)
        m = mail(b"Subject: " + "\u00fc".encode() * 20000)
        self.assertEqual("\u00fc" * 200 + "...", m.subject)
        reply_of(self.ref, m)

    def test_nul_and_garbage(self):
        for raw in (b"\x00\x01nul", b"\xff\xfe\xfd", b"=?", b"=?=", b"=?utf-8?", b"\x1b[2J"):
            m = mail(b"Subject: " + raw)
            self.assertFalse(BAD.search(m.subject), raw)
            reply_of(self.ref, m)

    def test_raw_utf8_message_id(self):
        m = mail(b"Message-ID: <a\xc3\xa9@example.org>")
        self.assertEqual("<a\u00e9@example.org>", m.msgid)
        self.assertIsNone(m.reply_id)
        msg, _ = reply_of(self.ref, m)
        self.assertIsNone(msg["In-Reply-To"])
        # Not the same mail as another with other bytes in the same places.
        self.assertNotEqual(m.key, mail(b"Message-ID: <a\xe9\xe9@example.org>").key)
        self.assertEqual(m.key, mail(b"Message-ID: <a\xc3\xa9@example.org>").key)

    def test_control_characters_in_a_message_id(self):
        for raw in (b"<a\x1b[31m@x>", b"<a\x07@x>", b"<a b@x>", b"<a@x> <b@y>", b"a@x",
                    b"<" + b"a" * 300 + b"@x>"):
            m = mail(b"Message-ID: " + raw)
            self.assertIsNone(m.reply_id, raw)
            msg, data = reply_of(self.ref, m)
            self.assertNotIn(b"In-Reply-To", data)
            self.assertNotIn(b"References", data)
        m = mail(b"Message-ID: <ok.1@example.org>")
        msg, _ = reply_of(self.ref, m)
        self.assertEqual("<ok.1@example.org>", str(msg["In-Reply-To"]))
        self.assertEqual("<ok.1@example.org>", str(msg["References"]))

    def test_8bit_display_name(self):
        m = R.Mail(b"From: J\xf6rg M\xc3\xbcller <Joerg@Example.org>\nSubject: x\n\nroll\n")
        self.assertEqual("joerg@example.org", m.sender)


class Codes(unittest.TestCase):
    """A mail's codes: wherever a reply or a person puts them, and nowhere else."""

    def codes(self, headers, body=b"roll\n"):
        return mail(headers, body).codes

    def test_a_reply_carries_the_code_of_the_mail_it_answers(self):
        self.assertEqual({"k7q2mx"}, self.codes(b"In-Reply-To: <catan.k7q2mx.0a1b2c3d@ref.example>"))
        self.assertEqual({"k7q2mx", "abcdef"}, self.codes(
            b"References: <x@y> <catan.abcdef.1@ref>\n <catan.k7q2mx.2@ref>"))
        # Another mail's ID, or a code's letters in another shape, is no code.
        self.assertEqual(set(), self.codes(b"In-Reply-To: <k7q2mx@ref.example>"))
        self.assertEqual(set(), self.codes(b"In-Reply-To: <catan.k7q2m.1@ref>"))

    def test_a_line_or_a_quote_carries_it(self):
        self.assertEqual({"k7q2mx"}, self.codes(b"Subject: x", b"roll\ncode k7q2mx\n"))
        self.assertEqual({"k7q2mx"}, self.codes(b"Subject: x", b"roll\nCode: K7Q2MX\n"))
        self.assertEqual({"k7q2mx"}, self.codes(
            b"Subject: x", b"roll\n> Your code for your next mail: k7q2mx.  A reply\n"))
        self.assertEqual({"k7q2mx"}, self.codes(b"Subject: Re: my turn (code k7q2mx)"))
        # l, o, 0 and 1 are in no code: a word with them is none.
        self.assertEqual(set(), self.codes(b"Subject: x", b"code hello1\n"))

    def test_a_mail_of_many_codes_counts_its_first_hundred(self):
        a = R.PW_ALPHABET
        body = "".join("code aaaa%s%s\n" % (a[i // 32], a[i % 32]) for i in range(300))
        self.assertEqual(R.MAX_CODES, len(self.codes(b"Subject: x", body.encode())))

    def test_the_code_line_is_not_prose(self):
        m = mail(b"Subject: x", b"Hi,\nroll\ncode k7q2mx\n")
        said = R.read_text(m, "red", (("red", "blue"), ("roll", "end")))
        self.assertEqual([(2, "red roll")], said.moves)
        self.assertEqual([(1, "Hi,")], said.unread)


class Killed(BaseException):
    """A kill: nothing in the referee catches it, as nothing catches SIGKILL."""


class Transaction(unittest.TestCase):
    """One mail's transaction killed at each of its steps, then carried out by the next run
    (the lock's recovery): the files end as if it had never been killed, or as if it had
    never begun, never in between."""

    STEPS = ("rename", "unlink", "mkdir", "rmtree", "write", "append")

    def setUp(self):
        self.tmp = tempfile.TemporaryDirectory()
        self.dir = self.tmp.name
        self.game = os.path.join(self.dir, "g.json")
        self.out = os.path.join(self.dir, "out")
        os.mkdir(self.out)
        write(self.game, '{"old": 1}\n')
        write(self.game + ".codes", "red red222\n")

    def tearDown(self):
        self.tmp.cleanup()

    def state(self):
        """The files of the game's folder and outbox: names (replies by their text) and
        contents."""
        out = {}
        for root, _, files in os.walk(self.dir):
            for f in files:
                path = os.path.join(root, f)
                with open(path, "rb") as fh:
                    data = fh.read()
                name = os.path.relpath(path, self.dir)
                if root == self.out:
                    name = "out/" + data.decode()  # a reply's name has the time and the pid
                out[name] = data
        return out

    def txn(self):
        ref = referee(self.dir)
        t = R.Txn(ref, self.game)
        t.new_game = b'{"new": 1}\n'
        t.replies = [b"reply to red", b"reply to blue"]
        t.line = "2026-01-01T00:00:00Z red: applied 1 move(s)"
        t.key = "a" * 64
        t.clock = {"away": {"red": True}}
        t.new_code("red")
        t.codes["red"] = "new222"
        return t

    def run_killed(self, step, n):
        """The transaction with the Nth call of STEP killed; whether the kill came."""
        saved = {"rename": os.rename, "unlink": os.unlink, "mkdir": os.mkdir,
                 "rmtree": R.shutil.rmtree, "write": R.write_file, "append": R.append_line}
        count = [0]

        def killing(name):
            real = saved[name]

            def f(*a, **k):
                if name == step:
                    count[0] += 1
                    if count[0] == n:
                        raise Killed()
                return real(*a, **k)
            return f
        os.rename, os.unlink, os.mkdir = killing("rename"), killing("unlink"), killing("mkdir")
        R.shutil.rmtree, R.write_file, R.append_line = (killing("rmtree"), killing("write"),
                                                        killing("append"))
        killed = False
        try:
            self.txn().commit(self.out)
        except Killed:
            killed = True
        finally:
            os.rename, os.unlink, os.mkdir = saved["rename"], saved["unlink"], saved["mkdir"]
            R.shutil.rmtree, R.write_file, R.append_line = (saved["rmtree"], saved["write"],
                                                            saved["append"])
        # The next run on the game: its lock carries out or throws away what is left.
        with R.Lock(self.game):
            pass
        return killed

    def test_killed_at_each_step(self):
        before = self.state()
        self.txn().commit(self.out)
        with R.Lock(self.game):
            pass
        after = self.state()
        self.assertEqual(b'{"new": 1}\n', after["g.json"])
        self.assertEqual(b"red new222\n", after["g.json.codes"])
        self.assertEqual(b"a" * 64 + b" handled\n", after["g.json.seen"])
        self.assertIn("out/reply to blue", after)
        # Each step of each kind, killed in turn; the lock file is the lock's own.
        kills = 0
        for step in self.STEPS:
            for n in range(1, 30):
                self.tearDown()
                self.setUp()
                if not self.run_killed(step, n):
                    break
                kills += 1
                got = self.state()
                got.pop("g.json.lock", None)
                want_after = dict(after)
                want_after.pop("g.json.lock", None)
                want_before = dict(before)
                self.assertIn(got, (want_before, want_after), "%s #%d" % (step, n))
        self.assertGreater(kills, 20)


class Guard(unittest.TestCase):
    def test_the_hour_starts_again(self):
        with tempfile.TemporaryDirectory() as tmp:
            game = os.path.join(tmp, "g.json")
            write(game, "{}")
            ref = referee(tmp)
            answered = []
            for i, now in enumerate([0, 10, 20, 30, 40, 3599, 3600, 3610]):
                ref.o["now"] = 1790000000 + now
                t = R.Txn(ref, game)
                a = R.guard(ref, t, game, "red", "alice@example.org", "", "stamp", "red <a>", tmp)
                if a:  # answered: the count is written with the answer, as its commit does
                    R.write_file(game + ".guard", R.guard_text(t.guard))
                answered.append(a)
            # Three answered, then silence (one notice), until the hour from the first ends.
            self.assertEqual([True, True, True, False, False, False, True, True], answered)
            # A file that cannot be read counts as none.
            write(game + ".guard", "[not json")
            self.assertEqual({}, R.read_guard(game))


class Files(unittest.TestCase):
    def test_a_line_cut_short_stays_apart(self):
        with tempfile.TemporaryDirectory() as tmp:
            seen = os.path.join(tmp, "seen")
            write(seen, "a" * 64 + " handled\n" + "b" * 20)  # a mark cut short
            R.append_line(seen, "c" * 64 + " handled")
            self.assertEqual("a" * 64 + " handled\n" + "b" * 20 + "\n" + "c" * 64 + " handled\n",
                             read(seen))
            self.assertTrue(R.has_mark(seen, "c" * 64))
            self.assertFalse(R.has_mark(seen, "b" * 20))
            # A file it makes is its user's alone.
            R.append_line(seen + ".new", "x")
            self.assertEqual(0o600, os.stat(seen + ".new").st_mode & 0o777)

    def test_private(self):
        with tempfile.TemporaryDirectory() as tmp:
            game = os.path.join(tmp, "g.json")
            for suffix in ("", ".log", ".seen", ".other"):
                write(game + suffix, "x")
                os.chmod(game + suffix, 0o664)
            R.private(game)
            self.assertEqual([0o600, 0o600, 0o600, 0o664],
                             [os.stat(game + x).st_mode & 0o777 for x in ("", ".log", ".seen", ".other")])


class Failures(unittest.TestCase):
    def test_a_fault_of_the_referee_keeps_the_mail(self):
        """An exception the referee did not foresee: exit 75 (the mail is kept and delivered
        again), one line on standard error and in the log, no traceback."""
        with tempfile.TemporaryDirectory() as tmp:
            game, players, out = (os.path.join(tmp, n) for n in ("g.json", "players", "out"))
            write(game, "{}")
            write(players, "red alice@example.org\n")
            os.mkdir(out)
            saved = R.handle

            def broken(*a):
                raise KeyError("position")
            R.handle = broken
            err = io.StringIO()
            try:
                sys.stdin = io.TextIOWrapper(io.BytesIO(b"From: alice@example.org\n\nroll\n"))
                with redirect_stderr(err):
                    status = R.main([game, players, out])
            finally:
                R.handle = saved
                sys.stdin = sys.__stdin__
            self.assertEqual(75, status)
            self.assertRegex(err.getvalue(),
                             r"^catan-referee: internal error at line \d+: KeyError: 'position'\n$")
            log = read(game + ".log")
            self.assertRegex(log, r"^\S+ internal error at line \d+: KeyError: 'position'; "
                             r"the mail is kept \(exit 75\)\n$")


if __name__ == "__main__":
    unittest.main(verbosity=1)
