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

/* --- external engines ----------------------------------------------------- */

typedef struct FileList {
	char **v;
	int n, cap;
} FileList;

static void
files_add(FileList *l, const char *path)
{
	if (l->n == l->cap) {
		l->cap = l->cap ? l->cap * 2 : 64;
		l->v = realloc(l->v, sizeof *l->v * (size_t)l->cap);
		if (!l->v) {
			perror("fencefuzz campaign");
			exit(2);
		}
	}
	l->v[l->n++] = strdup(path);
}

static void
files_clear(FileList *l)
{
	for (int i = 0; i < l->n; i++)
		free(l->v[i]);
	free(l->v);
	memset(l, 0, sizeof *l);
}

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

/* The regular files of dir (not its subdirectories), sorted by name; only
 * those whose name starts with prefix when prefix is not NULL; hidden files
 * and AFL's README.txt are left out. */
static void
list_dir(FileList *l, const char *dir, const char *prefix)
{
	DIR *d = opendir(dir);
	if (!d)
		return;
	int from = l->n;
	struct dirent *e;
	char path[4096];
	while ((e = readdir(d))) {
		struct stat st;
		if (e->d_name[0] == '.' || !strcmp(e->d_name, "README.txt") ||
		    (prefix && strncmp(e->d_name, prefix, strlen(prefix))))
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		if (stat(path, &st) == 0 && S_ISREG(st.st_mode))
			files_add(l, path);
	}
	closedir(d);
	qsort(l->v + from, (size_t)(l->n - from), sizeof *l->v, cmp_str);
}

static int
mkdirs(const char *dir)
{
	char buf[4096];
	snprintf(buf, sizeof buf, "%s", dir);
	for (char *q = buf + 1; *q; q++)
		if (*q == '/') {
			*q = 0;
			if (mkdir(buf, 0777) && errno != EEXIST)
				return -1;
			*q = '/';
		}
	return mkdir(buf, 0777) && errno != EEXIST ? -1 : 0;
}

/* The directory part of path ("." when none), in buf. */
static const char *
dir_of(const char *path, char *buf, size_t size)
{
	const char *slash = strrchr(path, '/');
	if (!slash)
		snprintf(buf, size, ".");
	else
		snprintf(buf, size, "%.*s", slash == path ? 1 : (int)(slash - path), path);
	return buf;
}

static int
copy_file(const char *from, const char *to)
{
	FILE *in = fopen(from, "rb"), *out = in ? fopen(to, "wb") : NULL;
	char buf[8192];
	size_t n;
	int rc = in && out ? 0 : -1;
	while (!rc && (n = fread(buf, 1, sizeof buf, in)) > 0)
		if (fwrite(buf, 1, n, out) != n)
			rc = -1;
	if (in)
		fclose(in);
	if (out && fclose(out))
		rc = -1;
	return rc;
}

typedef struct Engine {
	const char *name;   /* libfuzzer, afl */
	const char *fuzzer; /* target binary */
	const char *corpus; /* libfuzzer corpus / afl output directory */
	const char *seeds;  /* NULL: none */
	char log[4096], artifacts[4096], input[4096];
} Engine;

/* Starts argv in process group pgid (0: a new one, the child's own), with
 * stdout and stderr appended to log.  Returns the pid, or -1. */
static pid_t
spawn(char *const *argv, pid_t pgid, const char *log)
{
	pid_t pid = fork();
	if (pid == 0) {
		setpgid(0, pgid);
		int fd = open(log, O_WRONLY | O_CREAT | O_APPEND, 0666);
		if (fd >= 0) {
			dup2(fd, 1);
			dup2(fd, 2);
			close(fd);
		}
		int nul = open("/dev/null", O_RDONLY);
		if (nul >= 0) {
			dup2(nul, 0);
			close(nul);
		}
		execvp(argv[0], argv);
		fprintf(stderr, "fencefuzz campaign: cannot run %s: %s\n", argv[0], strerror(errno));
		_exit(127);
	}
	if (pid > 0)
		setpgid(pid, pgid ? pgid : pid);
	return pid;
}

/* Prepares the directories: the corpus (libfuzzer) or output (afl), the
 * libFuzzer artifact directory, and afl's input directory (the non-empty
 * seeds; afl-fuzz rejects empty files and needs at least one). */
static int
engine_prepare(Engine *e, const char *db_path)
{
	char dbdir[2048];
	dir_of(db_path, dbdir, sizeof dbdir);
	snprintf(e->log, sizeof e->log, "%s/%s.log", dbdir, e->name);
	if (mkdirs(dbdir) || mkdirs(e->corpus)) {
		fprintf(stderr, "fencefuzz campaign: cannot create %s: %s\n", e->corpus, strerror(errno));
		return -1;
	}
	if (!strcmp(e->name, "libfuzzer")) {
		snprintf(e->artifacts, sizeof e->artifacts, "%s-artifacts", e->corpus);
		if (mkdirs(e->artifacts))
			return -1;
		return 0;
	}
	snprintf(e->input, sizeof e->input, "%s-in", e->corpus);
	if (mkdirs(e->input))
		return -1;
	FileList seeds = {0};
	if (e->seeds)
		list_dir(&seeds, e->seeds, NULL);
	int copied = 0;
	char to[8300];
	for (int i = 0; i < seeds.n; i++) {
		struct stat st;
		const char *base = strrchr(seeds.v[i], '/') + 1;
		snprintf(to, sizeof to, "%s/%s", e->input, base);
		if (stat(seeds.v[i], &st) == 0 && st.st_size > 0 && copy_file(seeds.v[i], to) == 0)
			copied++;
	}
	files_clear(&seeds);
	if (!copied) {
		snprintf(to, sizeof to, "%s/zeros-64", e->input);
		FILE *f = fopen(to, "wb");
		static const unsigned char zeros[64];
		if (!f || fwrite(zeros, 1, sizeof zeros, f) != sizeof zeros) {
			if (f)
				fclose(f);
			return -1;
		}
		fclose(f);
	}
	return 0;
}

/* Runs the engine for o->seconds (o->jobs instances or forks) in a process
 * group of its own; the first Ctrl-C is passed on to that group, a second
 * one, or the time limit plus a minute, kills it.  Returns 0, or -1 when it
 * could not be started. */
static int
engine_run(Engine *e, const CampaignOptions *o)
{
	char secs[32], total[64], forks[32], prefix[4096 + 32], name[32];
	long s = (long)(o->seconds + 0.5);
	if (s < 1)
		s = 1;
	snprintf(secs, sizeof secs, "%ld", s);
	pid_t pids[CAMPAIGN_MAX_JOBS], pgid = 0;
	int n = 0;
	if (!strcmp(e->name, "libfuzzer")) {
		snprintf(total, sizeof total, "-max_total_time=%ld", s);
		snprintf(forks, sizeof forks, "-fork=%d", o->jobs);
		snprintf(prefix, sizeof prefix, "-artifact_prefix=%s/", e->artifacts);
		char *argv[10];
		int k = 0;
		argv[k++] = (char *)e->fuzzer;
		argv[k++] = total;
		argv[k++] = "-print_final_stats=1";
		argv[k++] = prefix;
		if (o->jobs > 1) {
			argv[k++] = forks;
			argv[k++] = "-ignore_crashes=1";
		}
		argv[k++] = (char *)e->corpus;
		if (e->seeds)
			argv[k++] = (char *)e->seeds;
		argv[k] = NULL;
		if ((pids[n] = spawn(argv, 0, e->log)) > 0)
			pgid = pids[n++];
	} else {
		setenv("AFL_NO_UI", "1", 1);
		setenv("AFL_SKIP_CPUFREQ", "1", 1);
		setenv("AFL_I_DONT_CARE_ABOUT_MISSING_CRASHES", "1", 1);
		setenv("AFL_NO_AFFINITY", "1", 1);
		setenv("AFL_AUTORESUME", "1", 1); /* a second campaign continues the output */
		for (int j = 0; j < o->jobs; j++) {
			char *argv[16];
			int k = 0;
			argv[k++] = "afl-fuzz";
			argv[k++] = "-V";
			argv[k++] = secs;
			argv[k++] = "-t";
			argv[k++] = "5000+";
			argv[k++] = "-i";
			argv[k++] = e->input;
			argv[k++] = "-o";
			argv[k++] = (char *)e->corpus;
			if (o->jobs > 1) {
				if (j == 0)
					snprintf(name, sizeof name, "main");
				else
					snprintf(name, sizeof name, "sec%d", j);
				argv[k++] = j == 0 ? "-M" : "-S";
				argv[k++] = name;
			}
			argv[k++] = "--";
			argv[k++] = (char *)e->fuzzer;
			argv[k] = NULL;
			pid_t pid = spawn(argv, pgid, e->log);
			if (pid > 0) {
				pids[n++] = pid;
				if (!pgid)
					pgid = pid;
			}
		}
	}
	if (!n) {
		fprintf(stderr, "fencefuzz campaign: cannot start %s\n", e->name);
		return -1;
	}
	fprintf(stderr, "%s: %d instance%s of %s for %ld s; log %s\n", e->name, n, n > 1 ? "s" : "",
	        e->fuzzer, s, e->log);
	double start = fz_now();
	int running = n, forwarded = 0, killed = 0, tty = isatty(2);
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
		double t = fz_now();
		if (interrupted == 1 && !forwarded) {
			kill(-pgid, SIGINT);
			forwarded = 1;
			fprintf(stderr, "\ninterrupted: stopping %s (Ctrl-C again to kill)\n", e->name);
		} else if ((interrupted > 1 || t - start > s + 60) && !killed) {
			kill(-pgid, SIGKILL);
			killed = 1;
		}
		if (tty || t - last_line >= 10) {
			fprintf(stderr, "%s[%02d:%02d] %s running", tty ? "\r" : "", (int)(t - start) / 60,
			        (int)(t - start) % 60, e->name);
			if (!tty)
				fputc('\n', stderr);
			last_line = t;
		}
		struct timespec nap = {0, 200 * 1000 * 1000};
		nanosleep(&nap, NULL);
	}
	if (tty)
		fputc('\n', stderr);
	return 0;
}

/* What the engine left: files to harvest, the crash inputs among them
 * (crashes, from crash_from on), and its execution count (-1: unknown). */
static long
engine_collect(const Engine *e, FileList *files, int *crash_from)
{
	long execs = -1;
	char path[8192];
	if (!strcmp(e->name, "libfuzzer")) {
		list_dir(files, e->corpus, NULL);
		*crash_from = files->n;
		list_dir(files, e->artifacts, NULL);
		FILE *f = fopen(e->log, "r");
		char line[512];
		while (f && fgets(line, sizeof line, f))
			if (!strncmp(line, "stat::number_of_executed_units:", 31))
				execs = atol(line + 31); /* the last run's (the log is appended to) */
			else if (line[0] == '#' && line[1] >= '0' && line[1] <= '9' &&
			         line[1 + strspn(line + 1, "0123456789")] == ':')
				execs = atol(line + 1); /* -fork=N prints "#EXECS: cov: ..." instead */
		if (f)
			fclose(f);
		return execs;
	}
	FileList inst = {0};
	DIR *d = opendir(e->corpus);
	struct dirent *de;
	while (d && (de = readdir(d)))
		if (de->d_name[0] != '.') {
			snprintf(path, sizeof path, "%s/%s", e->corpus, de->d_name);
			files_add(&inst, path);
		}
	if (d)
		closedir(d);
	qsort(inst.v, (size_t)inst.n, sizeof *inst.v, cmp_str);
	for (int i = 0; i < inst.n; i++) {
		snprintf(path, sizeof path, "%s/queue", inst.v[i]);
		list_dir(files, path, NULL);
	}
	*crash_from = files->n;
	for (int i = 0; i < inst.n; i++) {
		snprintf(path, sizeof path, "%s/crashes", inst.v[i]);
		list_dir(files, path, NULL);
		snprintf(path, sizeof path, "%s/fuzzer_stats", inst.v[i]);
		FILE *f = fopen(path, "r");
		char line[512];
		while (f && fgets(line, sizeof line, f))
			if (!strncmp(line, "execs_done", 10) && strchr(line, ':'))
				execs = (execs < 0 ? 0 : execs) + atol(strchr(line, ':') + 1);
		if (f)
			fclose(f);
	}
	files_clear(&inst);
	return execs;
}

/* Resident memory of a process in MiB (Linux /proc; 0 when unknown). */
static long
resident_mb(pid_t pid)
{
	char path[64];
	snprintf(path, sizeof path, "/proc/%d/statm", (int)pid);
	FILE *f = fopen(path, "r");
	long size = 0, resident = 0;
	if (!f)
		return 0;
	if (fscanf(f, "%ld %ld", &size, &resident) != 2)
		resident = 0;
	fclose(f);
	return resident * (sysconf(_SC_PAGESIZE) / 1024) / 1024;
}

#if defined(__SANITIZE_ADDRESS__)
#define UNDER_ASAN 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
#define UNDER_ASAN 1
#endif
#endif

/* Forks worker w.  It dies with the campaign (a SIGKILL of the parent must
 * not leave workers writing), ignores Ctrl-C (the parent decides), and has
 * an address-space limit well above --case-memory as a backstop for growth
 * faster than the watchdog's polling (not under ASan, which reserves
 * terabytes of shadow memory). */
static pid_t
start_worker(const CampaignOptions *o, int64_t campaign, int w, CampaignCounters *ctr,
             double start)
{
	pid_t pid = fork();
	if (pid != 0)
		return pid;
#ifdef __linux__
	prctl(PR_SET_PDEATHSIG, SIGKILL);
#endif
	if (getppid() == 1)
		_exit(0); /* the parent is already gone */
	signal(SIGINT, SIG_IGN);
	signal(SIGTERM, SIG_DFL);
#ifndef UNDER_ASAN
	if (o->case_memory_mb > 0) {
		rlim_t cap = (rlim_t)(o->case_memory_mb * 4 + 1024) << 20;
		struct rlimit rl;
		if (getrlimit(RLIMIT_AS, &rl) == 0 && (rl.rlim_max == RLIM_INFINITY || rl.rlim_max > cap)) {
			rl.rlim_cur = cap;
			setrlimit(RLIMIT_AS, &rl);
		}
	}
#endif
	char werr[512];
	int rc = fz_campaign_worker(o, campaign, w, ctr, start, werr, sizeof werr);
	if (rc)
		fprintf(stderr, "\nfencefuzz campaign: worker %d: %s\n", w, werr);
	_exit(rc ? 1 : 0);
}

/* --resume ID: the campaign's own settings, from its row.  Returns 0, or
 * prints why not and returns -1. */
static int
load_resume(CampaignOptions *o, long id, CampaignRow *row, int time_given)
{
	Db *db;
	char err[512];
	if (db_open(o->db_path, &db, err, sizeof err)) {
		fprintf(stderr, "fencefuzz campaign: %s\n", err);
		return -1;
	}
	int rc = -1;
	if (db_campaign_get(db, id, row)) {
		fprintf(stderr, "fencefuzz campaign: --resume: %s: %s\n", o->db_path, db_error(db));
		goto out;
	}
	if (strcmp(row->engine, "builtin")) {
		fprintf(stderr, "fencefuzz campaign: --resume: campaign %ld ran engine %s; only builtin "
		        "campaigns resume\n", id, row->engine);
		goto out;
	}
	if (!strcmp(row->status, "done")) {
		fprintf(stderr, "fencefuzz campaign: --resume: campaign %ld is done\n", id);
		goto out;
	}
	o->seed = strtoull(row->seed, NULL, 10);
	o->models_text = row->models;
	o->oracles_text = row->oracles;
	if (orc_parse_oracles(row->oracles, &o->oracles.enabled)) {
		fprintf(stderr, "fencefuzz campaign: --resume: bad oracles '%s'\n", row->oracles);
		goto out;
	}
	o->jobs = (int)db_campaign_config(db, id, "$.jobs", 1);
	o->size = (int)db_campaign_config(db, id, "$.size", 0);
	o->max_programs = (long)db_campaign_config(db, id, "$.programs", 0);
	o->differential = (int)db_campaign_config(db, id, "$.differential", 0);
	o->no_reduce = (int)db_campaign_config(db, id, "$.no_reduce", 0);
	o->reduce_seconds = db_campaign_config(db, id, "$.reduce_s", 0);
	o->oracles.war = (int)db_campaign_config(db, id, "$.war", o->oracles.war);
	o->oracles.alias_aware = (int)db_campaign_config(db, id, "$.alias_aware", 0);
	if (!time_given)
		o->seconds = db_campaign_config(db, id, "$.time_s", 60);
	if (o->jobs < 1 || o->jobs > CAMPAIGN_MAX_JOBS) {
		fprintf(stderr, "fencefuzz campaign: --resume: campaign %ld has %d jobs\n", id, o->jobs);
		goto out;
	}
	rc = 0;
out:
	db_close(db);
	return rc;
}

/* The committed progress of each worker (next slot, skipped slots). */
static int
resume_counters(const CampaignOptions *o, long id, CampaignCounters *ctr)
{
	Db *db;
	char err[512], path[64];
	if (db_open(o->db_path, &db, err, sizeof err)) {
		fprintf(stderr, "fencefuzz campaign: %s\n", err);
		return -1;
	}
	for (int w = 0; w < o->jobs; w++) {
		snprintf(path, sizeof path, "$.next.w%d", w);
		long next = (long)db_campaign_config(db, id, path, 0), done = next;
		for (int j = 0; j < CAMPAIGN_MAX_SKIPS; j++) {
			snprintf(path, sizeof path, "$.skip.w%d[%d]", w, j);
			long k = (long)db_campaign_config(db, id, path, -1);
			if (k < 0)
				break;
			ctr->skip[w][ctr->nskip[w]++] = k;
			if (k < next)
				done--;
		}
		ctr->next[w] = next;
		ctr->programs[w] = ctr->cprograms[w] = done;
	}
	db_close(db);
	return 0;
}

int
cmd_campaign(int argc, char **argv)
{
	static CampaignArgs ca;
	memset(&ca, 0, sizeof ca);
	CampaignOptions *op = &ca.o;
	op->seconds = 60;
	op->jobs = 1;
	op->seed = 1;
	op->models_text = "tilelang-9f25954,tilelang-head,tilelang-legacy";
	op->oracles_text = "all";
	orc_defaults(&op->oracles);
	op->case_seconds = 60;
	op->case_memory_mb = 2048;
	ca.fail_on = -1;
	CliArgs args;
	if (cli_parse("campaign", campaign_opts, &ca, argc, argv, &args))
		return 2;
	if (args.n)
		return cli_usage_error("campaign", "unknown argument '%s'", args.operands[0]);
	if (cli_given(&args, "reduce-time") && op->reduce_seconds <= 0)
		return cli_usage_error("campaign", "--reduce-time must be above 0 seconds");
	static CampaignOptions o;
	o = ca.o;
	int time_given = cli_given(&args, "time"), no_report = ca.no_report;
	int fail_on = ca.fail_on + 1;
	const char *report_path = ca.report_path;
	long resume = ca.resume;
	static Engine eng;
	memset(&eng, 0, sizeof eng);
	eng.name = engine_names[ca.engine];
	eng.fuzzer = ca.fuzzer;
	eng.corpus = ca.corpus;
	eng.seeds = ca.seeds;
	if (o.jobs < 1 || o.jobs > CAMPAIGN_MAX_JOBS)
		return cli_usage_error("campaign", "--jobs must be 1..%d", CAMPAIGN_MAX_JOBS);
	if (o.max_programs < 0 || o.size < 0)
		return cli_usage_error("campaign", "--programs and --size must be >= 0");
	int external = strcmp(eng.name, "builtin") != 0;
	if (external) {
		if (!eng.fuzzer)
			return cli_usage_error("campaign", "--engine %s needs --fuzzer PATH (the %s binary)",
			                       eng.name,
			                       strcmp(eng.name, "afl") ? "fuzz_gen_oracles" : "fuzz_gen_oracles_afl");
		if (access(eng.fuzzer, X_OK))
			return cli_usage_error("campaign", "--fuzzer '%s' is not an executable", eng.fuzzer);
		if (o.max_programs)
			return cli_usage_error("campaign", "--programs is for the builtin engine; use --time");
		if (o.seconds <= 0)
			return cli_usage_error("campaign", "--engine %s needs a --time above 0", eng.name);
		if (!eng.corpus)
			eng.corpus = strcmp(eng.name, "afl") ? "results/corpus-libfuzzer" : "results/corpus-afl";
	} else if (eng.fuzzer || eng.corpus || eng.seeds)
		return cli_usage_error("campaign", "--fuzzer, --corpus and --seeds need --engine libfuzzer|afl");
	if (o.max_programs && !time_given)
		o.seconds = 0; /* a program count alone decides the end */
	static CampaignRow row;
	if (resume) {
		if (external)
			return cli_usage_error("campaign", "--resume is for the builtin engine");
		if (load_resume(&o, resume, &row, time_given))
			return 2;
	}
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
	/* Each ext-server model starts once here: its handshake names the version
	 * the campaign row records; then it stops, and every worker starts its own. */
	static char versions[4096];
	PassError verr;
	if (pass_ext_server_versions(o.models, o.nmodels, versions, sizeof versions, &verr)) {
		fprintf(stderr, "fencefuzz campaign: %s\n", verr.msg);
		return 2;
	}
	if (versions[0])
		fprintf(stderr, "model versions: %s\n", versions);

	char err[512];
	Db *db = NULL;
	if (external && engine_prepare(&eng, o.db_path)) {
		fprintf(stderr, "fencefuzz campaign: cannot prepare %s's directories under %s\n", eng.name,
		        eng.corpus);
		return 2;
	}
	if (db_open(o.db_path, &db, err, sizeof err)) {
		fprintf(stderr, "fencefuzz campaign: %s\n", err);
		return 2;
	}
	char config[512];
	snprintf(config, sizeof config,
	         "{\"time_s\": %g, \"programs\": %ld, \"jobs\": %d, \"size\": %d, \"war\": %d, "
	         "\"alias_aware\": %d, \"differential\": %d, \"no_reduce\": %d, \"reduce_s\": %g}",
	         o.seconds, o.max_programs, o.jobs, o.size, o.oracles.war, o.oracles.alias_aware,
	         o.differential, o.no_reduce, o.reduce_seconds);
	CampaignInfo info = {.seed = o.seed, .models = o.models_text, .oracles = o.oracles_text,
	                     .engine = eng.name, .config = config,
	                     .model_versions = versions[0] ? versions : NULL};
	info.fencefuzz_version = cli_version;
	info.fencefuzz_commit = cli_commit;
	int64_t campaign = resume;
	if (resume && db_campaign_reopen(db, resume)) {
		fprintf(stderr, "fencefuzz campaign: %s\n", db_error(db));
		db_close(db);
		return 2;
	}
	if (!resume)
		campaign = db_campaign_start(db, &info);
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
	if (resume && resume_counters(&o, resume, ctr)) {
		munmap(ctr, sizeof *ctr);
		return 2;
	}
	struct sigaction sa = {0};
	sa.sa_handler = on_signal;
	sigaction(SIGINT, &sa, NULL);
	sigaction(SIGTERM, &sa, NULL);

	fprintf(stderr, "%s %lld: seed %llu, models %s, oracles %s, %d job%s, db %s\n",
	        resume ? "resuming campaign" : "campaign", (long long)campaign,
	        (unsigned long long)o.seed, o.models_text, o.oracles_text,
	        o.jobs, o.jobs > 1 ? "s" : "", o.db_path);
	double start = fz_now();
	/* With an engine: run it, then the workers harvest what it left. */
	FileList files = {0};
	int crash_from = 0, sig_base = 0;
	long engine_execs = -1;
	if (external) {
		if (engine_run(&eng, &o) == 0)
			engine_execs = engine_collect(&eng, &files, &crash_from);
		sig_base = interrupted;
		o.files = files.v;
		o.nfiles = files.n;
		fprintf(stderr, "harvesting %d file%s (%d crash input%s)\n", files.n,
		        files.n == 1 ? "" : "s", files.n - crash_from, files.n - crash_from == 1 ? "" : "s");
	}
	pid_t pids[CAMPAIGN_MAX_JOBS];
	FindingKind killed_for[CAMPAIGN_MAX_JOBS];
	long peak_mb[CAMPAIGN_MAX_JOBS], restarts = 0;
	for (int w = 0; w < o.jobs; w++) {
		killed_for[w] = FK_COUNT;
		peak_mb[w] = 0;
		ctr->current[w] = -1;
		if ((pids[w] = start_worker(&o, campaign, w, ctr, start)) < 0) {
			perror("fencefuzz campaign: fork");
			ctr->stop = 1;
			o.jobs = w;
			break;
		}
	}
	int tty = isatty(2), running = o.jobs, killed = 0;
	double last_line = start;
	while (running > 0) {
		int status;
		pid_t done = waitpid(-1, &status, WNOHANG);
		if (done > 0) {
			int w = 0;
			while (w < o.jobs && pids[w] != done)
				w++;
			if (w == o.jobs)
				continue; /* not a worker */
			pids[w] = 0;
			if (WIFEXITED(status) && WEXITSTATUS(status) <= 1) {
				running--; /* finished, or a store error (ctr->failed) */
				continue;
			}
			/* Killed by the watchdog or died: record the program it was
			 * judging, and start it again after that program. */
			long k = ctr->current[w];
			FindingKind kind = killed_for[w] != FK_COUNT ? killed_for[w] : FK_CRASH;
			killed_for[w] = FK_COUNT;
			char msg[512], why[128], werr[512];
			int j = ctr->judge[w];
			const char *model = j < 0               ? "generator"
			                    : j < o.nmodels     ? o.models[j]->name
			                                        : "differential";
			if (kind == FK_TIMEOUT)
				snprintf(why, sizeof why, "took more than %g s", o.case_seconds);
			else if (kind == FK_OOM)
				snprintf(why, sizeof why, "grew past %ld MiB resident", o.case_memory_mb);
			else if (WIFSIGNALED(status))
				snprintf(why, sizeof why, "died of signal %d (%s), %ld MiB resident",
				         WTERMSIG(status), strsignal(WTERMSIG(status)), peak_mb[w]);
			else
				snprintf(why, sizeof why, "exited with status %d", WEXITSTATUS(status));
			peak_mb[w] = 0;
			if (interrupted - sig_base > 1) {
				running--; /* the second Ctrl-C killed it */
				continue;
			}
			if (k >= 0) {
				long index = w + k * o.jobs;
				snprintf(msg, sizeof msg, "worker %d judging %s %ld (%s) %s%s", w,
				         o.files ? "file" : "program", index, model, why,
				         kind == FK_CRASH ? "" : ": killed");
				fprintf(stderr, "\nwatchdog: %s; recorded as %s\n", msg,
				        orc_kind_name(kind));
				if (fz_campaign_fault(&o, campaign, w, k, kind, model, msg, werr, sizeof werr)) {
					fprintf(stderr, "fencefuzz campaign: cannot record it: %s\n", werr);
					ctr->failed[w] = 1;
					running--;
					continue;
				}
				if (ctr->nskip[w] < CAMPAIGN_MAX_SKIPS)
					ctr->skip[w][ctr->nskip[w]++] = k;
			} else
				fprintf(stderr, "\nwatchdog: worker %d %s outside a program\n", w, why);
			if (++restarts > CAMPAIGN_MAX_SKIPS * o.jobs || ctr->nskip[w] >= CAMPAIGN_MAX_SKIPS) {
				fprintf(stderr, "fencefuzz campaign: worker %d: too many faults, giving up\n", w);
				ctr->failed[w] = 1;
				running--;
				continue;
			}
			/* What it judged after its last commit is lost with it: judge it
			 * again, from the committed counters. */
			ctr->programs[w] = ctr->cprograms[w];
			ctr->current[w] = -1;
			if ((pids[w] = start_worker(&o, campaign, w, ctr, start)) < 0) {
				perror("fencefuzz campaign: fork");
				ctr->failed[w] = 1;
				running--;
			}
			continue;
		}
		if (done < 0 && errno != EINTR)
			break;
		if (interrupted - sig_base == 1 && !ctr->stop) {
			ctr->stop = 1;
			fprintf(stderr, "\ninterrupted: stopping workers (Ctrl-C again to kill)\n");
		} else if (interrupted - sig_base > 1 && !killed) {
			for (int w = 0; w < o.jobs; w++)
				if (pids[w] > 0)
					kill(pids[w], SIGKILL);
			killed = 1;
		}
		double t = fz_now();
		/* The watchdog: time per program, resident memory per worker. */
		for (int w = 0; w < o.jobs; w++) {
			if (pids[w] <= 0 || killed_for[w] != FK_COUNT)
				continue;
			long mb = resident_mb(pids[w]);
			if (mb > peak_mb[w])
				peak_mb[w] = mb;
			if (o.case_memory_mb > 0 && mb > o.case_memory_mb)
				killed_for[w] = FK_OOM;
			else if (o.case_seconds > 0 && ctr->current[w] >= 0 &&
			         t - ctr->since[w] > o.case_seconds)
				killed_for[w] = FK_TIMEOUT;
			if (killed_for[w] != FK_COUNT)
				kill(pids[w], SIGKILL);
		}
		if (tty || t - last_line >= 10) {
			progress(stderr, &o, ctr, t - start, !tty);
			last_line = t;
		}
		struct timespec nap = {0, 50 * 1000 * 1000};
		nanosleep(&nap, NULL);
	}
	double elapsed = fz_now() - start;
	if (tty)
		fputc('\n', stderr);

	long programs, found[FK_COUNT], distinct[FK_COUNT];
	totals(&o, ctr, &programs, found, distinct);
	DbCampaignCounts counts = {0};
	int worker_failed = 0;
	for (int w = 0; w < o.jobs; w++)
		worker_failed |= ctr->failed[w];
	if (db_open(o.db_path, &db, err, sizeof err) == 0) {
		db_campaign_end(db, campaign, programs,
		                worker_failed ? "failed" : interrupted ? "interrupted" : "done");
		printf("campaign %lld: %ld programs in %.1f s (%.0f programs/s, %d job%s)\n",
		       (long long)campaign, programs, elapsed, elapsed > 0 ? programs / elapsed : 0.0,
		       o.jobs, o.jobs > 1 ? "s" : "");
		if (!o.no_reduce) {
			long nred = 0;
			double sred = 0;
			for (int w = 0; w < o.jobs; w++)
				nred += ctr->reductions[w], sred += ctr->reduce_seconds[w];
			printf("reducer: %ld programs reduced in %.1f s of worker time (%.1f ms each)\n", nred,
			       sred, nred ? 1000 * sred / nred : 0.0);
		}
		for (int m = 0; m < o.nmodels; m++) {
			long na = 0;
			for (int w = 0; w < o.jobs; w++)
				na += ctr->not_applicable[w][m];
			if (na)
				printf("%s: %ld programs not applicable (an op TileLang's version of it lacks; "
				       "judged by the other models)\n", o.models[m]->name, na);
		}
		if (external) {
			printf("engine %s: ", eng.name);
			if (engine_execs >= 0)
				printf("%ld execs, ", engine_execs);
			printf("%d files harvested from %s (log %s)\n", files.n, eng.corpus, eng.log);
			for (int i = crash_from; i < files.n; i++)
				printf("  crash input: %s\n", files.v[i]);
		}
		printf("%-22s %12s %14s\n", "finding kind", "occurrences", "new distinct");
		long new_total = 0;
		for (int k = 0; k < FK_COUNT; k++)
			if (found[k]) {
				printf("%-22s %12ld %14ld\n", orc_kind_name((FindingKind)k), found[k], distinct[k]);
				new_total += distinct[k];
			}
		if (db_campaign_counts(db, campaign, &counts)) {
			fprintf(stderr, "fencefuzz campaign: %s\n", db_error(db));
			worker_failed = 1;
		} else
			print_new_causes(db, campaign, o.db_path, &counts);
		db_close(db);
		printf("\n%ld new distinct findings; database %s\n", new_total, o.db_path);
	} else {
		fprintf(stderr, "fencefuzz campaign: %s\n", err);
		worker_failed = 1;
	}
	/* The page of the whole database, last, so its path ends the output.  A
	 * report that cannot be written is said, but the campaign's findings are
	 * recorded, so it does not change the exit status. */
	if (!no_report) {
		char defpath[4096];
		if (!report_path) {
			cli_report_default_path(defpath, sizeof defpath, o.db_path);
			report_path = defpath;
		}
		fflush(stdout);
		cli_write_report("campaign", o.db_path, report_path, NULL, stdout);
	}
	files_clear(&files);
	munmap(ctr, sizeof *ctr);
	if (worker_failed)
		return 2;
	if (interrupted)
		return 128 + (stop_signal ? stop_signal : SIGINT);
	return fail_on_holds(fail_on, &counts) ? 1 : 0;
}
