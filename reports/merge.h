/* merge.h: combining result databases from several machines (merge.c). */
#ifndef FENCEFUZZ_MERGE_H
#define FENCEFUZZ_MERGE_H

#include <stddef.h>

typedef struct MergeResult {
	int skipped;        /* every campaign of the input was already merged: nothing done */
	long campaigns;     /* campaigns copied */
	long programs;      /* programs of the input; programs_new of them were not in the output */
	long programs_new;
	long findings;      /* findings of the input; findings_new of them were not in the output */
	long findings_new;
	long occurrences, reproducers, hw_runs, stats; /* rows added */
} MergeResult;

/* Adds the database in_path to out_path (created when missing), in one
 * transaction: campaigns get new ids, programs are matched by hash,
 * findings by (signature, model, kind) with counts summed, first_seen the
 * earliest and last_seen the latest; occurrences, reproducers, hw_runs and
 * stats follow their campaign, program and finding ids.  Reproducers and
 * hw_runs already in the output (same finding and same contents) are not
 * copied twice.
 *
 * A campaign is identified by (host, started_at, seed, engine, models,
 * oracles).  When every campaign of the input is already in the output the
 * input was merged before: r->skipped = 1 and nothing changes, so merging a
 * file again is a no-op.  When only some are, the counts cannot be split by
 * campaign and the merge is refused (-1).  The input is not modified, except
 * that an older schema is migrated first, as any fencefuzz command would.
 * Returns 0, or -1 with the reason in err. */
int db_merge(const char *out_path, const char *in_path, MergeResult *r, char *err, size_t errlen);

#endif
