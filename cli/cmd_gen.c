/* cmd_gen.c: `fencefuzz gen`, the program generator on the command line. */
#include <errno.h>
#include <inttypes.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "gen.h"

void
help_gen(FILE *out)
{
	fprintf(out,
	        "usage: fencefuzz gen --seed N [--size S] [--count C] [--features LIST|all] [-o DIR]\n"
	        "\n"
	        "Generates TileLang-shaped programs at InjectFenceProxy's stage from a\n"
	        "seeded decision stream: the same seed always gives the same program.\n"
	        "\n"
	        "  --seed N        seed of the first program (decimal or 0x hex)\n"
	        "  --size S        target number of statements (default 30)\n"
	        "  --count C       programs for seeds N, N+1, ... (default 1); on stdout they are\n"
	        "                  separated by a blank line, each after a `# seed N` line\n"
	        "  --features L    comma list of swarm features, or `all`; default: each seed\n"
	        "                  draws its own random subset (swarm testing)\n"
	        "  -o DIR          write DIR/gen_N.py per seed instead of printing\n"
	        "\n"
	        "features:\n");
	for (int i = 0; i < FZ_NFEATURES; i++)
		fprintf(out, "  %-10s %s\n", fz_feature_name(i), fz_feature_help(i));
	fprintf(out, "\nShared stores, constant loops and the launch/buffer/barrier-init shape are\n"
	             "always present.  Usage errors exit with status 2.\n");
}

static int
parse_u64(const char *s, uint64_t *out)
{
	char *end;
	errno = 0;
	if (!*s || *s == '-')
		return -1;
	unsigned long long v = strtoull(s, &end, 0);
	if (errno || *end)
		return -1;
	*out = (uint64_t)v;
	return 0;
}

int
cmd_gen(int argc, char **argv)
{
	uint64_t seed = 0, size = 30, count = 1;
	int have_seed = 0;
	const char *dir = NULL;
	GenOptions o = {0};
	for (int i = 0; i < argc; i++) {
		const char *arg = argv[i];
		const char *val = i + 1 < argc ? argv[i + 1] : NULL;
		if (!strcmp(arg, "--seed") && val) {
			if (parse_u64(val, &seed))
				return cli_usage_error("gen", "bad seed '%s'", val);
			have_seed = 1;
			i++;
		} else if (!strcmp(arg, "--size") && val) {
			if (parse_u64(val, &size) || size < 1 || size > 100000)
				return cli_usage_error("gen", "bad size '%s' (1 to 100000)", val);
			i++;
		} else if (!strcmp(arg, "--count") && val) {
			if (parse_u64(val, &count) || count < 1 || count > 10000000)
				return cli_usage_error("gen", "bad count '%s'", val);
			i++;
		} else if (!strcmp(arg, "--features") && val) {
			if (fz_parse_features(val, &o.features))
				return cli_usage_error("gen", "bad feature list '%s'", val);
			i++;
		} else if (!strcmp(arg, "-o") && val) {
			dir = val;
			i++;
		} else {
			return cli_usage_error("gen", "unexpected argument '%s'", arg);
		}
	}
	if (!have_seed)
		return cli_usage_error("gen", "missing --seed N");
	o.size = (int)size;
	for (uint64_t c = 0; c < count; c++) {
		uint64_t s = seed + c;
		Arena *a = ar_new();
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
		ar_free(a);
	}
	return 0;
}
