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
	        "\n"
	        "  FILE              a program (with --model M: that model's output of it)\n"
	        "  --db DB           the findings of DB of the --kinds (default\n"
	        "                    unsound,unsound-war,unsound-cross,handshake), each lowered from its\n"
	        "                    model's output of its reduced program (of its first\n"
	        "                    program where none is stored); outcomes go to DB, and a\n"
	        "                    reproduced finding gets status 'confirmed'; a handshake\n"
	        "                    finding is lowered with --handshake program\n"
	        "  --first-program   lower the first program even where a reduction is stored\n"
	        "  --models LIST     only findings of these models\n"
	        "  --limit N         at most N findings\n"
	        "  --finding ID      only the finding with this id\n"
	        "  --list            print the selected findings (id and what) and exit\n"
	        "  --timeout S       a launch that runs longer than S seconds (default 30) is\n"
	        "                    taken for a deadlock: recorded as an error, confirm exits 2\n"
	        "  --trials N        checked events to reach per case (default 100000; a case\n"
	        "                    stops earlier at --max-launches)\n"
	        "  --max-launches N  kernel launches per case at most (default 40)\n"
	        "  --blocks N        CTAs per launch (default 264)\n"
	        "  --reps N          repetitions of the program inside one launch (default 8)\n"
	        "  --stress LIST     auto (default: every other launch with smem), none, or any\n"
	        "                    of: smem (4 extra warps hammer shared memory with bank\n"
	        "                    conflicts), delay (random stagger before each generic\n"
	        "                    write and async issue), dram (a concurrent kernel loads\n"
	        "                    DRAM), streams (4 concurrent launches), auto.  On an H200\n"
	        "                    the store and wgmma races showed only with smem, the\n"
	        "                    missing-wait race only without it (docs/hw-races.md)\n"
	        "  --streams N       concurrent launches (default 1, 4 with stress streams)\n"
	        "  --builds N        2 (default): launches alternate between the kernel as lowered\n"
	        "                    and the same kernel with its loops unrolled by 4 (a race\n"
	        "                    seen 0 times in one build showed in 92%% in the other on an\n"
	        "                    H200); 1: only the kernel as lowered\n"
	        "  --param NAME=V    value of an integer parameter (others are swept over\n"
	        "                    1, 2, 0, 3 from launch to launch)\n"
	        "  --no-control      skip the fenced control (the same program with a fence\n"
	        "                    before every async op), which runs by default: without a\n"
	        "                    clean control nothing is 'reproduced', only 'inconclusive'\n"
	        "  --stand-ins       also run cases with ops the lowering can only run as another\n"
	        "                    instruction (tcgen05 as a bulk store, multicast / im2col TMA\n"
	        "                    as a 2-d load, calls through pointers as st/ld.shared, ...;\n"
	        "                    each kernel's header lists them); their outcome is\n"
	        "                    'reproduced-with-stand-in', never 'reproduced'\n"
	        "  --barriers, --handshake   as for fencefuzz lower\n"
	        "  --kernel-source F run the CUDA file F (e.g. an edited `fencefuzz lower` output of\n"
	        "                    FILE) instead of the lowering; FILE still gives the launch\n"
	        "                    shape, and the fenced control is lowered as usual\n"
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

int
cmd_confirm(int argc, char **argv)
{
	const char *file = NULL, *db = NULL, *record = NULL, *model = NULL, *models = NULL;
	const char *kinds = "unsound,unsound-war,unsound-cross,handshake", *stress = "auto", *kernel_source = NULL;
	long limit = 0, list = 0, timeout = 30, first = 0;
	int control = 1, stand_ins = 0;
	long long only = 0;
	RunOptions ro;
	cu_run_defaults(&ro);
	LowerOptions lo;
	cu_lower_defaults(&lo);
	const char *pnames[CU_MAX_PARAMS];
	long long pvals[CU_MAX_PARAMS];
	int np = 0, streams = 0;
	int handshake_given = 0;
	for (int i = 0; i < argc; i++) {
		if (!strcmp(argv[i], "--handshake"))
			handshake_given = 1;
		int r = cli_lower_options("confirm", argc, argv, &i, &lo);
		if (r == 2)
			return 2;
		if (r)
			continue;
		const char *a = argv[i];
		const char *v = i + 1 < argc ? argv[i + 1] : NULL;
		char *end = NULL;
#define NUM(field, lo_, hi_) \
	do { \
		if (!v) \
			return cli_usage_error("confirm", "%s needs a value", a); \
		long x_ = strtol(v, &end, 10); \
		if (*end || x_ < (lo_) || x_ > (hi_)) \
			return cli_usage_error("confirm", "%s takes a number in [%ld, %ld], not '%s'", a, (long)(lo_), \
			                       (long)(hi_), v); \
		field = x_; \
		i++; \
	} while (0)
		if (!strcmp(a, "--db") && v)
			db = argv[++i];
		else if (!strcmp(a, "--record") && v)
			record = argv[++i];
		else if (!strcmp(a, "--model") && v)
			model = argv[++i];
		else if (!strcmp(a, "--models") && v)
			models = argv[++i];
		else if (!strcmp(a, "--kinds") && v)
			kinds = argv[++i];
		else if (!strcmp(a, "--stress") && v)
			stress = argv[++i];
		else if (!strcmp(a, "--kernel-source") && v)
			kernel_source = argv[++i];
		else if (!strcmp(a, "--limit"))
			NUM(limit, 1, 1000000);
		else if (!strcmp(a, "--finding"))
			NUM(only, 1, 1000000000000L);
		else if (!strcmp(a, "--timeout"))
			NUM(timeout, 1, 3600);
		else if (!strcmp(a, "--list"))
			list = 1;
		else if (!strcmp(a, "--first-program"))
			first = 1;
		else if (!strcmp(a, "--control"))
			control = 1;
		else if (!strcmp(a, "--stand-ins"))
			stand_ins = 1;
		else if (!strcmp(a, "--no-control"))
			control = 0;
		else if (!strcmp(a, "--trials"))
			NUM(ro.trials, 1, 1000000000000L);
		else if (!strcmp(a, "--max-launches"))
			NUM(ro.max_launches, 1, 100000);
		else if (!strcmp(a, "--blocks"))
			NUM(ro.blocks, 1, 4096);
		else if (!strcmp(a, "--reps"))
			NUM(ro.reps, 1, 1000000);
		else if (!strcmp(a, "--builds"))
			NUM(ro.builds, 1, 2);
		else if (!strcmp(a, "--streams"))
			NUM(streams, 1, 8);
		else if (!strcmp(a, "--param") && v) {
			const char *eq = strchr(v, '=');
			if (!eq || eq == v || np >= CU_MAX_PARAMS)
				return cli_usage_error("confirm", "--param takes NAME=VALUE, not '%s'", v);
			pvals[np] = strtoll(eq + 1, &end, 10);
			if (*end || !eq[1])
				return cli_usage_error("confirm", "--param %s: the value is not an integer", v);
			pnames[np++] = v;
			i++;
		} else if (cli_take_file("confirm", a, &file))
			return 2;
#undef NUM
	}
	if (!file == !db)
		return cli_usage_error("confirm", "give either FILE or --db DB");
	char *edited = NULL;
	if (kernel_source) {
		if (db)
			return cli_usage_error("confirm", "--kernel-source goes with one FILE, not --db");
		Diag d;
		size_t len = 0;
		if (!(edited = ir_read_text(kernel_source, &len, &d))) {
			fprintf(stderr, "fencefuzz confirm: %s: %s\n", kernel_source, d.msg);
			return 2;
		}
	}
	char stress_desc[64];
	if (parse_stress(stress, &ro, stress_desc, sizeof stress_desc))
		return cli_usage_error("confirm", "--stress takes auto, none, smem, delay, dram, streams; not '%s'", stress);
	if (streams)
		ro.streams = streams;
	ro.timeout_s = (int)timeout;
	if (list) {
		if (!db)
			return cli_usage_error("confirm", "--list needs --db");
		Case *cs = NULL;
		int n = 0;
		if (load_cases(db, kinds, models, limit, only, (int)first, &cs, &n))
			return 2;
		for (int k = 0; k < n; k++) {
			printf("%lld %s\n", cs[k].finding_id, cs[k].label);
			free(cs[k].label);
			free(cs[k].text);
			free(cs[k].model);
		}
		free(cs);
		return 0;
	}
	if (!cu_runner_available()) {
		fprintf(stderr, "fencefuzz confirm: this build has no GPU runner: the CUDA toolkit (cuda.h, "
		                "nvrtc.h) was not found when it was configured\n");
		return 2;
	}
	const PassModel *fm = NULL;
	if (model && !(fm = cli_find_model("confirm", model)))
		return 2;

	Case *cases = NULL;
	int ncases = 0;
	if (db) {
		if (load_cases(db, kinds, models, limit, only, (int)first, &cases, &ncases))
			return 2;
		record = db;
		if (!ncases)
			printf("no findings of kinds %s in %s\n", kinds, db);
	} else {
		cases = calloc(1, sizeof *cases);
		size_t len;
		Diag d = {0};
		char *text = ir_read_text(file, &len, &d);
		if (!text) {
			diag_print(stderr, &d);
			free(cases);
			return 2;
		}
		cases[0].text = text;
		cases[0].label = strdup(file);
		cases[0].model = model ? strdup(model) : NULL;
		ncases = 1;
	}
	Db *out = NULL;
	if (record) {
		char err[256];
		if (db_open(record, &out, err, sizeof err)) {
			fprintf(stderr, "fencefuzz confirm: %s: %s\n", record, err);
			return 2;
		}
	}
	int rc = 0, any_bad = 0;
	enum { O_REPRO, O_STANDIN, O_INCONCL, O_NOTREP, O_UNSUP, O_REFUSED, O_ERROR, O_N };
	static const char *const oname[O_N] = {"reproduced", "reproduced-with-stand-in", "inconclusive",
	                                       "not-reproduced", "unsupported-on-sm90", "refused", "error"};
	long ocount[O_N] = {0};
	for (int k = 0; k < ncases && (rc == 0 || db); k++) {
		Case *c = &cases[k];
		if (!handshake_given) /* a missing handshake is the finding: add none */
			lo.handshake = c->handshake;
		Arena *a = ar_new();
		Diag d = {0};
		const char *fname = db ? "<finding>" : file;
		Program *p = ir_read(a, fname, c->text, strlen(c->text), &d);
		const PassModel *m = fm;
		if (db && c->model && !(m = pass_find(c->model)))
			printf("%s: model %s is not built in: skipped\n", c->label, c->model);
		if (!p) {
			diag_print(stderr, &d);
			if (!db)
				rc = 2;
			ar_free(a);
			continue;
		}
		if (db && !m) {
			ar_free(a);
			continue;
		}
		if (m) {
			PassError perr;
			p = pass_run_ex(m, p, &perr);
			if (!p) {
				fprintf(stderr, "%s: model %s failed: %s\n", c->label, m->name, perr.msg);
				ar_free(a);
				if (!db)
					rc = 2;
				continue;
			}
		}
		StrBuf src;
		sb_init(&src);
		LowerInfo info;
		char err[512];
		if (cu_lower(p, &lo, NULL, &src, &info, err, sizeof err)) {
			fprintf(stderr, "%s: %s\n", c->label, err);
			sb_free(&src);
			ar_free(a);
			rc = 2;
			continue;
		}
		const char *skip = NULL;
		char why[640];
		if (info.refused[0]) {
			skip = "refused";
			snprintf(why, sizeof why, "refused: %s", info.refused);
		} else if (info.sm90_missing[0] && !stand_ins) {
			skip = "unsupported-on-sm90";
			snprintf(why, sizeof why, "unsupported-on-sm90: %s does not exist on SM90 (not run)", info.sm90_missing);
		} else if (info.n_standin && !stand_ins && !edited) {
			skip = "refused";
			snprintf(why, sizeof why, "refused: needs a stand-in (%s); --stand-ins runs it, as "
			         "reproduced-with-stand-in", info.standin);
		}
		if (skip) {
			printf("%s: %s\n", c->label, why);
			ocount[!strcmp(skip, "refused") ? O_REFUSED : O_UNSUP]++;
			if (out) {
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
				HwRun hr = {c->finding_id, "not run", "", settings, src.p, 0, 0, skip};
				if (db_hw_run(out, &hr) < 0) {
					fprintf(stderr, "fencefuzz confirm: %s: %s\n", record, db_error(out));
					rc = 2;
				}
			}
			if (!db)
				rc = 2;
			sb_free(&src);
			ar_free(a);
			continue;
		}
		int with_standin = info.n_standin > 0 || info.sm90_missing[0];
		for (int i = 0; i < CU_MAX_PARAMS; i++)
			ro.param_set[i] = 0;
		for (int j = 0; j < np; j++) {
			size_t nl = (size_t)(strchr(pnames[j], '=') - pnames[j]);
			for (int i = 0; i < info.nparams; i++)
				if (strlen(info.params[i]) == nl && !strncmp(info.params[i], pnames[j], nl)) {
					ro.param_set[i] = 1;
					ro.param_value[i] = pvals[j];
				}
		}
		RunResult res;
		int r = cu_run(edited ? edited : src.p, &info, &ro, &res, err, sizeof err);
		RunResult cres;
		memset(&cres, 0, sizeof cres);
		int cr = -1;
		if (!r && control) {
			LowerOptions clo = lo;
			clo.fence_all = 1;
			if (c->handshake && !handshake_given)
				clo.handshake = 0; /* the control of a missing handshake has it */
			StrBuf csrc;
			sb_init(&csrc);
			LowerInfo cinfo;
			char cerr[400];
			if (!cu_lower(p, &clo, NULL, &csrc, &cinfo, cerr, sizeof cerr))
				cr = cu_run(csrc.p, &cinfo, &ro, &cres, cerr, sizeof cerr);
			if (cr)
				fprintf(stderr, "fencefuzz confirm: %s: fenced control: %s\n", c->label, cerr);
			sb_free(&csrc);
			if (cr && cres.hung)
				r = cr, res.hung = 1, snprintf(err, sizeof err, "fenced control: %s", cerr);
		}
		char settings[1400], conf[256];
		snprintf(settings, sizeof settings,
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
		         ro.blocks, info.nthreads, ro.reps, res.launches, ro.streams, stress_desc,
		         lo.barriers ? "auto" : "none", lo.handshake ? "program" : "auto", m ? m->name : "none",
		         res.copies, res.bad_copies, res.wgmma, res.bad_wgmma, res.reads, res.bad_reads, res.loads,
		         res.bad_loads, res.timeouts,
		         res.seconds,
		         !control || cr ? "null" : c->handshake && !handshake_given ? "\"fence-all,handshake\"" : "\"fence-all\"",
		         cres.trials, cres.mismatches,
		         res.smem_trials[0], res.smem_mismatches[0], res.smem_trials[1], res.smem_mismatches[1], ro.builds,
		         res.build_trials[0], res.build_mismatches[0], res.build_trials[1], res.build_mismatches[1],
		         info.n_standin + (info.sm90_missing[0] != 0), info.program_sync, info.n_partition, info.n_atomic,
		         info.n_cp_async, info.n_sparse);
		const char *outcome;
		if (r && !res.device[0]) {
			/* no driver, no device, not an SM90: nothing ran, nothing to record */
			fprintf(stderr, "fencefuzz confirm: %s\n", err);
			sb_free(&src);
			ar_free(a);
			rc = 2;
			break;
		}
		if (r) {
			outcome = "error";
			fprintf(stderr, "fencefuzz confirm: %s: %s\n", c->label, err);
			printf("%s: error: %s\n", c->label, err);
			rc = 2;
		} else {
			outcome = res.timeouts ? "error" : !res.mismatches ? "not-reproduced"
			          : (!control || cr || cres.mismatches || cres.timeouts) ? "inconclusive"
			          : with_standin ? "reproduced-with-stand-in" : "reproduced";
			confidence(conf, sizeof conf, res.mismatches, res.trials);
			printf("%s: trials %ld, mismatches %ld, rate %.3g: %s\n", c->label, res.trials, res.mismatches,
			       res.trials ? (double)res.mismatches / (double)res.trials : 0.0, conf);
			printf("  async stores %ld/%ld wrong, wgmma fragments %ld/%ld wrong, generic reads %ld/%ld wrong, "
			       "async loads %ld/%ld wrong; "
			       "%ld launches of %d blocks x %d threads, stress %s, barriers %s, %.1f s on %s (%s)%s\n",
			       res.bad_copies, res.copies, res.bad_wgmma, res.wgmma, res.bad_reads, res.reads, res.bad_loads,
			       res.loads, res.launches,
			       ro.blocks, info.nthreads, stress_desc, lo.barriers ? "auto" : "none", res.seconds, res.device,
			       res.driver, res.timeouts ? "; mbarrier waits timed out" : "");
			if (ro.stress_smem == CU_STRESS_ALTERNATE)
				printf("  without stress warps %ld of %ld mismatch, with them %ld of %ld\n", res.smem_mismatches[0],
				       res.smem_trials[0], res.smem_mismatches[1], res.smem_trials[1]);
			if (ro.builds == 2)
				printf("  as lowered %ld of %ld mismatch, with the loops unrolled by 4 %ld of %ld\n",
				       res.build_mismatches[0], res.build_trials[0], res.build_mismatches[1], res.build_trials[1]);
			if (with_standin)
				printf("  stand-ins: %s%s%s\n", info.standin, info.sm90_missing[0] ? "; not on SM90: " : "",
				       info.sm90_missing);
			if (!control && res.mismatches)
				printf("  no fenced control ran (--no-control): inconclusive\n");
			if (control && cr && res.mismatches)
				printf("  the fenced control failed: inconclusive\n");
			if (control && !cr)
				printf("  %s control (a fence before every async op%s): %ld of %ld mismatch%s\n",
				       c->handshake && !handshake_given ? "handshaken" : "fenced",
				       c->handshake && !handshake_given ? ", and the handshake after every store" : "", cres.mismatches,
				       cres.trials,
				       !res.mismatches ? ""
				       : cres.mismatches ? ": inconclusive, the mismatches are not (only) a missing fence"
				                         : c->handshake && !handshake_given ? ": the mismatches are the missing handshake"
				                                                            : ": the mismatches are a proxy race");
			printf("  outcome: %s\n", outcome);
			if (!strcmp(outcome, "reproduced") || !strcmp(outcome, "reproduced-with-stand-in"))
				any_bad = 1;
		}
		for (int o = 0; o < O_N; o++)
			if (!strcmp(outcome, oname[o]))
				ocount[o]++;
		if (out) {
			HwRun hr = {c->finding_id, res.device[0] ? res.device : "unknown", res.driver, settings, edited ? edited : src.p,
			            res.trials, res.mismatches, outcome};
			if (db_hw_run(out, &hr) < 0) {
				fprintf(stderr, "fencefuzz confirm: %s: %s\n", record, db_error(out));
				rc = 2;
			}
			if (c->finding_id && !strcmp(outcome, "reproduced"))
				db_finding_set_status(out, c->finding_id, "confirmed");
		}
		if (r && res.hung) {
			/* the GPU context is unusable: record, then stop here */
			fprintf(stderr, "fencefuzz confirm: stopping after a kernel that did not finish\n");
			if (out)
				db_close(out);
			fflush(stdout);
			_exit(2);
		}
		sb_free(&src);
		ar_free(a);
	}
	if (out)
		db_close(out);
	long ncounted = 0;
	for (int o = 0; o < O_N; o++)
		ncounted += ocount[o];
	if (db && ncounted) {
		printf("outcomes:");
		for (int o = 0; o < O_N; o++)
			printf(" %s %ld%s", oname[o], ocount[o], o + 1 < O_N ? "," : "\n");
	}
	for (int k = 0; k < ncases; k++) {
		free(cases[k].label);
		free(cases[k].text);
		free(cases[k].model);
	}
	free(cases);
	free(edited);
	return rc ? rc : any_bad ? 1 : 0;
}
