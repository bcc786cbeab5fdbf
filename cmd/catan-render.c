/* catan-render: draws a game as text for terminals and mail, or as SVG (or PNG) for browsers. */
#include <errno.h>
#include <getopt.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/wait.h>
#include <unistd.h>

#include "fe.h"
#include "names.h"
#include "present.h"
#include "render_svg.h"
#include "render_text.h"
#include "rules.h"
#include "state.h"
#include "state_json.h"

const char fe_progname[] = "catan-render";

static const char usage_short[] =
	"usage: catan-render [--svg | --png FILE] [--labels] [--color WHEN] [--view COLOUR]\n"
	"                    [--log N] [FILE]\n";

static const char usage_text[] =
	"usage: catan-render [--svg | --png FILE] [--labels] [--color WHEN] [--view COLOUR]\n"
	"                    [--log N] [FILE]\n"
	"\n"
	"Draws a game (catan-state(5): a state, a view or a record) read from FILE or\n"
	"standard input: the board, then the players, whose turn it is, what is pending\n"
	"and the last moves.  Text by default (80 columns; 96 with --labels).\n"
	"\n"
	"  -s, --svg             an SVG picture instead of text\n"
	"  -p, --png FILE        a PNG picture in FILE, drawn by rsvg-convert (librsvg2-bin)\n"
	"  -l, --labels          intersection numbers and path names on the board\n"
	"      --color WHEN      ANSI colour in the text: auto (a terminal, no NO_COLOR),\n"
	"                        always or never (default: auto)\n"
	"  -v, --view COLOUR     only what COLOUR may see of a full state\n"
	"  -n, --log N           list the last N moves of the log (default 8; 0: none)\n"
	"  -h, --help            show this help\n"
	"  -V, --version         show the version\n";

enum format { FMT_TEXT, FMT_SVG, FMT_PNG };

static int usage_error(const char *fmt, const char *arg)
{
	return fe_usage_error(usage_short, fmt, arg);
}

/* colour_wanted: --color WHEN against the terminal and NO_COLOR (which "always" overrides). */
static int colour_wanted(const char *when)
{
	if (strcmp(when, "always") == 0)
		return 1;
	if (strcmp(when, "never") == 0)
		return 0;
	const char *nc = getenv("NO_COLOR"), *term = getenv("TERM");
	return isatty(STDOUT_FILENO) && !(nc && *nc) && !(term && strcmp(term, "dumb") == 0);
}

/* in_path: 1 when an executable named prog is found in $PATH. */
static int in_path(const char *prog)
{
	const char *path = getenv("PATH");
	char buf[4096];
	while (path && *path) {
		size_t n = strcspn(path, ":");
		if (n && n + strlen(prog) + 2 < sizeof buf) {
			snprintf(buf, sizeof buf, "%.*s/%s", (int)n, path, prog);
			if (access(buf, X_OK) == 0)
				return 1;
		}
		path += n + (path[n] == ':');
	}
	return 0;
}

/* write_png: pipes the SVG to "rsvg-convert -f png -o FILE". */
static int write_png(const char *svg, size_t len, const char *file, struct cerr *e)
{
	int fd[2], status;
	pid_t pid;

	if (!in_path("rsvg-convert"))
		return cerr_set(e, C_SYSTEM, "--png needs rsvg-convert, which is not installed "
			       "(Debian package librsvg2-bin; or use --svg)");
	if (pipe(fd) < 0 || (pid = fork()) < 0)
		return cerr_set(e, C_SYSTEM, "cannot start rsvg-convert: %s", strerror(errno));
	if (pid == 0) {
		dup2(fd[0], STDIN_FILENO);
		close(fd[0]);
		close(fd[1]);
		execlp("rsvg-convert", "rsvg-convert", "-f", "png", "-o", file, (char *)NULL);
		_exit(127);
	}
	close(fd[0]);
	signal(SIGPIPE, SIG_IGN);
	int failed = 0;
	for (size_t off = 0; off < len && !failed;) {
		ssize_t w = write(fd[1], svg + off, len - off);
		if (w < 0 && errno == EINTR)
			continue;
		if (w <= 0)
			failed = 1;
		else
			off += (size_t)w;
	}
	close(fd[1]);
	while (waitpid(pid, &status, 0) < 0)
		if (errno != EINTR)
			return cerr_set(e, C_SYSTEM, "rsvg-convert: %s", strerror(errno));
	if (failed || !WIFEXITED(status) || WEXITSTATUS(status) != 0)
		return cerr_set(e, C_SYSTEM, "rsvg-convert could not write '%s'", file);
	return C_OK;
}

int main(int argc, char **argv)
{
	static const struct option longopts[] = {
		{ "svg", no_argument, NULL, 's' },
		{ "png", required_argument, NULL, 'p' },
		{ "labels", no_argument, NULL, 'l' },
		{ "color", required_argument, NULL, 'C' },
		{ "colour", required_argument, NULL, 'C' },
		{ "view", required_argument, NULL, 'v' },
		{ "log", required_argument, NULL, 'n' },
		FE_OPTIONS_END,
	};
	const char *png = NULL, *view_name = NULL, *when = "auto", *path = "-", *extra;
	enum format fmt = FMT_TEXT;
	struct render_opts ro;
	struct cerr e = { 0 };
	struct present view = { 0 };
	struct replay_result res;
	struct game g;
	int opt, rc, seat;
	unsigned long long v;
	char *in = NULL, *out = NULL;
	size_t inlen, outlen;

	render_opts_default(&ro);
	game_init(&g);
	opterr = 0;
	while ((opt = getopt_long(argc, argv, ":sp:lv:n:hV", longopts, NULL)) != -1) {
		switch (opt) {
		case 's':
			fmt = FMT_SVG;
			break;
		case 'p':
			fmt = FMT_PNG;
			png = optarg;
			break;
		case 'l':
			ro.labels = 1;
			break;
		case 'C':
			if (strcmp(optarg, "auto") && strcmp(optarg, "always") && strcmp(optarg, "never"))
				return usage_error("--color: expected auto, always or never, not '%s'",
						   optarg);
			when = optarg;
			break;
		case 'v':
			if (colour_parse(optarg) < 0)
				return usage_error("--view: unknown colour '%s'", optarg);
			view_name = optarg;
			break;
		case 'n':
			if (fe_parse_u64(optarg, 1000000, &v))
				return usage_error("--log: '%s' is not a number of moves", optarg);
			ro.nlog = (int)v;
			break;
		default:
			return fe_other_option(opt, argv, optind, usage_text, usage_short);
		}
	}
	if ((extra = fe_operand(argc, argv, &path)))
		return usage_error("unexpected argument '%s'", extra);
	ro.colour = fmt == FMT_TEXT && colour_wanted(when);

	if ((rc = fe_read_path(path, &in, &inlen, &e)))
		goto out;
	if ((rc = game_read(in, inlen, &g, &e))) {
		cerr_prefix(&e, "%s", strcmp(path, "-") ? path : "stdin");
		goto out;
	}
	const struct game *shown = &g;
	if (view_name) {
		seat = game_seat_of(&g, colour_parse(view_name));
		if (seat == NOBODY) {
			rc = usage_error("--view: '%s' does not play in this game", view_name);
			goto done;
		}
		if ((rc = present_view(&g, seat, &view, &res, &e)))
			goto out;
		shown = view.game;
	}

	if (fmt == FMT_TEXT)
		rc = render_text(shown, &ro, &out, &outlen, &e);
	else
		rc = render_svg(shown, &ro, &out, &outlen, &e);
	if (rc == C_OK && fmt == FMT_PNG)
		rc = write_png(out, outlen, png, &e);
	else if (rc == C_OK)
		rc = fe_write_stdout(out, outlen, &e);
	if (rc == C_OK)
		rc = fe_close_stdout(&e);
out:
	if (rc)
		fe_report(&e);
done:
	present_free(&view);
	game_free(&g);
	free(in);
	free(out);
	return rc;
}
