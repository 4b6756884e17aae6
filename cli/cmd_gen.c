/* cmd_gen.c: `fencefuzz gen`, the program generator on the command line. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "gen.h"

typedef struct GenArgs {
	uint64_t seed, size, count;
	const char *dir;
	GenOptions o;
} GenArgs;

static int
parse_features(const char *cmd, const char *opt, const char *val, void *field)
{
	if (fz_parse_features(val, field))
		return cli_usage_error(cmd, "bad feature list '%s'", val);
	return 0;
}

#define F(f) offsetof(GenArgs, f)
static const CliOpt gen_opts[] = {
	CLI_OPT("seed", 0, CLI_U64, F(seed), "N", "seed of the first program (decimal or 0x hex)"),
	CLI_OPT("size", 0, CLI_U64, F(size), "S", "target number of statements", .def = "30"),
	CLI_OPT("count", 0, CLI_U64, F(count), "C",
	        "programs for seeds N, N+1, ... (default 1); on stdout they are\n"
	        "separated by a blank line, each after a `# seed N` line"),
	CLI_OPT("features", 0, CLI_FUNC, F(o.features), "L",
	        "comma list of swarm features, or `all`; default: each seed\n"
	        "draws its own random subset (swarm testing)", .parse = parse_features),
	CLI_OPT(NULL, 'o', CLI_STRING, F(dir), "DIR", "write DIR/gen_N.py per seed instead of printing"),
	CLI_END,
};
#undef F

void
help_gen(FILE *out)
{
	fprintf(out,
	        "usage: fencefuzz gen --seed N [--size S] [--count C] [--features LIST|all] [-o DIR]\n"
	        "\n"
	        "Generates TileLang-shaped programs at InjectFenceProxy's stage from a\n"
	        "seeded decision stream: the same seed always gives the same program.\n"
	        "\n");
	cli_print_options(out, gen_opts);
	fprintf(out, "\nfeatures:\n");
	for (int i = 0; i < FZ_NFEATURES; i++)
		fprintf(out, "  %-10s %s\n", fz_feature_name(i), fz_feature_help(i));
	fprintf(out, "\nShared stores, constant loops and the launch/buffer/barrier-init shape are\n"
	             "always present.  Usage errors exit with status 2.\n");
}

int
cmd_gen(int argc, char **argv)
{
	GenArgs g = {.count = 1};
	CliArgs args;
	if (cli_parse("gen", gen_opts, &g, argc, argv, &args))
		return 2;
	if (args.n)
		return cli_usage_error("gen", "unexpected argument '%s'", args.operands[0]);
	if (!cli_given(&args, "seed"))
		return cli_usage_error("gen", "missing --seed N");
	if (g.size < 1 || g.size > 100000)
		return cli_usage_error("gen", "bad size '%" PRIu64 "' (1 to 100000)", g.size);
	if (g.count < 1 || g.count > 10000000)
		return cli_usage_error("gen", "bad count '%" PRIu64 "'", g.count);
	uint64_t seed = g.seed, size = g.size, count = g.count;
	const char *dir = g.dir;
	GenOptions o = g.o;
	o.size = (int)size;
	Arena *a = ar_new(); /* one for all: reset after each program */
	for (uint64_t c = 0; c < count; c++) {
		uint64_t s = seed + c;
		Decider d;
		dz_init_seed(&d, s);
		Program *p = fz_generate(a, &d, &o);
		if (dir) {
			char path[4096];
			snprintf(path, sizeof path, "%s/gen_%" PRIu64 ".py", dir, s);
			FILE *f = fopen(path, "w");
			if (!f) {
				fprintf(stderr, "fencefuzz gen: cannot write %s: %s\n", path, strerror(errno));
				ar_free(a);
				return 2;
			}
			cli_print_program(f, p);
			fclose(f);
		} else {
			if (count > 1)
				printf("%s# seed %" PRIu64 "\n", c ? "\n" : "", s);
			cli_print_program(stdout, p);
		}
		ar_reset(a);
	}
	ar_free(a);
	return 0;
}
