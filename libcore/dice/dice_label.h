/* dice_label.h: names on a picture set where they cover no road, no drawing and no other name. */
#ifndef DICE_LABEL_H
#define DICE_LABEL_H

#define DLABEL_MAX 256		/* boxes (drawings and names placed) and roads a picture holds */

/* What a name must stay clear of: boxes (x0, y0, x1, y1) and roads (a segment and half its width). */
struct dlabels {
	int nbox, nroad;
	double box[DLABEL_MAX][4];
	double road[DLABEL_MAX][5];
};

/* dlabel_init: nothing to stay clear of yet. */
void dlabel_init(struct dlabels *l);
/* dlabel_box, dlabel_road: a drawing to stay clear of (beyond DLABEL_MAX of a kind, ignored). */
void dlabel_box(struct dlabels *l, double x0, double y0, double x1, double y1);
void dlabel_road(struct dlabels *l, double x0, double y0, double x1, double y1, double half);
/*
 * dlabel_width: the width of s (printable ASCII) in DejaVu Sans at size
 * pixels, bold or not: its glyphs' advances, as browsers set them.
 */
double dlabel_width(const char *s, double size, int bold);
/*
 * dlabel_place: the centre of a name w by h: the first of the n candidate
 * centres cand[i] (x, y) whose box, with a margin, meets no box and no road
 * of l; when every one meets some, the one that meets least.  The box is
 * then added to l, so that the next name stays clear of it.  Returns the
 * index of the candidate taken.
 */
int dlabel_place(struct dlabels *l, double w, double h, const double (*cand)[2], int n, double *cx, double *cy);

#endif
