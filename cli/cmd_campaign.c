/* cmd_campaign.c: `fencefuzz campaign`, the nightly job: N worker processes
 * (fuzz/campaign.c) write to one SQLite store; this parent shows progress,
 * turns Ctrl-C or the time limit into a clean stop, and prints a summary. */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#include <errno.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

#include "campaign.h"
#include "cli.h"
#include "store.h"

void
help_campaign(FILE *out)
{
	fprintf(out,
	        "usage: fencefuzz campaign [--time D] [--programs N] [--models LIST]\n"
	        "                          [--oracles LIST] [--jobs N] [--seed S] [--size S]\n"
	        "                          [--db PATH] [--engine builtin] [--differential]\n"
	        "\n"
	        "Generates programs (fencefuzz gen), runs each model on each, judges the\n"
	        "outputs with the oracles (fencefuzz check) and records the findings in\n"
	        "SQLite, deduplicated by signature: a finding seen again only counts up.\n"
	        "A second campaign on the same database adds to it.\n"
	        "\n"
	        "  --time D       stop after D (60, 90s, 5m, 2h); default 60s\n"
	        "  --programs N   stop after N programs (with the same seed and settings,\n"
	        "                 the same N programs and the same findings every time)\n"
	        "  --models LIST  comma-separated (default tilelang-9f25954,tilelang-head,\n"
	        "                 tilelang-legacy; identity only judges the inputs)\n"
	        "  --oracles LIST as for check (default all)\n"
	        "  --jobs N       worker processes (default 1)\n"
	        "  --seed S       campaign seed (default 1)\n"
	        "  --size S       statements per generated program (default 30)\n"
	        "  --db PATH      results database (default reports/fencefuzz.sqlite)\n"
	        "  --engine E     builtin (libFuzzer and AFL++ engines: not built yet)\n"
	        "  --differential with two or more models: also record every program where\n"
	        "                 the first two models' outputs differ, classified by the\n"
	        "                 soundness oracle (finding kind differential)\n"
	        "\n"
	        "A progress line shows elapsed time, programs, programs/s and findings by\n"
	        "kind (new distinct ones in parentheses).  Ctrl-C stops cleanly: workers\n"
	        "commit what they have and the summary is printed; a second Ctrl-C kills.\n"
	        "Each worker commits once a second, so a killed campaign loses at most its\n"
	        "last second.\n");
}

static volatile sig_atomic_t interrupted;

static void
on_signal(int sig)
{
	(void)sig;
	interrupted++;
}

static double
parse_duration(const char *s)
{
	char *end;
	double v = strtod(s, &end);
	if (end == s || v < 0)
		return -1;
	if (!strcmp(end, "") || !strcmp(end, "s"))
		return v;
	if (!strcmp(end, "m"))
		return v * 60;
	if (!strcmp(end, "h"))
		return v * 3600;
	return -1;
}

static void
totals(const CampaignOptions *o, const CampaignCounters *c, long *programs, long *found,
       long *distinct)
{
	*programs = 0;
	for (int k = 0; k < FK_COUNT; k++)
		found[k] = distinct[k] = 0;
	for (int w = 0; w < o->jobs; w++) {
		*programs += c->programs[w];
		for (int k = 0; k < FK_COUNT; k++)
			found[k] += c->found[w][k], distinct[k] += c->distinct[w][k];
	}
}

static void
progress(FILE *out, const CampaignOptions *o, const CampaignCounters *c, double elapsed, int final)
{
	long programs, found[FK_COUNT], distinct[FK_COUNT];
	totals(o, c, &programs, found, distinct);
	fprintf(out, "%s[%02d:%02d] %ld programs, %.0f/s; findings:", final ? "" : "\r",
	        (int)elapsed / 60, (int)elapsed % 60, programs, elapsed > 0 ? programs / elapsed : 0.0);
	int any = 0;
	for (int k = 0; k < FK_COUNT; k++)
		if (found[k]) {
			fprintf(out, " %s %ld (%ld new)", orc_kind_name((FindingKind)k), found[k], distinct[k]);
			any = 1;
		}
	if (!any)
		fprintf(out, " none");
	fprintf(out, final ? "\n" : "   ");
	fflush(out);
}

int
cmd_campaign(int argc, char **argv)
{
	static CampaignOptions o;
	memset(&o, 0, sizeof o);
	o.seconds = 60;
	o.jobs = 1;
	o.seed = 1;
	o.db_path = "reports/fencefuzz.sqlite";
	o.models_text = "tilelang-9f25954,tilelang-head,tilelang-legacy";
	o.oracles_text = "all";
	orc_defaults(&o.oracles);
	int time_given = 0;
	for (int i = 0; i < argc; i++) {
		const char *a = argv[i], *val = i + 1 < argc ? argv[i + 1] : NULL;
		if (!strcmp(a, "--differential")) {
			o.differential = 1;
			continue;
		}
		if (!val && a[0] == '-' && strcmp(a, "-h"))
			return cli_usage_error("campaign", "option '%s' needs a value", a);
		if (!strcmp(a, "--time")) {
			o.seconds = parse_duration(val);
			if (o.seconds < 0)
				return cli_usage_error("campaign", "bad duration '%s'", val);
			time_given = 1;
		} else if (!strcmp(a, "--programs"))
			o.max_programs = atol(val);
		else if (!strcmp(a, "--models"))
			o.models_text = val;
		else if (!strcmp(a, "--oracles")) {
			if (orc_parse_oracles(val, &o.oracles.enabled))
				return cli_usage_error("campaign", "bad --oracles list '%s'", val);
			o.oracles_text = val;
		} else if (!strcmp(a, "--jobs"))
			o.jobs = atoi(val);
		else if (!strcmp(a, "--seed"))
			o.seed = strtoull(val, NULL, 0);
		else if (!strcmp(a, "--size"))
			o.size = atoi(val);
		else if (!strcmp(a, "--db"))
			o.db_path = val;
		else if (!strcmp(a, "--engine")) {
			if (strcmp(val, "builtin"))
				return cli_usage_error("campaign", "engine '%s' is not built yet (builtin only)", val);
		} else
			return cli_usage_error("campaign", "unknown argument '%s'", a);
		i++;
	}
	if (o.jobs < 1 || o.jobs > CAMPAIGN_MAX_JOBS)
		return cli_usage_error("campaign", "--jobs must be 1..%d", CAMPAIGN_MAX_JOBS);
	if (o.max_programs < 0 || o.size < 0)
		return cli_usage_error("campaign", "--programs and --size must be >= 0");
	if (o.max_programs && !time_given)
		o.seconds = 0; /* a program count alone decides the end */
	char *list = strdup(o.models_text);
	for (char *tok = strtok(list, ","); tok; tok = strtok(NULL, ",")) {
		const PassModel *m = cli_find_model("campaign", tok);
		if (!m) {
			free(list);
			return 2;
		}
		if (o.nmodels == CAMPAIGN_MAX_MODELS) {
			free(list);
			return cli_usage_error("campaign", "at most %d models", CAMPAIGN_MAX_MODELS);
		}
		o.models[o.nmodels++] = m;
	}
	free(list);
	if (o.differential && o.nmodels < 2)
		return cli_usage_error("campaign", "--differential needs two models in --models");

	char err[512];
	Db *db = NULL;
	if (db_open(o.db_path, &db, err, sizeof err)) {
		fprintf(stderr, "fencefuzz campaign: %s\n", err);
		return 2;
	}
	char config[512];
	snprintf(config, sizeof config,
	         "{\"time_s\": %g, \"programs\": %ld, \"jobs\": %d, \"size\": %d, \"war\": %d, "
	         "\"alias_aware\": %d}",
	         o.seconds, o.max_programs, o.jobs, o.size, o.oracles.war, o.oracles.alias_aware);
	CampaignInfo info = {.seed = o.seed, .models = o.models_text, .oracles = o.oracles_text,
	                     .engine = "builtin", .config = config};
	int64_t campaign = db_campaign_start(db, &info);
	if (campaign <= 0) {
		fprintf(stderr, "fencefuzz campaign: %s\n", db_error(db));
		db_close(db);
		return 2;
	}
	db_close(db);

	CampaignCounters *ctr = mmap(NULL, sizeof *ctr, PROT_READ | PROT_WRITE,
	                             MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (ctr == MAP_FAILED) {
		perror("fencefuzz campaign: mmap");
		return 2;
	}
	memset(ctr, 0, sizeof *ctr);
	struct sigaction sa = {0};
	sa.sa_handler = on_signal;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);

	fprintf(stderr, "campaign %lld: seed %llu, models %s, oracles %s, %d job%s, db %s\n",
	        (long long)campaign, (unsigned long long)o.seed, o.models_text, o.oracles_text,
	        o.jobs, o.jobs > 1 ? "s" : "", o.db_path);
	double start = fz_now();
	pid_t pids[CAMPAIGN_MAX_JOBS];
	for (int w = 0; w < o.jobs; w++) {
		pids[w] = fork();
		if (pids[w] < 0) {
			perror("fencefuzz campaign: fork");
			ctr->stop = 1;
			o.jobs = w;
			break;
		}
		if (pids[w] == 0) {
			signal(SIGINT, SIG_IGN); /* the parent decides; workers poll ctr->stop */
			signal(SIGTERM, SIG_DFL);
			char werr[512];
			int rc = fz_campaign_worker(&o, campaign, w, ctr, start, werr, sizeof werr);
			if (rc)
				fprintf(stderr, "\nfencefuzz campaign: worker %d: %s\n", w, werr);
			_exit(rc ? 1 : 0);
		}
	}
	int tty = isatty(2), running = o.jobs, killed = 0;
	double last_line = start;
	while (running > 0) {
		int status;
		pid_t done = waitpid(-1, &status, WNOHANG);
		if (done > 0) {
			running--;
			continue;
		}
		if (done < 0 && errno != EINTR)
			break;
		if (interrupted == 1 && !ctr->stop) {
			ctr->stop = 1;
			fprintf(stderr, "\ninterrupted: stopping workers (Ctrl-C again to kill)\n");
		} else if (interrupted > 1 && !killed) {
			for (int w = 0; w < o.jobs; w++)
				kill(pids[w], SIGKILL);
			killed = 1;
		}
		double t = fz_now();
		if (tty || t - last_line >= 10) {
			progress(stderr, &o, ctr, t - start, !tty);
			last_line = t;
		}
		struct timespec nap = {0, 200 * 1000 * 1000};
		nanosleep(&nap, NULL);
	}
	double elapsed = fz_now() - start;
	if (tty)
		fputc('\n', stderr);

	long programs, found[FK_COUNT], distinct[FK_COUNT];
	totals(&o, ctr, &programs, found, distinct);
	int worker_failed = 0;
	for (int w = 0; w < o.jobs; w++)
		worker_failed |= ctr->failed[w];
	if (db_open(o.db_path, &db, err, sizeof err) == 0) {
		db_campaign_end(db, campaign, programs,
		                worker_failed ? "failed" : interrupted ? "interrupted" : "done");
		printf("campaign %lld: %ld programs in %.1f s (%.0f programs/s, %d job%s)\n",
		       (long long)campaign, programs, elapsed, elapsed > 0 ? programs / elapsed : 0.0,
		       o.jobs, o.jobs > 1 ? "s" : "");
		printf("%-22s %12s %14s\n", "finding kind", "occurrences", "new distinct");
		long new_total = 0;
		for (int k = 0; k < FK_COUNT; k++)
			if (found[k]) {
				printf("%-22s %12ld %14ld\n", orc_kind_name((FindingKind)k), found[k], distinct[k]);
				new_total += distinct[k];
			}
		printf("\nall findings in %s (kind model count first-seen last-seen status: message):\n",
		       o.db_path);
		db_findings_summary(db, stdout);
		db_close(db);
		printf("\n%ld new distinct findings; database %s\n", new_total, o.db_path);
	} else {
		fprintf(stderr, "fencefuzz campaign: %s\n", err);
		worker_failed = 1;
	}
	munmap(ctr, sizeof *ctr);
	return worker_failed ? 2 : 0;
}
