/* verdict_report.c: catan-validate's report in the forms CI systems read: JUnit XML, GitHub annotations, TAP. */
#include <stdlib.h>
#include <string.h>

#include "jv.h"
#include "doc/verdict.h"

const char *const verdict_format_names[] = { "text", "json", "junit", "github", "tap", NULL };

/*
 * An escape: what an ASCII byte becomes in a form (NULL: itself).  Bytes
 * that are no UTF-8 become '?' in every form.
 */
typedef const char *(*escape_fn)(unsigned char c);

static void add_escaped(struct buf *out, const char *s, escape_fn esc)
{
	const unsigned char *p = (const unsigned char *)s, *end = p + strlen(s);
	while (p < end) {
		if (*p >= 0x80) {
			size_t n = jv_utf8_len(p, end);
			if (n)
				buf_add(out, (const char *)p, n);
			else
				buf_addc(out, '?');
			p += n ? n : 1;
			continue;
		}
		const char *e = esc(*p);
		if (e)
			buf_adds(out, e);
		else
			buf_addc(out, (char)*p);
		p++;
	}
}

/* XML text and attribute values: the five entities, line ends as references, other control bytes '?'. */
static const char *esc_xml(unsigned char c)
{
	switch (c) {
	case '&': return "&amp;";
	case '<': return "&lt;";
	case '>': return "&gt;";
	case '"': return "&quot;";
	case '\'': return "&apos;";
	case '\n': return "&#10;";
	case '\r': return "&#13;";
	case '\t': return "&#9;";
	default: return c < 0x20 || c == 0x7f ? "?" : NULL;
	}
}

/* GitHub's workflow commands (actions/toolkit's escapeData): %, CR and LF; other control bytes '?'. */
static const char *esc_gh_data(unsigned char c)
{
	switch (c) {
	case '%': return "%25";
	case '\r': return "%0D";
	case '\n': return "%0A";
	default: return c < 0x20 || c == 0x7f ? "?" : NULL;
	}
}

/* escapeProperty: escapeData, and the ':' and ',' that end a property. */
static const char *esc_gh_prop(unsigned char c)
{
	switch (c) {
	case ':': return "%3A";
	case ',': return "%2C";
	default: return esc_gh_data(c);
	}
}

/* A TAP description: '#' would start a directive and '\' escapes, so both are escaped; no line ends. */
static const char *esc_tap(unsigned char c)
{
	switch (c) {
	case '#': return "\\#";
	case '\\': return "\\\\";
	default: return c < 0x20 || c == 0x7f ? "?" : NULL;
	}
}

/* A YAML double-quoted scalar's content. */
static const char *esc_yaml(unsigned char c)
{
	static const char *const ctl[32] = {
		"\\0", "\\x01", "\\x02", "\\x03", "\\x04", "\\x05", "\\x06", "\\a", "\\b", "\\t", "\\n",
		"\\v", "\\f", "\\r", "\\x0e", "\\x0f", "\\x10", "\\x11", "\\x12", "\\x13", "\\x14", "\\x15",
		"\\x16", "\\x17", "\\x18", "\\x19", "\\x1a", "\\e", "\\x1c", "\\x1d", "\\x1e", "\\x1f",
	};
	if (c < 0x20)
		return ctl[c];
	return c == '"' ? "\\\"" : c == '\\' ? "\\\\" : c == 0x7f ? "\\x7f" : NULL;
}

/* The fault without the file's name, as the text line gives it after "NAME: ". */
static void add_fault(struct buf *out, const struct verdict *v, escape_fn esc)
{
	struct buf t = { 0 };
	if (v->index)
		buf_printf(&t, "move %zu '%s': ", v->index, v->move ? v->move : "");
	buf_adds(&t, v->msg ? v->msg : "out of memory");
	if (t.failed)
		out->failed = 1;
	else
		add_escaped(out, t.p, esc);
	buf_free(&t);
}

/* What kind of fault a status is, in a few words (JUnit's type, GitHub's title). */
static const char *fault_kind(int status)
{
	switch (status) {
	case C_ILLEGAL: return "illegal game";
	case C_INPUT: return "not a game";
	default: return "cannot be read";
	}
}

/* The summary line's words, shared by every form. */
static void add_summary(struct buf *out, const struct verdict_totals *t)
{
	size_t bad = t->failed + t->errors;
	buf_printf(out, "%zu file%s, %zu passed, %zu failed (%zu illegal, %zu not read as a game), %zu moves checked",
		   t->files, t->files == 1 ? "" : "s", t->files - bad, bad, t->failed, t->errors, t->moves);
}

void verdict_head(enum verdict_format f, const struct verdict_totals *t, struct buf *out)
{
	switch (f) {
	case VERDICT_TAP:
		buf_printf(out, "TAP version 14\n1..%zu\n", t->files);
		break;
	case VERDICT_JUNIT:
		/* The Apache Ant schema's testsuite (tests/fixtures/junit.xsd): every attribute it requires. */
		buf_adds(out, "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuite name=\"catan-validate\" timestamp=\"");
		add_escaped(out, t->timestamp, esc_xml);
		buf_adds(out, "\" hostname=\"");
		add_escaped(out, t->hostname && *t->hostname ? t->hostname : "localhost", esc_xml);
		buf_printf(out, "\" tests=\"%zu\" failures=\"%zu\" errors=\"%zu\" skipped=\"0\" time=\"%.3f\">\n",
			   t->files, t->failed, t->errors, t->seconds);
		buf_adds(out, "  <properties/>\n");
		break;
	default:
		break;
	}
}

/* junit_case: a testcase: a failure for an illegal game, an error for a file that is no game. */
static void junit_case(const struct verdict *v, const char *name, double seconds, struct buf *out)
{
	buf_adds(out, "  <testcase name=\"");
	add_escaped(out, name, esc_xml);
	buf_printf(out, "\" classname=\"catan-validate\" time=\"%.3f\"", seconds);
	if (v->status == C_OK) {
		buf_adds(out, "/>\n");
		return;
	}
	const char *el = v->status == C_ILLEGAL ? "failure" : "error";
	buf_printf(out, ">\n    <%s type=\"%s\" message=\"", el, fault_kind(v->status));
	add_fault(out, v, esc_xml);
	buf_adds(out, "\">");
	add_escaped(out, name, esc_xml);
	buf_adds(out, ": ");
	add_fault(out, v, esc_xml);
	/* The place, unless the message says it already (a JSON fault's). */
	if (v->line && (!v->msg || strncmp(v->msg, "not a JSON document: line ", 26) != 0))
		buf_printf(out, " (line %zu, column %zu)", v->line, v->col);
	buf_printf(out, "</%s>\n  </testcase>\n", el);
}

/* github_line: "::error file=NAME,line=L,col=C,title=KIND::FAULT" for a failure; stdin has no file. */
static void github_line(const struct verdict *v, const char *name, int stdin_, struct buf *out)
{
	if (v->status == C_OK)
		return;
	buf_adds(out, "::error ");
	if (!stdin_) {
		buf_adds(out, "file=");
		add_escaped(out, name, esc_gh_prop);
		buf_addc(out, ',');
		if (v->line)
			buf_printf(out, "line=%zu,col=%zu,", v->line, v->col);
	}
	buf_adds(out, "title=");
	add_escaped(out, fault_kind(v->status), esc_gh_prop);
	buf_adds(out, "::");
	if (stdin_)
		buf_adds(out, "stdin: ");
	add_fault(out, v, esc_gh_data);
	buf_addc(out, '\n');
}

/* tap_line: "ok N - NAME: ok, 12 moves", or "not ok" with the fault and a YAML block of its parts. */
static void tap_line(const struct verdict *v, const char *name, size_t n, struct buf *out)
{
	char *line = NULL;
	buf_printf(out, "%sok %zu - ", v->status == C_OK ? "" : "not ", n);
	if (verdict_line(v, name, 0, &line) != C_OK) {
		out->failed = 1;
		return;
	}
	line[strcspn(line, "\n")] = '\0';
	add_escaped(out, line, esc_tap);
	free(line);
	buf_addc(out, '\n');
	if (v->status == C_OK)
		return;
	buf_adds(out, "  ---\n  message: \"");
	add_escaped(out, v->msg ? v->msg : "out of memory", esc_yaml);
	buf_printf(out, "\"\n  severity: fail\n  data:\n    status: %d\n    moves_checked: %zu\n", v->status,
		   v->moves);
	if (v->index) {
		buf_printf(out, "    index: %zu\n    move: \"", v->index);
		add_escaped(out, v->move ? v->move : "", esc_yaml);
		buf_adds(out, "\"\n");
	}
	if (v->line)
		buf_printf(out, "    line: %zu\n    column: %zu\n", v->line, v->col);
	buf_adds(out, "  ...\n");
}

void verdict_report(const struct verdict *v, const char *name, enum verdict_format f, size_t n, double seconds,
		    struct buf *out)
{
	char *line = NULL;
	int stdin_ = !name;
	if (stdin_)
		name = "stdin";
	switch (f) {
	case VERDICT_TEXT:
	case VERDICT_JSON:
		if (verdict_line(v, name, f == VERDICT_JSON, &line) != C_OK)
			out->failed = 1;
		else
			buf_adds(out, line);
		free(line);
		break;
	case VERDICT_JUNIT: junit_case(v, name, seconds, out); break;
	case VERDICT_GITHUB: github_line(v, name, stdin_, out); break;
	case VERDICT_TAP: tap_line(v, name, n, out); break;
	}
}

void verdict_tail(enum verdict_format f, const struct verdict_totals *t, struct buf *out)
{
	switch (f) {
	case VERDICT_JUNIT:
		buf_adds(out, "  <system-out/>\n  <system-err/>\n</testsuite>\n<!-- catan-validate: ");
		add_summary(out, t);
		buf_adds(out, " -->\n");
		break;
	case VERDICT_TAP:
		buf_adds(out, "# ");
		add_summary(out, t);
		buf_addc(out, '\n');
		break;
	case VERDICT_GITHUB:
		buf_adds(out, "catan-validate: ");
		add_summary(out, t);
		buf_addc(out, '\n');
		break;
	default:
		break;
	}
}
