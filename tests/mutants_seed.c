/* mutants_seed: does the seed corpus tell every mutant from the reference?
 *
 * For every mutant model (pass_mutants) runs it and tilelang-9f25954 over
 * every program given (normally the corpus/seed files; a file's expectation
 * sections are ignored) and counts the programs whose outputs differ
 * structurally (ir_equal_program).  A mutant that no program exposes fails:
 * the corpus cannot measure an oracle or a fuzzer on it.  Prints one line
 * per mutant: how many programs expose it and the first one (-v: every
 * one).
 *
 *     mutants_seed [-v] FILE...
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ir.h"
#include "pass.h"

static const char MARK[] = "# ==== expect ";

typedef struct Seed {
	const char *path;
	Arena *arena;
	Program *prog, *ref;
} Seed;

/* Reads the program part of a seed file and runs the reference on it. */
static int
load(Seed *s, const char *path, const PassModel *ref)
{
	size_t len;
	Diag rd;
	char *text = ir_read_text(path, &len, &rd);
	if (!text) {
		printf("FAIL %s: cannot read\n", path);
		return 1;
	}
	char *mark = strstr(text, MARK);
	Diag d = {0};
	s->path = path;
	s->arena = ar_new();
	s->prog = ir_read(s->arena, path, text, mark ? (size_t)(mark - text) : len, &d);
	free(text);
	if (!s->prog) {
		printf("FAIL %s: ", path);
		diag_print(stdout, &d);
		ar_free(s->arena);
		return 1;
	}
	/* The mutants share the reference's ops: a program it refuses tells
	 * nothing apart. */
	s->ref = pass_accepts(ref, s->prog, NULL) ? pass_run(ref, s->prog) : NULL;
	return 0;
}

static const char *
base_name(const char *path)
{
	const char *b = strrchr(path, '/');
	return b ? b + 1 : path;
}

int
main(int argc, char **argv)
{
	const PassModel *ref = pass_find(PASS_DEFAULT_MODEL);
	Seed *seeds = calloc((size_t)(argc > 1 ? argc : 1), sizeof *seeds);
	int nseeds = 0, passed = 0, failed = 0, verbose = 0;
	for (int i = 1; i < argc; i++) {
		if (strcmp(argv[i], "-v") == 0) {
			verbose = 1;
			continue;
		}
		if (load(&seeds[nseeds], argv[i], ref))
			failed++;
		else
			nseeds++;
	}
	int n;
	const PassModel *const *mut = pass_mutants(&n);
	for (int m = 0; m < n; m++) {
		if (pass_find(mut[m]->name) != mut[m]) {
			printf("FAIL %s: pass_find does not find it\n", mut[m]->name);
			failed++;
			continue;
		}
		int exposed = 0;
		const char *first = NULL;
		for (int i = 0; i < nseeds; i++) {
			if (!seeds[i].ref)
				continue;
			Program *q = pass_run(mut[m], seeds[i].prog);
			if (!ir_equal_program(q, seeds[i].ref)) {
				if (!exposed++)
					first = seeds[i].path;
				if (verbose)
					printf("     %-34s %s\n", mut[m]->name, base_name(seeds[i].path));
			}
		}
		if (exposed) {
			printf("ok   %-34s exposed by %2d of %d programs, first %s\n", mut[m]->name, exposed,
			       nseeds, base_name(first));
			passed++;
		} else {
			printf("FAIL %-34s exposed by no program\n", mut[m]->name);
			failed++;
		}
	}
	for (int i = 0; i < nseeds; i++)
		ar_free(seeds[i].arena);
	free(seeds);
	printf("%d passed, %d failed\n", passed, failed);
	return failed != 0;
}
