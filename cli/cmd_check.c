/* cmd_check.c: `fencefuzz check`, a model and the oracles on one program. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "options.h"
#include "oracle.h"

typedef struct CheckArgs {
	const char *model, *other;
	int json, verbose;
	OracleOptions o;
} CheckArgs;

static int
parse_profile(const char *cmd, const char *opt, const char *val, void *field)
{
	if ((*(int *)field = orc_profile_parse(val)) < 0)
		return cli_usage_error(cmd, "bad %s '%s' (program-order, writer, both)", opt, val);
	return 0;
}

#define F(f) offsetof(CheckArgs, f)
static const CliOpt check_opts[] = {
	CLI_OPT("model", 0, CLI_STRING, F(model), "M", "the model to run", .def = PASS_DEFAULT_MODEL),
	CLI_OPT("oracles", 0, CLI_FUNC, F(o.enabled), "LIST", "comma-separated oracles, as above (default all)",
	 .parse = cli_parse_oracles),
	CLI_OPT("profile", 0, CLI_FUNC, F(o.profile), "P",
	 "which fences count across partitions: program-order\n"
	 "(default: one on the causality path in any thread, the\n"
	 "pass's contract), writer (in the writing threads before\n"
	 "their synchronization), or both",
	 .parse = parse_profile),
	CLI_OPT("differential", 0, CLI_STRING, F(other), "M2",
	 "also run M2 and report where the two outputs differ,\n"
	 "with each side's soundness verdict"),
	CLI_OPT("json", 0, CLI_FLAG, F(json), NULL,
	 "one JSON object per finding (kind, model, oracle, line,\n"
	 "col, message, rule, strength, witness, signature)", .set = 1),
	CLI_OPT(NULL, 'v', CLI_FLAG, F(verbose), NULL, "also print each finding's rule and signature", .set = 1),
	CLI_OPT("no-war", 0, CLI_FLAG, F(o.war), NULL, "generic read -> async write needs no fence", .set = 0),
	CLI_OPT("alias-aware", 0, CLI_FLAG, F(o.alias_aware), NULL,
	 "soundness compares footprints, not just \"shared\"", .set = 1),
	CLI_OPT("unknown-trips", 0, CLI_INT, F(o.unknown_trip_weight), "N",
	 "placement weight of a loop of unknown trip count (16)", .min = 1, .max = 1000000),
	CLI_OPT("placement-gaps", 0, CLI_INT, F(o.placement_max_gaps), "N",
	 "exact placement search limit (64 candidate positions);\n"
	 "above it placement is reported undecided, not guessed", .min = 0, .max = 1000000),
	CLI_OPT("placement-sum", 0, CLI_FLAG, F(o.placement_worst_path), NULL,
	 "placement cost sums the fences of both branches of an\n"
	 "if (default: the fences executed on the worst path)", .set = 0),
	CLI_END,
};
#undef F

void
help_check(FILE *out)
{
	fprintf(out,
	        "usage: fencefuzz check FILE [--model M] [--oracles LIST] [--json] [-v]\n"
	        "                       [--differential M2] [--no-war] [--alias-aware]\n"
	        "                       [--unknown-trips N] [--placement-gaps N] [--placement-sum]\n"
	        "                       [--profile program-order|writer|both]\n"
	        "\n"
	        "Runs model M (default " PASS_DEFAULT_MODEL ") on FILE (`-` is stdin) and judges its\n"
	        "output with the oracles, which use their own PTX ground truth, never the\n"
	        "model's tables.  Prints one line per finding:\n"
	        "\n"
	        "  FILE:LINE:COL: KIND [MODEL, ORACLE]: message; witness: path; strength\n"
	        "\n"
	        "or `ok`.  The witness is the path of statement locations from the first\n"
	        "event to the last (0:0 marks a node the model built).  The strength says\n"
	        "whether the verdict holds on every path of the control-flow graph\n"
	        "(proved), within a stated bound (bounded), or could not be decided.\n"
	        "\n"
	        "oracles (--oracles, comma-separated; default all):\n"
	        "  soundness     generic write -> async access with no fence on some path\n"
	        "                (kind unsound; generic read -> async write: unsound-war)\n"
	        "  necessity     an inserted fence can be removed and the program stays sound\n"
	        "  placement     executed-fence cost above the exact optimum (small programs)\n"
	        "  alias         a fence guarding only non-overlapping footprints\n"
	        "  minimality    necessity,placement,alias\n"
	        "  preservation  erasing what the model inserted gives back the input\n"
	        "  idempotence   running the model on its output changes nothing\n"
	        "  handshake     tma_store source rewritten before tma_store_arrive+wait\n"
	        "  cross         (not in all) across thread partitions: a generic access in\n"
	        "                one partition handed through an mbarrier or bar.sync to\n"
	        "                another partition's async op (kinds unsound-cross and,\n"
	        "                with --profile writer, unsound-writer; docs/cross-partition.md)\n"
	        "                e.g. --oracles all,cross\n"
	        "\n");
	cli_print_options(out, check_opts);
	fprintf(out,
	        "\n"
	        "M may be [NAME=]ext:COMMAND, an external command (TVMScript on stdin ->\n"
	        "TVMScript on stdout, timeout $FENCEFUZZ_EXT_TIMEOUT s, default 10), or\n"
	        "[NAME=]ext-server:COMMAND, a server answering many programs (fencefuzz pass\n"
	        "--help): when it fails, the finding is model-crash, model-timeout or\n"
	        "model-unreadable; a program a server refuses is model-rejected (not judged).\n"
	        "\n"
	        "A TileLang model judges only programs whose every call its version has\n"
	        "(core/vocab.def); otherwise the one line is a model-rejected finding at the\n"
	        "first such call, nothing is judged, and the exit status is 2.\n"
	        "\n"
	        "exit status: 0 no finding, 1 finding, 2 bad input or usage\n");
}

int
cmd_check(int argc, char **argv)
{
	CheckArgs c = {0};
	orc_defaults(&c.o);
	CliArgs args;
	const char *path = NULL;
	if (cli_parse("check", check_opts, &c, argc, argv, &args) ||
	    cli_one_operand("check", &args, "FILE", &path))
		return 2;
	const char *model = c.model, *other = c.other;
	int json = c.json, verbose = c.verbose;
	OracleOptions o = c.o;
	const PassModel *m = cli_find_model("check", model);
	const PassModel *m2 = other ? cli_find_model("check", other) : NULL;
	if (!m || (other && !m2))
		return 2;
	Arena *arena = ar_new();
	Program *p = cli_read_program(arena, path);
	if (!p) {
		ar_free(arena);
		return 2;
	}
	FindingList fl;
	fl_init(&fl, arena);
	orc_check(m, p, &o, &fl);
	if (m2) {
		orc_check(m2, p, &o, &fl);
		orc_differential(m, m2, p, &o, &fl);
	}
	for (int i = 0; i < fl.n; i++) {
		if (json)
			orc_print_finding_json(stdout, &fl.items[i], path);
		else
			orc_print_finding(stdout, &fl.items[i], path, verbose);
	}
	for (int i = 0; i < fl.nnotes; i++)
		fprintf(json ? stderr : stdout, "%s: note: %s\n", path, fl.notes[i]);
	if (!fl.n && !json)
		printf("ok\n");
	int rc = fl.n ? 1 : 0;
	/* A model that refused the program judged nothing: bad input for it. */
	for (int i = 0; i < fl.n; i++)
		if (fl.items[i].kind == FK_MODEL_REJECTED)
			rc = 2;
	ar_free(arena);
	return rc;
}
