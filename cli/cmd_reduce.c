/* cmd_reduce.c: `fencefuzz reduce`, the smallest program that still shows a
 * finding. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "reduce.h"
#include "reproducer.h"

void
help_reduce(FILE *out)
{
	fprintf(out,
	        "usage: fencefuzz reduce FILE [--model M] [--kind K] [--signature HEX]\n"
	        "                        [--differential M2] [--time S] [--trials N]\n"
	        "                        [--no-war] [--alias-aware] [--pytest] [-o OUT]\n"
	        "\n"
	        "Judges FILE with model M (default " PASS_DEFAULT_MODEL ") and the oracles, picks\n"
	        "the first finding of kind K (any kind when not given; --signature picks one\n"
	        "by the signature `check -v` prints), and shrinks the program while that\n"
	        "finding stays: same kind, same model, same raw signature (oracle, rule and\n"
	        "the witness's end events).  Edits, tried until none applies: delete\n"
	        "chunks of 8, 4, 2, 1 statements, unwrap loops/ifs/lets/attrs/launches/\n"
	        "buffers, drop an else, trip counts to 1, conditions to True, integer\n"
	        "expressions to 0, stored values to typed zeros, drop steps, annotations,\n"
	        "parameters, function attributes and functions.  Every candidate is printed\n"
	        "and read back, so the result is valid TVMScript.  Deterministic.\n"
	        "\n"
	        "Prints the reduced program, headed by comments: the finding on it (with\n"
	        "witness), its cause signature (what campaigns deduplicate by), statements\n"
	        "before and after, candidates judged, time.\n"
	        "\n"
	        "  --kind K            unsound, unsound-war, unnecessary-fence,\n"
	        "                      suboptimal-placement, alias-redundant-fence,\n"
	        "                      not-preserved, not-idempotent, handshake, differential\n"
	        "  --differential M2   reduce a difference between M and M2 (kind differential)\n"
	        "  --time S            budget in seconds (default %.0f); the result is the\n"
	        "                      smallest found so far, and the header says the limit hit\n"
	        "  --trials N          budget in candidates judged (default %ld)\n"
	        "  --pytest            print a TileLang pytest case instead: before = the\n"
	        "                      reduced program, after = what a correct pass gives\n"
	        "                      (unsound: a fence right before the async op; handshake:\n"
	        "                      arrive+wait before the reusing write; unnecessary/alias:\n"
	        "                      one fence fewer; not-idempotent: the pass on its own\n"
	        "                      output; differential: the model's output).  Not for\n"
	        "                      suboptimal-placement, not-preserved, model failures\n"
	        "  -o OUT              write the program there instead of stdout\n"
	        "\n"
	        "exit status: 0 reduced, 1 FILE shows no such finding (nothing to reduce,\n"
	        "nothing printed), 2 bad input or usage\n",
	        REDUCE_DEFAULT_SECONDS, REDUCE_DEFAULT_TRIALS);
}

int
cli_parse_kind(const char *cmd, const char *name, FindingKind *out)
{
	int k = orc_kind_parse(name);
	if (k < 0) {
		fprintf(stderr, "fencefuzz %s: unknown finding kind '%s'; kinds:", cmd, name);
		for (int i = 0; i < FK_COUNT; i++)
			fprintf(stderr, " %s", orc_kind_name((FindingKind)i));
		fputc('\n', stderr);
		return -1;
	}
	*out = (FindingKind)k;
	return 0;
}

int
cmd_reduce(int argc, char **argv)
{
	const char *path = NULL, *model = PASS_DEFAULT_MODEL, *other = NULL, *outpath = NULL;
	const char *kind = NULL, *sig = NULL;
	int pytest = 0;
	ReduceLimits lim = {0};
	ReduceTarget t = {0};
	orc_defaults(&t.oracles);
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i];
		const char *val = i + 1 < argc ? argv[i + 1] : NULL;
		if (!strcmp(a, "--model") && val)
			model = val, i++;
		else if (!strcmp(a, "--differential") && val)
			other = val, i++;
		else if (!strcmp(a, "--kind") && val)
			kind = val, i++;
		else if (!strcmp(a, "--signature") && val)
			sig = val, i++;
		else if (!strcmp(a, "--time") && val)
			lim.max_seconds = atof(val), i++;
		else if (!strcmp(a, "--trials") && val)
			lim.max_trials = atol(val), i++;
		else if (!strcmp(a, "-o") && val)
			outpath = val, i++;
		else if (!strcmp(a, "--pytest"))
			pytest = 1;
		else if (!strcmp(a, "--no-war"))
			t.oracles.war = 0;
		else if (!strcmp(a, "--alias-aware"))
			t.oracles.alias_aware = 1;
		else if (cli_take_file("reduce", a, &path))
			return 2;
	}
	if (!path)
		return cli_usage_error("reduce", "missing FILE");
	if (lim.max_seconds < 0 || lim.max_trials < 0)
		return cli_usage_error("reduce", "--time and --trials must be positive");
	if (!(t.model = cli_find_model("reduce", model)))
		return 2;
	if (other && !(t.other = cli_find_model("reduce", other)))
		return 2;
	int want_kind = -1;
	if (kind) {
		FindingKind k;
		if (cli_parse_kind("reduce", kind, &k))
			return 2;
		want_kind = (int)k;
	}
	if (other && want_kind >= 0 && want_kind != FK_DIFFERENTIAL)
		return cli_usage_error("reduce", "--differential reduces a differential finding");
	if (other)
		want_kind = FK_DIFFERENTIAL;
	if (want_kind == FK_DIFFERENTIAL && !other)
		return cli_usage_error("reduce", "--kind differential needs --differential M2");
	uint64_t want_sig = 0;
	if (sig) {
		char *end;
		want_sig = strtoull(sig, &end, 16);
		if (*end || !*sig)
			return cli_usage_error("reduce", "bad --signature '%s' (16 hex digits)", sig);
	}

	Arena *arena = ar_new();
	Program *p = cli_read_program(arena, path);
	if (!p) {
		ar_free(arena);
		return 2;
	}
	/* The finding to keep: the first one that fits. */
	FindingList fl;
	fl_init(&fl, arena);
	if (want_kind == FK_DIFFERENTIAL)
		orc_differential(t.model, t.other, p, &t.oracles, &fl);
	else
		orc_check(t.model, p, &t.oracles, &fl);
	const Finding *pick = NULL;
	for (int i = 0; i < fl.n && !pick; i++)
		if ((want_kind < 0 || (int)fl.items[i].kind == want_kind) &&
		    (!sig || fl.items[i].signature == want_sig))
			pick = &fl.items[i];
	if (!pick) {
		fprintf(stderr, "%s: no %s finding of %s%s: nothing to reduce\n", path,
		        want_kind >= 0 ? orc_kind_name((FindingKind)want_kind) : "", t.model->name,
		        sig ? " with that signature" : "");
		ar_free(arena);
		return 1;
	}
	t.kind = pick->kind;
	t.raw_signature = pick->signature;
	ReduceResult r;
	char err[256];
	if (fz_reduce(arena, p, &t, &lim, &r, err, sizeof err)) {
		fprintf(stderr, "%s: %s\n", path, err);
		ar_free(arena);
		return 2;
	}
	FILE *out = outpath ? fopen(outpath, "w") : stdout;
	if (!out) {
		perror(outpath);
		fz_reduce_result_free(&r);
		ar_free(arena);
		return 2;
	}
	char *text = pytest ? fz_repro_pytest(&r, &t) : fz_repro_tvmscript(&r);
	if (!text) {
		fprintf(stderr, "%s: no pytest case for a %s finding (fencefuzz reduce --help)\n", path,
		        orc_kind_name(r.finding.kind));
		if (outpath)
			fclose(out);
		fz_reduce_result_free(&r);
		ar_free(arena);
		return 2;
	}
	fputs(text, out);
	free(text);
	if (outpath)
		fclose(out);
	fz_reduce_result_free(&r);
	ar_free(arena);
	return 0;
}
