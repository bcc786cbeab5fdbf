/* status.c: whom the game waits for as one JSON line (catan-move --status). */
#include "doc/status.h"
#include "jw.h"
#include "model/names.h"

const char *const owing_names[NOWING] = {
	[OWE_NOTHING] = "nothing", [OWE_SETUP] = "setup", [OWE_ROLL] = "roll", [OWE_TURN] = "turn",
	[OWE_DISCARD] = "discard", [OWE_ROBBER] = "robber", [OWE_INTERRUPT] = "interrupt",
	[OWE_STEAL] = "steal", [OWE_OFFER] = "offer", [OWE_NEUTRAL] = "neutral", [OWE_GIVE] = "give",
	[OWE_BUILDING] = "building", [OWE_PAIRED] = "paired",
};

/* The piece of a set-up placement or a free neutral piece: only these two are ever owed. */
static const char *piece_word(int piece)
{
	return piece == PC_ROAD ? "road" : "settlement";
}

/*
 * owes_write: what one seat owes in g, as an object: its kind and, for
 * some kinds, the cards or pieces, or (Settler 2's part) whose turn it is.
 */
static void owes_write(struct jw *w, const struct game *g, const struct owed *o)
{
	jw_obj(w, JW_INLINE);
	jw_key_str(w, "what", owing_names[o->what]);
	switch (o->what) {
	case OWE_SETUP:
		jw_key_str(w, "piece", piece_word(o->piece));
		break;
	case OWE_DISCARD:
	case OWE_GIVE:
		jw_key_int(w, "cards", o->count);
		break;
	case OWE_NEUTRAL:
		jw_key_str(w, "piece", piece_word(o->piece));
		jw_key_int(w, "pieces", o->count);
		break;
	case OWE_PAIRED:
		jw_key_str(w, "turn_of", seat_name(g, g->pos.turn_of));
		break;
	}
	jw_end_obj(w);
}

int status_write(const struct game *g, char **out, size_t *len, struct cerr *e)
{
	struct status st;
	struct jw w;

	game_status(g, &g->pos, &st);
	jw_init(&w, 1);
	jw_obj(&w, JW_BLOCK);
	jw_key_str(&w, "phase", phase_names[st.phase]);
	jw_key_str(&w, "current", seat_name(g, st.current));
	jw_key_int(&w, "turn", st.turn);
	jw_key(&w, "waiting");
	jw_arr(&w, JW_INLINE);
	for (int i = 0; i < st.nwaiting; i++)
		jw_str(&w, seat_name(g, st.waiting[i]));
	jw_end_arr(&w);
	jw_key(&w, "owes");
	jw_obj(&w, JW_INLINE);
	for (int i = 0; i < st.nwaiting; i++) {
		jw_key(&w, seat_name(g, st.waiting[i]));
		owes_write(&w, g, &st.owes[st.waiting[i]]);
	}
	jw_end_obj(&w);
	jw_key(&w, "winner");
	if (st.winner == NOBODY)
		jw_null(&w);
	else
		jw_str(&w, seat_name(g, st.winner));
	jw_end_obj(&w);
	if (jw_finish(&w, out, len))
		return cerr_set(e, C_SYSTEM, "out of memory");
	return C_OK;
}
