#!/usr/bin/python3
# catan-referee-mail: the MIME half of catan-referee(1).  Reads one mail (RFC 5322, as a
# delivery agent hands it) on standard input and writes what the referee needs into FOLDER,
# one file each, in UTF-8:
#   from      the sender's address (From:), in lower case
#   subject   the subject, decoded (RFC 2047), on one line
#   resubject the subject as sent (still encoded), unfolded: for a reply's "Re:"
#   msgid     the Message-ID, with its angle brackets
#   tag       the game tag [game:NAME] of the subject, NAME in lower case, or empty
#   auto      why the mail is an automatic one (an out-of-office, a bounce, a list), or empty
#   body      the text the sender wrote: the text/plain part of the message, or else its
#             HTML part turned into text without the quoted original; transfer encodings
#             (quoted-printable, base64) and charsets decoded
# Exit status: 0 done; 2 usage; 3 the mail cannot be read at all; 4 the folder could not be
# written.
# Python's own email package does the decoding (policy.default, RFC 2045-2047 and 6532).
import email
import email.policy
import email.utils
import html.parser
import os
import re
import sys

AUTO_PRECEDENCE = {"bulk", "junk", "list", "auto_reply"}
AUTO_SUBJECT = re.compile(
    r"^\s*(auto:|automatic reply|auto[- ]?reply|auto[- ]?response|autoresponse|"
    r"out of (the )?office|away from (the )?office|vacation|abwesenheit|"
    r"r[ée]ponse automatique|respuesta autom[áa]tica|risposta automatica)"
    r"|\bout of (the )?office\b",
    re.IGNORECASE,
)
TAG = re.compile(r"\[game:\s*([A-Za-z0-9][A-Za-z0-9._-]*)\s*\]", re.IGNORECASE)


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
    except (LookupError, UnicodeError):
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
    return text.replace("\r\n", "\n").replace("\r", "\n")


def auto_reason(msg, subject):
    v = str(msg.get("Auto-Submitted", "")).split(";")[0].strip().lower()
    if v and v != "no":
        return "Auto-Submitted: " + v
    v = str(msg.get("Precedence", "")).strip().lower()
    if v in AUTO_PRECEDENCE:
        return "Precedence: " + v
    for h in ("X-Autoreply", "X-Autorespond"):
        if msg.get(h) is not None:
            return h
    if msg.get("Return-Path") is not None and str(msg["Return-Path"]).strip() == "<>":
        return "Return-Path: <>"
    if msg.get_content_type() == "multipart/report":
        return "a delivery report"
    if AUTO_SUBJECT.search(subject):
        return "subject '%s'" % subject
    return ""


def header(msg, name):
    try:
        return str(msg.get(name, "") or "")
    except (ValueError, IndexError, AttributeError):  # a header the parser cannot read
        return ""


def main():
    if len(sys.argv) != 2 or sys.argv[1].startswith("-"):
        print("usage: catan-referee-mail FOLDER < message", file=sys.stderr)
        return 2
    try:
        files = read(sys.stdin.buffer)
    except Exception as e:  # the email package reads anything; this is a last resort
        print("catan-referee-mail: the mail cannot be read: %s" % e, file=sys.stderr)
        return 3
    try:
        for name, text in files.items():
            with open(os.path.join(sys.argv[1], name), "w", encoding="utf-8",
                      errors="replace") as f:
                f.write(text if name == "body" or not text else text + "\n")
    except OSError as e:
        print("catan-referee-mail: %s" % e, file=sys.stderr)
        return 4
    return 0


def read(stream):
    """What the referee needs of the mail on STREAM, by file name."""
    msg = email.message_from_binary_file(stream, policy=email.policy.default)
    subject = " ".join(header(msg, "Subject").split())
    # The subject as sent: the raw header value, unfolded.
    resubject = ""
    for k, v in msg.raw_items():
        if k.lower() == "subject":
            resubject = " ".join(v.split())
            break
    addr = email.utils.parseaddr(header(msg, "From"))[1].strip().lower()
    if not re.fullmatch(r"[^\s@<>\"]+@[^\s@<>\"]+", addr):
        addr = ""  # no address, several, or a broken one: nobody's
    tag = TAG.search(subject)
    return {
        "from": addr,
        "subject": subject,
        "resubject": resubject,
        "msgid": "".join(header(msg, "Message-ID").split()),
        "tag": tag.group(1).lower() if tag else "",
        "auto": auto_reason(msg, subject),
        "body": body_of(msg),
    }


if __name__ == "__main__":
    sys.exit(main())
