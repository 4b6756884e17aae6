/* cmd_sweep.c: `fencefuzz sweep`, every model over a set of corpus files,
 * with a summary of what each model did.  Until campaigns exist this is the
 * main job: it shows at a glance where the models differ on the corpus. */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "cli.h"
#include "oracle.h"

typedef struct SweepArgs {
	const char *models;
	int verbose, check;
} SweepArgs;

static const CliOpt sweep_opts[] = {
	CLI_OPT("models", 0, CLI_STRING, offsetof(SweepArgs, models), "LIST",
	        "comma-separated model names (default: all built-in models)"),
	CLI_OPT("check", 0, CLI_FLAG, offsetof(SweepArgs, check), NULL,
	        "also run every oracle on each output and print, per model,\n"
	        "how many programs have each kind of finding", .set = 1),
	CLI_OPT(NULL, 'v', CLI_FLAG, offsetof(SweepArgs, verbose), NULL,
	        "one line per program and model that changed something", .set = 1),
	CLI_END,
};

void
help_sweep(FILE *out)
{
	fprintf(out,
	        "usage: fencefuzz sweep [--models LIST] [--check] [-v] PATH...\n"
	        "\n"
	        "Runs each model over each program (a PATH that is a directory means every\n"
	        "*.py file in it) and prints, per model: programs read, programs changed,\n"
	        "fences inserted, tma_store handshakes added, and time spent in the model.\n"
	        "With -v, one line per program and model that changed something.\n"
	        "\n");
	cli_print_options(out, sweep_opts);
	fprintf(out,
	        "\n"
	        "Exit status 2 when a file cannot be read (the others are still swept) or an\n"
	        "external model (ext:COMMAND, see fencefuzz pass --help) fails on a program.\n");
}

typedef struct Tally {
	const PassModel *model;
	long programs, changed, fences, handshakes;
	long failed; /* programs an external model gave no output for */
	long refused; /* programs calling an op the model's version lacks */
	long with_kind[FK_COUNT]; /* programs with at least one finding of the kind */
	double seconds;
} Tally;

static long
program_calls(const Program *p, const char *name)
{
	long n = 0;
	for (int i = 0; i < p->nfuncs; i++)
		n += ir_count_call_stmts(p->funcs[i]->body, name);
	return n;
}

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* Expands PATHs into a sorted file list (directories: their *.py files). */
static char **
collect(char **paths, int n, int *count)
{
	int cap = 64, k = 0;
	char **files = malloc(sizeof *files * (size_t)cap);
	for (int i = 0; i < n; i++) {
		struct stat st;
		if (stat(paths[i], &st) == 0 && S_ISDIR(st.st_mode)) {
			DIR *d = opendir(paths[i]);
			struct dirent *e;
			int first = k;
			while (d && (e = readdir(d))) {
				size_t len = strlen(e->d_name);
				if (len < 4 || strcmp(e->d_name + len - 3, ".py"))
					continue;
				if (k == cap)
					files = realloc(files, sizeof *files * (size_t)(cap *= 2));
				files[k] = malloc(strlen(paths[i]) + len + 2);
				sprintf(files[k++], "%s/%s", paths[i], e->d_name);
			}
			if (d)
				closedir(d);
			qsort(files + first, (size_t)(k - first), sizeof *files, cmp_str);
		} else {
			if (k == cap)
				files = realloc(files, sizeof *files * (size_t)(cap *= 2));
			files[k++] = strdup(paths[i]);
		}
	}
	*count = k;
	return files;
}

static double
now(void)
{
	struct timespec ts;
	clock_gettime(CLOCK_MONOTONIC, &ts);
	return (double)ts.tv_sec + (double)ts.tv_nsec * 1e-9;
}

int
cmd_sweep(int argc, char **argv)
{
	SweepArgs sa = {0};
	CliArgs args;
	if (cli_parse("sweep", sweep_opts, &sa, argc, argv, &args))
		return 2;
	const char *models_arg = sa.models;
	int verbose = sa.verbose, check = sa.check, npaths = args.n;
	if (npaths == 0)
		return cli_usage_error("sweep", "missing PATH");
	char **paths = malloc(sizeof *paths * (size_t)(npaths + 1));
	memcpy(paths, args.operands, sizeof *paths * (size_t)npaths);

	int nmodels = 0, nall;
	const PassModel *const *all = pass_models(&nall);
	Tally *tally = calloc((size_t)nall + 64, sizeof *tally);
	if (models_arg) {
		char *list = strdup(models_arg);
		for (char *tok = strtok(list, ","); tok; tok = strtok(NULL, ",")) {
			const PassModel *m = cli_find_model("sweep", tok);
			if (!m) {
				free(list), free(tally), free(paths);
				return 2;
			}
			if (nmodels < nall + 64)
				tally[nmodels++].model = m;
		}
		free(list);
	} else {
		for (int i = 0; i < nall; i++)
			tally[nmodels++].model = all[i];
	}

	int nfiles, bad = 0;
	char **files = collect(paths, npaths, &nfiles);
	for (int f = 0; f < nfiles; f++) {
		Arena *a = ar_new();
		Program *p = cli_read_program(a, files[f]);
		if (!p) {
			bad++;
			ar_free(a);
			continue;
		}
		long fences_in = program_calls(p, "fence_proxy_async");
		long arrives_in = program_calls(p, "tma_store_arrive");
		for (int m = 0; m < nmodels; m++) {
			double t0 = now();
			PassError err;
			Program *q = pass_run_ex(tally[m].model, p, &err);
			tally[m].seconds += now() - t0;
			if (!q) {
				int refused = err.kind == PASS_ERR_REJECTED;
				fprintf(stderr, "%s: model %s %s: %s\n", files[f], tally[m].model->name,
				        refused ? "refused it" : "failed", err.msg);
				tally[m].programs++;
				tally[m].failed += !refused;
				tally[m].refused += refused;
				continue;
			}
			long fences = program_calls(q, "fence_proxy_async") - fences_in;
			long handshakes = program_calls(q, "tma_store_arrive") - arrives_in;
			int changed = !ir_equal_program(p, q);
			tally[m].programs++;
			tally[m].changed += changed;
			tally[m].fences += fences;
			tally[m].handshakes += handshakes;
			if (verbose && changed)
				printf("%s: %s: %+ld fences, %+ld handshakes\n", files[f],
				       tally[m].model->name, fences, handshakes);
			if (check) {
				OracleOptions o;
				orc_defaults(&o);
				FindingList fl;
				fl_init(&fl, a);
				orc_check(tally[m].model, p, &o, &fl);
				int seen[FK_COUNT] = {0};
				for (int k = 0; k < fl.n; k++)
					seen[fl.items[k].kind] = 1;
				for (int k = 0; k < FK_COUNT; k++)
					tally[m].with_kind[k] += seen[k];
				if (verbose)
					for (int k = 0; k < fl.n; k++)
						orc_print_finding(stdout, &fl.items[k], files[f], 0);
			}
		}
		ar_free(a);
	}

	printf("%-18s %9s %8s %7s %11s %9s\n", "model", "programs", "changed", "fences",
	       "handshakes", "time(ms)");
	for (int m = 0; m < nmodels; m++)
		printf("%-18s %9ld %8ld %7ld %11ld %9.3f\n", tally[m].model->name, tally[m].programs,
		       tally[m].changed, tally[m].fences, tally[m].handshakes, tally[m].seconds * 1e3);
	if (check) {
		printf("\nprograms with findings, by kind (fencefuzz check FILE --model M explains each):\n");
		printf("%-18s", "model");
		for (int k = 0; k < FK_COUNT; k++)
			if (k < FK_DIFFERENTIAL)
				printf(" %*s", (int)strlen(orc_kind_name((FindingKind)k)), orc_kind_name((FindingKind)k));
		printf("\n");
		for (int m = 0; m < nmodels; m++) {
			printf("%-18s", tally[m].model->name);
			for (int k = 0; k < FK_COUNT; k++)
				if (k < FK_DIFFERENTIAL)
					printf(" %*ld", (int)strlen(orc_kind_name((FindingKind)k)), tally[m].with_kind[k]);
			printf("\n");
		}
	}
	for (int m = 0; m < nmodels; m++)
		if (tally[m].refused)
			printf("%s refused %ld program%s: ops its TileLang version does not have (see stderr)\n",
			       tally[m].model->name, tally[m].refused, tally[m].refused == 1 ? "" : "s");
	for (int m = 0; m < nmodels; m++)
		if (tally[m].failed) {
			printf("%s failed on %ld program%s (see stderr)\n", tally[m].model->name,
			       tally[m].failed, tally[m].failed == 1 ? "" : "s");
			bad = bad ? bad : -1;
		}
	printf("%d files, %d unreadable\n", nfiles, bad > 0 ? bad : 0);

	for (int f = 0; f < nfiles; f++)
		free(files[f]);
	free(files);
	free(tally);
	free(paths);
	return bad ? 2 : 0;
}
