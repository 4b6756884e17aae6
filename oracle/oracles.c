/* oracles.c: the oracle registry (oracles.def): the table the judge iterates,
 * the entry points of the oracles it lists, and the --oracles names.
 *
 * Each entry point adapts one oracle's own function to OracleCase; an oracle
 * written for the registry can be its own entry point. */
#include <string.h>

#include "oracle.h"

#define KIND(k) (1u << (k))
const OracleInfo orc_oracles[ORC_NORACLES] = {
#define ORACLE(id, name, group, entry, kinds, needs, on) {name, group, ORC_##id, entry, kinds, needs, on},
#include "oracles.def"
#undef ORACLE
};
#undef KIND

int
orc_run_soundness(const OracleCase *c, FindingList *out)
{
	return orc_soundness(c->q, c->o, c->model, out);
}

int
orc_run_handshake(const OracleCase *c, FindingList *out)
{
	return orc_handshake(c->q, c->o, c->model, out);
}

int
orc_run_cross(const OracleCase *c, FindingList *out)
{
	return orc_cross(c->q, c->o, c->model, out);
}

int
orc_run_preservation(const OracleCase *c, FindingList *out)
{
	return orc_preservation(c->p, c->q, c->model, out);
}

int
orc_run_idempotence(const OracleCase *c, FindingList *out)
{
	return c->qq ? orc_idempotence(c->q, c->qq, c->model, out) : 0;
}

/* The three levels at once; what placement could not decide, and levels
 * skipped on an unsound output, become notes. */
int
orc_run_minimality(const OracleCase *c, FindingList *out)
{
	const OracleOptions *o = c->o;
	const char *fn = c->p->name ? c->p->name : "?";
	MinimalityStatus st;
	int n = orc_minimality_status(c->p, c->q, o, c->model, out, &st);
	if ((o->enabled & ORC_PLACEMENT) && st.placement == ORC_PLACEMENT_UNDECIDED)
		fl_add_note(out, "%s: placement undecided in function %s: %s", c->model, fn, st.note);
	if (st.necessity_skipped && (o->enabled & (ORC_NECESSITY | ORC_ALIAS)))
		fl_add_note(out, "%s: necessity and alias not judged in function %s: the output is unsound",
		            c->model, fn);
	return n;
}

/* A comma-separated list of names, groups and "all" -> ORC_* mask. */
int
orc_parse_oracles(const char *list, unsigned *mask)
{
	*mask = 0;
	const char *p = list;
	while (*p) {
		const char *end = strchr(p, ',');
		size_t n = end ? (size_t)(end - p) : strlen(p);
		int found = 0;
		if (n == 3 && !strncmp(p, "all", 3)) {
			*mask |= ORC_ALL;
			found = 1;
		}
		for (int i = 0; i < ORC_NORACLES; i++) {
			const OracleInfo *r = &orc_oracles[i];
			if ((strlen(r->name) == n && !strncmp(r->name, p, n)) ||
			    (strlen(r->group) == n && !strncmp(r->group, p, n))) {
				*mask |= r->bit;
				found = 1;
			}
		}
		if (!found)
			return -1;
		p += n + (end != NULL);
	}
	return *mask ? 0 : -1;
}
