/* dice_label.c: names on a picture set where they cover no road, no drawing and no other name. */
#include <math.h>
#include <string.h>

#include "dice_label.h"

#define MARGIN 2.0	/* pixels kept clear around a name */

/* DejaVu Sans advances of ' ' to '~' in thousandths of the size, regular and bold (as Chromium sets them). */
static const unsigned short advance[2][95] = {
	{ 318, 401, 460, 838, 636, 950, 780, 275, 390, 390, 500, 838, 318, 361, 300, 337, 636, 636, 636, 636,
	  636, 636, 636, 636, 636, 636, 337, 337, 838, 838, 838, 531, 1000, 684, 686, 698, 770, 632, 575, 775,
	  752, 295, 295, 656, 557, 863, 748, 787, 603, 787, 695, 635, 611, 732, 684, 989, 685, 611, 685, 390,
	  337, 390, 838, 500, 500, 613, 635, 550, 635, 615, 352, 635, 634, 278, 278, 579, 278, 974, 634, 612,
	  635, 635, 411, 521, 392, 634, 592, 818, 592, 592, 525, 636, 337, 636, 838 },
	{ 348, 456, 521, 838, 696, 1002, 872, 306, 457, 457, 523, 838, 380, 415, 380, 365, 696, 696, 696, 696,
	  696, 696, 696, 696, 696, 696, 400, 400, 838, 838, 838, 580, 1000, 774, 762, 734, 830, 683, 683, 821,
	  837, 372, 372, 775, 637, 995, 837, 850, 733, 850, 770, 720, 682, 812, 774, 1103, 771, 724, 725, 457,
	  365, 457, 838, 500, 500, 675, 716, 593, 716, 678, 435, 716, 712, 343, 343, 665, 343, 1042, 712, 687,
	  716, 716, 493, 595, 478, 712, 652, 924, 645, 652, 582, 712, 365, 712, 838 },
};

void dlabel_init(struct dlabels *l)
{
	l->nbox = l->nroad = 0;
}

void dlabel_box(struct dlabels *l, double x0, double y0, double x1, double y1)
{
	if (l->nbox < DLABEL_MAX) {
		double *b = l->box[l->nbox++];
		b[0] = x0, b[1] = y0, b[2] = x1, b[3] = y1;
	}
}

void dlabel_road(struct dlabels *l, double x0, double y0, double x1, double y1, double half)
{
	if (l->nroad < DLABEL_MAX) {
		double *r = l->road[l->nroad++];
		r[0] = x0, r[1] = y0, r[2] = x1, r[3] = y1, r[4] = half;
	}
}

double dlabel_width(const char *s, double size, int bold)
{
	double w = 0;
	for (; *s; s++)
		w += *s >= ' ' && *s <= '~' ? advance[bold != 0][*s - ' '] : 1000;
	return w * size / 1000;
}

/* point_box: the distance from (x, y) to box b (0 inside it). */
static double point_box(double x, double y, const double *b)
{
	double dx = fmax(fmax(b[0] - x, 0), x - b[2]), dy = fmax(fmax(b[1] - y, 0), y - b[3]);
	return sqrt(dx * dx + dy * dy);
}

/* point_segment: the distance from (x, y) to the segment r[0..3]. */
static double point_segment(double x, double y, const double *r)
{
	double dx = r[2] - r[0], dy = r[3] - r[1], len = dx * dx + dy * dy;
	double t = len > 0 ? ((x - r[0]) * dx + (y - r[1]) * dy) / len : 0;
	t = fmin(fmax(t, 0), 1);
	return hypot(x - r[0] - t * dx, y - r[1] - t * dy);
}

/* crosses: 1 when the segment r[0..3] passes through box b (Liang-Barsky clipping). */
static int crosses(const double *r, const double *b)
{
	double t0 = 0, t1 = 1, d[2] = { r[2] - r[0], r[3] - r[1] };
	for (int k = 0; k < 2; k++) {
		double p[2] = { -d[k], d[k] }, q[2] = { r[k] - b[k], b[k + 2] - r[k] };
		for (int j = 0; j < 2; j++) {
			if (p[j] == 0) {
				if (q[j] < 0)
					return 0;
				continue;
			}
			double t = q[j] / p[j];
			if (p[j] < 0)
				t0 = fmax(t0, t);
			else
				t1 = fmin(t1, t);
		}
	}
	return t0 <= t1;
}

/* road_box: the distance between the segment r and box b (0 when it passes through b). */
static double road_box(const double *r, const double *b)
{
	if (crosses(r, b))
		return 0;
	double d = fmin(point_box(r[0], r[1], b), point_box(r[2], r[3], b));
	for (int c = 0; c < 4; c++)
		d = fmin(d, point_segment(b[c & 1 ? 2 : 0], b[c & 2 ? 3 : 1], r));
	return d;
}

/* cover: how much of l a box b covers: the area shared with boxes, and how deep roads reach into it. */
static double cover(const struct dlabels *l, const double *b)
{
	double c = 0;
	for (int i = 0; i < l->nbox; i++) {
		const double *o = l->box[i];
		double w = fmin(b[2], o[2]) - fmax(b[0], o[0]), h = fmin(b[3], o[3]) - fmax(b[1], o[1]);
		if (w > 0 && h > 0)
			c += w * h;
	}
	for (int i = 0; i < l->nroad; i++) {
		double d = road_box(l->road[i], b);
		if (d < l->road[i][4])
			c += 40 * (l->road[i][4] - d);
	}
	return c;
}

int dlabel_place(struct dlabels *l, double w, double h, const double (*cand)[2], int n, double *cx, double *cy)
{
	int best = 0;
	double least = INFINITY;
	for (int i = 0; i < n; i++) {
		double b[4] = { cand[i][0] - w / 2 - MARGIN, cand[i][1] - h / 2 - MARGIN, cand[i][0] + w / 2 + MARGIN,
				cand[i][1] + h / 2 + MARGIN };
		double c = cover(l, b);
		if (c < least) {
			least = c;
			best = i;
		}
		if (c == 0)
			break;
	}
	*cx = cand[best][0];
	*cy = cand[best][1];
	dlabel_box(l, *cx - w / 2, *cy - h / 2, *cx + w / 2, *cy + h / 2);
	return best;
}
