/* cmd_reduce.c: `fencefuzz reduce`, the smallest program that still shows a
 * finding. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "reduce.h"
#include "reproducer.h"

typedef struct ReduceArgs {
	const char *model, *other, *outpath, *kind, *sig;
	int pytest;
	ReduceLimits lim;
	OracleOptions oracles;
} ReduceArgs;

/* The table's defaults (--time, --trials) are the reducer's own. */
_Static_assert((int)REDUCE_DEFAULT_SECONDS == 5 && REDUCE_DEFAULT_TRIALS == 20000,
               "reduce_opts' defaults differ from reduce.h");

#define F(f) offsetof(ReduceArgs, f)
static const CliOpt reduce_opts[] = {
	CLI_OPT("model", 0, CLI_STRING, F(model), "M", "the model to judge", .def = PASS_DEFAULT_MODEL),
	CLI_OPT("kind", 0, CLI_STRING, F(kind), "K",
	        "unsound, unsound-war, unnecessary-fence,\n"
	        "suboptimal-placement, alias-redundant-fence,\n"
	        "not-preserved, not-idempotent, handshake, differential,\n"
	        "unsound-cross (turns the cross oracle on)"),
	CLI_OPT("signature", 0, CLI_STRING, F(sig), "HEX",
	        "the finding with this signature (as `check -v` prints it)"),
	CLI_OPT("differential", 0, CLI_STRING, F(other), "M2",
	        "reduce a difference between M and M2 (kind differential)"),
	CLI_OPT("time", 0, CLI_DOUBLE, F(lim.max_seconds), "S",
	        "budget in seconds; the result is the smallest found so\n"
	        "far, and the header says the limit hit", .def = "5", .min = 0, .max = 1e9),
	CLI_OPT("trials", 0, CLI_LONG, F(lim.max_trials), "N",
	        "budget in candidates judged", .def = "20000", .min = 0, .max = 1e12),
	CLI_OPT("no-war", 0, CLI_FLAG, F(oracles.war), NULL, "generic read -> async write needs no fence",
	        .set = 0),
	CLI_OPT("alias-aware", 0, CLI_FLAG, F(oracles.alias_aware), NULL,
	        "soundness compares footprints, not just \"shared\"", .set = 1),
	CLI_OPT("pytest", 0, CLI_FLAG, F(pytest), NULL,
	        "print a TileLang pytest case instead: before = the\n"
	        "reduced program, after = what a correct pass gives\n"
	        "(unsound: a fence right before the async op; handshake:\n"
	        "arrive+wait before the reusing write; unnecessary/alias:\n"
	        "one fence fewer; not-idempotent: the pass on its own\n"
	        "output; differential: the model's output).  Not for\n"
	        "suboptimal-placement, not-preserved, model failures", .set = 1),
	CLI_OPT(NULL, 'o', CLI_STRING, F(outpath), "OUT", "write the program there instead of stdout"),
	CLI_END,
};
#undef F

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
	        "parameters, function attributes and functions.  Every candidate is checked\n"
	        "by the IR verifier and judged as built (no print and re-read); the result\n"
	        "is printed and read back, so it is valid TVMScript.  Deterministic.\n"
	        "\n"
	        "Prints the reduced program, headed by comments: the finding on it (with\n"
	        "witness), its cause signature (what campaigns deduplicate by), statements\n"
	        "before and after, candidates judged, time.\n"
	        "\n");
	cli_print_options(out, reduce_opts);
	fprintf(out,
	        "\n"
	        "exit status: 0 reduced, 1 FILE shows no such finding (nothing to reduce,\n"
	        "nothing printed), 2 bad input or usage\n");
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
	ReduceArgs ra = {0};
	orc_defaults(&ra.oracles);
	CliArgs args;
	const char *path = NULL;
	if (cli_parse("reduce", reduce_opts, &ra, argc, argv, &args) ||
	    cli_one_operand("reduce", &args, "FILE", &path))
		return 2;
	const char *model = ra.model, *other = ra.other, *outpath = ra.outpath;
	const char *kind = ra.kind, *sig = ra.sig;
	int pytest = ra.pytest;
	ReduceLimits lim = ra.lim;
	ReduceTarget t = {0};
	t.oracles = ra.oracles;
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
	/* The finding to keep: the first one that fits.  A kind only an opt-in
	 * oracle emits (cross) turns that oracle on. */
	if (want_kind >= 0 && want_kind != FK_DIFFERENTIAL)
		t.oracles.enabled |= fz_oracles_for_kind((FindingKind)want_kind);
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
