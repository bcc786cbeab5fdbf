/* train.c: fits the value networks (libcore/catan/play/value.h) to self-play games and writes their weights as C. */
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "play/autoplay.h"
#include "rules/movegen.h"
#include "rng.h"
#include "rules/rules.h"
#include "model/seats.h"
#include "model/state.h"
#include "play/value.h"

/*
 * train OUT GAMES [FIRST-SEED]: for each family of value.h (the base game,
 * Catan for Two, five and six players), GAMES games of greedy players from
 * random boards (seeds FIRST-SEED.., FIRST-SEED 1 by default: the base
 * game three or four players, the 5-6 extension five or six), a little
 * varied (a set-up placement now and then among the eight best
 * intersections rather than the best, a move now and then drawn from the
 * listing), each turn's start kept with a chance of one in SAMPLE_EVERY,
 * labelled with the game's winner.  The network of the family is fitted
 * to them by Adam on the softmax's log loss, a block of BLOCK games at a
 * time, shuffled; the last HOLD_OUT games of each family are held out and
 * their loss printed.  Everything is drawn from generators seeded from
 * the seed, so the same command writes the same file.  OUT gets the
 * weights as C (value_weights.c), with the command in its header.
 */

#define BLOCK 4000
#define SAMPLE_EVERY 6
#define HOLD_OUT 2000
#define EXPLORE_SETUP 0.35	/* a set-up placement drawn among the 8 best */
#define EXPLORE_MOVE 0.03	/* a move drawn from the listing */
#define LR_START 2e-3
#define LR_END 1e-4
#define BATCH 64

/* One kept position: each player's features (players who move, in seat order) and the winner's index among them. */
struct sample {
	uint8_t n, winner;
	float f[MAXPLAYERS][VALUE_NF];
};

struct samples {
	struct sample *v;
	size_t n, cap;
};

/* The network in doubles, with Adam's moments. */
struct fit {
	double w1[VALUE_NH][VALUE_NF], b1[VALUE_NH], out[VALUE_NH], lin[VALUE_NF];
};
#define NPARAM (VALUE_NH * VALUE_NF + 2 * VALUE_NH + VALUE_NF)

struct trainer {
	struct fit w, g, m, v;
	long step;
	double lr;
};

static double *params(struct fit *f)
{
	return &f->w1[0][0];
}

static uint64_t draw_u64(uint64_t rng[4])
{
	return rng_next(rng);
}

static double uniform(uint64_t rng[4])
{
	return (double)(draw_u64(rng) >> 11) * (1.0 / 9007199254740992.0);
}

static double gauss(uint64_t rng[4])
{
	double u = uniform(rng), v = uniform(rng);
	return sqrt(-2 * log(u + 1e-300)) * cos(6.283185307179586 * v);
}

static void fit_init(struct trainer *t, uint64_t rng[4])
{
	memset(t, 0, sizeof *t);
	double scale = 1.0 / sqrt(VALUE_NF);
	for (int j = 0; j < VALUE_NH; j++) {
		for (int i = 0; i < VALUE_NF; i++)
			t->w.w1[j][i] = scale * gauss(rng);
		t->w.out[j] = 0.1 * gauss(rng);
	}
}

/* The network's scores of s's players into score, their hidden units into h; the index of the highest. */
static int forward(const struct fit *w, const struct sample *s, double score[MAXPLAYERS],
		   double h[MAXPLAYERS][VALUE_NH])
{
	int best = 0;
	for (int k = 0; k < s->n; k++) {
		const float *f = s->f[k];
		double sc = 0;
		for (int i = 0; i < VALUE_NF; i++)
			sc += w->lin[i] * f[i];
		for (int j = 0; j < VALUE_NH; j++) {
			double a = w->b1[j];
			for (int i = 0; i < VALUE_NF; i++)
				a += w->w1[j][i] * f[i];
			h[k][j] = a > 0 ? a : 0;
			sc += w->out[j] * h[k][j];
		}
		score[k] = sc;
		if (sc > score[best])
			best = k;
	}
	return best;
}

/* One sample's loss (the winner's -log chance); with backward its gradient is added into t->g. *hit: the favourite won. */
static double sample_step(struct trainer *t, const struct sample *s, int backward, int *hit)
{
	double score[MAXPLAYERS], h[MAXPLAYERS][VALUE_NH], sum = 0;
	int best = forward(&t->w, s, score, h);
	double top = score[best];
	*hit = best == s->winner;
	for (int k = 0; k < s->n; k++)
		sum += exp(score[k] - top);
	double loss = -(score[s->winner] - top - log(sum));
	if (!backward)
		return loss;
	for (int k = 0; k < s->n; k++) {
		double d = exp(score[k] - top) / sum - (k == s->winner);
		const float *f = s->f[k];
		for (int i = 0; i < VALUE_NF; i++)
			t->g.lin[i] += d * f[i];
		for (int j = 0; j < VALUE_NH; j++) {
			if (h[k][j] <= 0)
				continue;
			double dh = d * t->w.out[j];
			t->g.out[j] += d * h[k][j];
			t->g.b1[j] += dh;
			for (int i = 0; i < VALUE_NF; i++)
				t->g.w1[j][i] += dh * f[i];
		}
	}
	return loss;
}

/* One Adam step on the gradient summed over n samples. */
static void adam(struct trainer *t, int n)
{
	double *w = params(&t->w), *g = params(&t->g), *m = params(&t->m), *v = params(&t->v);
	double b1 = 0.9, b2 = 0.999;
	t->step++;
	double c1 = 1 - pow(b1, (double)t->step), c2 = 1 - pow(b2, (double)t->step);
	for (int i = 0; i < NPARAM; i++) {
		double gi = g[i] / n;
		m[i] = b1 * m[i] + (1 - b1) * gi;
		v[i] = b2 * v[i] + (1 - b2) * gi * gi;
		w[i] -= t->lr * (m[i] / c1) / (sqrt(v[i] / c2) + 1e-8);
		g[i] = 0;
	}
}

static int push(struct samples *ss, const struct sample *s)
{
	if (ss->n == ss->cap) {
		size_t cap = ss->cap ? 2 * ss->cap : 4096;
		struct sample *v = realloc(ss->v, cap * sizeof *v);
		if (!v)
			return -1;
		ss->v = v;
		ss->cap = cap;
	}
	ss->v[ss->n++] = *s;
	return 0;
}

/* The game's options for family fam and seed: its rule set, and the players that suit it. */
static void game_options(int fam, uint64_t seed, struct newgame *o)
{
	memset(o, 0, sizeof *o);
	rules_default(&o->rules);
	o->seed = seed;
	o->rules.variant = (uint8_t)(fam == VALUE_TWO ? VAR_TWO : fam == VALUE_SIX ? VAR_SIX : VAR_BASE);
	o->nplayers = fam == VALUE_TWO ? 2 : fam == VALUE_SIX ? 5 + (int)(seed % 2) : 3 + (seed % 3 != 0);
	for (int s = 0; s < o->nplayers; s++)
		o->colour[s] = (uint8_t)s;
}

/* A set-up placement among the 8 best intersections by the dice's chances, or a move from the listing. */
static int explore(const struct game *g, uint64_t rng[4], struct move *buf, int cap, struct move *m)
{
	int seat = autoplay_actor(g), n = movegen_legal(g, seat, 0, buf, cap);
	if (n <= 1 || n > cap)
		return 0;
	if (g->pos.phase == PH_SETUP_SETTLEMENT) {
		int best[8], nb = 0, worth[8];
		for (int i = 0; i < n; i++) {
			int w = 0;
			for (int k = 0; k < 3; k++) {
				int h = g->rs->geom->node_hexes[buf[i].node][k];
				if (h >= 0)
					w += rs_roll_ways(g->rs, g->board.token[h]);
			}
			if (nb == 8 && w <= worth[7])
				continue;
			int at = nb < 8 ? nb++ : 7;
			while (at > 0 && worth[at - 1] < w) {
				worth[at] = worth[at - 1];
				best[at] = best[at - 1];
				at--;
			}
			worth[at] = w;
			best[at] = i;
		}
		*m = buf[best[draw_u64(rng) % (uint64_t)nb]];
		return 1;
	}
	*m = buf[draw_u64(rng) % (uint64_t)n];
	return m->verb != MV_OFFER;
}

/* One game of family fam from seed: its kept positions into ss (none when it does not end). */
static int play_game(int fam, uint64_t seed, struct samples *ss, struct move *buf, int cap)
{
	struct newgame o;
	struct game g;
	struct autoplay a;
	struct cerr e;
	uint64_t rng[4];
	size_t first = ss->n;
	int last_turn = -1;

	game_options(fam, seed, &o);
	rng_seed(rng, seed * 0x9e3779b97f4a7c15u + (uint64_t)fam);
	if (game_new(&g, &o, &e) || autoplay_init(&a, &g, POL_GREEDY, &e)) {
		fprintf(stderr, "train: %s\n", e.msg);
		return -1;
	}
	while (g.pos.phase != PH_OVER && g.pos.turn < 500) {
		const struct position *p = &g.pos;
		if (p->phase == PH_ROLL && p->nrolls == 0 && p->turn != last_turn) {
			last_turn = p->turn;
			if (draw_u64(rng) % SAMPLE_EVERY == 0) {
				struct sample s = { 0 };
				for (int t = 0; t < g.nplayers; t++)
					if (seat_moves(&g, t))
						value_features(&g, p, t, s.f[s.n++]);
				if (push(ss, &s))
					goto fail;
			}
		}
		struct move m;
		double x = uniform(rng);
		int setup = p->phase == PH_SETUP_SETTLEMENT;
		if ((setup ? x < EXPLORE_SETUP : x < EXPLORE_MOVE) && explore(&g, rng, buf, cap, &m)) {
			if (rules_apply(&g, &m, RULES_NO_LOG, &e))
				goto fail;
			a.moves++;
			continue;
		}
		int why;
		if (autoplay_run(&a, &g, 1, RULES_NO_LOG, NULL, &why, &e))
			goto fail;
	}
	int winner = g.pos.phase == PH_OVER ? game_winner(&g, &g.pos) : NOBODY, k = 0;
	for (int t = 0; t < winner; t++)
		k += seat_moves(&g, t);
	if (winner == NOBODY)
		ss->n = first;
	for (size_t i = first; i < ss->n; i++)
		ss->v[i].winner = (uint8_t)k;
	autoplay_free(&a);
	game_free(&g);
	return 0;
fail:
	fprintf(stderr, "train: game %llu: %s\n", (unsigned long long)seed, e.msg);
	autoplay_free(&a);
	game_free(&g);
	return -1;
}

/* The mean loss over ss, and in *hit the share of positions whose favourite won. */
static double mean_loss(struct trainer *t, const struct samples *ss, double *hit)
{
	double loss = 0;
	long right = 0;
	for (size_t i = 0; i < ss->n; i++) {
		int h;
		loss += sample_step(t, &ss->v[i], 0, &h);
		right += h;
	}
	*hit = ss->n ? (double)right / (double)ss->n : 0;
	return ss->n ? loss / (double)ss->n : 0;
}

/* Fits family fam's network on games seeds first.. first+games-1 (the last HOLD_OUT held out). */
static int train_family(int fam, long games, uint64_t first, struct trainer *t, struct move *buf, int cap)
{
	struct samples blk = { 0 }, hold = { 0 };
	uint64_t rng[4];
	long train_games = games > 2 * HOLD_OUT ? games - HOLD_OUT : games / 2;
	rng_seed(rng, first ^ 0x5851f42d4c957f2du * (uint64_t)(fam + 1));
	fit_init(t, rng);
	for (long k = train_games; k < games; k++)
		if (play_game(fam, first + (uint64_t)k, &hold, buf, cap))
			return -1;
	long steps_all = 0;
	for (long k = 0; k < train_games; k += BLOCK) {
		blk.n = 0;
		for (long j = k; j < k + BLOCK && j < train_games; j++)
			if (play_game(fam, first + (uint64_t)j, &blk, buf, cap))
				return -1;
		/* Shuffled, then one pass of batches; the rate falls from LR_START to LR_END over all games. */
		for (size_t i = blk.n; i > 1; i--) {
			size_t j = draw_u64(rng) % i;
			struct sample x = blk.v[i - 1];
			blk.v[i - 1] = blk.v[j];
			blk.v[j] = x;
		}
		double done = (double)k / (double)train_games, loss = 0;
		t->lr = LR_START * pow(LR_END / LR_START, done);
		for (size_t i = 0; i < blk.n; i++) {
			int h;
			loss += sample_step(t, &blk.v[i], 1, &h);
			if ((i + 1) % BATCH == 0 || i + 1 == blk.n) {
				adam(t, (int)((i % BATCH) + 1));
				steps_all++;
			}
		}
		double hit, hl = mean_loss(t, &hold, &hit);
		fprintf(stderr, "train: family %d, games %ld: train loss %.4f, held-out loss %.4f, favourite won %.1f%% (%zu positions)\n",
			fam, k + BLOCK < train_games ? k + BLOCK : train_games, loss / (double)blk.n, hl, 100 * hit,
			hold.n);
	}
	free(blk.v);
	free(hold.v);
	return 0;
}

static void write_floats(FILE *out, const char *name, const double *v, int n)
{
	fprintf(out, "\t\t.%s = {", name);
	for (int i = 0; i < n; i++)
		fprintf(out, "%s%.8ef", i % 6 ? ", " : i ? ",\n\t\t\t" : "\n\t\t\t", (float)v[i]);
	fprintf(out, " },\n");
}

int main(int argc, char **argv)
{
	if (argc < 3) {
		fprintf(stderr, "usage: train OUT GAMES [FIRST-SEED]\n");
		return 2;
	}
	long games = atol(argv[2]);
	uint64_t first = argc > 3 ? strtoull(argv[3], NULL, 10) : 1;
	static struct trainer t[NVALUE_FAMILY];
	int cap = 4096;
	struct move *buf = malloc((size_t)cap * sizeof *buf);
	if (!buf || games < 10)
		return 2;
	for (int fam = 0; fam < NVALUE_FAMILY; fam++)
		if (train_family(fam, games, first, &t[fam], buf, cap))
			return 1;
	free(buf);

	FILE *out = fopen(argv[1], "w");
	if (!out) {
		perror(argv[1]);
		return 4;
	}
	fprintf(out, "/*\n * value_weights.c: the value networks' weights (value.h), written by bench/train.c:\n"
		     " * not to be edited.  Made by\n *\n *     make train TRAIN_GAMES=%ld TRAIN_SEED=%llu\n"
		     " *\n * from %ld self-play games of each family, seeds %llu on (the last %d held out).\n */\n"
		     "#include \"play/value.h\"\n\nconst struct value_net value_nets[NVALUE_FAMILY] = {\n",
		games, (unsigned long long)first, games, (unsigned long long)first, HOLD_OUT);
	for (int fam = 0; fam < NVALUE_FAMILY; fam++) {
		fprintf(out, "\t{\n\t\t.w1 = {\n");
		for (int j = 0; j < VALUE_NH; j++) {
			fprintf(out, "\t\t\t{");
			for (int i = 0; i < VALUE_NF; i++)
				fprintf(out, "%s%.8ef", i ? (i % 6 ? ", " : ",\n\t\t\t ") : " ", (float)t[fam].w.w1[j][i]);
			fprintf(out, " },\n");
		}
		fprintf(out, "\t\t},\n");
		write_floats(out, "b1", t[fam].w.b1, VALUE_NH);
		write_floats(out, "out", t[fam].w.out, VALUE_NH);
		write_floats(out, "lin", t[fam].w.lin, VALUE_NF);
		fprintf(out, "\t},\n");
	}
	fprintf(out, "};\n");
	return fclose(out) ? 4 : 0;
}
