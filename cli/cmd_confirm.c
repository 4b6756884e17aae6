/* cmd_confirm.c: `fencefuzz confirm` (docs/hw-races.md): lower programs or stored
 * findings to CUDA, run them on the GPU, print and record what showed. */
#include <math.h>
#include <sqlite3.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "cli.h"
#include "lower.h"
#include "store.h"

typedef struct ConfirmArgs {
	const char *db, *record, *model, *models, *kinds, *stress, *kernel_source;
	long limit, only, timeout;
	int list, first, control, stand_ins, streams;
	RunOptions ro;
	LowerOptions lo;
	CliList params;
} ConfirmArgs;

#define F(f) offsetof(ConfirmArgs, f)
static const CliOpt confirm_opts[] = {
	CLI_OPT("db", 0, CLI_STRING, F(db), "DB",
	        "the findings of DB of the --kinds, each lowered from its\n"
	        "model's output of its reduced program (of its first\n"
	        "program where none is stored); outcomes go to DB, and a\n"
	        "reproduced finding gets status 'confirmed'; a handshake\n"
	        "finding is lowered with --handshake program"),
	CLI_OPT("kinds", 0, CLI_STRING, F(kinds), "LIST", "with --db: the finding kinds to run",
	        .def = "unsound,unsound-war,unsound-cross,handshake"),
	CLI_OPT("model", 0, CLI_STRING, F(model), "M", "with FILE: lower model M's output of FILE"),
	CLI_OPT("record", 0, CLI_STRING, F(record), "DB", "with FILE: store its hw_runs row in DB"),
	CLI_OPT("first-program", 0, CLI_FLAG, F(first), NULL,
	        "lower the first program even where a reduction is stored", .set = 1),
	CLI_OPT("models", 0, CLI_STRING, F(models), "LIST", "only findings of these models"),
	CLI_OPT("limit", 0, CLI_LONG, F(limit), "N", "at most N findings", .min = 1, .max = 1000000),
	CLI_OPT("finding", 0, CLI_LONG, F(only), "ID", "only the finding with this id", .min = 1,
	        .max = 1000000000000.0),
	CLI_OPT("list", 0, CLI_FLAG, F(list), NULL, "print the selected findings (id and what) and exit",
	        .set = 1),
	CLI_OPT("timeout", 0, CLI_LONG, F(timeout), "S",
	        "a launch that runs longer than S seconds (default 30) is\n"
	        "taken for a deadlock: recorded as an error, confirm exits 2", .min = 1, .max = 3600),
	CLI_OPT("trials", 0, CLI_LONG, F(ro.trials), "N",
	        "checked events to reach per case (default 100000; a case\n"
	        "stops earlier at --max-launches)", .min = 1, .max = 1000000000000.0),
	CLI_OPT("max-launches", 0, CLI_INT, F(ro.max_launches), "N",
	        "kernel launches per case at most (default 40)", .min = 1, .max = 100000),
	CLI_OPT("blocks", 0, CLI_INT, F(ro.blocks), "N", "CTAs per launch (default 264)", .min = 1,
	        .max = 4096),
	CLI_OPT("reps", 0, CLI_INT, F(ro.reps), "N",
	        "repetitions of the program inside one launch (default 8)", .min = 1, .max = 1000000),
	CLI_OPT("stress", 0, CLI_STRING, F(stress), "LIST",
	        "auto (default: every other launch with smem), none, or any\n"
	        "of: smem (4 extra warps hammer shared memory with bank\n"
	        "conflicts), delay (random stagger before each generic\n"
	        "write and async issue), dram (a concurrent kernel loads\n"
	        "DRAM), streams (4 concurrent launches), auto.  On an H200\n"
	        "the store and wgmma races showed only with smem, the\n"
	        "missing-wait race only without it (docs/hw-races.md)"),
	CLI_OPT("streams", 0, CLI_INT, F(streams), "N",
	        "concurrent launches (default 1, 4 with stress streams)", .min = 1, .max = 8),
	CLI_OPT("builds", 0, CLI_INT, F(ro.builds), "N",
	        "2 (default): launches alternate between the kernel as lowered\n"
	        "and the same kernel with its loops unrolled by 4 (a race\n"
	        "seen 0 times in one build showed in 92% in the other on an\n"
	        "H200); 1: only the kernel as lowered", .min = 1, .max = 2),
	CLI_OPT("param", 0, CLI_LIST, F(params), "NAME=V",
	        "value of an integer parameter (others are swept over\n"
	        "1, 2, 0, 3 from launch to launch); repeatable"),
	CLI_OPT("no-control", 0, CLI_FLAG, F(control), NULL,
	        "skip the fenced control (the same program with a fence\n"
	        "before every async op), which runs by default: without a\n"
	        "clean control nothing is 'reproduced', only 'inconclusive'", .set = 0),
	CLI_OPT("control", 0, CLI_FLAG, F(control), NULL, "run the fenced control (the default)",
	        .set = 1),
	CLI_OPT("stand-ins", 0, CLI_FLAG, F(stand_ins), NULL,
	        "also run cases with ops the lowering can only run as another\n"
	        "instruction (tcgen05 as a bulk store, multicast / im2col TMA\n"
	        "as a 2-d load, calls through pointers as st/ld.shared, ...;\n"
	        "each kernel's header lists them); their outcome is\n"
	        "'reproduced-with-stand-in', never 'reproduced'", .set = 1),
	CLI_LOWER_OPTS(ConfirmArgs, lo),
	CLI_OPT("kernel-source", 0, CLI_STRING, F(kernel_source), "F",
	        "run the CUDA file F (e.g. an edited `fencefuzz lower` output of\n"
	        "FILE) instead of the lowering; FILE still gives the launch\n"
	        "shape, and the fenced control is lowered as usual"),
	CLI_END,
};
#undef F

void
help_confirm(FILE *out)
{
	fprintf(out,
	        "usage: fencefuzz confirm FILE [--model M] [--record DB] [options]\n"
	        "       fencefuzz confirm --db DB [--kinds LIST] [--models LIST] [--limit N] [options]\n"
	        "\n"
	        "Lowers each case to CUDA (as `fencefuzz lower`), compiles it with NVRTC for\n"
	        "sm_90a, runs it on GPU 0 through the Driver API and counts the async reads\n"
	        "(TMA / bulk stores, wgmma operands), generic reads and completed async loads\n"
	        "that saw something else than the program's generic-proxy order says.\n"
	        "Prints per case: trials, mismatches, rate and a confidence; stores one\n"
	        "hw_runs row per case (device, driver, settings, kernel source, outcome) in\n"
	        "--db DB or --record DB.  What the H200 showed: docs/hw-races.md.\n"
	        "FILE is a program (with --model M: that model's output of it).\n"
	        "\n");
	cli_print_options(out, confirm_opts);
	fprintf(out,
	        "\n"
	        "Outcomes: reproduced (mismatches, every op ran as itself, and the fenced\n"
	        "control ran clean), reproduced-with-stand-in (the same through a stand-in,\n"
	        "--stand-ins only), inconclusive (mismatches, but the control mismatched too,\n"
	        "failed or was skipped), not-reproduced, unsupported-on-sm90 (an op SM90 does\n"
	        "not have: tcgen05.*, block-scaled MMA; not run), refused (synchronization the\n"
	        "lowering cannot run as written, or a stand-in without --stand-ins; not run;\n"
	        "the message names the construct), error (a CUDA error or an mbarrier wait\n"
	        "that timed out).\n"
	        "Exit status: 0 nothing reproduced, 1 a case reproduced (with --stand-ins: or\n"
	        "reproduced with a stand-in), 2 bad input, no GPU runner in this build, no\n"
	        "device, a CUDA error, or FILE refused / unsupported on SM90.\n");
}

typedef struct Case {
	long long finding_id;
	char *label;
	char *text;
	char *model;
	int handshake; /* a handshake finding: lower with the program's own handshake only */
} Case;

static void
confidence(char *buf, size_t n, long x, long trials)
{
	if (trials <= 0) {
		snprintf(buf, n, "nothing checked (the lowered program issued no checked event)");
		return;
	}
	if (x == 0) {
		snprintf(buf, n, "not reproduced in %ld trials (95%% upper bound on the rate: %.3g)", trials,
		         3.0 / (double)trials);
		return;
	}
	/* Wilson score interval, 95% */
	double z = 1.96, p = (double)x / (double)trials, nn = (double)trials;
	double den = 1 + z * z / nn, mid = (p + z * z / (2 * nn)) / den;
	double half = z * sqrt(p * (1 - p) / nn + z * z / (4 * nn * nn)) / den;
	snprintf(buf, n, "reproduced: %ld in %ld trials (95%% interval of the rate [%.3g, %.3g])", x, trials,
	         mid - half < 0 ? 0 : mid - half, mid + half > 1 ? 1 : mid + half);
}

static int
parse_stress(const char *list, RunOptions *ro, char *desc, size_t n)
{
	char buf[256];
	snprintf(buf, sizeof buf, "%s", list);
	desc[0] = 0;
	for (char *tok = strtok(buf, ","); tok; tok = strtok(NULL, ",")) {
		if (!strcmp(tok, "none"))
			continue;
		else if (!strcmp(tok, "smem"))
			ro->stress_smem = 1;
		else if (!strcmp(tok, "auto"))
			ro->stress_smem = CU_STRESS_ALTERNATE;
		else if (!strcmp(tok, "delay"))
			ro->stress_delay = 1;
		else if (!strcmp(tok, "dram"))
			ro->stress_dram = 1;
		else if (!strcmp(tok, "streams")) {
			if (ro->streams < 4)
				ro->streams = 4;
		} else
			return -1;
	}
	snprintf(desc, n, "%s%s%s%s", ro->stress_smem == CU_STRESS_ALTERNATE ? "auto (none/smem)," : ro->stress_smem ? "smem," : "", ro->stress_delay ? "delay," : "",
	         ro->stress_dram ? "dram," : "", ro->streams > 1 ? "streams," : "");
	size_t len = strlen(desc);
	if (len)
		desc[len - 1] = 0;
	else
		snprintf(desc, n, "none");
	return 0;
}

static int
load_cases(const char *db, const char *kinds, const char *models, long limit, long long only, int first,
           Case **out, int *n)
{
	sqlite3 *h = NULL;
	if (sqlite3_open_v2(db, &h, SQLITE_OPEN_READONLY, NULL) != SQLITE_OK) {
		fprintf(stderr, "fencefuzz confirm: %s: %s\n", db, h ? sqlite3_errmsg(h) : "cannot open");
		sqlite3_close(h);
		return -1;
	}
	const char *sql =
		"SELECT f.id, f.kind, f.model, f.signature, f.line, "
		"COALESCE(CASE WHEN ?4 THEN NULL ELSE (SELECT r.reduced_text FROM reproducers r "
		"WHERE r.finding_id = f.id AND r.reduced_text IS NOT NULL ORDER BY r.id LIMIT 1) END, p.text), "
		"(?4 = 0 AND EXISTS (SELECT 1 FROM reproducers r WHERE r.finding_id = f.id AND r.reduced_text IS NOT NULL)) "
		"FROM findings f "
		"JOIN programs p ON p.id = f.program_id WHERE p.text IS NOT NULL "
		"AND instr(',' || ?1 || ',', ',' || f.kind || ',') > 0 "
		"AND (?2 IS NULL OR instr(',' || ?2 || ',', ',' || f.model || ',') > 0) "
		"AND (?3 = 0 OR f.id = ?3) ORDER BY f.id";
	sqlite3_stmt *st = NULL;
	if (sqlite3_prepare_v2(h, sql, -1, &st, NULL) != SQLITE_OK) {
		fprintf(stderr, "fencefuzz confirm: %s: %s\n", db, sqlite3_errmsg(h));
		sqlite3_close(h);
		return -1;
	}
	sqlite3_bind_text(st, 1, kinds, -1, SQLITE_TRANSIENT);
	if (models)
		sqlite3_bind_text(st, 2, models, -1, SQLITE_TRANSIENT);
	else
		sqlite3_bind_null(st, 2);
	sqlite3_bind_int64(st, 3, only);
	sqlite3_bind_int(st, 4, first);
	int cap = 0;
	*out = NULL;
	*n = 0;
	while (sqlite3_step(st) == SQLITE_ROW && (limit <= 0 || *n < limit)) {
		if (*n == cap) {
			cap = cap ? cap * 2 : 16;
			Case *c = realloc(*out, (size_t)cap * sizeof **out);
			if (!c)
				break;
			*out = c;
		}
		Case *c = &(*out)[(*n)++];
		c->finding_id = sqlite3_column_int64(st, 0);
		char label[256];
		snprintf(label, sizeof label, "finding %lld (%s, %s, signature %s, %s)", c->finding_id,
		         (const char *)sqlite3_column_text(st, 1), (const char *)sqlite3_column_text(st, 2),
		         (const char *)sqlite3_column_text(st, 3),
		         sqlite3_column_int(st, 6) ? "reduced program" : "first program");
		c->label = strdup(label);
		c->model = strdup((const char *)sqlite3_column_text(st, 2));
		c->text = strdup((const char *)sqlite3_column_text(st, 5));
		c->handshake = !strcmp((const char *)sqlite3_column_text(st, 1), "handshake");
	}
	sqlite3_finalize(st);
	sqlite3_close(h);
	return 0;
}

enum { O_REPRO, O_STANDIN, O_INCONCL, O_NOTREP, O_UNSUP, O_REFUSED, O_ERROR, O_N };
static const char *const oname[O_N] = {"reproduced", "reproduced-with-stand-in", "inconclusive",
                                       "not-reproduced", "unsupported-on-sm90", "refused", "error"};

/* One confirm run: its settings and what it has found so far. */
typedef struct Confirm {
	ConfirmArgs a;
	const char *file, *record;
	int handshake_given;
	char *edited; /* --kernel-source's text */
	char stress_desc[64];
	const PassModel *fm;
	const char *pnames[CU_MAX_PARAMS];
	long long pvals[CU_MAX_PARAMS];
	int np;
	Db *out;
	int rc, any_bad;
	long ocount[O_N];
} Confirm;

/* The arguments, checked.  0, or 2 after the usage error. */
static int
confirm_setup(Confirm *k, int argc, char **argv)
{
	ConfirmArgs *a = &k->a;
	a->stress = "auto";
	a->timeout = 30;
	a->control = 1;
	cu_run_defaults(&a->ro);
	cu_lower_defaults(&a->lo);
	CliArgs args;
	if (cli_parse("confirm", confirm_opts, a, argc, argv, &args))
		return 2;
	if (args.n > 1)
		return cli_usage_error("confirm", "one FILE at a time");
	k->file = args.n ? args.operands[0] : NULL;
	k->handshake_given = cli_given(&args, "handshake");
	for (int j = 0; j < a->params.n; j++) {
		const char *v = a->params.v[j], *eq = strchr(v, '=');
		char *end;
		if (!eq || eq == v || k->np >= CU_MAX_PARAMS)
			return cli_usage_error("confirm", "--param takes NAME=VALUE, not '%s'", v);
		k->pvals[k->np] = strtoll(eq + 1, &end, 10);
		if (*end || !eq[1])
			return cli_usage_error("confirm", "--param %s: the value is not an integer", v);
		k->pnames[k->np++] = v;
	}
	if (!k->file == !a->db)
		return cli_usage_error("confirm", "give either FILE or --db DB");
	if (a->kernel_source) {
		if (a->db)
			return cli_usage_error("confirm", "--kernel-source goes with one FILE, not --db");
		Diag d;
		size_t len = 0;
		if (!(k->edited = ir_read_text(a->kernel_source, &len, &d))) {
			fprintf(stderr, "fencefuzz confirm: %s: %s\n", a->kernel_source, d.msg);
			return 2;
		}
	}
	if (parse_stress(a->stress, &a->ro, k->stress_desc, sizeof k->stress_desc))
		return cli_usage_error("confirm", "--stress takes auto, none, smem, delay, dram, streams; not '%s'",
		                       a->stress);
	if (a->streams)
		a->ro.streams = a->streams;
	a->ro.timeout_s = (int)a->timeout;
	return 0;
}

static void
free_cases(Case *cs, int n)
{
	for (int k = 0; k < n; k++) {
		free(cs[k].label);
		free(cs[k].text);
		free(cs[k].model);
	}
	free(cs);
}

/* --list: the selected findings, id and what. */
static int
list_cases(const ConfirmArgs *a)
{
	if (!a->db)
		return cli_usage_error("confirm", "--list needs --db");
	Case *cs = NULL;
	int n = 0;
	if (load_cases(a->db, a->kinds, a->models, a->limit, a->only, a->first, &cs, &n))
		return 2;
	for (int k = 0; k < n; k++)
		printf("%lld %s\n", cs[k].finding_id, cs[k].label);
	free_cases(cs, n);
	return 0;
}

/* The one case of FILE.  0, or 2 after the reason. */
static int
file_case(const Confirm *k, Case **cases, int *ncases)
{
	size_t len;
	Diag d = {0};
	char *text = ir_read_text(k->file, &len, &d);
	if (!text) {
		diag_print(stderr, &d);
		return 2;
	}
	*cases = calloc(1, sizeof **cases);
	(*cases)[0].text = text;
	(*cases)[0].label = strdup(k->file);
	(*cases)[0].model = k->a.model ? strdup(k->a.model) : NULL;
	*ncases = 1;
	return 0;
}

/* A case not run (refused, unsupported-on-sm90): said, counted, recorded. */
static void
not_run(Confirm *k, const Case *c, const PassModel *m, const char *skip, const char *why,
        const char *src)
{
	printf("%s: %s\n", c->label, why);
	k->ocount[!strcmp(skip, "refused") ? O_REFUSED : O_UNSUP]++;
	if (k->out) {
		char settings[1024];
		char esc[700];
		size_t j = 0;
		for (const char *q = why; *q && j + 2 < sizeof esc; q++) {
			if (*q == '"' || *q == '\\')
				esc[j++] = '\\';
			esc[j++] = *q;
		}
		esc[j] = 0;
		snprintf(settings, sizeof settings, "{\"model\": \"%s\", \"not_run\": \"%s\"}", m ? m->name : "none", esc);
		HwRun hr = {c->finding_id, "not run", "", settings, src, 0, 0, skip};
		if (db_hw_run(k->out, &hr) < 0) {
			fprintf(stderr, "fencefuzz confirm: %s: %s\n", k->record, db_error(k->out));
			k->rc = 2;
		}
	}
	if (!k->a.db)
		k->rc = 2;
}

/* Why a lowered case is not run, in why; NULL: it runs. */
static const char *
skip_reason(const Confirm *k, const LowerInfo *info, char *why, size_t n)
{
	if (info->refused[0]) {
		snprintf(why, n, "refused: %s", info->refused);
		return "refused";
	}
	if (info->sm90_missing[0] && !k->a.stand_ins) {
		snprintf(why, n, "unsupported-on-sm90: %s does not exist on SM90 (not run)", info->sm90_missing);
		return "unsupported-on-sm90";
	}
	if (info->n_standin && !k->a.stand_ins && !k->edited) {
		snprintf(why, n, "refused: needs a stand-in (%s); --stand-ins runs it, as "
		         "reproduced-with-stand-in", info->standin);
		return "refused";
	}
	return NULL;
}

/* The fenced control of p: 0 ran (cres filled), else failed (cerr says why). */
static int
run_control(const Confirm *k, const Case *c, const Program *p, RunOptions *ro, RunResult *cres,
            char *cerr, size_t n)
{
	LowerOptions clo = k->a.lo;
	clo.fence_all = 1;
	if (c->handshake && !k->handshake_given)
		clo.handshake = 0; /* the control of a missing handshake has it */
	StrBuf csrc;
	sb_init(&csrc);
	LowerInfo cinfo;
	int cr = -1;
	if (!cu_lower(p, &clo, NULL, &csrc, &cinfo, cerr, n))
		cr = cu_run(csrc.p, &cinfo, ro, cres, cerr, n);
	if (cr)
		fprintf(stderr, "fencefuzz confirm: %s: fenced control: %s\n", c->label, cerr);
	sb_free(&csrc);
	return cr;
}

/* What one run was, for its hw_runs row. */
static void
run_settings(char *settings, size_t n, const Confirm *k, const Case *c, const PassModel *m,
             const LowerOptions *lo, const LowerInfo *info, const RunResult *res, const RunResult *cres,
             int cr)
{
	const RunOptions *ro = &k->a.ro;
	int control = k->a.control, handshake_given = k->handshake_given;
	snprintf(settings, n,
	         "{\"blocks\": %d, \"threads\": %d, \"reps\": %d, \"launches\": %ld, \"streams\": %d, "
	         "\"stress\": \"%s\", \"barriers\": \"%s\", \"handshake\": \"%s\", \"model\": \"%s\", "
	         "\"copies\": %ld, \"bad_copies\": %ld, \"wgmma\": %ld, \"bad_wgmma\": %ld, "
	         "\"reads\": %ld, \"bad_reads\": %ld, \"loads\": %ld, \"bad_loads\": %ld, "
	         "\"timeouts\": %ld, \"seconds\": %.2f, "
	         "\"control\": %s, \"control_trials\": %ld, \"control_mismatches\": %ld, "
	         "\"trials_no_smem_stress\": %ld, \"mismatches_no_smem_stress\": %ld, "
	         "\"trials_smem_stress\": %ld, \"mismatches_smem_stress\": %ld, \"builds\": %d, "
	         "\"trials_build0\": %ld, \"mismatches_build0\": %ld, \"trials_build1\": %ld, "
	         "\"mismatches_build1\": %ld, \"stand_ins\": %d, \"program_sync\": %d, \"partitions\": %d, "
	         "\"atomics\": %d, \"cp_async\": %d, \"sparse_wgmma\": %d}",
	         ro->blocks, info->nthreads, ro->reps, res->launches, ro->streams, k->stress_desc,
	         lo->barriers ? "auto" : "none", lo->handshake ? "program" : "auto", m ? m->name : "none",
	         res->copies, res->bad_copies, res->wgmma, res->bad_wgmma, res->reads, res->bad_reads, res->loads,
	         res->bad_loads, res->timeouts,
	         res->seconds,
	         !control || cr ? "null" : c->handshake && !handshake_given ? "\"fence-all,handshake\"" : "\"fence-all\"",
	         cres->trials, cres->mismatches,
	         res->smem_trials[0], res->smem_mismatches[0], res->smem_trials[1], res->smem_mismatches[1], ro->builds,
	         res->build_trials[0], res->build_mismatches[0], res->build_trials[1], res->build_mismatches[1],
	         info->n_standin + (info->sm90_missing[0] != 0), info->program_sync, info->n_partition, info->n_atomic,
	         info->n_cp_async, info->n_sparse);
}

/* A run's outcome, printed with its counts. */
static const char *
print_run(Confirm *k, const Case *c, const LowerOptions *lo, const LowerInfo *info,
          const RunResult *res, const RunResult *cres, int cr, int with_standin)
{
	const RunOptions *ro = &k->a.ro;
	int control = k->a.control, handshake_given = k->handshake_given;
	char conf[256];
	const char *outcome = res->timeouts ? "error" : !res->mismatches ? "not-reproduced"
	                      : (!control || cr || cres->mismatches || cres->timeouts) ? "inconclusive"
	                      : with_standin ? "reproduced-with-stand-in" : "reproduced";
	confidence(conf, sizeof conf, res->mismatches, res->trials);
	printf("%s: trials %ld, mismatches %ld, rate %.3g: %s\n", c->label, res->trials, res->mismatches,
	       res->trials ? (double)res->mismatches / (double)res->trials : 0.0, conf);
	printf("  async stores %ld/%ld wrong, wgmma fragments %ld/%ld wrong, generic reads %ld/%ld wrong, "
	       "async loads %ld/%ld wrong; "
	       "%ld launches of %d blocks x %d threads, stress %s, barriers %s, %.1f s on %s (%s)%s\n",
	       res->bad_copies, res->copies, res->bad_wgmma, res->wgmma, res->bad_reads, res->reads, res->bad_loads,
	       res->loads, res->launches,
	       ro->blocks, info->nthreads, k->stress_desc, lo->barriers ? "auto" : "none", res->seconds, res->device,
	       res->driver, res->timeouts ? "; mbarrier waits timed out" : "");
	if (ro->stress_smem == CU_STRESS_ALTERNATE)
		printf("  without stress warps %ld of %ld mismatch, with them %ld of %ld\n", res->smem_mismatches[0],
		       res->smem_trials[0], res->smem_mismatches[1], res->smem_trials[1]);
	if (ro->builds == 2)
		printf("  as lowered %ld of %ld mismatch, with the loops unrolled by 4 %ld of %ld\n",
		       res->build_mismatches[0], res->build_trials[0], res->build_mismatches[1], res->build_trials[1]);
	if (with_standin)
		printf("  stand-ins: %s%s%s\n", info->standin, info->sm90_missing[0] ? "; not on SM90: " : "",
		       info->sm90_missing);
	if (!control && res->mismatches)
		printf("  no fenced control ran (--no-control): inconclusive\n");
	if (control && cr && res->mismatches)
		printf("  the fenced control failed: inconclusive\n");
	if (control && !cr)
		printf("  %s control (a fence before every async op%s): %ld of %ld mismatch%s\n",
		       c->handshake && !handshake_given ? "handshaken" : "fenced",
		       c->handshake && !handshake_given ? ", and the handshake after every store" : "", cres->mismatches,
		       cres->trials,
		       !res->mismatches ? ""
		       : cres->mismatches ? ": inconclusive, the mismatches are not (only) a missing fence"
		                          : c->handshake && !handshake_given ? ": the mismatches are the missing handshake"
		                                                             : ": the mismatches are a proxy race");
	printf("  outcome: %s\n", outcome);
	if (!strcmp(outcome, "reproduced") || !strcmp(outcome, "reproduced-with-stand-in"))
		k->any_bad = 1;
	return outcome;
}

/* Runs program p of case c (lowered to src) and its control; prints and
 * records the outcome.  Returns -1 when nothing could run (no device). */
static int
run_case(Confirm *k, const Case *c, const PassModel *m, const Program *p, const LowerOptions *lo,
         const LowerInfo *info, const char *src)
{
	RunOptions *ro = &k->a.ro;
	int with_standin = info->n_standin > 0 || info->sm90_missing[0];
	for (int i = 0; i < CU_MAX_PARAMS; i++)
		ro->param_set[i] = 0;
	for (int j = 0; j < k->np; j++) {
		size_t nl = (size_t)(strchr(k->pnames[j], '=') - k->pnames[j]);
		for (int i = 0; i < info->nparams; i++)
			if (strlen(info->params[i]) == nl && !strncmp(info->params[i], k->pnames[j], nl)) {
				ro->param_set[i] = 1;
				ro->param_value[i] = k->pvals[j];
			}
	}
	RunResult res, cres;
	char err[512], cerr[400];
	int r = cu_run(k->edited ? k->edited : src, info, ro, &res, err, sizeof err);
	memset(&cres, 0, sizeof cres);
	int cr = -1;
	if (!r && k->a.control) {
		cr = run_control(k, c, p, ro, &cres, cerr, sizeof cerr);
		if (cr && cres.hung)
			r = cr, res.hung = 1, snprintf(err, sizeof err, "fenced control: %s", cerr);
	}
	char settings[1400];
	run_settings(settings, sizeof settings, k, c, m, lo, info, &res, &cres, cr);
	if (r && !res.device[0]) {
		/* no driver, no device, not an SM90: nothing ran, nothing to record */
		fprintf(stderr, "fencefuzz confirm: %s\n", err);
		k->rc = 2;
		return -1;
	}
	const char *outcome;
	if (r) {
		outcome = "error";
		fprintf(stderr, "fencefuzz confirm: %s: %s\n", c->label, err);
		printf("%s: error: %s\n", c->label, err);
		k->rc = 2;
	} else
		outcome = print_run(k, c, lo, info, &res, &cres, cr, with_standin);
	for (int o = 0; o < O_N; o++)
		if (!strcmp(outcome, oname[o]))
			k->ocount[o]++;
	if (k->out) {
		HwRun hr = {c->finding_id, res.device[0] ? res.device : "unknown", res.driver, settings,
		            k->edited ? k->edited : src, res.trials, res.mismatches, outcome};
		if (db_hw_run(k->out, &hr) < 0) {
			fprintf(stderr, "fencefuzz confirm: %s: %s\n", k->record, db_error(k->out));
			k->rc = 2;
		}
		if (c->finding_id && !strcmp(outcome, "reproduced"))
			db_finding_set_status(k->out, c->finding_id, "confirmed");
	}
	if (r && res.hung) {
		/* the GPU context is unusable: record, then stop here */
		fprintf(stderr, "fencefuzz confirm: stopping after a kernel that did not finish\n");
		if (k->out)
			db_close(k->out);
		fflush(stdout);
		_exit(2);
	}
	return 0;
}

/* One case: read, run its model, lower, run.  -1: stop (no device). */
static int
confirm_case(Confirm *k, const Case *c)
{
	const ConfirmArgs *a = &k->a;
	LowerOptions lo = a->lo;
	if (!k->handshake_given) /* a missing handshake is the finding: add none */
		lo.handshake = c->handshake;
	Arena *ar = ar_new();
	Diag d = {0};
	const char *fname = a->db ? "<finding>" : k->file;
	Program *p = ir_read(ar, fname, c->text, strlen(c->text), &d);
	const PassModel *m = k->fm;
	if (a->db && c->model && !(m = pass_find(c->model)))
		printf("%s: model %s is not built in: skipped\n", c->label, c->model);
	if (!p) {
		diag_print(stderr, &d);
		if (!a->db)
			k->rc = 2;
		ar_free(ar);
		return 0;
	}
	if (a->db && !m) {
		ar_free(ar);
		return 0;
	}
	if (m) {
		PassError perr;
		p = pass_run_ex(m, p, &perr);
		if (!p) {
			fprintf(stderr, "%s: model %s failed: %s\n", c->label, m->name, perr.msg);
			ar_free(ar);
			if (!a->db)
				k->rc = 2;
			return 0;
		}
	}
	StrBuf src;
	sb_init(&src);
	LowerInfo info;
	char err[512], why[640];
	int rc = 0;
	const char *skip;
	if (cu_lower(p, &lo, NULL, &src, &info, err, sizeof err)) {
		fprintf(stderr, "%s: %s\n", c->label, err);
		k->rc = 2;
	} else if ((skip = skip_reason(k, &info, why, sizeof why)))
		not_run(k, c, m, skip, why, src.p);
	else
		rc = run_case(k, c, m, p, &lo, &info, src.p);
	sb_free(&src);
	ar_free(ar);
	return rc;
}

int
cmd_confirm(int argc, char **argv)
{
	static Confirm k;
	memset(&k, 0, sizeof k);
	if (confirm_setup(&k, argc, argv)) {
		free(k.edited);
		return 2;
	}
	const ConfirmArgs *a = &k.a;
	if (a->list)
		return list_cases(a);
	if (!cu_runner_available()) {
		fprintf(stderr, "fencefuzz confirm: this build has no GPU runner: the CUDA toolkit (cuda.h, "
		                "nvrtc.h) was not found when it was configured\n");
		return 2;
	}
	if (a->model && !(k.fm = cli_find_model("confirm", a->model)))
		return 2;
	Case *cases = NULL;
	int ncases = 0;
	k.record = a->record;
	if (a->db) {
		if (load_cases(a->db, a->kinds, a->models, a->limit, a->only, a->first, &cases, &ncases))
			return 2;
		k.record = a->db;
		if (!ncases)
			printf("no findings of kinds %s in %s\n", a->kinds, a->db);
	} else if (file_case(&k, &cases, &ncases))
		return 2;
	if (k.record) {
		char err[256];
		if (db_open(k.record, &k.out, err, sizeof err)) {
			fprintf(stderr, "fencefuzz confirm: %s: %s\n", k.record, err);
			return 2;
		}
	}
	for (int i = 0; i < ncases && (k.rc == 0 || a->db); i++)
		if (confirm_case(&k, &cases[i]) < 0)
			break;
	if (k.out)
		db_close(k.out);
	long ncounted = 0;
	for (int o = 0; o < O_N; o++)
		ncounted += k.ocount[o];
	if (a->db && ncounted) {
		printf("outcomes:");
		for (int o = 0; o < O_N; o++)
			printf(" %s %ld%s", oname[o], k.ocount[o], o + 1 < O_N ? "," : "\n");
	}
	free_cases(cases, ncases);
	free(k.edited);
	return k.rc ? k.rc : k.any_bad ? 1 : 0;
}
