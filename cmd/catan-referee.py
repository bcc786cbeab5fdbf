#!/usr/bin/python3
# catan-referee: a play-by-email referee (catan-referee(1), docs/pbem.md).  Reads one mail on
# standard input, checks that it comes from a seat's owner (the seat's password), plays the
# sender's moves in one call of catan-move up to the first refusal, and writes the replies,
# each player's own view, as mail files into an outbox folder.
#
# Installed in LIBEXECDIR/catan-tools and started by BINDIR/catan-referee; it runs the
# catan-move and catan-render of that BINDIR, whatever PATH says.  Python's email package reads
# the mail (RFC 5322, 2045-2047, 6532) and writes the replies (folded, encoded headers).
#
# A mail is handled as one transaction, so that a referee killed anywhere and the same mail
# delivered again play nothing twice and lose no reply:
#   1. under GAME.lock, whatever a killed run left is finished (a committed GAME.txn) or
#      thrown away (an uncommitted GAME.work);
#   2. the new game, the replies, the log's line and the mail's mark are prepared in GAME.work;
#   3. renaming GAME.work to GAME.txn commits them all at once;
#   4. the game is renamed into place, the replies written into the outbox, the line logged,
#      the mark written, and GAME.txn renamed GAME.done and removed; step 1 of any later run
#      redoes what is missing and removes a GAME.done left behind.
import email
import email.errors
import email.header
import email.message
import email.policy
import email.utils
import fcntl
import hashlib
import hmac
import html.parser
import json
import os
import re
import secrets
import shutil
import socket
import stat
import subprocess
import sys
import time

EX_USAGE = 2
EX_TEMPFAIL = 75  # sysexits.h: the mail system keeps the mail and delivers it again

MAX_MAIL = 1 << 20  # bytes of a mail read; a larger one is answered, not played
MAX_MOVES = 100  # moves one mail may carry
MAX_LINE = 1000  # characters of one line of moves
MAX_SUBJECT = 200  # characters of a subject repeated in a reply or the log


AUTO_PRECEDENCE = {"bulk", "junk", "list", "auto_reply"}
AUTO_SUBJECT = re.compile(
    r"^\s*(auto:|automatic reply|auto[- ]?reply|auto[- ]?response|autoresponse|"
    r"out of (the )?office|away from (the )?office|vacation|abwesenheit|"
    r"r[ée]ponse automatique|respuesta autom[áa]tica|risposta automatica)"
    r"|\bout of (the )?office\b",
    re.IGNORECASE,
)
TAG = re.compile(r"\[game:\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*\]", re.IGNORECASE)
# Control characters (C0 but tab and line feed, DEL, C1), and Unicode's marks that turn text
# around or break lines (bidirectional overrides and isolates, line and paragraph separators),
# never reach a log, a subject or a reply.
CONTROL = re.compile("[\x00-\x08\x0b-\x1f\x7f-\x9f\u200e\u200f\u2028-\u202e\u2066-\u2069]")
# A password: the alphabet has no 0/o, 1/l; 20 letters are 100 bits.
PW_ALPHABET = "abcdefghijkmnpqrstuvwxyz23456789"
PW_LENGTH = 20
# A seat's code: the referee's newest mail to the seat carries it, and a mail that would change
# the game must carry it back (see Codes); 6 letters of the password's alphabet, 30 bits.
CODE_LENGTH = 6
# Where a mail carries a code: the Message-ID of the referee's mail it answers (in its
# In-Reply-To and References), or a line "code k7q2mx" (its subject, its text, a quote).
CODE_ID = re.compile(r"<catan\.([a-km-np-z2-9]{6})\.")
CODE_WORD = re.compile(r"(?i)\bcode(?: for your next mail)?:?[ \t]+([a-km-np-z2-9]{6})\b")
MAX_CODES = 100  # codes read from one mail at most
CODE_LINE = re.compile(r"(?i)^\s*code\s*:?\s*\S+\s*$")  # a line of its own that gives one
# Where a forwarded or quoted original starts (Outlook, Gmail, Thunderbird, Apple Mail).
FORWARD = re.compile(r"^\s*(-+ ?(original message|forwarded message|weitergeleitete nachricht|"
                     r"message transféré|mensaje reenviado) ?-+|begin forwarded message:)",
                     re.IGNORECASE)
# The mail commands, answered without touching the game.
COMMANDS = {"list": "list", "moves": "list", "board": "board", "status": "status", "help": "help",
            "away": "away", "back": "back", "standing pass": "standing pass",
            "standing off": "standing off", "building on": "building on",
            "building off": "building off"}
# The commands that set a standing order (GAME.clock); a mail of moves may carry them too.
SETTINGS = ("away", "back", "standing pass", "standing off", "building on", "building off")
# The players file's lines that are settings of the game, not seats.
PLAYERS_SETTINGS = ("auto", "building")
PW_LINE = re.compile(r"^\s*password\s*:?\s*(\S+)\s*$", re.IGNORECASE)

# ---- The command line: what --help prints, parsing and completion read ----------------------
# The usage lines (each what follows the program's name), what the program does and what
# --help says after the options; texts are wrapped to 80 columns, a newline starts a line.
USAGE = ("[OPTION...] GAME PLAYERS OUTBOX < MESSAGE",
         "[OPTION...] --games FOLDER OUTBOX < MESSAGE",
         "--passwords[=COLOURS] (GAME PLAYERS | --games FOLDER) OUTBOX",
         "--tick [OPTION...] (GAME PLAYERS | --games FOLDER) OUTBOX")
# The one usage line a usage error prints.
USAGE_ERROR = "[--from ADDRESS] [--log FILE] (GAME PLAYERS | --games FOLDER) OUTBOX < MESSAGE"
DESCRIPTION = ("Reads one mail on standard input as a delivery agent hands it (procmail, maildrop, "
               "a .forward pipe), checks the seat's password in it, applies the sender's moves to "
               "the game in order up to the first refusal, and writes the replies, each player's "
               "own view of the game, into OUTBOX as complete mail files for a separate step to "
               "send.")
EPILOGUE = ("PLAYERS holds one line per player, the colour then the address.  Every mail must "
            "carry the line \"password WORD\" with the seat's password.  Exit status: 0 the mail "
            "was handled (played, refused with a reply, or ignored as automatic or already seen); "
            "1 the sender plays in no game, the mail has no sender, or the game cannot be refereed "
            "(logged, no reply); 2 usage; 75 a temporary failure (the mail should be kept and "
            "delivered again).")


class Opt:
    """One option: its letter (-X) or None, its long name (--NAME; main's o[NAME] holds it,
    dashes as underscores), how --help names its value (None for a switch), whether that value
    is optional (given only as --NAME=VALUE; the option alone is True), the kind of value (how
    it is read and completed: "file", "folder", "address", "colours", "hours", "seconds"), what
    it does in a few words (completion) and what --help says of it (when more than that)."""

    def __init__(self, short, name, value, optional, kind, help, text=None):
        self.short, self.name, self.value, self.optional = short, name, value, optional
        self.kind, self.help, self.text = kind, help, text or help


OPTIONS = [
    Opt("g", "games", "FOLDER", False, "folder", "several games on one address",
        "several games on one address: FOLDER/NAME.json with its players in FOLDER/NAME.players, "
        "chosen by [game:NAME] in the subject"),
    Opt("f", "from", "ADDRESS", False, "address", "the replies' From:",
        "the replies' From: (default: Catan referee <referee@HOST>)"),
    Opt("l", "log", "FILE", False, "file", "one line per mail",
        "one line per mail (default: GAME.log, or FOLDER/referee.log with --games)"),
    Opt("p", "passwords", "COLOURS", True, "colours", "draw a password for each seat and mail it",
        "draw a new password for each seat named (default: each seat that has none), keep it "
        "hashed in GAME.passwords, and write each player a mail with their own; no mail is read"),
    Opt(None, "tick", None, False, None,
        "remind the players the games wait for; move at the deadline",
        "read no mail: remind the players the games wait for, and let an automatic player move "
        "for those past their deadline (run it from cron)"),
    Opt(None, "remind", "HOURS", False, "hours", "with --tick: remind a player after HOURS",
        "with --tick: remind a player after HOURS (default 24)"),
    Opt(None, "deadline", "HOURS", False, "hours", "with --tick: move for them after HOURS",
        "with --tick: move for them after HOURS (default 72)"),
    Opt(None, "now", "SECONDS", False, "seconds", "the time to take for now (tests)",
        "the time to take for now, in seconds since 1970 (tests)"),
    Opt("t", "text-only", None, False, None, "replies in plain text alone",
        "replies in plain text alone, without their HTML part and its picture of the board"),
    Opt(None, "allow-seeded", None, False, None, "referee a game whose luck is not secret (tests)",
        "referee a game whose luck is not secret: drawn from its seed, not from a secret key, "
        "or named by the players (outcomes=external); for tests only, since its dice can be "
        "worked out from any view, or a steal named by a thief tells the victim's hand"),
    Opt("h", "help", None, False, None, "show this help"),
    Opt("V", "version", None, False, None, "show the version"),
]


class Fail(Exception):
    """A failure that ends the run with a status, after a message on standard error."""

    def __init__(self, status, message=None):
        super().__init__(message)
        self.status = status
        self.message = message


def clean(text, limit=None):
    """TEXT without control characters and, when LIMIT is given, cut at LIMIT characters."""
    text = CONTROL.sub("", text)
    if limit is not None and len(text) > limit:
        text = text[:limit] + "..."
    return text


# ---- Reading the mail --------------------------------------------------------------------

class Text(html.parser.HTMLParser):
    """HTML to plain text: one line per block, without what a reply quotes (a blockquote,
    Gmail's gmail_quote, Thunderbird's moz-cite-prefix, Outlook's divRplyFwdMsg and all
    after it), scripts and styles."""

    BLOCK = {"p", "div", "br", "li", "tr", "h1", "h2", "h3", "h4", "h5", "h6", "pre",
             "table", "ul", "ol", "dl", "dt", "dd", "section", "article", "header",
             "footer", "address"}
    SKIP = {"blockquote", "script", "style", "head", "title"}
    VOID = {"br", "hr", "img", "meta", "link", "input", "area", "base", "col", "embed",
            "source", "track", "wbr"}

    def __init__(self):
        super().__init__(convert_charrefs=True)
        self.out = []
        self.stack = []  # for each open element: does it hide its content?
        self.hidden = 0
        self.stop = False

    def handle_starttag(self, tag, attrs):
        if self.stop:
            return
        a = dict(attrs)
        classes = (a.get("class") or "").split()
        if a.get("id") == "divRplyFwdMsg" or "moz-cite-prefix" in classes:
            self.stop = True  # the quoted original follows to the end
            return
        if tag in self.BLOCK or tag == "hr":
            self.out.append("\n")
        if tag == "hr":
            self.out.append("________\n")
        if tag in self.VOID:
            return
        hide = tag in self.SKIP or "gmail_quote" in classes
        self.stack.append((tag, hide))
        self.hidden += hide

    def handle_endtag(self, tag):
        if self.stop or tag in self.VOID:
            return
        # Close up to the matching element, forgiving elements left open.
        for i in range(len(self.stack) - 1, -1, -1):
            if self.stack[i][0] == tag:
                for _, hide in self.stack[i:]:
                    self.hidden -= hide
                del self.stack[i:]
                break
        if tag in self.BLOCK:
            self.out.append("\n")

    def handle_data(self, data):
        if not self.stop and not self.hidden:
            self.out.append(re.sub(r"\s+", " ", data))

    def text(self):
        text = "\n".join(line.strip() for line in "".join(self.out).split("\n"))
        return re.sub(r"\n{3,}", "\n\n", text).strip("\n") + "\n"


def content(part):
    """The part's text, decoded; an unknown or wrong charset is read as UTF-8, then Latin-1."""
    try:
        return part.get_content()
    except (LookupError, UnicodeError, ValueError, TypeError):  # a charset unknown or broken
        raw = part.get_payload(decode=True) or b""
        try:
            return raw.decode("utf-8")
        except UnicodeError:
            return raw.decode("latin-1")


def body_of(msg):
    part = msg.get_body(preferencelist=("plain", "html"))
    if part is None:
        return ""
    text = content(part)
    if not isinstance(text, str):
        return ""
    if part.get_content_subtype() == "html":
        parser = Text()
        parser.feed(text)
        parser.close()
        text = parser.text()
    # Non-breaking and other Unicode spaces become plain spaces; line ends become "\n".
    text = re.sub(r"[\u00a0\u2000-\u200a\u202f\u205f\u3000]", " ", text)
    text = text.replace("\u200b", "").replace("\ufeff", "")
    # Dashes that mail programs type for '-' ("14\u201319") are a path's hyphen.
    text = re.sub(r"[\u2010-\u2015\u2212]", "-", text)
    text = text.replace("\r\n", "\n").replace("\r", "\n")
    return CONTROL.sub("", text)


def auto_reason(msg, subject):
    v = header(msg, "Auto-Submitted").split(";")[0].strip().lower()
    if v and v != "no":
        return "Auto-Submitted: " + clean(v, 40)
    v = header(msg, "Precedence").strip().lower()
    if v in AUTO_PRECEDENCE:
        return "Precedence: " + v
    for h in ("X-Autoreply", "X-Autorespond"):
        if msg.get(h) is not None:
            return h
    if header(msg, "Return-Path").strip() == "<>":
        return "Return-Path: <>"
    if msg.get_content_type() == "multipart/report":
        return "a delivery report"
    if AUTO_SUBJECT.search(subject):
        return "subject '%s'" % subject
    return ""


def header(msg, name):
    """The header's value as the email package parses it (addresses, auto-reply flags)."""
    try:
        return unbytes(str(msg.get(name, "") or ""))
    except (ValueError, IndexError, AttributeError, TypeError, LookupError):
        return ""  # a header the parser cannot read


def unbytes(text):
    """TEXT with the raw 8-bit bytes of a header (which the email package keeps as lone
    surrogates) read as UTF-8 where they are UTF-8, and each other byte as Windows-1252
    (Latin-1's superset, as mail programs that send unencoded headers mean it)."""
    if not re.search("[\udc80-\udcff]", text):
        return text
    text = text.encode("utf-8", "surrogateescape").decode("utf-8", "surrogateescape")
    return re.sub("[\udc80-\udcff]",
                  lambda m: bytes([ord(m.group()) - 0xdc00]).decode("cp1252", "replace"), text)


def raw_header(msg, name):
    """The header's value as sent, unfolded and its 8-bit bytes read (unbytes): not parsed, so
    nothing of it is cut away."""
    for k, v in msg.raw_items():
        if k.lower() == name.lower():
            return unbytes(re.sub(r"\r?\n(?=[ \t])", "", str(v)).strip())
    return ""


def decoded_header(msg, name):
    """The header's text as a person reads it: raw 8-bit bytes read (unbytes), RFC 2047's
    encoded words decoded, in any charset Python knows; a word in a charset it does not know,
    or broken, is read as UTF-8 or Windows-1252 and never fails."""
    raw = raw_header(msg, name)
    if "=?" not in raw:
        return raw
    out = []
    try:
        parts = email.header.decode_header(raw)
    except (ValueError, IndexError, AssertionError, email.errors.HeaderParseError):
        return raw
    for value, charset in parts:
        if isinstance(value, str):
            out.append(value)
            continue
        try:
            out.append(value.decode(charset or "ascii"))
        except (LookupError, UnicodeError):
            out.append(unbytes(value.decode("ascii", "surrogateescape")))
    return "".join(out)


# A Message-ID that a reply may name in In-Reply-To and References: printable ASCII between
# angle brackets, with an "@", as RFC 5322 writes it; any other is not repeated.
MSGID = re.compile(r"<[\x21-\x3b\x3d\x3f-\x7e]{1,240}@[\x21-\x3b\x3d\x3f-\x7e]{1,240}>")


class Mail:
    """What the referee needs of one mail."""

    def __init__(self, data):
        self.too_large = len(data) > MAX_MAIL
        if self.too_large:
            # The headers are read; the rest is not.
            cut = data.find(b"\n\n", 0, MAX_MAIL)
            data = data[:cut + 2] if cut >= 0 else data[:MAX_MAIL]
        msg = email.message_from_bytes(data, policy=email.policy.default)
        # The subject as a person reads it, without control characters, cut: for the log and
        # a reply's "Re:" (which the email package encodes anew).
        self.subject = clean(" ".join(decoded_header(msg, "Subject").split()), MAX_SUBJECT)
        addrs = [a.strip().lower() for _, a in email.utils.getaddresses([header(msg, "From")])]
        addrs = [a for a in addrs if a]
        addr = addrs[0] if len(addrs) == 1 else ""
        if (len(addr) > 254 or CONTROL.search(addr)
                or not re.fullmatch(r"[^\s@<>\"]+@[^\s@<>\"]+", addr)):
            addr = ""  # no address, several, a broken one or one too long (RFC 5321): nobody's
        self.sender = clean(addr)
        # Several addresses are no one's, but the log names them.
        self.several = clean(", ".join(addrs), MAX_SUBJECT) if len(addrs) > 1 else ""
        self.msgid = raw_header(msg, "Message-ID")
        # The ID a reply threads to: only one written as RFC 5322 says (no control character,
        # no blank, nothing a reader's program could take for something else).
        self.reply_id = self.msgid if MSGID.fullmatch(self.msgid) else None
        tag = TAG.search(self.subject)
        self.tag = tag.group(1).lower() if tag else ""
        self.auto = auto_reason(msg, self.subject)
        self.body = "" if self.too_large else body_of(msg)
        # The key that tells a mail delivered again: the sender and the whole Message-ID, or,
        # without one, a digest of what the sender wrote.
        h = hashlib.sha256()
        if self.msgid:
            h.update(b"id\0" + self.sender.encode() + b"\0" + self.msgid.encode("utf-8", "replace"))
        else:
            h.update(b"mail\0" + self.sender.encode())
            for part in (raw_header(msg, "Date"), raw_header(msg, "Subject"), self.body):
                h.update(b"\0" + part.encode("utf-8", "replace"))
        self.key = h.hexdigest()
        # The codes the mail carries (see Codes), wherever a reply or a person puts them.
        found = CODE_ID.findall(raw_header(msg, "In-Reply-To") + " " +
                                raw_header(msg, "References"))
        found += CODE_WORD.findall(self.subject + "\n" + self.body)
        self.codes = {c.lower() for c in found[:MAX_CODES]}

    def shown_id(self):
        return clean(self.msgid, 100) if self.msgid else "(no Message-ID)"


def grammar(ref):
    """The first words of a move, from catan-move's own grammar (its completion without a
    game), so that a new colour or verb needs no change here: (colours, verbs)."""
    colours = ref.run(["catan-move", "--complete", ""]).stdout.decode().split()
    if not colours:
        raise Fail(EX_TEMPFAIL, "catan-referee: catan-move --complete named no colour")
    verbs = [w.split()[-1] for w in ref.run(["catan-move", "--complete", colours[0] + " "])
             .stdout.decode().splitlines() if w.strip()]
    return tuple(colours), tuple(verbs)


def spell_distance(a, b):
    """The edits from A to B: a letter added, dropped, changed, or two neighbours swapped (as
    libcore/spell.c counts them for catan-move's "did you mean")."""
    if len(a) > 24 or len(b) > 24:
        return 24
    d = [[i + j if i == 0 or j == 0 else 0 for j in range(len(b) + 1)] for i in range(len(a) + 1)]
    for i in range(1, len(a) + 1):
        for j in range(1, len(b) + 1):
            best = min(d[i - 1][j - 1] + (a[i - 1] != b[j - 1]), d[i - 1][j] + 1, d[i][j - 1] + 1)
            if i > 1 and j > 1 and a[i - 1] == b[j - 2] and a[i - 2] == b[j - 1]:
                best = min(best, d[i - 2][j - 2] + 1)
            d[i][j] = best
    return d[len(a)][len(b)]


def nearest(word, known):
    """The word of KNOWN that catan-move would offer for WORD ("did you mean ...?"), and its
    distance; (None, None) when none is near: one edit for a word of up to 4 letters, two for
    a longer one, or the beginning of a known word of 3 letters or more (libcore/spell.h)."""
    best, bound = None, 2 if len(word) <= 4 else 3
    for cand in known:
        if 3 <= len(word) < len(cand) and cand.startswith(word):
            dist = 1
        else:
            dist = spell_distance(word, cand)
        if dist < bound:
            best, bound = cand, dist
    return (best, bound) if best else (None, None)


class Said:
    """What a mail's text says: its moves (each with the number of its line), its commands,
    its password, the first line over the bounds, and the lines read as none of these."""

    def __init__(self):
        self.moves = []  # (line number, the move as played)
        self.commands = []
        self.password = None
        self.long_line = None
        self.unread = []  # (line number, text): prose, greetings, what no one can read as a move

    def line_of(self, i):
        """The number of the mail's line that holds move I (1 for the first move)."""
        return self.moves[i - 1][0]


def read_text(mail, colour, words):
    """The moves, the commands and the password of the mail's text.  The moves: one per line;
    quoted lines (">") skipped; the moves end at a signature ("-- ") or a forwarded original.
    A line counts when its first word is a colour or a verb, or is near one as catan-move's
    "did you mean" counts (a typo: "buld road 40-44", "rober 4"), which catan-move then
    refuses; a verb alone gets the sender's colour in front; a full stop at its end is
    writing, not the move's.  Other lines (greetings, "On ... wrote:") are prose, kept in
    unread so that a reply can say which lines it did not read.  The password line counts
    anywhere unquoted.  WORDS: the colours and verbs (grammar)."""
    colours, verbs = words
    out = Said()
    ended = False
    for n, raw in enumerate(mail.body.split("\n"), 1):
        if re.match(r"^[ \t]*>", raw):
            continue
        m = PW_LINE.match(raw)
        if m:
            out.password = m.group(1)
            continue
        if CODE_LINE.match(raw):
            continue  # the mail's code: Mail.codes holds it
        if ended:
            continue
        if re.match(r"^-- ?$", raw) or re.match(r"^_____+$", raw) or FORWARD.match(raw):
            ended = True
            continue
        line = " ".join(raw.split())
        if not line:
            continue
        if line.endswith(".") and not line.endswith(".."):
            line = line[:-1].rstrip()
        word = line.split(" ", 1)[0].lower()
        if line.lower() in COMMANDS:
            if COMMANDS[line.lower()] not in out.commands:
                out.commands.append(COMMANDS[line.lower()])
            continue
        is_colour = word in colours
        if not is_colour and word not in verbs and word.isalpha():
            # A typo of a verb or a colour is a move that catan-move refuses, with its "did
            # you mean"; a word with a mark after it ("Blue,") is writing.
            cv, dv = nearest(word, verbs)
            cc, dc = nearest(word, colours)
            if cv is None and cc is None:
                out.unread.append((n, line))
                continue
            is_colour = cv is None or (cc is not None and dc < dv)
        elif not is_colour and word not in verbs:
            out.unread.append((n, line))
            continue
        if len(line) > MAX_LINE:
            out.long_line = out.long_line or n
            continue
        out.moves.append((n, line if is_colour else colour + " " + line))
    return out


# ---- Files ---------------------------------------------------------------------------------

def fsync_dir(path):
    try:
        fd = os.open(path, os.O_RDONLY)
    except OSError:
        return
    try:
        os.fsync(fd)
    except OSError:
        pass
    finally:
        os.close(fd)


def write_file(path, data, mode=0o600):
    """DATA into PATH, whole or not at all: written aside, synced, renamed.  Readable by the
    referee's user alone, whatever the umask: a reply holds a player's hand or password."""
    folder, name = os.path.split(path)
    tmp = os.path.join(folder, ".%s.tmp" % name)
    with open(os.open(tmp, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, mode), "wb") as f:
        os.fchmod(f.fileno(), mode)
        f.write(data)
        f.flush()
        os.fsync(f.fileno())
    os.rename(tmp, path)
    fsync_dir(folder or ".")


def append_line(path, line):
    """LINE at the end of PATH, on a line of its own even when a write cut short (a disk full,
    a quota, a file size limit) left a piece of a line at the end: a line is read only whole
    (has_mark), so the piece is never taken for a record, nor merged with this one."""
    data = (line + "\n").encode("utf-8")
    fd = os.open(path, os.O_RDWR | os.O_APPEND | os.O_CREAT, 0o600)
    try:
        end = os.lseek(fd, 0, os.SEEK_END)
        if end > 0 and os.pread(fd, 1, end - 1) != b"\n":
            data = b"\n" + data
        while data:
            n = os.write(fd, data)
            data = data[n:]
        os.fsync(fd)
    finally:
        os.close(fd)


def replace_game(path, new):
    """The new game renamed over PATH, under catan-move's own lock on the file."""
    while True:
        fd = os.open(path, os.O_RDONLY)
        try:
            fcntl.flock(fd, fcntl.LOCK_EX)
            st, now = os.fstat(fd), os.stat(path)
            if (st.st_dev, st.st_ino) != (now.st_dev, now.st_ino):
                continue  # another writer renamed a new game over the path meanwhile
            # The owner's permissions of the game, never the group's or others': it holds
            # the secret key and every hand.
            os.chmod(new, stat.S_IMODE(st.st_mode) & 0o700)
            os.rename(new, path)
            fsync_dir(os.path.dirname(path) or ".")
            return
        finally:
            os.close(fd)


# ---- The referee ---------------------------------------------------------------------------

class Referee:
    def __init__(self, opts):
        self.o = opts
        here = os.path.dirname(os.path.realpath(__file__))
        self.bindir = os.path.normpath(os.path.join(here, "..", "..", "bin"))
        self.host = socket.gethostname() or "localhost"
        self.sender_from = opts["from"] or "Catan referee <referee@%s>" % self.host
        self.log = opts["log"]
        self.said = None  # what this run did with the mail, as the log says it (without its time)
        self.statuses = {}  # catan-move --status of the games asked of it, by their digest

    # -- the tools beside us
    def tool(self, name):
        p = os.path.join(self.bindir, name)
        return p if os.access(p, os.X_OK) else name

    def run(self, args, stdin=None, ok=(0,)):
        """The program's standard output; a status not in OK is a temporary failure."""
        try:
            p = subprocess.run([self.tool(args[0])] + args[1:], input=stdin, capture_output=True)
        except OSError as e:
            raise Fail(EX_TEMPFAIL, "catan-referee: cannot run %s: %s" % (args[0], e.strerror))
        if p.returncode not in ok:
            raise Fail(EX_TEMPFAIL, "catan-referee: %s failed (%d): %s" % (
                args[0], p.returncode, p.stderr.decode("utf-8", "replace").strip()))
        return p

    def status(self, data=None, path=None):
        """catan-move --status of the game DATA (or of the file PATH): the phase, whose turn it
        is, the seats the game waits for and what each owes, the winner.  Asked once a game."""
        if data is None:
            with open(path, "rb") as f:
                data = f.read()
        key = hashlib.sha256(data).digest()
        if key not in self.statuses:
            self.statuses[key] = json.loads(self.run(["catan-move", "--status"], stdin=data).stdout)
        return self.statuses[key]

    def say(self, text):
        stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        self.said = clean(text)
        try:
            append_line(self.log, "%s %s" % (stamp, clean(text)))
        except OSError as e:
            raise Fail(EX_TEMPFAIL, "catan-referee: cannot write %s: %s" % (self.log, e.strerror))

    # -- a reply, as a complete message
    def message(self, to, subject, text, in_reply_to=None, html_part=None, code=None):
        """The reply: TEXT, or, with HTML_PART (an HTML text and the PNG picture it shows as
        cid:board, or None), a multipart/alternative mail of both.  With CODE, the addressee's
        code (see Codes) is in its Message-ID, which a mail that answers it carries back, and
        in a last paragraph, for a mail written anew."""
        m = email.message.EmailMessage(policy=email.policy.default)
        m["From"] = self.sender_from
        m["To"] = to
        m["Subject"] = clean(subject)
        m["Date"] = email.utils.formatdate(localtime=True)
        if code:
            m["Message-ID"] = "<catan.%s.%s@%s>" % (code, secrets.token_hex(8), self.host)
            footer = ("Your code for your next mail: %s.  A reply to this mail carries it;\n"
                      "a mail written anew needs the line \"code %s\"." % (code, code))
            text = text.rstrip("\n") + "\n\n" + footer + "\n"
            if html_part is not None:
                page, png = html_part
                html_part = (page.replace("</body>", "<p>%s</p>\n</body>" % html.escape(footer), 1),
                             png)
        else:
            m["Message-ID"] = email.utils.make_msgid(domain=self.host)
        if in_reply_to:
            m["In-Reply-To"] = in_reply_to
            m["References"] = in_reply_to
        m["Auto-Submitted"] = "auto-replied"
        text = clean(text)
        long = any(len(line.encode()) > 990 for line in text.split("\n"))
        m.set_content(text, charset="utf-8", cte="quoted-printable" if long else "8bit")
        if html_part is not None:
            page, png = html_part
            cid = email.utils.make_msgid("board", domain=self.host)
            m.add_alternative(page.replace("cid:board", "cid:" + cid[1:-1]), subtype="html",
                              charset="utf-8", cte="quoted-printable")
            if png:
                m.get_payload()[1].add_related(png, "image", "png", cid=cid,
                                               filename="board.png", disposition="inline")
        return m.as_bytes(policy=email.policy.default.clone(max_line_length=78))


class Txn:
    """One mail's transaction on one game: see the top of this file."""

    def __init__(self, ref, game):
        self.ref, self.game = ref, game
        self.work = game + ".work"
        self.txn = game + ".txn"
        self.replies = []
        self.new_game = None
        self.clock = None  # the new GAME.clock, when it changes
        self.passwords = None  # the new GAME.passwords, when it changes
        self.guard = None  # the new GAME.guard, when it changes
        self.codes = None  # the seats' codes, once read
        self.codes_changed = False  # and whether GAME.codes is to be written anew
        self.line = None
        self.key = None

    def reply(self, to, subject, text, in_reply_to=None, html_part=None, colour=None):
        """A reply to TO; to COLOUR's player, it carries the seat's code."""
        code = self.code_for(colour) if colour else None
        self.replies.append(self.ref.message(to, subject, text, in_reply_to, html_part, code))

    def code_for(self, colour):
        """COLOUR's code: the one it has, or, when it has none, a new one."""
        if self.codes is None:
            self.codes = read_codes(self.game)
        if colour not in self.codes:
            self.new_code(colour)
        return self.codes[colour]

    def new_code(self, colour):
        """A new code for COLOUR, the only one its next mail may carry."""
        if self.codes is None:
            self.codes = read_codes(self.game)
        self.codes[colour] = "".join(secrets.choice(PW_ALPHABET) for _ in range(CODE_LENGTH))
        self.codes_changed = True

    def commit(self, outbox):
        """Prepare everything in GAME.work, commit it by renaming, then carry it out."""
        shutil.rmtree(self.work, ignore_errors=True)
        os.mkdir(self.work, 0o700)
        stamp = time.strftime("%Y%m%dT%H%M%SZ", time.gmtime())
        names = []
        for i, data in enumerate(self.replies, 1):
            name = "%s.%d.%d.eml" % (stamp, os.getpid(), i)
            write_file(os.path.join(self.work, name), data)
            names.append(name)
        if self.new_game is not None:
            write_file(os.path.join(self.work, "game.json"), self.new_game, 0o600)
        if self.clock is not None:
            write_file(os.path.join(self.work, "clock"),
                       (json.dumps(self.clock, indent=1, sort_keys=True) + "\n").encode(), 0o600)
        if self.passwords is not None:
            write_file(os.path.join(self.work, "passwords"), self.passwords, 0o600)
        if self.guard is not None:
            write_file(os.path.join(self.work, "guard"), guard_text(self.guard))
        if self.codes_changed:
            write_file(os.path.join(self.work, "codes"),
                       "".join("%s %s\n" % kv for kv in sorted(self.codes.items())).encode())
        meta = {"outbox": os.path.abspath(outbox), "log": os.path.abspath(self.ref.log),
                "line": self.line, "key": self.key, "replies": names}
        if self.line:
            self.ref.said = self.line.split(" ", 1)[-1]
        write_file(os.path.join(self.work, "meta.json"), json.dumps(meta).encode())
        os.rename(self.work, self.txn)
        fsync_dir(os.path.dirname(self.game) or ".")
        finish(self.game)


def finish(game):
    """Carry out a committed transaction of GAME, or what is left of it; each step is
    skipped when done already, so it may be run again after a kill anywhere."""
    txn = game + ".txn"
    try:
        with open(os.path.join(txn, "meta.json"), encoding="utf-8") as f:
            meta = json.load(f)
    except FileNotFoundError:
        # Only a removal cut short leaves GAME.txn without its meta.json (a referee before
        # the removal went through GAME.done): every step was done before it began.
        shutil.rmtree(txn)
        return
    new = os.path.join(txn, "game.json")
    if os.path.exists(new):
        replace_game(game, new)
    for name in ("clock", "passwords", "guard", "codes"):
        if os.path.exists(os.path.join(txn, name)):
            os.rename(os.path.join(txn, name), "%s.%s" % (game, name))
    for name in meta["replies"]:
        src = os.path.join(txn, name)
        if not os.path.exists(src):
            continue
        dst = os.path.join(meta["outbox"], name)
        if not os.path.exists(dst):
            with open(src, "rb") as f:
                write_file(dst, f.read())
        os.unlink(src)
    logged = os.path.join(txn, "logged")
    if meta["line"] and not os.path.exists(logged):
        append_line(meta["log"], meta["line"])
        open(logged, "w").close()
    if meta["key"]:
        seen = game + ".seen"
        if not has_mark(seen, meta["key"]):
            append_line(seen, "%s handled" % meta["key"])
    # Done: the transaction goes at once by a rename, so that a kill in the removal of its
    # files cannot leave a GAME.txn that a later run would carry out without its meta.json.
    os.rename(txn, game + ".done")
    fsync_dir(os.path.dirname(game) or ".")
    shutil.rmtree(game + ".done")


def has_mark(seen, key):
    """Whether GAME.seen holds the mark of KEY: a whole line "KEY handled" (append_line)."""
    want = "%s handled\n" % key
    try:
        with open(seen, encoding="utf-8", errors="replace") as f:
            return any(line == want for line in f)
    except FileNotFoundError:
        return False


def read_players(path):
    """The players file: (colour, address) pairs, colours and addresses in lower case."""
    seats = []
    with open(path, encoding="utf-8", errors="replace") as f:
        for line in f:
            w = line.split()
            if not w or w[0].startswith("#"):
                continue
            if w[0].lower() not in PLAYERS_SETTINGS:
                seats.append((w[0].lower(), w[1] if len(w) > 1 else ""))
    return seats


def colour_in(seats, address):
    for c, a in seats:
        if a.lower() == address:
            return c
    return None


def address_of(seats, colour):
    for c, a in seats:
        if c == colour:
            return a
    return None


# ---- Passwords -----------------------------------------------------------------------------

def pw_normal(word):
    return re.sub(r"[\s-]", "", word).lower()


def pw_hash(word):
    return hashlib.sha256(b"catan-referee password\0" + pw_normal(word).encode()).hexdigest()


def pw_new():
    w = "".join(secrets.choice(PW_ALPHABET) for _ in range(PW_LENGTH))
    return "-".join(w[i:i + 4] for i in range(0, PW_LENGTH, 4))


def read_passwords(path):
    """COLOUR -> hash of GAME.passwords; None when the file does not exist."""
    try:
        with open(path, encoding="utf-8") as f:
            out = {}
            for line in f:
                w = line.split()
                if len(w) == 2 and not w[0].startswith("#"):
                    out[w[0].lower()] = w[1].lower()
            return out
    except FileNotFoundError:
        return None


def read_codes(game):
    """COLOUR -> code of GAME.codes (none when the file does not exist)."""
    try:
        with open(game + ".codes", encoding="utf-8") as f:
            return {w[0].lower(): w[1].lower() for w in (line.split() for line in f)
                    if len(w) == 2 and not w[0].startswith("#")}
    except FileNotFoundError:
        return {}


def pw_ok(hashes, colour, word):
    want = (hashes or {}).get(colour)
    if not want or not word:
        return False
    return hmac.compare_digest(want, pw_hash(word))


# ---- One mail ------------------------------------------------------------------------------

def re_subject(mail, name_tag):
    """The subject of a reply to the sender: theirs, as sent, after "Re:", with the game's tag."""
    s = mail.subject
    if not s:
        s = "Re: your moves"
    elif not re.match(r"(?i)re:", s):
        s = "Re: " + s
    if name_tag and not mail.tag:
        s += " " + name_tag
    return s


def handle(ref, mail, outbox):
    """Plays one mail; returns the exit status."""
    o = ref.o
    if mail.auto:
        ref.say("ignored: automatic mail from '%s' (%s); no reply" % (mail.sender or "?", mail.auto))
        return 0
    if mail.several:
        ref.say("refused: mail from several senders '%s' (subject '%s'); no reply"
                % (mail.several, mail.subject))
        raise Fail(1, "catan-referee: '%s' is several senders, not one" % mail.several)
    sender = mail.sender
    name_tag = ""

    def reply_only(*lines):
        t = Txn(ref, game)
        t.reply(sender, re_subject(mail, name_tag), "\n".join(lines) + "\n", mail.reply_id)
        t.commit(outbox)

    # The game: the one given, or the one of the folder that the subject's tag names.
    if o["games"]:
        folder = o["games"]
        # The games by their names in lower case, as tags are compared; the files keep theirs.
        files = {}
        for p in sorted(os.listdir(folder)):
            if p.endswith(".players") and os.path.isfile(os.path.join(folder, p)):
                if sender and colour_in(read_players(os.path.join(folder, p)), sender):
                    files[p[:-len(".players")].lower()] = p[:-len(".players")]
        mine = sorted(files)
        if not sender or not mine:
            ref.say("refused: mail from unknown sender '%s' (subject '%s'); no reply"
                    % (sender or "?", mail.subject))
            raise Fail(1, "catan-referee: '%s' plays in no game of %s" % (sender or "?", folder))
        game = None  # replies to a mail that names no game go through a game of the sender's
        tag = mail.tag
        if not tag:
            if len(mine) > 1:
                game = os.path.join(folder, files[mine[0]] + ".json")
                ref.say("%s: no game tag in '%s'; asked for one" % (sender, mail.subject))
                with Lock(game):
                    reply_only("You play in several games here: %s." % " ".join(mine), "",
                               "Please put the game's tag in the subject of your mail, for "
                               "example [game:%s]," % mine[0],
                               "and send your moves again; nothing was played.")
                return 0
            tag = mine[0]
        if tag not in mine:
            game = os.path.join(folder, files[mine[0]] + ".json")
            ref.say("%s: not a player of game '%s'; told so" % (sender, tag))
            with Lock(game):
                reply_only("You play in no game called '%s' here; your games: %s."
                           % (tag, " ".join(mine)), "", "Nothing was played.")
            return 0
        game = os.path.join(folder, files[tag] + ".json")
        players = os.path.join(folder, files[tag] + ".players")
        name_tag = "[game:%s]" % tag
        if not os.path.isfile(game):
            raise Fail(EX_TEMPFAIL, "catan-referee: no game file %s for %s" % (game, players))
        gname = tag
    else:
        game, players = o["game"], o["players"]
        gname = os.path.basename(game)
        gname = (gname[:-5] if gname.endswith(".json") else gname).lower()
    seats = read_players(players)
    colour = colour_in(seats, sender) if sender else None
    if not colour:
        ref.say("refused: mail from unknown sender '%s' (subject '%s'); no reply"
                % (sender or "?", mail.subject))
        raise Fail(1, "catan-referee: '%s' is not a player in %s" % (sender or "?", players))
    if mail.tag and mail.tag != gname:
        ref.say("%s <%s>: mail for game '%s', not '%s'; told so" % (colour, sender, mail.tag, gname))
        with Lock(game):
            reply_only("This referee keeps the game '%s', not '%s'; nothing was played."
                       % (gname, mail.tag))
        return 0
    sender = address_of(seats, colour)
    mail.sender_seat = sender
    who = "%s <%s>" % (colour, sender)

    with Lock(game):
        doc = read_game(game)
        check_refereeable(ref, game, doc, seats, players)
        said = read_text(mail, colour, grammar(ref))
        authentic = not mail.too_large and pw_ok(read_passwords(game + ".passwords"), colour,
                                                 said.password)
        # A mail that is not the seat owner's is marked apart, so that a forger who takes the
        # Message-ID of a mail the owner will send cannot have that mail ignored.
        key = mail.key if authentic else hashlib.sha256(
            ("not the owner's " + mail.key).encode()).hexdigest()
        if has_mark(game + ".seen", key):
            ref.say("%s: ignored: mail %s was handled already" % (who, mail.shown_id()))
            return 0
        t = Txn(ref, game)
        t.key = key
        stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())

        def done(text, *lines):
            t.line = "%s %s: %s" % (stamp, who, clean(text))
            if lines:
                t.reply(sender, re_subject(mail, name_tag), "\n".join(lines) + "\n",
                        mail.reply_id, colour=colour)
            t.commit(outbox)
            return 0

        if not authentic:
            # Not the owner's, as far as the referee can tell: its owner hears of it under a
            # subject of the referee's (never the sender's words), a few times an hour at most.
            if not guard(ref, t, game, colour, sender, name_tag, stamp, who, outbox):
                return 0

            def unproven(text, *lines):
                t.line = "%s %s: %s" % (stamp, who, text)
                t.reply(sender, "Catan%s: a mail in your name was not played"
                        % (" " + name_tag if name_tag else ""), "\n".join(lines) + "\n",
                        colour=colour)
                t.commit(outbox)
                return 0
            if mail.too_large:
                return unproven("refused: a mail over %d bytes" % MAX_MAIL,
                                "A mail in your name is over %d KiB, so it was not read and "
                                "nothing was played." % (MAX_MAIL >> 10), "",
                                "Send your moves in a short mail of plain text.")
            why = "a wrong password" if said.password else "no password"
            return unproven("refused: %s; told the seat's owner" % why,
                            "A mail in your name was not played: it carries %s." % why, "",
                            "Every mail to the referee must carry your seat's password on a line",
                            "of its own, as in the mail that gave it to you:", "",
                            "  password xxxx-xxxx-xxxx-xxxx-xxxx", "",
                            "If you did not send this mail, someone else wrote it as you;",
                            "nothing was played in your name.")
        now = "Now: %s." % now_line(ref.status(path=game))
        if said.long_line:
            return done("refused: line %d is over %d characters" % (said.long_line, MAX_LINE),
                        now, "", "Line %d of your mail is over %d characters, so nothing was "
                        "played." % (said.long_line, MAX_LINE))
        if len(said.moves) > MAX_MOVES:
            return done("refused: %d moves, over %d" % (len(said.moves), MAX_MOVES),
                        now, "", "Your mail holds %d moves; one mail may carry %d at most, so "
                        "nothing was played." % (len(said.moves), MAX_MOVES))
        if said.moves and ref.status(path=game)["winner"]:
            t.line = "%s %s: the game is over; told so" % (stamp, who)
            said.commands = ["over", "board"]
            answer(ref, t, game, doc, colour, said, mail, name_tag)
            t.commit(outbox)
            return 0
        if said.moves or any(c in SETTINGS for c in said.commands):
            # A mail that changes the game or a standing order answers the referee's newest
            # mail to its seat, or it may be an old one sent again (Codes).
            code = t.code_for(colour)
            if code not in mail.codes:
                if not guard(ref, t, game, colour, sender, name_tag, stamp, who, outbox):
                    return 0
                t.line = "%s %s: refused: the mail carries no current code (an old mail sent " \
                         "again?); told the seat's owner" % (stamp, who)
                r = Reply().p(now).p(
                    "Nothing was played: your mail does not answer the referee's newest mail to "
                    "you, so it may be an old mail sent again.  Answer this mail, or put the "
                    "line \"code %s\" in yours, and send again what still holds:" % code)
                r.moves([m for _, m in said.moves] + [c for c in said.commands if c in SETTINGS])
                t.reply(sender, "Catan%s: a mail of yours was not played"
                        % (" " + name_tag if name_tag else ""), r.text(), colour=colour)
                t.commit(outbox)
                return 0
            t.new_code(colour)
        if not said.moves and said.commands:
            t.line = "%s %s: asked for %s" % (stamp, who, ", ".join(said.commands))
            answer(ref, t, game, doc, colour, said, mail, name_tag)
            t.commit(outbox)
            return 0
        if not said.moves:
            return done("no moves in the mail", now, "",
                        "No moves were found in your mail, so nothing was played.", "",
                        *(unread_lines(said) + HELP_LINES))
        return play(ref, t, game, doc, seats, players, colour, who, sender, mail, said,
                    name_tag, outbox, stamp)


# At most so many lines of a mail not read as moves are quoted back, each cut at UNREAD_WIDTH.
UNREAD_MAX = 10
UNREAD_WIDTH = 60


def unread_lines(said):
    """The lines of a reply that quote the lines of the mail read as no move, command or
    password, so that nothing a player wrote is dropped without a word; () when there are
    none."""
    if not said.unread:
        return ()
    out = ["Not read as moves (the lines of your mail that are no move, command or password):",
           ""]
    for n, line in said.unread[:UNREAD_MAX]:
        out.append("  line %d: %s" % (n, clean(line, UNREAD_WIDTH)))
    if len(said.unread) > UNREAD_MAX:
        out.append("  and %d line(s) more" % (len(said.unread) - UNREAD_MAX))
    return tuple(out) + ("",)


# How many mails a seat's owner hears of, in an hour, that came in their name and were not
# played: without the seat's password (a forger's, or the owner's own without it), or without
# its current code (an old mail sent again); after these the referee answers none and records
# none for the rest of the hour, but for one notice to the owner.
GUARD_LIMIT = 3
GUARD_WINDOW = 3600


def read_guard(game):
    """GAME.guard: for each seat, since when its window runs, how many mails without the
    password came in it, and when its owner was last told of more.  A file that cannot be
    read counts as none (it only limits replies)."""
    try:
        with open(game + ".guard", encoding="utf-8") as f:
            g = json.load(f)
    except (OSError, ValueError):
        return {}
    return g if isinstance(g, dict) else {}


def guard_text(g):
    return (json.dumps(g, indent=1, sort_keys=True) + "\n").encode()


def guard(ref, t, game, colour, to, name_tag, stamp, who, outbox):
    """Counts a mail in COLOUR's name that does not carry its password; whether to answer it
    (T then writes the count with its reply).  Past GUARD_LIMIT in GUARD_WINDOW seconds it is
    not answered, not logged and not marked as seen, so a forger's flood makes no mail and no
    file grow; the owner gets one notice in that hour, naming nothing of the forger's."""
    now = ref.o["now"]
    g = read_guard(game)
    e = g.get(colour)
    if not isinstance(e, dict) or not isinstance(e.get("since"), int) \
            or not isinstance(e.get("count"), int) or now - e["since"] >= GUARD_WINDOW:
        e = {"since": now, "count": 0, "noticed": e.get("noticed") if isinstance(e, dict) else None}
    e["count"] += 1
    g[colour] = e
    t.guard = g
    if e["count"] <= GUARD_LIMIT:
        return True
    noticed = e.get("noticed")
    if isinstance(noticed, int) and now - noticed < GUARD_WINDOW:
        write_file(game + ".guard", guard_text(g))
        return False
    e["noticed"] = now
    t.key = None  # a notice marks no mail: the next such mail is as silent
    t.line = "%s %s: %d mails not played since %s (no password, or no current code); no " \
             "more answered until %s; told the seat's owner" % (
                 stamp, who, e["count"], when(e["since"]), when(e["since"] + GUARD_WINDOW))
    t.reply(to, "Catan%s: mails in your name" % (" " + name_tag if name_tag else ""),
            "Since %s, %d mails came to the referee in your name that it did not\n"
            "play: without your seat's password, or not answering its newest mail to you.\n"
            "The referee answers no more of them until %s, and tells you of them\n"
            "once an hour at most.\n\n"
            "Your own mails, with your password, are played as ever.  If you fear your\n"
            "password was seen, ask the referee for a new one.\n"
            % (when(e["since"]), e["count"], when(e["since"] + GUARD_WINDOW)), colour=colour)
    t.commit(outbox)
    return False


HELP_LINES = (
    "Write one move per line, for example:", "", "  roll", "  build road 12-17", "  end", "",
    "and your seat's password on a line of its own, as the mail that gave it shows:", "",
    "  password xxxx-xxxx-xxxx-xxxx-xxxx", "",
    "Answer the referee's newest mail to you: its code, which a reply carries,",
    "tells your mail from an old one sent again (a mail written anew needs the",
    'line "code xxxxxx" that the newest mail shows).',
    'Quoted lines (">") and everything after a signature line ("-- ") are skipped.',
    "A mail without moves may ask, one word a line:", "",
    "  list     your legal moves now (or: moves)",
    "  board    the board and the game as you may see them",
    "  status   whose turn it is and the last moves",
    "  help     this text",
    "  away     you are away: your clock stops until you write 'back' (or send a move)",
    "  back     you are back: your clock runs again",
    "  standing pass   pass whenever you are asked to answer a robber with a knight,",
    "                  until you write 'standing off'",
    "  building on     be asked in every special building phase (games of five or six),",
    "                  until you write 'building off'; without it the referee passes for you",
    "", "The last four may come with moves too.")


def settings(clock, doc, colour, commands, r):
    """The standing orders that COMMANDS set or cancel, each confirmed in R; whether any did."""
    changed = False
    building = "building_after" in doc.get("position", {})
    for c in commands:
        if c not in SETTINGS:
            continue
        changed = True
        if c == "away":
            clock["away"][colour] = True
            r.p("You are away: your clock stops until you write 'back' or send a move.")
        elif c == "back":
            clock["away"].pop(colour, None)
            r.p("You are back: your clock runs again.")
        elif c == "standing pass":
            clock["standing"][colour] = "pass"
            r.p("Standing order: you pass whenever you are asked to answer a robber "
                "with a knight, until you write 'standing off'.")
        elif c == "standing off":
            clock["standing"].pop(colour, None)
            r.p("Standing order cancelled: you answer the robber yourself.")
        elif not building:
            changed = False
            r.p("This game has no special building phase: '%s' changes nothing." % c)
        elif c == "building on":
            clock["building"][colour] = True
            r.p("Standing request: you are asked to build in every special building phase, "
                "until you write 'building off'.")
        else:
            clock["building"].pop(colour, None)
            r.p("Standing request cancelled: the referee passes for you in the special "
                "building phase.")
    return changed


def answer(ref, t, game, doc, colour, said, mail, name_tag):
    """The reply to a mail's commands (said.commands): nothing in the game changes."""
    commands = said.commands
    now = now_line(ref.status(path=game))
    r = Reply().p("Now: %s." % now)
    clock = read_clock(game)
    if settings(clock, doc, colour, commands, r):
        t.clock = clock
    for c in commands:
        if c == "over":
            r.p("The game is over; nothing was played.")
        elif c == "list":
            r.add(legal_reply(ref, game, colour, None))
        elif c == "status":
            with open(game, "rb") as f:
                log = json.loads(view_of(ref, f.read(), colour)).get("log", [])
            if log:
                r.p("The last moves (%d in all):" % len(log)).moves(log[-8:])
        elif c == "help":
            r.lines(HELP_LINES)
    if said.unread:
        r.lines(unread_lines(said)[:-1])
    if "board" in commands:
        r.board(render(ref, game, colour), picture(ref, game, colour))
    subject = re_subject(mail, name_tag)
    t.reply(mail.sender_seat, subject, r.text(), mail.reply_id,
            None if ref.o["text_only"] or "board" not in commands else r.html(subject), colour)


def legal_reply(ref, path, colour, most):
    """The sender's legal moves in the game at PATH, at most MOST of them listed (None: all);
    when they have none, whose move the game waits for instead."""
    legal = legal_moves(ref, path, colour)
    r = Reply()
    if not legal:
        return r.p("You have no move to make now: the game waits for %s.  You will get a "
                   "mail when it waits for you." % waits_for(ref.status(path=path)))
    if most is not None and len(legal) > most:
        return r.p('You have %d legal moves now; a mail with the single line "list" gets '
                   "them all." % len(legal))
    return r.p("Your legal moves now (%d):" % len(legal)).moves(legal)


class Lock:
    """One referee at a time on a game, from reading the mail's game to writing its replies;
    what a killed referee left is finished or thrown away first."""

    def __init__(self, game):
        self.game = game

    def __enter__(self):
        try:
            self.fd = os.open(self.game + ".lock", os.O_WRONLY | os.O_CREAT | os.O_APPEND, 0o600)
            fcntl.flock(self.fd, fcntl.LOCK_EX)
        except OSError as e:
            raise Fail(EX_TEMPFAIL, "catan-referee: cannot lock %s.lock: %s" % (self.game, e.strerror))
        shutil.rmtree(self.game + ".work", ignore_errors=True)
        shutil.rmtree(self.game + ".draw", ignore_errors=True)
        shutil.rmtree(self.game + ".done", ignore_errors=True)
        if os.path.isdir(self.game + ".txn"):
            finish(self.game)
        private(self.game)
        return self

    def __exit__(self, *exc):
        # What this run prepared and did not commit goes, whatever ended it (a temporary
        # failure leaves nothing behind for the next mail to clear).
        shutil.rmtree(self.game + ".work", ignore_errors=True)
        shutil.rmtree(self.game + ".draw", ignore_errors=True)
        os.close(self.fd)
        return False


# The files of a game that only the referee may read: the game (its secret key, every hand),
# the password hashes, the standing orders and clock, the marks, the codes, the guard and the
# log.
PRIVATE = ("", ".passwords", ".clock", ".seen", ".codes", ".guard", ".log")


def private(game):
    """The files of GAME made readable by their owner alone, when a umask or a command made
    them readable by others (a game made by "catan-newboard > game.json" under umask 022)."""
    for suffix in PRIVATE:
        try:
            mode = stat.S_IMODE(os.stat(game + suffix).st_mode)
            if mode & 0o077:
                os.chmod(game + suffix, mode & 0o700)
        except FileNotFoundError:
            pass


def read_game(game):
    try:
        with open(game, "rb") as f:
            return json.loads(f.read())
    except (OSError, ValueError) as e:
        raise Fail(EX_TEMPFAIL, "catan-referee: cannot read %s: %s" % (game, e))


def check_refereeable(ref, game, doc, seats, players):
    """A game whose luck anyone can work out, or with a seat nobody plays, is not refereed."""
    rules = doc.get("rules") or {}
    if rules.get("outcomes") == "external" and not ref.o["allow_seeded"]:
        # The players would name the dice, the cards bought and the cards stolen: nobody can
        # be trusted to, and a thief's refused guess ("orange holds no brick to steal") would
        # tell the victim's hand.
        ref.say("refused: %s takes its outcomes from the players (outcomes=external), which "
                "no mail can be trusted to name; no reply" % game)
        raise Fail(1, "catan-referee: %s takes its dice and cards from the players "
                   "(outcomes=external): by mail nobody can be trusted to name an outcome, "
                   "and a steal named by the thief tells the victim's hand (make the game "
                   "without outcomes=external, or give --allow-seeded for a test)" % game)
    if "secret" not in doc and rules.get("outcomes") != "external" and not ref.o["allow_seeded"]:
        ref.say("refused: %s draws its luck from its seed, which any view gives away; "
                "no reply" % game)
        raise Fail(1, "catan-referee: %s has no secret key: its dice can be worked out from "
                   "its seed (make it with catan-newboard --secret, or give --allow-seeded "
                   "for a test)" % game)
    missing = [c for c in doc.get("players", []) if not address_of(seats, c)]
    if missing:
        ref.say("refused: no address for %s in %s; no reply" % (", ".join(missing), players))
        raise Fail(1, "catan-referee: %s has no address for %s" % (players, ", ".join(missing)))
    visits = building_visits(players)
    if visits not in ("all", "requested", "paired"):
        ref.say("refused: %s says 'building %s'; no reply" % (players, visits))
        raise Fail(1, "catan-referee: %s: the line 'building' takes all, requested or paired, "
                   "not '%s'" % (players, visits))
    # The table's choice of paired players, in the players file, and the game's rules agree.
    paired = rules.get("paired_players") == "on"
    said = players_setting(players, "building", None)
    if paired and said not in (None, "paired"):
        ref.say("refused: %s says 'building %s', %s plays paired players; no reply"
                % (players, said, game))
        raise Fail(1, "catan-referee: %s plays paired players, which have no building phase: "
                   "the line 'building' in %s says paired, or nothing" % (game, players))
    if said == "paired" and not paired:
        ref.say("refused: %s says 'building paired', %s does not play them; no reply"
                % (players, game))
        raise Fail(1, "catan-referee: %s says 'building paired', but %s was made without them "
                   "(catan-newboard --rules variant=five_six --rules paired_players=on)"
                   % (players, game))


def view_of(ref, game_bytes, colour):
    return ref.run(["catan-move", "--view", colour], stdin=game_bytes).stdout


def legal_moves(ref, game, colour):
    with open(game, "rb") as f:
        view = view_of(ref, f.read(), colour)
    out = ref.run(["catan-move", "--list"], stdin=view).stdout.decode()
    return [m for m in out.split("\n") if m]


def render(ref, path, colour):
    """What COLOUR may see as text for mail, in lines of at most 78 columns (catan-render
    --labels --width 78: the board with the numbers players type, the panel under it): the
    board and the panel, apart, for the HTML part shows the panel as text of its own."""
    args = ["catan-render", "--labels", "--width", str(Reply.COLUMNS), "--view", colour,
            "--color", "never", "--log", "0", path]
    whole = ref.run(args).stdout.decode()
    board = ref.run(args[:1] + ["--board-only"] + args[1:]).stdout.decode()
    if not whole.startswith(board):
        return whole, ""
    return board, whole[len(board):]


def picture(ref, path, colour):
    """The PNG picture of the board as COLOUR may see it, for a phone's screen as for a wide
    one: catan-render --large-print (the board alone, every number and word a fortieth of its
    width) drawn by rsvg-convert (librsvg2-bin) Reply.WIDTH pixels wide, in 64 colours by
    pngquant when it is there (a third of the bytes).  None without rsvg-convert or with
    --text-only."""
    if ref.o["text_only"] or not shutil.which("rsvg-convert"):
        return None
    svg = ref.run(["catan-render", "--svg", "--large-print", "--labels", "--view", colour,
                   path]).stdout
    try:
        p = subprocess.run(["rsvg-convert", "--format", "png", "--width", str(Reply.WIDTH)],
                           input=svg, capture_output=True)
    except OSError:
        return None
    if p.returncode != 0 or not p.stdout.startswith(b"\x89PNG"):
        return None
    png = p.stdout
    if shutil.which("pngquant"):
        try:
            q = subprocess.run(["pngquant", "--strip", "64", "-"], input=png, capture_output=True)
            if q.returncode == 0 and q.stdout.startswith(b"\x89PNG"):
                png = q.stdout
        except OSError:
            pass
    return png


class Reply:
    """A reply to draw as text and as HTML: paragraphs, lists of moves, the board.  The text
    part's lines are at most COLUMNS long (longer ones wrapped), the board's included; the
    HTML part needs no sideways scrolling on a phone: its picture shrinks to the screen's
    width (at most its own WIDTH pixels), the panel is text that wraps."""

    COLUMNS = 78  # a mail's line (RFC 5322), and the text board's width
    WIDTH = 640  # the picture's pixels

    def __init__(self):
        self.blocks = []

    def p(self, text):
        self.blocks.append(("p", text))
        return self

    def moves(self, lines):
        self.blocks.append(("moves", list(lines)))
        return self

    def lines(self, lines):
        """Lines as they are, as preformatted text."""
        self.blocks.append(("pre", "\n".join(lines)))
        return self

    def add(self, other):
        """The blocks of another reply, after these."""
        self.blocks.extend(other.blocks)
        return self

    def board(self, drawing, png):
        """DRAWING: render()'s board and panel; PNG: picture()'s, or None."""
        self.blocks.append(("board", (drawing, png)))
        return self

    @staticmethod
    def wrap(line, indent):
        """LINE in lines of at most COLUMNS, broken at blanks, the next ones indented by INDENT
        blanks; a word longer than a line stays whole."""
        import textwrap
        if len(line) <= Reply.COLUMNS:
            return [line]
        lead = len(line) - len(line.lstrip(" "))
        return textwrap.wrap(line[lead:], Reply.COLUMNS, initial_indent=" " * lead,
                             subsequent_indent=" " * indent, break_long_words=False,
                             break_on_hyphens=False)

    @staticmethod
    def reflow(lines):
        """Preformatted LINES in lines of at most COLUMNS.  An item of a list ("  list     your
        legal moves") and the lines under its text that go on with it are one entry, wrapped
        under its text; another line is wrapped under its own start."""
        entries = []  # [text, the column its next lines start at, whether it is an item]
        for line in lines:
            lead = len(line) - len(line.lstrip(" "))
            if entries and entries[-1][2] and line.strip() and lead == entries[-1][1]:
                entries[-1][0] += " " + line.strip()
                continue
            item = re.match(r" *\S+(?: \S+)*  +(?=\S)", line)
            entries.append([line, item.end() if item else lead, bool(item)])
        return [l for text, col, _ in entries for l in Reply.wrap(text, col)]

    def text(self):
        out = []
        for kind, v in self.blocks:
            if kind == "p":
                out.append("\n".join(l for part in v.split("\n") for l in self.wrap(part, 0))
                           + "\n\n")
            elif kind == "moves":
                out.append("".join("%s\n" % l for m in v for l in self.wrap("  " + m, 4)) + "\n")
            elif kind == "pre":
                out.append("\n".join(self.reflow(v.split("\n"))) + "\n\n")
            else:
                board, panel = v[0]
                out.append(board + panel)
        return "".join(out)

    def html(self, title):
        """A page that needs nothing from outside: the picture comes in the mail itself."""
        e = html.escape
        out = ['<!DOCTYPE html>\n<html><head><meta charset="utf-8">'
               '<meta name="viewport" content="width=device-width, initial-scale=1">'
               '<title>%s</title></head>\n'
               '<body style="font-family: sans-serif; color: #222; background: #fff; '
               'overflow-wrap: anywhere;">\n' % e(title)]
        png = None
        for kind, v in self.blocks:
            if kind == "p":
                out.append("<p>%s</p>\n" % e(v))
            elif kind == "pre":
                out.append('<pre style="font-family: monospace; white-space: pre-wrap;">%s</pre>\n'
                           % e(v))
            elif kind == "moves":
                if v:
                    out.append('<ul style="font-family: monospace; font-size: 14px; '
                               'padding-left: 1.5em;">\n%s</ul>\n'
                               % "".join("<li>%s</li>\n" % e(m) for m in v))
            else:
                (board, panel), png = v
                if png:
                    # The size from the PNG's header: the page keeps the picture's room.
                    w, h = int.from_bytes(png[16:20], "big"), int.from_bytes(png[20:24], "big")
                    out.append('<p><img src="cid:board" alt="The game as you may see it" '
                               'width="%d" height="%d" style="display: block; width: 100%%; '
                               'max-width: %dpx; height: auto;"></p>\n' % (w, h, w))
                out.append(panel_of(panel))
        out.append("</body></html>\n")
        return "".join(out), png


def panel_of(panel):
    """The text drawing's panel (whose turn, the players, the bank) as HTML that wraps: a
    paragraph a block of lines, its first line in bold, its indented lines indented."""
    e = html.escape
    out = []
    for block in re.split(r"\n\s*\n", panel.strip("\n")):
        lines = [l for l in block.split("\n") if l.strip()]
        if not lines:
            continue
        out.append('<div style="margin: 0.8em 0; line-height: 1.4;">\n')
        for i, line in enumerate(lines):
            text = e(line.strip())
            if i == 0:
                text = "<b>%s</b>" % text
            if line.startswith(" "):
                out.append('<div style="padding-left: 1.5em;">%s</div>\n' % text)
            else:
                out.append("<div>%s</div>\n" % text)
        out.append("</div>\n")
    return "".join(out)


def read_clock(game):
    """GAME.clock: who is away, the standing orders, and since when each seat owes a move."""
    try:
        with open(game + ".clock", encoding="utf-8") as f:
            c = json.load(f)
    except FileNotFoundError:
        c = {}
    except (OSError, ValueError) as e:
        raise Fail(EX_TEMPFAIL, "catan-referee: cannot read %s.clock: %s" % (game, e))
    for k in ("away", "standing", "building", "owes"):
        if not isinstance(c.get(k), dict):
            c[k] = {}
    return c


def standing_orders(ref, clock, visits, new, newdoc):
    """The passes that standing orders give: while the player who owes an answer to the robber
    has one, and, when VISITS is "requested", while the player who owes a turn of the special
    building phase has not asked to be asked.  Whom the game waits for, and for what, is the
    library's answer (catan-move --status)."""
    while True:
        owes = ref.status(new)["owes"]
        moves = ["%s pass" % c for c, o in owes.items()
                 if o.get("what") == "interrupt" and clock["standing"].get(c) == "pass"]
        if visits == "requested":
            moves += ["%s end" % c for c, o in owes.items()
                      if o.get("what") == "building" and not clock["building"].get(c)]
        if not moves:
            return new, newdoc
        move = moves[0]
        new = ref.run(["catan-move", "--as", move.split()[0], move], stdin=new).stdout
        newdoc = json.loads(new)


# What a seat owes, in words (catan-move --status's "what"): {cards} and {piece} are its own.
OWES = {"setup": "to place a {piece}", "roll": "to roll", "turn": "to play",
        "discard": "to discard {cards} cards", "robber": "to move the robber",
        "interrupt": "to answer the robber", "steal": "to choose whom to rob",
        "offer": "to answer an offer", "neutral": "to place a neutral {piece}",
        "give": "to give {cards} cards", "building": "to build or pass",
        "paired": "to play their part of the turn"}


def owes_words(o):
    w = OWES.get(o.get("what"), "to move")
    return w.format(cards=o.get("cards", ""), piece=o.get("piece", "piece"))


def waits_for(st):
    """Whom the game waits for, and for what, in words: "red (to roll)", "red (to discard 4
    cards) and orange (to discard 4 cards)"."""
    seats = ["%s (%s)" % (c, owes_words(st["owes"].get(c, {}))) for c in st["waiting"]]
    return " and ".join(seats) or "nobody"


def now_line(st):
    """Whose turn it is and whom the game waits for: "red to play (roll)" when it waits for the
    player whose turn it is alone, else "white's turn; the game waits for orange (to move the
    robber)"; "red has won the game" at its end.  ST: catan-move --status's answer."""
    if st["winner"]:
        return "%s has won the game" % st["winner"]
    owes = st["owes"].get(st["current"], {})
    if st["waiting"] == [st["current"]] and owes.get("what") == "paired":
        # Settler 2's part of Settler 1's turn (paired players).
        return "%s's turn; the game waits for %s" % (owes.get("turn_of"), waits_for(st))
    if st["waiting"] == [st["current"]]:
        return "%s to play (%s)" % (st["current"], st["phase"])
    return "%s's turn; the game waits for %s" % (st["current"], waits_for(st))


def play(ref, t, game, doc, seats, players, colour, who, sender, mail, said, name_tag, outbox,
         stamp):
    """The moves in order, in one call, up to the first refusal: a move that stood stays
    (luck is final: a roll or a card drawn is never taken back), the refused one and those
    after it are not played.  The standing orders among the mail's commands are set first, so
    that they hold for the moves' outcome; then the standing orders play what they decide."""
    moves = [m for _, m in said.moves]
    with open(game, "rb") as f:
        old = f.read()
    before = len(doc.get("log", []))
    total = len(moves)
    # The tools read files: the moves and, below, the new game, in a folder of their own
    # (not the transaction's, which commit() makes).
    tmpdir = game + ".draw"
    shutil.rmtree(tmpdir, ignore_errors=True)
    os.mkdir(tmpdir, 0o700)
    mfile = os.path.join(tmpdir, "moves")
    with open(mfile, "w", encoding="utf-8") as f:
        f.write("\n".join(moves) + "\n")
    p = ref.run(["catan-move", "--as", colour, "--keep", "--errors", "json", "-f", mfile],
                stdin=old, ok=(0, 1))
    refused, msg, stood = None, None, total
    if p.returncode == 1:
        # The refusal as catan-move tells it to programs (catan-move(1), JSON ERRORS): which
        # move, as the sender wrote it, why, and how many before it stood.
        try:
            err = json.loads(p.stderr.decode("utf-8", "replace").split("\n")[0])
            refused, stood = int(err["move"]), int(err["stood"])
            msg = clean("'%s': %s" % (err["text"], err["message"]))
        except (ValueError, KeyError, TypeError) as e:
            raise Fail(EX_TEMPFAIL, "catan-referee: catan-move's refusal cannot be read: %s"
                       % clean(str(e)))
    new = p.stdout if p.stdout else old
    newdoc = json.loads(new) if p.stdout else doc
    clock = read_clock(game)
    if stood and clock["away"].pop(colour, None):
        t.clock = clock  # a move is back
    orders = Reply()
    if settings(clock, doc, colour, said.commands, orders):
        t.clock = clock
    mine = len(newdoc.get("log", []))  # the log's length after the mail's own moves
    if stood:
        new, newdoc = standing_orders(ref, clock, building_visits(players), new, newdoc)
    now = now_line(ref.status(new))
    try:
        gpath = os.path.join(tmpdir, "game.json")
        with open(gpath, "wb") as f:
            f.write(new)

        def refusal(r):
            """What the sender reads of their mail: the refused move, the moves not played,
            their legal moves, and the lines of their mail that were not read as moves."""
            if refused is not None:
                r.p("Move %d of your mail (line %d) was refused:"
                    % (refused, said.line_of(refused))).moves([msg])
                if refused < total:
                    r.p("Not played, after it:").moves(moves[refused:])
                r.p("Send the refused move again, corrected, with the moves after it that "
                    "still hold.")
                r.add(legal_reply(ref, gpath, colour, 60))
            if said.unread:
                r.lines(unread_lines(said)[:-1])

        def send(r, c, to, subject, in_reply_to=None):
            r.board(render(ref, gpath, c), picture(ref, gpath, c))
            t.reply(to, subject, r.text(), in_reply_to,
                    None if ref.o["text_only"] else r.html(subject), c)

        if refused is not None:
            t.line = "%s %s: %d of %d move(s) played; move %d refused: %s" % (
                stamp, who, stood, total, refused, msg)
        else:
            t.line = "%s %s: applied %d move(s)" % (stamp, who, total)

        subject = re_subject(mail, name_tag)
        if stood == 0:
            # Nothing stood: the game is as it was, and only the sender hears of it.
            r = Reply().p("Now: %s." % now).add(orders)
            r.p("Nothing was played; the game is as it was.")
            refusal(r)
            send(r, colour, sender, subject, mail.reply_id)
        else:
            # A mail to every player: whose turn it is, the moves that stood as that player
            # may read them, and the board as that player may see it.
            t.new_game = new
            for c in newdoc.get("players", []):
                to = address_of(seats, c)
                log = json.loads(view_of(ref, new, c)).get("log", [])
                r = Reply().p("Now: %s." % now)
                r.p("%s played:" % colour).moves(log[before:mine])
                if len(log) > mine:
                    r.p("The referee played by the standing orders (write 'help' for them):")
                    r.moves(log[mine:])
                if c == colour:
                    r.add(orders)
                    refusal(r)
                    send(r, c, to, subject, mail.reply_id)
                else:
                    send(r, c, to, "Catan%s: %s played; %s" % (
                        " " + name_tag if name_tag else "", colour, now))
    finally:
        shutil.rmtree(tmpdir, ignore_errors=True)
    t.commit(outbox)
    return 0


# ---- The clock ---------------------------------------------------------------------------

def when(t):
    return time.strftime("%Y-%m-%d %H:%M UTC", time.gmtime(t))


def tick(ref, game, players, outbox, name_tag):
    """Reminders and automatic moves for the seats that have let their deadlines pass."""
    seats = read_players(players)
    policy = auto_policy(players)
    now = ref.o["now"]
    remind, deadline = ref.o["remind"], ref.o["deadline"]
    with Lock(game):
        with open(game, "rb") as f:
            old = f.read()
        doc = json.loads(old)
        clock = read_clock(game)
        before = clock_text(clock)
        t = Txn(ref, game)
        stamp = time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime())
        log = doc.get("log", [])
        # Standing orders set by a mail that played nothing (or a game moved by hand) play first.
        new, newdoc = standing_orders(ref, clock, building_visits(players), old, doc)
        if len(newdoc.get("log", [])) > len(log):
            t.new_game = new
            tell_all(ref, t, new, newdoc, seats, len(log), name_tag,
                     "The referee played by the standing orders (write 'help' for them):")
            line = "standing orders: %d move(s)" % (len(newdoc["log"]) - len(log))
            t.line = "%s tick: %s" % (stamp, line)
            t.commit(outbox)
            return [line]
        owes = {}
        for c in ref.status(old)["waiting"]:
            last = max([i for i, m in enumerate(log) if m.split(" ", 1)[0] == c], default=-1)
            e = clock["owes"].get(c)
            if not isinstance(e, dict) or e.get("last") != last:
                e = {"since": now, "last": last, "reminded": False}
            if clock["away"].get(c):
                e["since"] = now  # the clock stands still while they are away
            owes[c] = e
        clock["owes"] = owes
        lines = []
        for c, e in sorted(owes.items()):
            late = now - e["since"]
            to = address_of(seats, c)
            if late >= deadline:
                p = ref.run(["catan-move", "--auto", "200", "--bots", c, "--policy", policy],
                            stdin=old)
                newdoc = json.loads(p.stdout)
                if len(newdoc.get("log", [])) == len(log):
                    continue
                new, newdoc = standing_orders(ref, clock, building_visits(players), p.stdout,
                                              newdoc)
                t.new_game = new
                tell_all(ref, t, new, newdoc, seats, len(log), name_tag,
                         "%s let the deadline pass (%s); the automatic player (%s) moved for "
                         "them:" % (c, when(e["since"] + deadline), policy))
                lines.append("%s: deadline passed; %d move(s) by the automatic player (%s)"
                             % (c, len(newdoc["log"]) - len(log), policy))
                owes.pop(c)
                break  # one seat's moves a tick: the next tick looks at the game anew
            if late >= remind and not e["reminded"] and to:
                t.reply(to, "Catan%s: a reminder: the game waits for you" % (
                    " " + name_tag if name_tag else ""),
                    "Now: %s.\n\n"
                    "The game waits for your move since %s.\n\n"
                    "Without a move from you by %s, an automatic player (%s) moves for you,\n"
                    "and every player is told.  If you are away, write 'away' to stop your\n"
                    "clock.\n" % (now_line(ref.status(old)), when(e["since"]),
                                   when(e["since"] + deadline),
                                   policy), colour=c)
                e["reminded"] = True
                lines.append("%s: reminded" % c)
        if clock_text(clock) != before:
            t.clock = clock
        if lines:
            t.line = "%s tick: %s" % (stamp, "; ".join(lines))
        if t.clock is not None or t.replies or t.new_game is not None:
            t.commit(outbox)
        return lines


def clock_text(clock):
    return json.dumps(clock, sort_keys=True)


def players_setting(players, key, default):
    """The value of the players file's line 'KEY VALUE', in lower case, or DEFAULT."""
    with open(players, encoding="utf-8", errors="replace") as f:
        for line in f:
            w = line.split()
            if len(w) == 2 and w[0].lower() == key:
                return w[1].lower()
    return default


def auto_policy(players):
    """The automatic player of a game: the line 'auto POLICY' of its players file, or random,
    whose choices depend on nothing a player may not see (greedy weighs a monopoly by the
    others' hands, so its moves would tell what they hold)."""
    return players_setting(players, "auto", "random")


def building_visits(players):
    """Whom the special building phase asks: the line 'building all' of the players file asks
    every player, as the printed rules do; without it (or with 'building requested') only the
    players with a standing request are asked, and the referee passes for the others."""
    return players_setting(players, "building", "requested")


def tell_all(ref, t, new, newdoc, seats, before, name_tag, heading):
    """A mail to every player: HEADING, the new moves as each may read them, the board."""
    now = now_line(ref.status(new))
    tmpdir = t.game + ".draw"
    shutil.rmtree(tmpdir, ignore_errors=True)
    os.mkdir(tmpdir, 0o700)
    try:
        gpath = os.path.join(tmpdir, "game.json")
        with open(gpath, "wb") as f:
            f.write(new)
        for c in newdoc.get("players", []):
            view = json.loads(view_of(ref, new, c))
            r = Reply().p("Now: %s." % now).p(heading).moves(view.get("log", [])[before:])
            r.board(render(ref, gpath, c), picture(ref, gpath, c))
            subject = "Catan%s: %s" % (" " + name_tag if name_tag else "", now)
            t.reply(address_of(seats, c), subject, r.text(), None,
                    None if ref.o["text_only"] else r.html(subject), c)
    finally:
        shutil.rmtree(tmpdir, ignore_errors=True)


# ---- Passwords for the seats ---------------------------------------------------------------

def give_passwords(ref, game, players, outbox, which, name_tag):
    """New passwords for the seats WHICH (None: those that have none), each mailed to its
    player alone and kept hashed."""
    seats = read_players(players)
    with Lock(game):
        doc = read_game(game)
        path = game + ".passwords"
        hashes = read_passwords(path) or {}
        colours = doc.get("players", [])
        if which is not None:
            bad = [c for c in which if c not in colours]
            if bad:
                raise Fail(EX_USAGE, "catan-referee: %s plays no seat of %s" % (bad[0], game))
        t = Txn(ref, game)
        given = []
        for c in colours:
            if (which is None and c in hashes) or (which is not None and c not in which):
                continue
            to = address_of(seats, c)
            if not to:
                raise Fail(1, "catan-referee: %s has no address for %s" % (players, c))
            word = pw_new()
            hashes[c] = pw_hash(word)
            given.append(c)
            subject = "Catan%s: your password for %s" % (" " + name_tag if name_tag else "", c)
            r = Reply().p("Now: %s." % now_line(ref.status(path=game)))
            r.lines(("You play %s in this game.  Your password is:" % c, "",
                     "  password %s" % word, "",
                     "Put that line, as it is, in every mail you send to the referee: a mail",
                     "without it is not played.  Keep it to yourself; the referee keeps only a",
                     "hash of it and will not tell it again (ask the referee for a new one if it",
                     "is lost)."))
            r.board(render(ref, game, c), picture(ref, game, c))
            t.new_code(c)  # a new password, a new code: a mail before it is no longer current
            t.reply(to, subject, r.text(), None, None if ref.o["text_only"] else r.html(subject),
                    c)
        if not given:
            return []
        # The hashes and the mails that tell the passwords in one transaction.
        t.passwords = "".join("%s %s\n" % (c, hashes[c]) for c in colours if c in hashes).encode()
        t.line = "%s passwords given to %s" % (
            time.strftime("%Y-%m-%dT%H:%M:%SZ", time.gmtime()), ", ".join(given))
        t.commit(outbox)
        return given


# ---- Options -------------------------------------------------------------------------------

PROG = "catan-referee"
WIDTH = 80  # the width of the screen --help fills
MAX_COLUMN = 30  # the widest first column of the option list


def word_len(s, brackets):
    """The length of the word at the start of S, up to a space or a newline; with BRACKETS,
    spaces inside [] and () belong to it.  A parenthesis of one word after it ("(tests)")
    stays with it (as cmd/fe/fe_help.c breaks lines)."""
    n = depth = 0
    while True:
        while n < len(s) and s[n] != "\n" and (s[n] != " " or depth > 0):
            if brackets:
                depth += (s[n] in "[(") - (s[n] in "])")
            n += 1
        if not re.match(r" \([^ )\n]*\)", s[n:]):
            return n
        n += 1


def wrap(text, col, indent, brackets=False):
    """TEXT as printed from column COL, broken between words to stay within WIDTH and going on
    at column INDENT; a newline in TEXT starts a line at INDENT too (an empty line stays empty).
    The spaces between words are kept as written.  Ends with a newline."""
    out = []
    fresh = True  # no word on this line yet
    i = 0
    while i < len(text):
        gap = len(text) - i - len(text[i:].lstrip(" "))
        i += gap
        if i < len(text) and text[i] == "\n":
            i += 1
            fresh = True
            col = indent if i < len(text) and text[i] != "\n" else 0
            out.append("\n" + " " * col)
            continue
        if i >= len(text):
            break
        n = word_len(text[i:], brackets)
        if fresh:
            gap = 0
        elif col + gap + n > WIDTH:
            out.append("\n" + " " * indent)
            col, gap = indent, 0
        out.append(" " * gap + text[i:i + n])
        col += gap + n
        i += n
        fresh = False
    return "".join(out) + "\n"


def label(opt):
    """How --help names OPT: "-g, --games FOLDER", "    --tick", "-p, --passwords[=COLOURS]"."""
    value = ("[=%s]" if opt.optional else " %s") % opt.value if opt.value else ""
    return "%s --%s%s" % ("-%s," % opt.short if opt.short else "   ", opt.name, value)


def help_text():
    """--help: the usage lines, what the program does, the options with their texts in a column
    as wide as the longest name needs (up to MAX_COLUMN), and the epilogue."""
    out = []
    for i, line in enumerate(USAGE):
        start = "%s%s " % ("usage: " if i == 0 else "       ", PROG)
        out.append(start + wrap(line, len(start), len(start), brackets=True))
    out.append("\n" + wrap(DESCRIPTION, 0, 0) + "\n")
    col = 0
    for opt in OPTIONS:
        want = 2 + len(label(opt)) + 2
        if col < want <= MAX_COLUMN:
            col = want
    for opt in OPTIONS:
        # The text from column col, on a line of its own when the name reaches it.
        name = "  " + label(opt)
        out.append(name + "\n" + " " * col if len(name) + 2 > col else name.ljust(col))
        out.append(wrap(opt.text, col, col))
    out.append("\n" + wrap(EPILOGUE, 0, 0))
    return "".join(out)


def usage_error(message=None):
    if message:
        print("%s: %s" % (PROG, message), file=sys.stderr)
    print("usage: %s %s" % (PROG, USAGE_ERROR), file=sys.stderr)
    return EX_USAGE


def option_of(word):
    """The option WORD names ("-g", "--games", "--games=FOLDER") and the value it carries (None
    when it carries none); (None, None) when it names no option."""
    for opt in OPTIONS:
        if word == "--" + opt.name or (opt.short and word == "-" + opt.short):
            return opt, None
        if opt.value and word.startswith("--%s=" % opt.name):
            return opt, word.split("=", 1)[1]
    return None, None


def option_value(opt, v):
    """The value V of OPT as the run takes it; ValueError when it is not one."""
    if opt.kind == "colours":
        return [c.strip().lower() for c in v.split(",") if c.strip()]
    if opt.kind in ("hours", "seconds"):
        x = float(v)
        if not 0 <= x < float("inf"):  # nor NaN
            raise ValueError
        return int(x * 3600) if opt.kind == "hours" else int(x)
    return v


def completions(ref, words, describe=False):
    """What completes the last of WORDS (--complete): the options (with DESCRIBE, those it
    begins, each with what it does), an option's values, or "@file" for the shell's file names."""
    prev = words[-2] if len(words) > 1 else ""
    cur = words[-1] if words else ""
    opt, v = option_of(prev)
    if opt and opt.value and not opt.optional and v is None:
        # cur is the value of the option before it
        return ["@file"] if opt.kind in ("file", "folder") else []
    for opt in OPTIONS:
        if opt.kind == "colours" and cur.startswith("--%s=" % opt.name):
            return ["--%s=%s" % (opt.name, c) for c in grammar(ref)[0]]
    if cur.startswith("-"):
        if describe:
            return ["--%s:%s" % (o.name, o.help) for o in OPTIONS
                    if ("--" + o.name).startswith(cur)]
        return ["--" + o.name for o in OPTIONS]
    return ["@file"]


def games_of(o):
    """(game, players, name, tag) of the game given or of each game of the folder."""
    if not o["games"]:
        return [(o["game"], o["players"], "", "")]
    out = []
    for p in sorted(os.listdir(o["games"])):
        if p.endswith(".players"):
            n = p[:-len(".players")]
            g = os.path.join(o["games"], n + ".json")
            if os.path.isfile(g):
                out.append((g, os.path.join(o["games"], p), n, "[game:%s]" % n.lower()))
    return out


def main(argv):
    o = {"games": None, "from": None, "log": None, "passwords": False, "allow_seeded": False,
         "text_only": False, "tick": False, "now": None, "remind": 24 * 3600,
         "deadline": 72 * 3600}
    args = list(argv)
    rest = []
    while args:
        a = args.pop(0)
        if a in ("--complete", "--complete-describe"):
            print("\n".join(completions(Referee(o), args, a == "--complete-describe")))
            return 0
        if a == "--":
            rest += args
            break
        if not a.startswith("-") or a == "-":
            rest.append(a)
            continue
        opt, v = option_of(a)
        if opt is None:
            return usage_error("unknown option '%s'" % a)
        if opt.name == "help":
            sys.stdout.write(help_text())
            return 0
        if opt.name == "version":
            print("%s (catan-tools) %s" % (PROG, os.environ.get("CATAN_TOOLS_VERSION", "?")))
            return 0
        if opt.value and not opt.optional and v is None:
            if not args:
                return usage_error("option '%s' needs a value" % a)
            v = args.pop(0)
        try:
            # A switch, or an option of optional value given without it, is True.
            o[opt.name.replace("-", "_")] = True if v is None else option_value(opt, v)
        except ValueError:
            return usage_error("option '--%s' needs a number, not '%s'" % (opt.name, v))
    if o["games"]:
        if len(rest) != 1:
            return usage_error()
        outbox = rest[0]
        if not (os.path.isdir(o["games"]) and os.path.isdir(outbox)):
            return usage_error("'%s' and '%s' must be folders" % (o["games"], outbox))
        o["log"] = o["log"] or os.path.join(o["games"], "referee.log")
    else:
        if len(rest) != 3:
            return usage_error()
        o["game"], o["players"], outbox = rest
        if not (os.path.isfile(o["game"]) and os.path.isfile(o["players"]) and os.path.isdir(outbox)):
            return usage_error("'%s' and '%s' must be files and '%s' a folder"
                               % (o["game"], o["players"], outbox))
        o["log"] = o["log"] or o["game"] + ".log"
    if o["now"] is None:
        o["now"] = int(time.time())
    ref = Referee(o)
    try:
        if o["tick"]:
            for game, players, name, tag in games_of(o):
                for line in tick(ref, game, players, outbox, tag):
                    print("%s%s" % (name + ": " if name else "", line))
            return 0
        if o["passwords"] is not False:
            # --passwords alone: the seats without one; --passwords=COLOURS: those named
            which = None if o["passwords"] is True else o["passwords"]
            for game, players, name, tag in games_of(o):
                for c in give_passwords(ref, game, players, outbox, which, tag):
                    print("%s%s" % (name + ": " if name else "", c))
            return 0
        data = sys.stdin.buffer.read(MAX_MAIL + 1)
        try:
            mail = Mail(data)
        except Exception:  # the email package reads nearly anything; this is a last resort
            ref.say("refused: a mail that cannot be read; no reply")
            return 1
        status = handle(ref, mail, outbox)
        if ref.said and sys.stderr.isatty():
            # Run by hand: what became of the mail, in the log's words.
            print("catan-referee: %s" % ref.said, file=sys.stderr)
        return status
    except Fail as f:
        if f.message:
            print(f.message, file=sys.stderr)
        return f.status
    except OSError as e:
        print("catan-referee: %s" % clean(str(e)), file=sys.stderr)
        return EX_TEMPFAIL
    except Exception as e:  # a fault of the referee's own: the mail is kept for a later run
        return internal_error(ref, e)


def internal_error(ref, e):
    """A fault of the referee's own: one line in the log and on standard error (where the
    fault is, not a traceback, which a mail system could bounce to the sender), and the status
    that has the mail system keep the mail and deliver it again."""
    tb = e.__traceback__
    while tb.tb_next is not None:
        tb = tb.tb_next
    line = "internal error at line %d: %s: %s" % (tb.tb_lineno, type(e).__name__,
                                                  clean(str(e), 200))
    print("catan-referee: %s" % line, file=sys.stderr)
    try:
        ref.say(line + "; the mail is kept (exit %d)" % EX_TEMPFAIL)
    except Exception:
        pass
    return EX_TEMPFAIL


if __name__ == "__main__":
    try:
        sys.exit(main(sys.argv[1:]))
    except KeyboardInterrupt:
        sys.exit(EX_TEMPFAIL)
