/* cmd_campaign.c: `fencefuzz campaign`, the nightly job: N worker processes
 * (fuzz/campaign.c) write to one SQLite store; this parent shows progress,
 * turns Ctrl-C or the time limit into a clean stop, and prints a summary. */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#define _GNU_SOURCE     /* prctl */
#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/mman.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>
#ifdef __linux__
#include <sys/prctl.h>
#endif

#include "campaign.h"
#include "cli.h"
#include "store.h"
#include "supervisor.h"

/* What `campaign` reads from its arguments. */
typedef struct CampaignArgs {
	CampaignOptions o;
	long resume;
	int no_report, fail_on, engine;
	const char *report_path, *fuzzer, *corpus, *seeds;
} CampaignArgs;

static int
parse_duration_opt(const char *cmd, const char *opt, const char *val, void *field)
{
	char *end;
	double v = strtod(val, &end);
	if (end == val || v < 0)
		v = -1;
	else if (!strcmp(end, "m"))
		v *= 60;
	else if (!strcmp(end, "h"))
		v *= 3600;
	else if (strcmp(end, "") && strcmp(end, "s"))
		v = -1;
	if (v < 0)
		return cli_usage_error(cmd, "bad duration '%s'", val);
	*(double *)field = v;
	return 0;
}

/* --oracles: the mask and the text the campaign row records. */
static int
parse_campaign_oracles(const char *cmd, const char *opt, const char *val, void *field)
{
	CampaignOptions *o = field;
	if (cli_parse_oracles(cmd, opt, val, &o->oracles.enabled))
		return 2;
	o->oracles_text = val;
	return 0;
}

static const char *const engine_names[] = {"builtin", "libfuzzer", "afl", NULL};
/* --fail-on: exit 1 when the campaign found this (triage applied); the
 * choices' index + 1. */
enum { FAIL_NEVER, FAIL_NEW, FAIL_UNSOUND, FAIL_ANY };
static const char *const fail_on_names[] = {"new", "unsound", "any", NULL};

#define F(f) offsetof(CampaignArgs, f)
static const CliOpt campaign_opts[] = {
	CLI_OPT("time", 0, CLI_FUNC, F(o.seconds), "D", "stop after D (60, 90s, 5m, 2h); default 60s",
	        .parse = parse_duration_opt),
	CLI_OPT("programs", 0, CLI_LONG, F(o.max_programs), "N",
	        "stop after N programs (with the same seed and settings,\n"
	        "the same N programs and the same findings every time)", .min = 0, .max = 1e15),
	CLI_OPT("models", 0, CLI_STRING, F(o.models_text), "LIST",
	        "comma-separated (default tilelang-9f25954,tilelang-head,\n"
	        "tilelang-legacy; identity only judges the inputs)"),
	CLI_OPT("oracles", 0, CLI_FUNC, F(o), "LIST", "as for check (default all)",
	        .parse = parse_campaign_oracles),
	CLI_OPT("jobs", 0, CLI_INT, F(o.jobs), "N", "worker processes (default 1)", .min = 1,
	        .max = CAMPAIGN_MAX_JOBS),
	CLI_OPT("seed", 0, CLI_U64, F(o.seed), "S", "campaign seed (default 1)"),
	CLI_OPT("size", 0, CLI_INT, F(o.size), "S", "statements per generated program (default 30)",
	        .min = 1, .max = 100000),
	CLI_OPT("db", 0, CLI_STRING, F(o.db_path), "PATH", "results database", .def = DB_DEFAULT_PATH),
	CLI_OPT("engine", 0, CLI_ENUM, F(engine), "E",
	        "builtin (default): programs from the campaign seed;\n"
	        "libfuzzer: runs the libFuzzer binary --fuzzer (fuzz_gen_oracles)\n"
	        "for --time on --corpus and --seeds (-fork=JOBS with --jobs);\n"
	        "afl: runs afl-fuzz -V TIME on --fuzzer (fuzz_gen_oracles_afl),\n"
	        "one -M main and JOBS-1 -S secN instances, output in --corpus.\n"
	        "Then every corpus, queue and crash file is decoded as a\n"
	        "program (as the target does) and judged and recorded like a\n"
	        "builtin program; crash inputs are named in the summary.  The\n"
	        "engine's output goes to libfuzzer.log / afl.log next to --db",
	        .choices = engine_names),
	CLI_OPT("fuzzer", 0, CLI_STRING, F(fuzzer), "PATH",
	        "the engine's target binary (required with libfuzzer, afl)"),
	CLI_OPT("corpus", 0, CLI_STRING, F(corpus), "DIR",
	        "libfuzzer corpus (default results/corpus-libfuzzer), afl\n"
	        "output directory (default results/corpus-afl); created"),
	CLI_OPT("seeds", 0, CLI_STRING, F(seeds), "DIR",
	        "initial inputs (e.g. fuzz/targets/gen_seeds); default none"),
	CLI_OPT("report", 0, CLI_STRING, F(report_path), "FILE",
	        "at the end, write the HTML report (fencefuzz report) of the\n"
	        "whole database to FILE (default DB.html beside DB.sqlite)\n"
	        "and print `report: PATH` as the last line"),
	CLI_OPT("no-report", 0, CLI_FLAG, F(no_report), NULL, "do not write it", .set = 1),
	CLI_OPT("fail-on", 0, CLI_ENUM, F(fail_on), "W",
	        "exit 1 (after the summary and the report) when W holds:\n"
	        "new: a root cause no earlier campaign had; unsound: a\n"
	        "finding of an unsound kind (unsound, unsound-war, handshake)\n"
	        "seen; any: any finding seen.  Findings triaged wontfix or\n"
	        "false-alarm (fencefuzz triage) count for none of them.\n"
	        "Default: exit 0 whatever was found (the findings are stored)",
	        .choices = fail_on_names),
	CLI_OPT("resume", 0, CLI_LONG, F(resume), "ID",
	        "continue campaign ID of --db (killed or interrupted) with its\n"
	        "seed, models, oracles, jobs and size: each worker goes on after\n"
	        "its last committed program, so the occurrences counted are\n"
	        "those of one uninterrupted campaign (with --no-reduce the very\n"
	        "same rows; with reduction a restarted worker reduces other\n"
	        "occurrences first, so some may sign under other causes);\n"
	        "--time (default: the campaign's own)\n"
	        "is this run's budget.  Not for a campaign still running", .min = 1, .max = 1e18),
	CLI_OPT("case-time", 0, CLI_FUNC, F(o.case_seconds), "D",
	        "watchdog: a worker judging one program for longer than D\n"
	        "(default 60s; 0: no limit) is killed; the program is recorded\n"
	        "as a finding of kind timeout and the worker restarted after it",
	        .parse = parse_duration_opt),
	CLI_OPT("case-memory", 0, CLI_LONG, F(o.case_memory_mb), "MB",
	        "watchdog: a worker above MB MiB resident (default 2048;\n"
	        "0: no limit) is killed: finding kind oom.  A worker that dies\n"
	        "of a signal: finding kind crash.  No program is dropped", .min = 0, .max = 1e9),
	CLI_OPT("differential", 0, CLI_FLAG, F(o.differential), NULL,
	        "with two or more models: also record every program where\n"
	        "the first two models' outputs differ, classified by the\n"
	        "soundness oracle (finding kind differential)", .set = 1),
	CLI_OPT("no-reduce", 0, CLI_FLAG, F(o.no_reduce), NULL,
	        "record raw signatures (kind, model, oracle, rule, the\n"
	        "witness's end events) and store no reproducers", .set = 1),
	CLI_OPT("reduce-time", 0, CLI_DOUBLE, F(o.reduce_seconds), "S",
	        "time bound per reduction in seconds (default 10); a\n"
	        "reduction normally ends at its fixed point, or at 2,000\n"
	        "candidates judged (a bound that does not depend on load)"),
	CLI_END,
};
#undef F

void
help_campaign(FILE *out)
{
	fprintf(out,
	        "usage: fencefuzz campaign [--time D] [--programs N] [--models LIST]\n"
	        "                          [--oracles LIST] [--jobs N] [--seed S] [--size S]\n"
	        "                          [--db PATH] [--differential] [--no-reduce]\n"
	        "                          [--reduce-time S] [--resume ID]\n"
	        "                          [--report FILE | --no-report]\n"
	        "                          [--fail-on new|unsound|any]\n"
	        "                          [--case-time D] [--case-memory MB]\n"
	        "                          [--engine builtin|libfuzzer|afl --fuzzer PATH\n"
	        "                           [--corpus DIR] [--seeds DIR]]\n"
	        "\n"
	        "Generates programs (fencefuzz gen), runs each model on each, judges the\n"
	        "outputs with the oracles (fencefuzz check) and records the findings in\n"
	        "SQLite, deduplicated by cause: each finding's program is reduced (fencefuzz\n"
	        "reduce) and the reduced program's shape signs it, so one bug found from\n"
	        "many programs is one row; a finding seen again only counts up, and the\n"
	        "first reduction of each cause is stored as its reproducer (TVMScript and\n"
	        "TileLang pytest; fencefuzz repro ID prints them).  Each worker reduces the\n"
	        "1st, 8th, 64th, 512th ... occurrence of each raw signature and records the\n"
	        "others under the cause of its first reduction.\n"
	        "A second campaign on the same database adds to it.\n"
	        "\n");
	cli_print_options(out, campaign_opts);
	fprintf(out,
	        "\n"
	        "A progress line shows elapsed time, programs, programs/s and findings by\n"
	        "kind (new distinct ones in parentheses).  Ctrl-C stops cleanly: workers\n"
	        "commit what they have and the summary is printed; a second Ctrl-C kills.\n"
	        "Each worker commits once a second (the progress line counts only what is\n"
	        "committed), so a killed campaign loses at most its last second, and\n"
	        "--resume redoes exactly that.  With an engine, Ctrl-C is passed on to the engine, and what\n"
	        "it produced until then is harvested (Ctrl-C again stops the harvest).\n"
	        "The summary ends with the root causes first found by this campaign and their\n"
	        "finding IDs (fencefuzz findings lists all of them; fencefuzz triage sets their\n"
	        "status).  Each campaign row records the fencefuzz version and commit.\n"
	        "Models whose outputs of a program are identical are judged once (the same\n"
	        "findings under each name); FENCEFUZZ_JUDGE_SHARE=0 judges every output,\n"
	        "FENCEFUZZ_JUDGE_SHARE=check judges every one and aborts where sharing differs.\n"
	        "With --no-reduce a program is judged first without locations and printed\n"
	        "(its statements located in the text) only when a finding on it is new or\n"
	        "still lacks a root cause;\n"
	        "FENCEFUZZ_CAMPAIGN_PROBE=0 locates every program first, =check judges every\n"
	        "one both ways and aborts where they differ.\n"
	        "\n"
	        "exit status: 0 done, 1 --fail-on held, 2 usage or database error (or a worker\n"
	        "failed), 130 stopped by Ctrl-C (143 by SIGTERM) after the clean stop\n");
}

static volatile sig_atomic_t interrupted, stop_signal;

static void
on_signal(int sig)
{
	if (!interrupted)
		stop_signal = sig;
	interrupted++;
}

static int
fail_on_holds(int fail_on, const DbCampaignCounts *n)
{
	switch (fail_on) {
	case FAIL_NEW: return n->new_root_causes > 0;
	case FAIL_UNSOUND: return n->unsound > 0;
	case FAIL_ANY: return n->seen > 0;
	}
	return 0;
}

enum { SUMMARY_MAX_CAUSES = 40, SUMMARY_MAX_IDS = 8 };

typedef struct NewCauses {
	long shown, total;
} NewCauses;

static int
print_new_cause(void *ctx, const DbRootCauseItem *it)
{
	NewCauses *n = ctx;
	if (n->total++ >= SUMMARY_MAX_CAUSES)
		return 0;
	n->shown++;
	char id[24];
	snprintf(id, sizeof id, "R%lld", (long long)it->id);
	printf("  %-7s %-18s %-22s %6ld  %s: finding%s", id, it->model, it->kind, it->count,
	       it->root_cause ? it->root_cause : "(unexplained)", it->nfindings == 1 ? "" : "s");
	for (long i = 0; i < it->nfindings && i < SUMMARY_MAX_IDS; i++)
		printf(" %lld", (long long)it->findings[i]);
	if (it->nfindings > SUMMARY_MAX_IDS)
		printf(" and %ld more", it->nfindings - SUMMARY_MAX_IDS);
	if (strcmp(it->status, "new"))
		printf(" (%s)", it->status);
	putchar('\n');
	return 0;
}

/* The root causes first found by this campaign, bounded, and what to run next. */
static void
print_new_causes(Db *db, int64_t campaign, const char *db_path, const DbCampaignCounts *n)
{
	DbFilter f = {.new_in = campaign};
	NewCauses nc = {0, 0};
	printf("\nnew root causes in campaign %lld: %ld (%ld new findings; %ld findings seen, "
	       "wontfix and false-alarm left out)\n",
	       (long long)campaign, n->new_root_causes, n->new_findings, n->seen);
	if (db_root_causes_list(db, &f, print_new_cause, &nc))
		fprintf(stderr, "fencefuzz campaign: %s\n", db_error(db));
	if (nc.total > nc.shown)
		printf("  ... and %ld more\n", nc.total - nc.shown);
	printf("list: fencefuzz findings --db %s --by root-cause --new-since %lld\n", db_path,
	       (long long)campaign - 1);
}

static void
progress(FILE *out, const FzRun *run, double elapsed, int final)
{
	long programs, found[FK_COUNT], distinct[FK_COUNT];
	fz_run_totals(run, &programs, found, distinct);
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

/* The progress line, on a terminal rewritten in place, else every 10 s. */
static void
on_poll(FzRun *run, double now)
{
	double *last_line = run->ctx;
	if (run->tty || now - *last_line >= 10) {
		progress(stderr, run, now - run->start, !run->tty);
		*last_line = now;
	}
}

/* The campaign's settings from its arguments: ca->o ready for the workers
 * (models looked up, --resume's row applied), eng the engine.  0, or 2 after
 * the usage error. */
static int
campaign_setup(CampaignArgs *ca, const CliArgs *args, FzEngine *eng)
{
	static CampaignRow row;
	CampaignOptions *o = &ca->o;
	int time_given = cli_given(args, "time");
	if (args->n)
		return cli_usage_error("campaign", "unknown argument '%s'", args->operands[0]);
	if (cli_given(args, "reduce-time") && o->reduce_seconds <= 0)
		return cli_usage_error("campaign", "--reduce-time must be above 0 seconds");
	eng->name = engine_names[ca->engine];
	eng->fuzzer = ca->fuzzer;
	eng->corpus = ca->corpus;
	eng->seeds = ca->seeds;
	int external = ca->engine != 0;
	if (external) {
		if (!eng->fuzzer)
			return cli_usage_error("campaign", "--engine %s needs --fuzzer PATH (the %s binary)",
			                       eng->name,
			                       strcmp(eng->name, "afl") ? "fuzz_gen_oracles" : "fuzz_gen_oracles_afl");
		if (access(eng->fuzzer, X_OK))
			return cli_usage_error("campaign", "--fuzzer '%s' is not an executable", eng->fuzzer);
		if (o->max_programs)
			return cli_usage_error("campaign", "--programs is for the builtin engine; use --time");
		if (o->seconds <= 0)
			return cli_usage_error("campaign", "--engine %s needs a --time above 0", eng->name);
		if (!eng->corpus)
			eng->corpus = strcmp(eng->name, "afl") ? "results/corpus-libfuzzer" : "results/corpus-afl";
	} else if (eng->fuzzer || eng->corpus || eng->seeds)
		return cli_usage_error("campaign", "--fuzzer, --corpus and --seeds need --engine libfuzzer|afl");
	if (o->max_programs && !time_given)
		o->seconds = 0; /* a program count alone decides the end */
	if (ca->resume) {
		char err[512];
		if (external)
			return cli_usage_error("campaign", "--resume is for the builtin engine");
		if (fz_resume_load(o, ca->resume, &row, time_given, err, sizeof err)) {
			fprintf(stderr, "fencefuzz campaign: %s\n", err);
			return 2;
		}
	}
	char *list = strdup(o->models_text);
	for (char *tok = strtok(list, ","); tok; tok = strtok(NULL, ",")) {
		const PassModel *m = cli_find_model("campaign", tok);
		if (!m) {
			free(list);
			return 2;
		}
		if (o->nmodels == CAMPAIGN_MAX_MODELS) {
			free(list);
			return cli_usage_error("campaign", "at most %d models", CAMPAIGN_MAX_MODELS);
		}
		o->models[o->nmodels++] = m;
	}
	free(list);
	if (o->differential && o->nmodels < 2)
		return cli_usage_error("campaign", "--differential needs two models in --models");
	return 0;
}

/* The summary: totals, reducer, models, engine, findings by kind, the root
 * causes this campaign found first.  Returns -1 when the database could not
 * be read (counts unset). */
static int
summary(const FzRun *run, const FzEngine *eng, double elapsed, DbCampaignCounts *counts)
{
	const CampaignOptions *o = &run->o;
	const CampaignCounters *ctr = run->ctr;
	long programs, found[FK_COUNT], distinct[FK_COUNT];
	fz_run_totals(run, &programs, found, distinct);
	char err[512];
	Db *db;
	if (db_open(o->db_path, &db, err, sizeof err)) {
		fprintf(stderr, "fencefuzz campaign: %s\n", err);
		return -1;
	}
	printf("campaign %lld: %ld programs in %.1f s (%.0f programs/s, %d job%s)\n",
	       (long long)run->campaign, programs, elapsed, elapsed > 0 ? programs / elapsed : 0.0, o->jobs,
	       o->jobs > 1 ? "s" : "");
	if (!o->no_reduce) {
		long nred = 0;
		double sred = 0;
		for (int w = 0; w < o->jobs; w++)
			nred += ctr->reductions[w], sred += ctr->reduce_seconds[w];
		printf("reducer: %ld programs reduced in %.1f s of worker time (%.1f ms each)\n", nred, sred,
		       nred ? 1000 * sred / nred : 0.0);
	}
	for (int m = 0; m < o->nmodels; m++) {
		long na = 0;
		for (int w = 0; w < o->jobs; w++)
			na += ctr->not_applicable[w][m];
		if (na)
			printf("%s: %ld programs not applicable (an op TileLang's version of it lacks; "
			       "judged by the other models)\n", o->models[m]->name, na);
	}
	if (strcmp(eng->name, "builtin")) {
		printf("engine %s: ", eng->name);
		if (eng->execs >= 0)
			printf("%ld execs, ", eng->execs);
		printf("%d files harvested from %s (log %s)\n", eng->files.n, eng->corpus, eng->log);
		for (int i = eng->crash_from; i < eng->files.n; i++)
			printf("  crash input: %s\n", eng->files.v[i]);
	}
	printf("%-22s %12s %14s\n", "finding kind", "occurrences", "new distinct");
	long new_total = 0;
	for (int k = 0; k < FK_COUNT; k++)
		if (found[k]) {
			printf("%-22s %12ld %14ld\n", orc_kind_name((FindingKind)k), found[k], distinct[k]);
			new_total += distinct[k];
		}
	int rc = 0;
	if (db_campaign_counts(db, run->campaign, counts)) {
		fprintf(stderr, "fencefuzz campaign: %s\n", db_error(db));
		rc = -1;
	} else
		print_new_causes(db, run->campaign, o->db_path, counts);
	db_close(db);
	printf("\n%ld new distinct findings; database %s\n", new_total, o->db_path);
	return rc;
}

/* The campaign row's description of this run. */
static void
campaign_info(const CampaignOptions *o, const FzEngine *eng, const char *versions, char *config,
              size_t n, CampaignInfo *info)
{
	snprintf(config, n,
	         "{\"time_s\": %g, \"programs\": %ld, \"jobs\": %d, \"size\": %d, \"war\": %d, "
	         "\"alias_aware\": %d, \"differential\": %d, \"no_reduce\": %d, \"reduce_s\": %g}",
	         o->seconds, o->max_programs, o->jobs, o->size, o->oracles.war, o->oracles.alias_aware,
	         o->differential, o->no_reduce, o->reduce_seconds);
	*info = (CampaignInfo){.seed = o->seed, .models = o->models_text, .oracles = o->oracles_text,
	                       .engine = eng->name, .config = config,
	                       .model_versions = versions[0] ? versions : NULL};
	info->fencefuzz_version = cli_version;
	info->fencefuzz_commit = cli_commit;
}

int
cmd_campaign(int argc, char **argv)
{
	static CampaignArgs ca;
	memset(&ca, 0, sizeof ca);
	CampaignOptions *o = &ca.o;
	o->seconds = 60;
	o->jobs = 1;
	o->seed = 1;
	o->models_text = "tilelang-9f25954,tilelang-head,tilelang-legacy";
	o->oracles_text = "all";
	orc_defaults(&o->oracles);
	o->case_seconds = 60;
	o->case_memory_mb = 2048;
	ca.fail_on = -1;
	CliArgs args;
	static FzEngine eng;
	memset(&eng, 0, sizeof eng);
	if (cli_parse("campaign", campaign_opts, &ca, argc, argv, &args) ||
	    campaign_setup(&ca, &args, &eng))
		return 2;
	int external = ca.engine != 0;
	/* Each ext-server model starts once here: its handshake names the version
	 * the campaign row records; then it stops, and every worker starts its own. */
	static char versions[4096];
	PassError verr;
	if (pass_ext_server_versions(o->models, o->nmodels, versions, sizeof versions, &verr)) {
		fprintf(stderr, "fencefuzz campaign: %s\n", verr.msg);
		return 2;
	}
	if (versions[0])
		fprintf(stderr, "model versions: %s\n", versions);

	char err[512], config[512];
	if (external && fz_engine_prepare(&eng, o->db_path, err, sizeof err)) {
		fprintf(stderr, "fencefuzz campaign: %s\n", err);
		return 2;
	}
	static FzRun run;
	memset(&run, 0, sizeof run);
	run.o = *o;
	run.log = stderr;
	run.tty = isatty(2);
	run.interrupts = &interrupted;
	CampaignInfo info;
	campaign_info(o, &eng, versions, config, sizeof config, &info);
	if (fz_run_open(&run, &info, ca.resume, err, sizeof err)) {
		fprintf(stderr, "fencefuzz campaign: %s\n", err);
		return 2;
	}
	struct sigaction sa = {0};
	sa.sa_handler = on_signal;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);

	fprintf(stderr, "%s %lld: seed %llu, models %s, oracles %s, %d job%s, db %s\n",
	        ca.resume ? "resuming campaign" : "campaign", (long long)run.campaign,
	        (unsigned long long)o->seed, o->models_text, o->oracles_text,
	        o->jobs, o->jobs > 1 ? "s" : "", o->db_path);
	run.start = fz_now();
	/* With an engine: run it, then the workers harvest what it left. */
	eng.execs = -1;
	if (external) {
		if (fz_engine_run(&eng, &run, err, sizeof err))
			fprintf(stderr, "fencefuzz campaign: %s\n", err);
		else if (fz_engine_collect(&eng))
			fprintf(stderr, "fencefuzz campaign: out of memory listing %s's files\n", eng.name);
		run.sig_base = interrupted;
		run.o.files = eng.files.v;
		run.o.nfiles = eng.files.n;
		fprintf(stderr, "harvesting %d file%s (%d crash input%s)\n", eng.files.n,
		        eng.files.n == 1 ? "" : "s", eng.files.n - eng.crash_from,
		        eng.files.n - eng.crash_from == 1 ? "" : "s");
	}
	double last_line = run.start;
	run.on_poll = on_poll;
	run.ctx = &last_line;
	fz_run_workers(&run);
	double elapsed = fz_now() - run.start;
	if (run.tty)
		fputc('\n', stderr);
	DbCampaignCounts counts = {0};
	int failed = run.failed;
	if (fz_run_end(&run, err, sizeof err)) {
		fprintf(stderr, "fencefuzz campaign: %s\n", err);
		failed = 1;
	} else if (summary(&run, &eng, elapsed, &counts))
		failed = 1;
	fz_run_free(&run);
	/* The page of the whole database, last, so its path ends the output.  A
	 * report that cannot be written is said, but the campaign's findings are
	 * recorded, so it does not change the exit status. */
	if (!ca.no_report) {
		char defpath[4096];
		const char *report_path = ca.report_path;
		if (!report_path) {
			cli_report_default_path(defpath, sizeof defpath, o->db_path);
			report_path = defpath;
		}
		fflush(stdout);
		cli_write_report("campaign", o->db_path, report_path, NULL, stdout);
	}
	fz_files_clear(&eng.files);
	if (failed)
		return 2;
	if (interrupted)
		return 128 + (stop_signal ? stop_signal : SIGINT);
	return fail_on_holds(ca.fail_on + 1, &counts) ? 1 : 0;
}
