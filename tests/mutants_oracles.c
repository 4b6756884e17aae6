/* mutants_oracles: do the ORACLES catch every mutant on the corpus?
 *
 * mutants_seed shows the corpus tells each mutant's output from the
 * reference's; this test asks more: for each mutant, some corpus program on
 * which the oracles report a finding kind more often for the mutant than for
 * tilelang-9f25954 (an unsound output, a lost statement, an extra fence...),
 * judged by the oracles alone, without looking at the reference's output.
 * Prints per mutant the first catching program and the kinds; fails when a
 * mutant is caught by none.
 *
 *     mutants_oracles FILE...
 */
#include <stdio.h>
#include <string.h>

#include "ir.h"
#include "judge.h"
#include "oracle.h"
#include "pass.h"

static void
count_kinds(const PassModel *m, const Program *p, const OracleOptions *o, int *counts)
{
	FindingList fl;
	fl_init(&fl, p->arena);
	orc_check(m, p, o, &fl);
	memset(counts, 0, sizeof(int) * FK_COUNT);
	for (int i = 0; i < fl.n; i++)
		counts[fl.items[i].kind]++;
}

int
main(int argc, char **argv)
{
	int nmut, passed = 0, failed = 0;
	const PassModel *const *mutants = pass_mutants(&nmut);
	const PassModel *ref = pass_find(PASS_DEFAULT_MODEL);
	OracleOptions o;
	orc_defaults(&o);
	for (int m = 0; m < nmut; m++) {
		int caught = 0;
		for (int i = 1; i < argc && !caught; i++) {
			Arena *a = ar_new();
			Diag d = {0};
			Program *p = ir_read_file(a, argv[i], &d);
			if (!p) {
				printf("FAIL %s: ", argv[i]);
				diag_print(stdout, &d);
				ar_free(a);
				failed++;
				continue;
			}
			int cr[FK_COUNT], cm[FK_COUNT];
			count_kinds(ref, p, &o, cr);
			count_kinds(mutants[m], p, &o, cm);
			for (int k = 0; k < FK_COUNT; k++)
				if (cm[k] > cr[k]) {
					if (!caught)
						printf("ok %-36s caught by %s:", mutants[m]->name, argv[i]);
					printf(" %s %d>%d", orc_kind_name((FindingKind)k), cm[k], cr[k]);
					caught = 1;
				}
			if (caught)
				printf("\n");
			ar_free(a);
		}
		if (caught)
			passed++;
		else {
			printf("FAIL %s: no corpus program makes the oracles report more than for %s\n",
			       mutants[m]->name, ref->name);
			failed++;
		}
	}
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
