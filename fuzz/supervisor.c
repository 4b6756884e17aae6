/* supervisor.c: the campaign supervisor (supervisor.h): the parent of the
 * worker processes.  Workers share CampaignCounters with it in anonymous
 * shared memory; a worker killed by the watchdog or dead of a signal leaves
 * the slot it was judging there (current, judge), and that slot is recorded
 * as a finding and skipped when the worker starts again.  External engines
 * run in a process group of their own, so a stop reaches all of it. */
#define _DEFAULT_SOURCE /* MAP_ANONYMOUS */
#define _GNU_SOURCE     /* prctl, strsignal */
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

#include "supervisor.h"

/* --- external engines ----------------------------------------------------- */

/* 0, or -1 out of memory (the list keeps what it had). */
static int
files_add(FzFiles *l, const char *path)
{
	if (l->n == l->cap) {
		int cap = l->cap ? l->cap * 2 : 64;
		char **v = realloc(l->v, sizeof *v * (size_t)cap);
		if (!v)
			return -1;
		l->v = v;
		l->cap = cap;
	}
	if (!(l->v[l->n] = strdup(path)))
		return -1;
	l->n++;
	return 0;
}

void
fz_files_clear(FzFiles *l)
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
static int
list_dir(FzFiles *l, const char *dir, const char *prefix)
{
	DIR *d = opendir(dir);
	if (!d)
		return 0;
	int from = l->n;
	struct dirent *e;
	char path[4096];
	while ((e = readdir(d))) {
		struct stat st;
		if (e->d_name[0] == '.' || !strcmp(e->d_name, "README.txt") ||
		    (prefix && strncmp(e->d_name, prefix, strlen(prefix))))
			continue;
		snprintf(path, sizeof path, "%s/%s", dir, e->d_name);
		if (stat(path, &st) == 0 && S_ISREG(st.st_mode) && files_add(l, path)) {
			closedir(d);
			return -1;
		}
	}
	closedir(d);
	qsort(l->v + from, (size_t)(l->n - from), sizeof *l->v, cmp_str);
	return 0;
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
engine_dirs(FzEngine *e, const char *db_path)
{
	char dbdir[2048];
	dir_of(db_path, dbdir, sizeof dbdir);
	snprintf(e->log, sizeof e->log, "%s/%s.log", dbdir, e->name);
	if (mkdirs(dbdir) || mkdirs(e->corpus))
		return -1;
	if (!strcmp(e->name, "libfuzzer")) {
		snprintf(e->artifacts, sizeof e->artifacts, "%s-artifacts", e->corpus);
		if (mkdirs(e->artifacts))
			return -1;
		return 0;
	}
	snprintf(e->input, sizeof e->input, "%s-in", e->corpus);
	if (mkdirs(e->input))
		return -1;
	FzFiles seeds = {0};
	if (e->seeds && list_dir(&seeds, e->seeds, NULL)) {
		fz_files_clear(&seeds);
		return -1;
	}
	int copied = 0;
	char to[8300];
	for (int i = 0; i < seeds.n; i++) {
		struct stat st;
		const char *base = strrchr(seeds.v[i], '/') + 1;
		snprintf(to, sizeof to, "%s/%s", e->input, base);
		if (stat(seeds.v[i], &st) == 0 && st.st_size > 0 && copy_file(seeds.v[i], to) == 0)
			copied++;
	}
	fz_files_clear(&seeds);
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

int
fz_engine_prepare(FzEngine *e, const char *db_path, char *err, size_t errlen)
{
	errno = 0;
	if (engine_dirs(e, db_path)) {
		snprintf(err, errlen, "cannot prepare %s's directories under %s%s%s", e->name, e->corpus,
		         errno ? ": " : "", errno ? strerror(errno) : "");
		return -1;
	}
	return 0;
}

/* Runs the engine for o->seconds (o->jobs instances or forks) in a process
 * group of its own; the first Ctrl-C is passed on to that group, a second
 * one, or the time limit plus a minute, kills it.  Returns 0, or -1 when it
 * could not be started. */
int
fz_engine_run(FzEngine *e, FzRun *run, char *err, size_t errlen)
{
	const CampaignOptions *o = &run->o;
	FILE *log = run->log;
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
		snprintf(err, errlen, "cannot start %s", e->name);
		return -1;
	}
	if (log)
		fprintf(log, "%s: %d instance%s of %s for %ld s; log %s\n", e->name, n, n > 1 ? "s" : "",
		        e->fuzzer, s, e->log);
	double start = fz_now();
	int running = n, forwarded = 0, killed = 0, tty = run->tty;
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
		int stops = run->interrupts ? *run->interrupts : 0;
		if (stops == 1 && !forwarded) {
			kill(-pgid, SIGINT);
			forwarded = 1;
			if (log)
				fprintf(log, "\ninterrupted: stopping %s (Ctrl-C again to kill)\n", e->name);
		} else if ((stops > 1 || t - start > s + 60) && !killed) {
			kill(-pgid, SIGKILL);
			killed = 1;
		}
		if (log && (tty || t - last_line >= 10)) {
			fprintf(log, "%s[%02d:%02d] %s running", tty ? "\r" : "", (int)(t - start) / 60,
			        (int)(t - start) % 60, e->name);
			if (!tty)
				fputc('\n', log);
			last_line = t;
		}
		struct timespec nap = {0, 200 * 1000 * 1000};
		nanosleep(&nap, NULL);
	}
	if (log && tty)
		fputc('\n', log);
	return 0;
}

/* What the engine left: files to harvest, the crash inputs among them
 * (crashes, from crash_from on), and its execution count (-1: unknown). */
/* The execution count in libFuzzer's log (-1: none). */
static long
libfuzzer_execs(const char *path)
{
	long execs = -1;
	FILE *f = fopen(path, "r");
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

int
fz_engine_collect(FzEngine *e)
{
	FzFiles *files = &e->files;
	int *crash_from = &e->crash_from, rc = 0;
	long execs = -1;
	char path[8192];
	if (!strcmp(e->name, "libfuzzer")) {
		rc |= list_dir(files, e->corpus, NULL);
		*crash_from = files->n;
		rc |= list_dir(files, e->artifacts, NULL);
		e->execs = libfuzzer_execs(e->log);
		return rc ? -1 : 0;
	}
	FzFiles inst = {0};
	DIR *d = opendir(e->corpus);
	struct dirent *de;
	while (d && (de = readdir(d)))
		if (de->d_name[0] != '.') {
			snprintf(path, sizeof path, "%s/%s", e->corpus, de->d_name);
			rc |= files_add(&inst, path);
		}
	if (d)
		closedir(d);
	qsort(inst.v, (size_t)inst.n, sizeof *inst.v, cmp_str);
	for (int i = 0; i < inst.n; i++) {
		snprintf(path, sizeof path, "%s/queue", inst.v[i]);
		rc |= list_dir(files, path, NULL);
	}
	*crash_from = files->n;
	for (int i = 0; i < inst.n; i++) {
		snprintf(path, sizeof path, "%s/crashes", inst.v[i]);
		rc |= list_dir(files, path, NULL);
		snprintf(path, sizeof path, "%s/fuzzer_stats", inst.v[i]);
		FILE *f = fopen(path, "r");
		char line[512];
		while (f && fgets(line, sizeof line, f))
			if (!strncmp(line, "execs_done", 10) && strchr(line, ':'))
				execs = (execs < 0 ? 0 : execs) + atol(strchr(line, ':') + 1);
		if (f)
			fclose(f);
	}
	fz_files_clear(&inst);
	e->execs = execs;
	return rc ? -1 : 0;
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
start_worker(const FzRun *run, int w)
{
	const CampaignOptions *o = &run->o;
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
	int rc = fz_campaign_worker(o, run->campaign, w, run->ctr, run->start, werr, sizeof werr);
	if (rc && run->log)
		fprintf(run->log, "\nfencefuzz campaign: worker %d: %s\n", w, werr);
	_exit(rc ? 1 : 0);
}

/* --resume ID: the campaign's own settings, from its row.  Returns 0, or
 * prints why not and returns -1. */
int
fz_resume_load(CampaignOptions *o, long id, CampaignRow *row, int time_given, char *err,
               size_t errlen)
{
	Db *db;
	if (db_open(o->db_path, &db, err, errlen))
		return -1;
	int rc = -1;
	if (db_campaign_get(db, id, row)) {
		snprintf(err, errlen, "--resume: %s: %s", o->db_path, db_error(db));
		goto out;
	}
	if (strcmp(row->engine, "builtin")) {
		snprintf(err, errlen, "--resume: campaign %ld ran engine %s; only builtin campaigns resume",
		         id, row->engine);
		goto out;
	}
	if (!strcmp(row->status, "done")) {
		snprintf(err, errlen, "--resume: campaign %ld is done", id);
		goto out;
	}
	o->seed = strtoull(row->seed, NULL, 10);
	o->models_text = row->models;
	o->oracles_text = row->oracles;
	if (orc_parse_oracles(row->oracles, &o->oracles.enabled)) {
		snprintf(err, errlen, "--resume: bad oracles '%s'", row->oracles);
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
		snprintf(err, errlen, "--resume: campaign %ld has %d jobs", id, o->jobs);
		goto out;
	}
	rc = 0;
out:
	db_close(db);
	return rc;
}

/* The committed progress of each worker (next slot, skipped slots). */
static int
resume_counters(const CampaignOptions *o, long id, CampaignCounters *ctr, char *err, size_t errlen)
{
	Db *db;
	char path[64];
	if (db_open(o->db_path, &db, err, errlen))
		return -1;
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


/* --- the campaign's workers ------------------------------------------------ */

int
fz_run_open(FzRun *run, const CampaignInfo *info, long resume, char *err, size_t errlen)
{
	const CampaignOptions *o = &run->o;
	Db *db = NULL;
	if (db_open(o->db_path, &db, err, errlen))
		return -1;
	run->campaign = resume;
	if (resume && db_campaign_reopen(db, resume)) {
		snprintf(err, errlen, "%s", db_error(db));
		db_close(db);
		return -1;
	}
	if (!resume)
		run->campaign = db_campaign_start(db, info);
	if (run->campaign <= 0) {
		snprintf(err, errlen, "%s", db_error(db));
		db_close(db);
		return -1;
	}
	db_close(db);
	CampaignCounters *ctr = mmap(NULL, sizeof *ctr, PROT_READ | PROT_WRITE,
	                             MAP_SHARED | MAP_ANONYMOUS, -1, 0);
	if (ctr == MAP_FAILED) {
		snprintf(err, errlen, "mmap: %s", strerror(errno));
		return -1;
	}
	memset(ctr, 0, sizeof *ctr);
	run->ctr = ctr;
	if (resume && resume_counters(o, resume, ctr, err, errlen)) {
		fz_run_free(run);
		return -1;
	}
	return 0;
}

void
fz_run_free(FzRun *run)
{
	if (run->ctr)
		munmap(run->ctr, sizeof *run->ctr);
	run->ctr = NULL;
}

int
fz_run_interrupted(const FzRun *run)
{
	return run->interrupts && *run->interrupts;
}

void
fz_run_totals(const FzRun *run, long *programs, long *found, long *distinct)
{
	const CampaignCounters *c = run->ctr;
	*programs = 0;
	for (int k = 0; k < FK_COUNT; k++)
		found[k] = distinct[k] = 0;
	for (int w = 0; w < run->o.jobs; w++) {
		*programs += c->programs[w];
		for (int k = 0; k < FK_COUNT; k++)
			found[k] += c->found[w][k], distinct[k] += c->distinct[w][k];
	}
}

int
fz_run_end(FzRun *run, char *err, size_t errlen)
{
	long programs, found[FK_COUNT], distinct[FK_COUNT];
	fz_run_totals(run, &programs, found, distinct);
	Db *db;
	int rc = 0;
	if (db_open(run->o.db_path, &db, err, errlen))
		rc = -1;
	else {
		const char *status = run->failed ? "failed" : fz_run_interrupted(run) ? "interrupted" : "done";
		if (db_campaign_end(db, run->campaign, programs, status)) {
			snprintf(err, errlen, "%s", db_error(db));
			rc = -1;
		}
		db_close(db);
	}
	return rc;
}

/* What the supervisor keeps per worker. */
typedef struct Watch {
	pid_t pid;            /* 0: not running */
	FindingKind killed_for; /* FK_TIMEOUT / FK_OOM when the watchdog killed it; FK_COUNT: not */
	long peak_mb;
} Watch;

/* Stop requests since run->sig_base. */
static int
stops(const FzRun *run)
{
	return run->interrupts ? *run->interrupts - run->sig_base : 0;
}

/* Worker w ended with status.  Records the program it was judging when it
 * was killed or died, and starts it again after that program.  Returns 1
 * when it is running again, 0 when it is done (finished, failed or killed
 * by a second stop request). */
static int
worker_ended(FzRun *run, Watch *wt, int w, int status)
{
	const CampaignOptions *o = &run->o;
	CampaignCounters *ctr = run->ctr;
	FILE *log = run->log;
	if (WIFEXITED(status) && WEXITSTATUS(status) <= 1)
		return 0; /* finished, or a store error (ctr->failed) */
	long k = ctr->current[w];
	FindingKind kind = wt->killed_for != FK_COUNT ? wt->killed_for : FK_CRASH;
	wt->killed_for = FK_COUNT;
	char msg[512], why[128], werr[512];
	int j = ctr->judge[w];
	const char *model = j < 0 ? "generator" : j < o->nmodels ? o->models[j]->name : "differential";
	if (kind == FK_TIMEOUT)
		snprintf(why, sizeof why, "took more than %g s", o->case_seconds);
	else if (kind == FK_OOM)
		snprintf(why, sizeof why, "grew past %ld MiB resident", o->case_memory_mb);
	else if (WIFSIGNALED(status))
		snprintf(why, sizeof why, "died of signal %d (%s), %ld MiB resident", WTERMSIG(status),
		         strsignal(WTERMSIG(status)), wt->peak_mb);
	else
		snprintf(why, sizeof why, "exited with status %d", WEXITSTATUS(status));
	wt->peak_mb = 0;
	if (stops(run) > 1)
		return 0; /* the second Ctrl-C killed it */
	if (k >= 0) {
		long index = w + k * o->jobs;
		snprintf(msg, sizeof msg, "worker %d judging %s %ld (%s) %s%s", w,
		         o->files ? "file" : "program", index, model, why, kind == FK_CRASH ? "" : ": killed");
		if (log)
			fprintf(log, "\nwatchdog: %s; recorded as %s\n", msg, orc_kind_name(kind));
		if (fz_campaign_fault(o, run->campaign, w, k, kind, model, msg, werr, sizeof werr)) {
			if (log)
				fprintf(log, "fencefuzz campaign: cannot record it: %s\n", werr);
			ctr->failed[w] = 1;
			return 0;
		}
		if (ctr->nskip[w] < CAMPAIGN_MAX_SKIPS)
			ctr->skip[w][ctr->nskip[w]++] = k;
	} else if (log)
		fprintf(log, "\nwatchdog: worker %d %s outside a program\n", w, why);
	if (++run->restarts > CAMPAIGN_MAX_SKIPS * o->jobs || ctr->nskip[w] >= CAMPAIGN_MAX_SKIPS) {
		if (log)
			fprintf(log, "fencefuzz campaign: worker %d: too many faults, giving up\n", w);
		ctr->failed[w] = 1;
		return 0;
	}
	/* What it judged after its last commit is lost with it: judge it
	 * again, from the committed counters. */
	ctr->programs[w] = ctr->cprograms[w];
	ctr->current[w] = -1;
	if ((wt->pid = start_worker(run, w)) < 0) {
		if (log)
			fprintf(log, "fencefuzz campaign: fork: %s\n", strerror(errno));
		ctr->failed[w] = 1;
		return 0;
	}
	return 1;
}

/* The watchdog: time per program, resident memory per worker. */
static void
watchdog(FzRun *run, Watch *wt, double t)
{
	const CampaignOptions *o = &run->o;
	CampaignCounters *ctr = run->ctr;
	for (int w = 0; w < o->jobs; w++) {
		if (wt[w].pid <= 0 || wt[w].killed_for != FK_COUNT)
			continue;
		long mb = resident_mb(wt[w].pid);
		if (mb > wt[w].peak_mb)
			wt[w].peak_mb = mb;
		if (o->case_memory_mb > 0 && mb > o->case_memory_mb)
			wt[w].killed_for = FK_OOM;
		else if (o->case_seconds > 0 && ctr->current[w] >= 0 && t - ctr->since[w] > o->case_seconds)
			wt[w].killed_for = FK_TIMEOUT;
		if (wt[w].killed_for != FK_COUNT)
			kill(wt[w].pid, SIGKILL);
	}
}

int
fz_run_workers(FzRun *run)
{
	CampaignOptions *o = &run->o;
	CampaignCounters *ctr = run->ctr;
	Watch wt[CAMPAIGN_MAX_JOBS];
	for (int w = 0; w < o->jobs; w++) {
		wt[w].pid = 0;
		wt[w].killed_for = FK_COUNT;
		wt[w].peak_mb = 0;
		ctr->current[w] = -1;
		if ((wt[w].pid = start_worker(run, w)) < 0) {
			if (run->log)
				fprintf(run->log, "fencefuzz campaign: fork: %s\n", strerror(errno));
			ctr->stop = 1;
			run->failed = 1; /* the workers started stop, and the campaign fails */
			o->jobs = w;
			break;
		}
	}
	int running = o->jobs, killed = 0;
	while (running > 0) {
		int status;
		pid_t done = waitpid(-1, &status, WNOHANG);
		if (done > 0) {
			int w = 0;
			while (w < o->jobs && wt[w].pid != done)
				w++;
			if (w == o->jobs)
				continue; /* not a worker */
			wt[w].pid = 0;
			if (!worker_ended(run, &wt[w], w, status))
				running--;
			continue;
		}
		if (done < 0 && errno != EINTR)
			break;
		if (stops(run) == 1 && !ctr->stop) {
			ctr->stop = 1;
			if (run->log)
				fprintf(run->log, "\ninterrupted: stopping workers (Ctrl-C again to kill)\n");
		} else if (stops(run) > 1 && !killed) {
			for (int w = 0; w < o->jobs; w++)
				if (wt[w].pid > 0)
					kill(wt[w].pid, SIGKILL);
			killed = 1;
		}
		double t = fz_now();
		watchdog(run, wt, t);
		if (run->on_poll)
			run->on_poll(run, t);
		struct timespec nap = {0, 50 * 1000 * 1000};
		nanosleep(&nap, NULL);
	}
	for (int w = 0; w < o->jobs; w++)
		run->failed |= ctr->failed[w];
	return run->failed ? -1 : 0;
}
