/* cmd_regress.c: findings kept forever: `fencefuzz repro` (a finding's
 * reproducers from the database), `promote` (a finding into the regression
 * corpus) and `replay` (the corpus against the models, for CI). */
#include <dirent.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>

#include "cli.h"
#include "reduce.h"
#include "regress.h"
#include "reproducer.h"
#include "store.h"

/* The models a regress file is written for: every built-in model but the
 * identity baseline. */
static int
regress_models(const PassModel **out)
{
	int n, k = 0;
	const PassModel *const *all = pass_models(&n);
	for (int i = 0; i < n; i++)
		if (strcmp(all[i]->name, "identity"))
			out[k++] = all[i];
	return k;
}

/* Reduces finding `kind` of model m in program text (choosing the finding
 * whose cause is `cause` when one has it), for a finding stored without
 * reproducer (a --no-reduce campaign).  0 ok. */
static int
reduce_text(const char *text, const PassModel *m, const PassModel *other, FindingKind kind,
            uint64_t cause, Arena *a, ReduceResult *r, ReduceTarget *t)
{
	Diag d;
	Program *p = ir_read(a, "program", text, strlen(text), &d);
	if (!p)
		return -1;
	memset(t, 0, sizeof *t);
	t->model = m;
	t->other = other;
	t->kind = kind;
	orc_defaults(&t->oracles);
	FindingList fl;
	fl_init(&fl, a);
	if (kind == FK_DIFFERENTIAL)
		orc_differential(m, other, p, &t->oracles, &fl);
	else
		orc_check(m, p, &t->oracles, &fl);
	char err[256];
	int have = 0;
	for (int i = 0; i < fl.n; i++) {
		if (fl.items[i].kind != kind)
			continue;
		t->raw_signature = fl.items[i].signature;
		ReduceResult tr;
		if (fz_reduce(a, p, t, NULL, &tr, err, sizeof err))
			continue;
		if (have)
			fz_reduce_result_free(r);
		*r = tr;
		have = 1;
		if (!cause || tr.cause == cause || fl.items[i].signature == cause)
			break;
	}
	return have ? 0 : -1;
}

static int
open_db(const char *cmd, const char *path, Db **db)
{
	char err[512];
	if (db_open(path, db, err, sizeof err)) {
		fprintf(stderr, "fencefuzz %s: %s\n", cmd, err);
		return -1;
	}
	return 0;
}

/* The stored reproducer of finding id, reduced now (and stored) when there
 * is none.  0 ok, 2 with a message on failure. */
static int
finding_reproducers(const char *cmd, Db *db, int64_t id, FindingRow *row, char **reduced,
                    char **pytest, char **cuda)
{
	int rc = db_finding_get(db, id, row);
	if (rc) {
		fprintf(stderr, "fencefuzz %s: %s\n", cmd, rc > 0 ? "no finding with that id" : db_error(db));
		return 2;
	}
	rc = db_reproducer_get(db, id, reduced, pytest, cuda);
	if (rc < 0) {
		fprintf(stderr, "fencefuzz %s: %s\n", cmd, db_error(db));
		return 2;
	}
	if (rc == 0)
		return 0;
	/* None stored: reduce the finding's first program now. */
	FindingKind kind;
	const PassModel *m = row->model ? pass_find(row->model) : NULL;
	if (!row->program_text || !m || cli_parse_kind(cmd, row->kind ? row->kind : "", &kind)) {
		fprintf(stderr, "fencefuzz %s: finding %lld has no reproducer and %s\n", cmd, (long long)id,
		        !row->program_text ? "no stored program" : "its model is not built in");
		return 2;
	}
	const PassModel *other = NULL;
	if (kind == FK_DIFFERENTIAL) {
		/* The message names the second model: "A and B differ ...". */
		const char *and = row->message ? strstr(row->message, " and ") : NULL;
		char name[128] = "";
		if (and)
			sscanf(and + 5, "%127s", name);
		other = pass_find(name);
		if (!other) {
			fprintf(stderr, "fencefuzz %s: cannot tell the second model of differential %lld\n", cmd,
			        (long long)id);
			return 2;
		}
	}
	Arena *a = ar_new();
	ReduceResult r;
	ReduceTarget t;
	uint64_t cause = row->signature ? strtoull(row->signature, NULL, 16) : 0;
	if (reduce_text(row->program_text, m, other, kind, cause, a, &r, &t)) {
		fprintf(stderr, "fencefuzz %s: finding %lld does not show on its stored program\n", cmd,
		        (long long)id);
		ar_free(a);
		return 2;
	}
	*reduced = fz_repro_tvmscript(&r);
	*pytest = fz_repro_pytest(&r, &t);
	*cuda = fz_repro_cuda(&r, &t);
	fz_reduce_result_free(&r);
	ar_free(a);
	if (db_reproducer(db, id, *reduced, *pytest, *cuda) <= 0)
		fprintf(stderr, "fencefuzz %s: warning: reproducer not stored: %s\n", cmd, db_error(db));
	return 0;
}

/* A finding and its reproducers, by the ID text of the command line. */
typedef struct Stored {
	Db *db;
	long long id;
	FindingRow row;
	char *reduced, *pytest, *cuda;
} Stored;

/* 0, or the exit status after a message. */
static int
stored_open(const char *cmd, const char *db_path, const char *id_text, Stored *st)
{
	memset(st, 0, sizeof *st);
	char *end;
	st->id = id_text ? strtoll(id_text, &end, 10) : 0;
	if (!id_text || *end || st->id <= 0)
		return cli_usage_error(cmd, "expected a finding ID (a positive number)");
	if (open_db(cmd, db_path, &st->db))
		return 2;
	int rc = finding_reproducers(cmd, st->db, st->id, &st->row, &st->reduced, &st->pytest, &st->cuda);
	if (rc) {
		db_finding_row_free(&st->row);
		db_close(st->db);
	}
	return rc;
}

static void
stored_close(Stored *st)
{
	free(st->reduced);
	free(st->pytest);
	free(st->cuda);
	db_finding_row_free(&st->row);
	db_close(st->db);
}

/* ---- repro ----------------------------------------------------------------- */

typedef struct ReproArgs {
	const char *db_path, *api_name;
	int only; /* 0 all, else an index into only_names */
} ReproArgs;

static const char *const only_names[] = {NULL, "tvmscript", "pytest", "cuda"};

#define F(f) offsetof(ReproArgs, f)
static const CliOpt repro_opts[] = {
	CLI_OPT("db", 0, CLI_STRING, F(db_path), "PATH", "results database", .def = DB_DEFAULT_PATH),
	CLI_OPT("api", 0, CLI_STRING, F(api_name), "seed|head",
	        "write the pytest for that API instead, from the stored\n"
	        "TVMScript reproducer judged again (not stored)"),
	CLI_OPT("tvmscript", 0, CLI_FLAG, F(only), NULL, "only the reduced TVMScript program", .set = 1),
	CLI_OPT("pytest", 0, CLI_FLAG, F(only), NULL, "only the TileLang pytest case", .set = 2),
	CLI_OPT("cuda", 0, CLI_FLAG, F(only), NULL, "only the CUDA kernel", .set = 3),
	CLI_END,
};
#undef F

void
help_repro(FILE *out)
{
	fprintf(out,
	        "usage: fencefuzz repro ID [--db PATH] [--tvmscript | --pytest | --cuda]\n"
	        "                          [--api seed|head]\n"
	        "\n"
	        "Prints the reproducers of finding ID (as fencefuzz findings lists them):\n"
	        "the reduced TVMScript program headed by the finding,\n"
	        "its witness and signatures; the TileLang pytest case (fencefuzz reduce\n"
	        "--help says what it expects); the CUDA kernel when one was stored.  With\n"
	        "one of the flags, only that text, ready to redirect into a file.\n"
	        "A finding recorded without reproducer (campaign --no-reduce) is reduced\n"
	        "now from its stored program, and the result is stored.\n"
	        "\n"
	        "The pytest is written for the TileLang version the finding is about:\n"
	        "TileLang head's API (tvm.tirx, tl.cuda.transform.InjectFenceProxy,\n"
	        "head-era TVMScript) for tilelang-head findings, the 9f25954-era API\n"
	        "(tvm.tir, tilelang.transform.InjectFenceProxy) for the others.\n"
	        "\n");
	cli_print_options(out, repro_opts);
	fprintf(out,
	        "\n"
	        "exit status: 0 printed, 2 no such finding, no reproducer, or usage\n");
}

/* st->pytest written again for api from the stored TVMScript reproducer. */
static void
repro_api(Stored *st, PytestApi api)
{
	ReduceTarget t = {0};
	t.model = st->row.model ? pass_find(st->row.model) : NULL;
	orc_defaults(&t.oracles);
	const char *and = st->row.message ? strstr(st->row.message, " and ") : NULL;
	char other[128] = "";
	if (and)
		sscanf(and + 5, "%127s", other);
	t.other = pass_find(other);
	free(st->pytest);
	st->pytest = NULL;
	if (t.model && !cli_parse_kind("repro", st->row.kind ? st->row.kind : "", &t.kind) &&
	    (t.kind != FK_DIFFERENTIAL || t.other))
		st->pytest = fz_repro_pytest_stored(st->reduced, &t, strtoull(st->row.signature ? st->row.signature : "0", NULL, 16), api);
}

int
cmd_repro(int argc, char **argv)
{
	ReproArgs ra = {0};
	CliArgs args;
	if (cli_parse("repro", repro_opts, &ra, argc, argv, &args))
		return 2;
	if (args.n > 1)
		return cli_usage_error("repro", "one ID at a time");
	const char *db_path = ra.db_path, *api_name = ra.api_name;
	const char *id_text = args.n ? args.operands[0] : NULL, *only = only_names[ra.only];
	PytestApi api;
	if (api_name && fz_pytest_api_parse(api_name, &api))
		return cli_usage_error("repro", "--api takes seed or head, not '%s'", api_name);
	Stored st;
	int rc = stored_open("repro", db_path, id_text, &st);
	if (rc)
		return rc;
	long long id = st.id;
	if (api_name && st.reduced)
		repro_api(&st, api);
	if (only && !strcmp(only, "tvmscript"))
		fputs(st.reduced ? st.reduced : "", stdout);
	else if (only && !strcmp(only, "pytest")) {
		if (st.pytest)
			fputs(st.pytest, stdout);
		else
			fprintf(stderr, "fencefuzz repro: finding %lld has no pytest case (%s findings "
			                "have none; fencefuzz reduce --help)\n", id, st.row.kind), rc = 2;
	} else if (only) {
		if (st.cuda)
			fputs(st.cuda, stdout);
		else
			fprintf(stderr, "fencefuzz repro: finding %lld has no CUDA kernel stored (fencefuzz "
			                "lower makes one)\n", id), rc = 2;
	} else {
		printf("# ---- finding %lld: %s [%s], seen %ld times, status %s\n", id, st.row.kind,
		       st.row.model, st.row.count, st.row.status ? st.row.status : "");
		printf("# ---- TVMScript\n%s", st.reduced ? st.reduced : "");
		printf("# ---- pytest\n%s", st.pytest ? st.pytest : "# (none for this kind of finding)\n");
		if (st.cuda)
			printf("// ---- CUDA\n%s", st.cuda);
	}
	stored_close(&st);
	return rc;
}

/* ---- promote ------------------------------------------------------------------ */

typedef struct PromoteArgs {
	const char *db_path, *dir, *name, *file, *model, *kind, *other;
} PromoteArgs;

#define F(f) offsetof(PromoteArgs, f)
static const CliOpt promote_opts[] = {
	CLI_OPT("db", 0, CLI_STRING, F(db_path), "PATH", "results database of finding ID",
	        .def = DB_DEFAULT_PATH),
	CLI_OPT("file", 0, CLI_STRING, F(file), "FILE", "a program to reduce now, instead of an ID"),
	CLI_OPT("model", 0, CLI_STRING, F(model), "M", "with --file: the model", .def = PASS_DEFAULT_MODEL),
	CLI_OPT("kind", 0, CLI_STRING, F(kind), "K", "with --file: the kind (default: the first finding)"),
	CLI_OPT("differential", 0, CLI_STRING, F(other), "M2",
	        "with --file: a difference between M and M2 (kind differential)"),
	CLI_OPT("dir", 0, CLI_STRING, F(dir), "DIR", "the corpus directory", .def = "corpus/regress"),
	CLI_OPT("name", 0, CLI_STRING, F(name), "NAME", "the file's name (default KIND-MODEL-CAUSE)"),
	CLI_END,
};
#undef F

void
help_promote(FILE *out)
{
	fprintf(out,
	        "usage: fencefuzz promote ID [--db PATH] [--dir DIR] [--name NAME]\n"
	        "       fencefuzz promote --file FILE [--model M] [--kind K]\n"
	        "                         [--differential M2] [--dir DIR] [--name NAME]\n"
	        "\n"
	        "Writes a regression-corpus file DIR/NAME.py (default DIR corpus/regress,\n"
	        "NAME KIND-MODEL-CAUSE): the reduced program of finding ID (from the\n"
	        "database), or of the first finding of kind K of model M in FILE (reduced\n"
	        "now, as fencefuzz reduce does), with what every built-in model does with\n"
	        "it: a verdict line per model (the kinds of findings the oracles report on\n"
	        "its output) and its expected output.  `fencefuzz replay` checks them.\n"
	        "An existing file is not overwritten: when it holds the same cause the finding\n"
	        "is already in the corpus (said on stderr, its path printed, exit 0).\n"
	        "\n");
	cli_print_options(out, promote_opts);
	fprintf(out,
	        "\n"
	        "exit status: 0 written or already in the corpus, 1 FILE shows no such finding\n"
	        "(nothing to promote), 2 bad input, usage, no such finding ID, or DIR/NAME.py\n"
	        "holds another finding\n");
}

static int
write_regress(const char *dir, const char *name, const char *text, const char *title1,
              const char *title2)
{
	const PassModel *models[16];
	int n = regress_models(models);
	const char *titles[] = {title1, title2, NULL};
	char err[256];
	char *file = fz_regress_render(text, titles, models, n, err, sizeof err);
	if (!file) {
		fprintf(stderr, "fencefuzz promote: the reduced program does not read: %s\n", err);
		return 2;
	}
	mkdir(dir, 0777);
	char path[4096];
	snprintf(path, sizeof path, "%s/%s.py", dir, name);
	struct stat st;
	if (!stat(path, &st)) {
		/* The same cause (its title line "cause HEX;") is the same finding. */
		char mark[128];
		snprintf(mark, sizeof mark, "\n%s%.*s", REGRESS_TITLE, (int)strcspn(title2, ";") + 1,
		         title2);
		Diag d = {0};
		size_t len;
		char *old = ir_read_text(path, &len, &d);
		int same = old && strstr(old, mark) != NULL;
		free(old);
		free(file);
		if (same) {
			fprintf(stderr, "fencefuzz promote: already in the corpus: %s (not rewritten)\n", path);
			printf("%s\n", path);
			return 0;
		}
		fprintf(stderr, "fencefuzz promote: %s exists and holds another finding (--name NAME "
		                "to choose another file)\n", path);
		return 2;
	}
	FILE *f = fopen(path, "w");
	if (!f || fputs(file, f) < 0 || fclose(f)) {
		perror(path);
		free(file);
		return 2;
	}
	free(file);
	printf("%s\n", path);
	return 0;
}

static void
default_name(char *out, size_t n, const char *kind, const char *model, uint64_t cause)
{
	snprintf(out, n, "%s-%s-%016llx", kind, model, (unsigned long long)cause);
	for (char *c = out; *c; c++)
		if (!(*c == '-' || *c == '_' || (*c >= '0' && *c <= '9') || (*c >= 'a' && *c <= 'z') ||
		      (*c >= 'A' && *c <= 'Z')))
			*c = '_';
}

int
cmd_promote(int argc, char **argv)
{
	PromoteArgs pa = {0};
	CliArgs args;
	if (cli_parse("promote", promote_opts, &pa, argc, argv, &args))
		return 2;
	if (args.n > 1)
		return cli_usage_error("promote", "one ID at a time");
	const char *db_path = pa.db_path, *dir = pa.dir, *name = pa.name, *file = pa.file;
	const char *model = pa.model, *kind = pa.kind, *other = pa.other;
	const char *id_text = args.n ? args.operands[0] : NULL;
	if (!!file == !!id_text)
		return cli_usage_error("promote", "give a finding ID or --file FILE");
	char title1[1024], title2[512], nm[256];
	time_t now = time(NULL);
	char day[32];
	strftime(day, sizeof day, "%Y-%m-%d", gmtime(&now));
	if (id_text) {
		Stored st;
		int rc = stored_open("promote", db_path, id_text, &st);
		if (rc)
			return rc;
		/* The reduced program's own finding, from its header, when it has
		 * one: the stored message is the unreduced program's. */
		const char *h = st.reduced && !strncmp(st.reduced, "# fencefuzz: ", 13) ? st.reduced + 13 : NULL;
		if (h)
			snprintf(title1, sizeof title1, "%.*s", (int)strcspn(h, "\n"), h);
		else
			snprintf(title1, sizeof title1, "%s [%s]: %s", st.row.kind, st.row.model,
			         st.row.message ? st.row.message : "");
		snprintf(title2, sizeof title2, "cause %s; finding %lld of %s, promoted %s",
		         st.row.signature ? st.row.signature : "?", st.id, db_path, day);
		default_name(nm, sizeof nm, st.row.kind, st.row.model,
		             st.row.signature ? strtoull(st.row.signature, NULL, 16) : 0);
		rc = write_regress(dir, name ? name : nm, st.reduced, title1, title2);
		stored_close(&st);
		return rc;
	}
	/* --file: reduce it now. */
	const PassModel *m = cli_find_model("promote", model);
	const PassModel *m2 = other ? cli_find_model("promote", other) : NULL;
	if (!m || (other && !m2))
		return 2;
	FindingKind k = FK_UNSOUND;
	if (other)
		k = FK_DIFFERENTIAL;
	else if (kind && cli_parse_kind("promote", kind, &k))
		return 2;
	Diag d = {0};
	size_t len;
	char *src = ir_read_text(file, &len, &d);
	Arena *a = ar_new();
	Program *p = src ? ir_read(a, file, src, len, &d) : NULL;
	if (!p) {
		diag_print(stderr, &d);
		free(src);
		ar_free(a);
		return 2;
	}
	ReduceResult r;
	ReduceTarget t;
	int found = 0;
	if (kind || other)
		found = !reduce_text(src, m, m2, k, 0, a, &r, &t);
	else
		for (int kk = 0; kk < FK_COUNT && !found; kk++)
			if (kk != FK_DIFFERENTIAL)
				found = !reduce_text(src, m, NULL, (FindingKind)kk, 0, a, &r, &t);
	free(src);
	if (!found) {
		fprintf(stderr, "%s: no %s finding of %s: nothing to promote\n", file, kind ? kind : "",
		        m->name);
		ar_free(a);
		return 1;
	}
	const Finding *f = &r.finding;
	snprintf(title1, sizeof title1, "%s [%s%s%s]: %s", orc_kind_name(f->kind), m->name,
	         m2 ? " vs " : "", m2 ? m2->name : "", f->message ? f->message : "");
	snprintf(title2, sizeof title2, "cause %016llx; reduced from %s (%ld -> %ld statements), promoted %s",
	         (unsigned long long)r.cause, file, r.stmts_before, r.stmts_after, day);
	default_name(nm, sizeof nm, orc_kind_name(f->kind), m->name, r.cause);
	int rc = write_regress(dir, name ? name : nm, r.text, title1, title2);
	fz_reduce_result_free(&r);
	ar_free(a);
	return rc;
}

/* ---- replay -------------------------------------------------------------------- */

typedef struct ReplayArgs {
	const char *models;
	CliList substitute;
	int update;
} ReplayArgs;

#define F(f) offsetof(ReplayArgs, f)
static const CliOpt replay_opts[] = {
	CLI_OPT("models", 0, CLI_STRING, F(models), "LIST", "check only these models (comma-separated)"),
	CLI_OPT("substitute", 0, CLI_LIST, F(substitute), "NAME=M",
	        "judge model M against NAME's expectations, e.g.\n"
	        "tilelang-9f25954=mutant:no-loop-fixpoint: shows what\n"
	        "the corpus would catch if the reference changed so\n"
	        "(repeatable)"),
	CLI_OPT("update", 0, CLI_FLAG, F(update), NULL,
	        "rewrite every file's expectations from the models as\n"
	        "they are now (after a deliberate change; review the\n"
	        "diff)", .set = 1),
	CLI_END,
};
#undef F

void
help_replay(FILE *out)
{
	fprintf(out,
	        "usage: fencefuzz replay PATH... [--models LIST] [--substitute NAME=MODEL]\n"
	        "                        [--update]\n"
	        "\n"
	        "Checks regression-corpus files (a directory: every *.py in it, in name\n"
	        "order): for each model a file has expectations for, the verdict (kinds of\n"
	        "findings of the oracles on the model's output) and the output itself must\n"
	        "be what the file says.  Prints each change, file:line: model, expected and\n"
	        "new verdict, or the first differing line of the output; then a summary.\n"
	        "\n");
	cli_print_options(out, replay_opts);
	fprintf(out,
	        "\n"
	        "exit status: 0 no change, 1 some model's behaviour changed, 2 bad input\n");
}

static int
cmp_str(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

int
cmd_replay(int argc, char **argv)
{
	ReplayOptions o = {0};
	const char *only[32], *from[32];
	const PassModel *to[32];
	char *paths[4096];
	int npaths = 0, rc = 0;
	char *models_copy = NULL;
	ReplayArgs ra = {0};
	CliArgs args;
	if (cli_parse("replay", replay_opts, &ra, argc, argv, &args))
		return 2;
	if (ra.models) {
		models_copy = strdup(ra.models);
		for (char *t = strtok(models_copy, ","); t && o.nonly < 32; t = strtok(NULL, ","))
			only[o.nonly++] = t;
		o.only = only;
	}
	for (int j = 0; j < ra.substitute.n; j++) {
		const char *val = ra.substitute.v[j], *eq = strchr(val, '=');
		if (!eq || eq == val || o.nsub == 32)
			return cli_usage_error("replay", "--substitute takes NAME=MODEL");
		from[o.nsub] = strndup(val, (size_t)(eq - val));
		if (!(to[o.nsub] = cli_find_model("replay", eq + 1)))
			return 2;
		o.nsub++;
	}
	o.update = ra.update;
	for (int i = 0; i < args.n; i++) {
		const char *a = args.operands[i];
		struct stat st;
		if (stat(a, &st)) {
			perror(a);
			return 2;
		}
		if (S_ISDIR(st.st_mode)) {
			DIR *dp = opendir(a);
			struct dirent *de;
			int first = npaths;
			while (dp && (de = readdir(dp)) && npaths < 4096) {
				size_t n = strlen(de->d_name);
				if (n > 3 && !strcmp(de->d_name + n - 3, ".py")) {
					char *path = malloc(strlen(a) + n + 2);
					sprintf(path, "%s/%s", a, de->d_name);
					paths[npaths++] = path;
				}
			}
			if (dp)
				closedir(dp);
			qsort(paths + first, (size_t)(npaths - first), sizeof *paths, cmp_str);
		} else if (npaths < 4096)
			paths[npaths++] = strdup(a);
	}
	o.sub_from = from;
	o.sub_to = to;
	if (!npaths)
		return cli_usage_error("replay", "no regress files given");
	if (o.update && o.nsub)
		return cli_usage_error("replay", "--update writes the real models' behaviour; no --substitute");
	int files = 0, checks = 0, changed = 0, changed_files = 0, bad = 0;
	for (int i = 0; i < npaths; i++) {
		int nc;
		int c = fz_replay_file(paths[i], &o, stdout, &nc);
		files++;
		if (c < 0)
			bad++;
		else {
			checks += nc;
			changed += c;
			changed_files += c > 0;
		}
		free(paths[i]);
	}
	if (o.update)
		printf("replay --update: %d files rewritten, %d model expectations\n", files - bad, checks);
	else
		printf("replay: %d files, %d model checks, %d changes in %d files%s\n", files, checks,
		       changed, changed_files, bad ? "; some files unreadable" : "");
	for (int i = 0; i < o.nsub; i++)
		free((char *)from[i]);
	free(models_copy);
	rc = bad ? 2 : changed ? 1 : 0;
	return rc;
}
