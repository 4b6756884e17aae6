/* cuda_plan_test: the launch plan of `fencefuzz confirm` (oracle/cuda/
 * runner.c, cu_round_plan): with --stress auto and two builds every
 * (stress, build) pair runs, each a quarter of the rounds, and a run does
 * not stop before each pair ran once.  No GPU needed.
 *
 *     cuda_plan_test   exit status 0 when every check passed
 */
#include <stdio.h>

#include "lower.h"
#include "check.h"

/* counts[smem][build] over rounds 0..n-1 */
static void
plan(const RunOptions *r, long n, long counts[2][2])
{
	counts[0][0] = counts[0][1] = counts[1][0] = counts[1][1] = 0;
	for (long i = 0; i < n; i++) {
		int smem = -1, build = -1;
		cu_round_plan(r, i, &smem, &build);
		CHECK((smem == 0 || smem == 1) && (build == 0 || build == 1), "round %ld: smem %d build %d", i, smem,
		      build);
		if ((smem == 0 || smem == 1) && (build == 0 || build == 1))
			counts[smem][build]++;
	}
}

int
main(void)
{
	RunOptions r;
	long c[2][2];

	cu_run_defaults(&r);
	CHECK(r.builds == 2, "default builds %d", r.builds);

	/* auto stress, two builds: the first four rounds are the four pairs */
	r.stress_smem = CU_STRESS_ALTERNATE;
	CHECK(cu_rounds_needed(&r) == 4, "needed %ld", cu_rounds_needed(&r));
	plan(&r, 4, c);
	CHECK(c[0][0] == 1 && c[1][0] == 1 && c[0][1] == 1 && c[1][1] == 1, "auto x 2 builds, 4 rounds: %ld %ld %ld %ld",
	      c[0][0], c[0][1], c[1][0], c[1][1]);
	plan(&r, 40, c);
	CHECK(c[0][0] == 10 && c[1][0] == 10 && c[0][1] == 10 && c[1][1] == 10, "40 rounds: a quarter each");
	int s0, b0;
	cu_round_plan(&r, 0, &s0, &b0);
	CHECK(s0 == 0 && b0 == 0, "the first round: no stress, as lowered");

	/* auto stress, one build */
	r.builds = 1;
	CHECK(cu_rounds_needed(&r) == 2, "needed %ld", cu_rounds_needed(&r));
	plan(&r, 8, c);
	CHECK(c[0][0] == 4 && c[1][0] == 4 && c[0][1] == 0 && c[1][1] == 0, "auto, one build");

	/* smem always, two builds */
	r.stress_smem = 1;
	r.builds = 2;
	CHECK(cu_rounds_needed(&r) == 2, "needed %ld", cu_rounds_needed(&r));
	plan(&r, 8, c);
	CHECK(c[1][0] == 4 && c[1][1] == 4 && c[0][0] == 0 && c[0][1] == 0, "smem, two builds");

	/* no stress, one build: nothing alternates */
	r.stress_smem = 0;
	r.builds = 1;
	CHECK(cu_rounds_needed(&r) == 1, "needed %ld", cu_rounds_needed(&r));
	plan(&r, 5, c);
	CHECK(c[0][0] == 5, "none, one build");

	return check_summary();
}
