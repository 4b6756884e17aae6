/* cmd_merge.c: `fencefuzz merge OUT IN...`: combines result databases from
 * several machines (reports/merge.c). */
#include <stdio.h>
#include <string.h>

#include "cli.h"
#include "merge.h"

void
help_merge(FILE *out)
{
	fprintf(out,
	        "usage: fencefuzz merge OUT.sqlite IN.sqlite...\n"
	        "\n"
	        "Adds each IN database to OUT (created when missing), one transaction per\n"
	        "input: campaigns are copied with new ids, programs matched by hash, findings\n"
	        "deduplicated by (signature, model, kind) with their counts summed and the\n"
	        "earliest first-seen / latest last-seen kept; occurrences, reproducers,\n"
	        "hardware runs and throughput stats follow.  The inputs are not changed.\n"
	        "\n"
	        "Merging an input again is a no-op: an input whose campaigns (host,\n"
	        "started_at, seed, engine, models, oracles) are all in OUT already is\n"
	        "skipped.  An input holding some campaigns OUT has and some it has not is\n"
	        "refused (exit 2), since its counts cannot be split by campaign: give each\n"
	        "machine's night its own database (campaign --db) and merge those.\n"
	        "\n"
	        "Prints one line per input.  Exit status: 0 ok, 2 an input could not be\n"
	        "merged (the inputs before it stay merged).\n");
}

int
cmd_merge(int argc, char **argv)
{
	static const CliOpt no_opts[] = {CLI_END};
	CliArgs args;
	if (cli_parse("merge", no_opts, NULL, argc, argv, &args))
		return 2;
	argc = args.n;
	const char *out = NULL;
	int first = 0;
	if (argc < 2)
		return cli_usage_error("merge", "needs OUT.sqlite and at least one IN.sqlite");
	out = argv[first];
	int status = 0;
	for (int i = first + 1; i < argc; i++) {
		MergeResult r;
		char err[1024];
		if (db_merge(out, argv[i], &r, err, sizeof err)) {
			fprintf(stderr, "fencefuzz merge: %s\n", err);
			return 2;
		}
		if (r.skipped)
			printf("%s: already merged into %s, skipped\n", argv[i], out);
		else
			printf("%s: %ld campaigns, %ld findings (%ld new), %ld programs (%ld new), "
			       "%ld occurrences, %ld reproducers, %ld hw runs, %ld stats rows\n",
			       argv[i], r.campaigns, r.findings, r.findings_new, r.programs, r.programs_new,
			       r.occurrences, r.reproducers, r.hw_runs, r.stats);
	}
	return status;
}
