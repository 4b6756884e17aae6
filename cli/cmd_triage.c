/* cmd_triage.c: `fencefuzz triage`, a person's verdict on findings: the
 * status of single findings or of whole root causes (reports/store.h:
 * listing and triage), in one transaction: all of it or nothing. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "store.h"

typedef struct TriageArgs {
	const char *db_path, *status, *note, *root_cause, *model, *kind;
} TriageArgs;

#define F(f) offsetof(TriageArgs, f)
static const CliOpt triage_opts[] = {
	CLI_OPT("status", 0, CLI_STRING, F(status), "S",
	        "confirmed  the bug is real (confirm sets it after a race shows)\n"
	        "wontfix    real, but not to be fixed: counts nowhere\n"
	        "false-alarm  not a bug (an oracle or model error): counts nowhere\n"
	        "fixed      fixed upstream; still counts for the version modelled\n"
	        "new        undo a triage"),
	CLI_OPT("note", 0, CLI_STRING, F(note), "TEXT",
	        "kept with the findings (e.g. the upstream issue); without it\n"
	        "an earlier note stays"),
	CLI_OPT("root-cause", 0, CLI_STRING, F(root_cause), "TEXT",
	        "the findings of model M (--model) with that root cause"),
	CLI_OPT("model", 0, CLI_STRING, F(model), "M", "with --root-cause: the model"),
	CLI_OPT("kind", 0, CLI_STRING, F(kind), "K", "with --root-cause: only that kind"),
	CLI_OPT("db", 0, CLI_STRING, F(db_path), "PATH", "results database", .def = DB_DEFAULT_PATH),
	CLI_END,
};
#undef F

void
help_triage(FILE *out)
{
	fprintf(out,
	        "usage: fencefuzz triage ID... --status S [--note TEXT] [--db PATH]\n"
	        "       fencefuzz triage --root-cause TEXT --model M [--kind K] --status S\n"
	        "                        [--note TEXT] [--db PATH]\n"
	        "\n"
	        "Sets the status of findings.  An ID is a finding ID (fencefuzz findings), or\n"
	        "a root-cause ID R<n> as `fencefuzz findings --by root-cause` lists them: every\n"
	        "finding of that root cause (the model, kind and root cause of finding n).\n"
	        "--root-cause names one by its text instead: the findings of model M with that\n"
	        "root cause, of every kind or of kind K; `(unexplained)` means the findings\n"
	        "the model did not explain, and needs --kind.\n"
	        "\n");
	cli_print_options(out, triage_opts);
	fprintf(out,
	        "\n"
	        "wontfix and false-alarm findings stay in the database and the listings but\n"
	        "leave the red verdicts (the report's sound/minimal counts) and campaign\n"
	        "--fail-on.  A later campaign's new finding under a root cause whose findings\n"
	        "are all wontfix or false-alarm gets that status too, so a root cause triaged\n"
	        "away stays away.  Prints one line per ID with the findings it changed.\n"
	        "\n"
	        "exit status: 0 set, 2 unknown ID (nothing changed), usage or database error\n");
}

/* A finding ID or R<n>: *root set for R<n>.  0 ok, -1 not an ID. */
static int
parse_id(const char *text, int64_t *id, int *root)
{
	*root = text[0] == 'R' || text[0] == 'r';
	const char *digits = text + *root;
	char *end;
	long long v = strtoll(digits, &end, 10);
	if (end == digits || *end || v <= 0)
		return -1;
	*id = v;
	return 0;
}

int
cmd_triage(int argc, char **argv)
{
	TriageArgs ta = {0};
	CliArgs args;
	if (cli_parse("triage", triage_opts, &ta, argc, argv, &args))
		return 2;
	const char *db_path = ta.db_path, *status = ta.status, *note = ta.note;
	const char *root_cause = ta.root_cause, *model = ta.model, *kind = ta.kind;
	enum { MAX_IDS = 4096 };
	const char *const *ids = (const char *const *)args.operands;
	int nids = args.n;
	for (int i = 0; i < nids; i++) {
		int64_t id;
		int root;
		if (parse_id(ids[i], &id, &root))
			return cli_usage_error("triage", "bad ID '%s' (a finding ID or R<n>)", ids[i]);
	}
	if (nids > MAX_IDS)
		return cli_usage_error("triage", "at most %d IDs at a time", MAX_IDS);
	if (!status)
		return cli_usage_error("triage", "--status is required (%s)", DB_STATUSES);
	if (!db_status_valid(status))
		return cli_usage_error("triage", "unknown status '%s' (%s)", status, DB_STATUSES);
	if (!nids && !root_cause)
		return cli_usage_error("triage", "give finding IDs, R<n> root-cause IDs or --root-cause");
	if (root_cause && !model)
		return cli_usage_error("triage", "--root-cause needs --model");
	if ((model || kind) && !root_cause)
		return cli_usage_error("triage", "--model and --kind go with --root-cause");
	int unexplained = root_cause && !strcmp(root_cause, "(unexplained)");
	if (unexplained && !kind)
		return cli_usage_error("triage", "--root-cause '(unexplained)' needs --kind");
	if (kind) {
		FindingKind k;
		if (cli_parse_kind("triage", kind, &k))
			return 2;
	}
	FILE *probe = fopen(db_path, "rb");
	if (!probe) {
		fprintf(stderr, "fencefuzz triage: %s: cannot open: no such database\n", db_path);
		return 2;
	}
	fclose(probe);
	char err[512];
	Db *db;
	if (db_open(db_path, &db, err, sizeof err)) {
		fprintf(stderr, "fencefuzz triage: %s\n", err);
		return 2;
	}
	if (db_begin(db)) {
		fprintf(stderr, "fencefuzz triage: %s: %s\n", db_path, db_error(db));
		db_close(db);
		return 2;
	}
	/* Said only once the transaction commits. */
	static char said[MAX_IDS + 1][160];
	int nsaid = 0, rc = 0;
	for (int i = 0; i < nids && !rc; i++) {
		int64_t id = 0;
		int root = 0;
		long changed = 0;
		parse_id(ids[i], &id, &root);
		rc = root ? db_triage_root_cause_of(db, id, status, note, &changed)
		          : db_triage_finding(db, id, status, note, &changed);
		if (root)
			snprintf(said[nsaid++], sizeof said[0], "R%lld: %ld finding%s %s", (long long)id,
			         changed, changed == 1 ? "" : "s", status);
		else
			snprintf(said[nsaid++], sizeof said[0], "finding %lld: %s", (long long)id, status);
	}
	if (!rc && root_cause) {
		long changed = 0;
		rc = db_triage_root_cause(db, model, kind, unexplained ? NULL : root_cause, status, note,
		                          &changed);
		snprintf(said[nsaid++], sizeof said[0], "%s %s%s%s: %ld finding%s %s", model,
		         kind ? kind : "", kind ? " " : "", root_cause, changed, changed == 1 ? "" : "s",
		         status);
	}
	if (rc) {
		fprintf(stderr, "fencefuzz triage: %s: %s; nothing changed\n", db_path, db_error(db));
		db_rollback(db);
		db_close(db);
		return 2;
	}
	if (db_commit(db)) {
		fprintf(stderr, "fencefuzz triage: %s: %s; nothing changed\n", db_path, db_error(db));
		db_close(db);
		return 2;
	}
	db_close(db);
	for (int i = 0; i < nsaid; i++)
		printf("%s\n", said[i]);
	return 0;
}
